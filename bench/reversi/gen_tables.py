"""Write the C tables of the Reversi mirror from the golden model.

    python -m bench.reversi.gen_tables [OUT]     (default build/bench/reversi/tables.h)

Every number the C search (``bench/reversi/mirror.c``) uses comes from here,
taken from ``golden.reversi.encoding`` and ``golden.reversi.search`` at run
time: for every board size the mirror plays (even sides 4..MAX_SIDE, cells
numbered as golden numbers them), the cells (``full``), the 8 shifts with
their premasks, the weight classes of the move order and the evaluation, and
the corner zones, the evaluation's square-class masks (and its C- and
X-squares); the evaluation's weights by stage (``EVAL_WEIGHTS``, from
golden/reversi/evaluation.json) and its 8 x 8 pattern tables
(``golden.reversi.patterns``: cells of each instance, the tables by group;
``RV_PATTERN_GROUPS`` 0 when the file has none); ``WIN``, ``INF``, ``STAGES``,
``MAX_DEPTH``, ``ENDGAME_EMPTIES``, ``ENDGAME_AFTER``, ``MAX_BUDGET``. Generated files live under build/ (never committed).
"""
import sys

from golden.reversi import encoding as E
from golden.reversi import patterns as P
from golden.reversi import search as S

from bench.common.tables import GeneratedHeader, defines

MAX_SIDE = 8                         # 64 cells: one uint64_t a board
MAX_CLASSES = 8
SIDES = tuple(range(E.MIN_SIZE, MAX_SIDE + 1, 2))
SIZES = tuple((w, h) for w in SIDES for h in SIDES)


def size_index(width, height):
    """The mirror's number of a board size (ValueError for one it does not play)."""
    if (width, height) not in SIZES:
        raise ValueError("the Reversi mirror plays even sides %d..%d, not %dx%d"
                         % (E.MIN_SIZE, MAX_SIDE, width, height))
    return SIZES.index((width, height))


def _u64(v):
    return "0x%016xULL" % v


def body():
    """The lines of tables.h inside its frame (``bench.common.tables``)."""
    assert S.WIN + 256 < S.INF < (1 << 20)
    out = defines("RV_", [
        ("N_SIZES", len(SIZES)),
        ("MAX_CLASSES", MAX_CLASSES),
        ("WIN", S.WIN),
        ("INF", S.INF),
        ("STAGES", S.STAGES),
        ("N_EVAL_CLASSES", S.N_CLASSES),
        ("N_FEATURES", S.N_FEATURES),
        ("C_DEAD", S.C_DEAD),
        ("X_DEAD", S.X_DEAD),
        ("MOBILITY", S.MOBILITY),
        ("POTENTIAL", S.POTENTIAL),
        ("CONSTANT", S.CONSTANT),
        ("MAX_DEPTH", S.MAX_DEPTH),
        ("ENDGAME_EMPTIES", S.ENDGAME_EMPTIES),
        ("ENDGAME_AFTER", S.ENDGAME_AFTER),
        ("MAX_BUDGET", "%dULL" % S.MAX_BUDGET),
    ])
    out.append("typedef struct {")
    out.append("    int width, height, n_classes;")
    out.append("    uint64_t full;")
    out.append("    int shift[8];              /* > 0: <<, < 0: >> */")
    out.append("    uint64_t premask[8];")
    out.append("    int class_weight[RV_MAX_CLASSES];")
    out.append("    uint64_t class_mask[RV_MAX_CLASSES];")
    out.append("    uint64_t corner[4], zone[4];")
    out.append("    uint64_t eval_class[RV_N_EVAL_CLASSES], c_mask, x_mask;")
    out.append("} RvGeometry;")
    out.append("static const int RV_EVAL_WEIGHTS[RV_STAGES][RV_N_FEATURES] = {")
    for row in S.EVAL_WEIGHTS:
        out.append("    { %s }," % ", ".join(str(v) for v in row))
    out.append("};")
    groups = 0 if S.PATTERNS is None else S.PATTERNS[0]
    out += defines("RV_", [("PATTERN_GROUPS", groups), ("PATTERN_ENTRIES", P.ENTRIES),
                           ("N_EDGE_INSTANCES", len(P.EDGE_CELLS)),
                           ("N_RECT_INSTANCES", len(P.RECT_CELLS))])
    for name, cells in (("RV_EDGE_CELLS", P.EDGE_CELLS), ("RV_RECT_CELLS", P.RECT_CELLS)):
        out.append("static const int %s[%d][8] = {" % (name, len(cells)))
        out += ["    { %s }," % ", ".join(str(c) for c in inst) for inst in cells]
        out.append("};")
    for name, k in (("RV_EDGE_TABLE", 2), ("RV_RECT_TABLE", 3)):
        rows = S.PATTERNS[k] if groups else [[0] * P.ENTRIES]
        out.append("static const short %s[%d][RV_PATTERN_ENTRIES] = {" % (name, len(rows)))
        for row in rows:
            out.append("    {")
            for i in range(0, len(row), 24):
                out.append("        %s," % ", ".join(str(v) for v in row[i:i + 24]))
            out.append("    },")
        out.append("};")
    out.append("static const RvGeometry RV_GEOMETRY[RV_N_SIZES] = {")
    for w, h in SIZES:
        g = E.geometry(w, h)
        assert len(g.classes) <= MAX_CLASSES
        classes = list(g.classes) + [(0, 0)] * (MAX_CLASSES - len(g.classes))
        out.append("    { %d, %d, %d, %s," % (w, h, len(g.classes), _u64(g.full)))
        out.append("      { %s }," % ", ".join(str(s) for s, _ in g.shifts))
        out.append("      { %s }," % ", ".join(_u64(p) for _, p in g.shifts))
        out.append("      { %s }," % ", ".join(str(wt) for wt, _ in classes))
        out.append("      { %s }," % ", ".join(_u64(m) for _, m in classes))
        out.append("      { %s }," % ", ".join(_u64(c) for c, _ in g.corner_zones))
        out.append("      { %s }," % ", ".join(_u64(z) for _, z in g.corner_zones))
        masks, c_mask, x_mask = S.eval_masks(g)
        out.append("      { %s }, %s, %s }," % (", ".join(_u64(m) for m in masks), _u64(c_mask),
                                                 _u64(x_mask)))
    out.append("};")
    return out


HEADER = GeneratedHeader("reversi", body)


if __name__ == "__main__":
    sys.exit(HEADER.main())
