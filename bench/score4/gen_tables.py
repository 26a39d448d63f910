"""Write the C tables of the Score-4 mirror from the golden model.

    python -m bench.score4.gen_tables [OUT]      (default build/bench/score4/tables.h)

Every number the C search (``bench/score4/mirror.c``) uses comes from here,
taken from ``golden.score4.encoding`` and ``golden.score4.search`` at run
time, so the C never re-types a table: the lines, the line masks through each
cell, the post masks, the move order, the weights ``W``, ``WIN``, ``INF``,
``PROVEN``, ``THREAT_PARITY``, the transposition table's size and bounds and
the Zobrist table.

``HEADER`` (``bench.common.tables``) frames the lines and writes the file,
only when its text changes; the mirror's build calls it before each
compilation. Generated files live under build/ (git ignored) and are never
committed.
"""
import sys

from golden.score4 import book as B
from golden.score4 import encoding as E
from golden.score4 import search as S

from bench.common.tables import GeneratedHeader, defines

MAX_LINES_PER_CELL = max(len(m) for m in E.LINE_MASKS_THROUGH_CELL)


def _u64(v):
    return "0x%016xULL" % v


def _array(values, per_row=4, fmt=_u64):
    rows = []
    for i in range(0, len(values), per_row):
        rows.append("    " + ", ".join(fmt(v) for v in values[i:i + per_row]) + ",")
    return "\n".join(rows)


def body():
    """The lines of tables.h inside its frame (``bench.common.tables``)."""
    assert S.INF < (1 << 13) and S.WIN + E.NUM_CELLS < S.INF
    assert E.FULL_BOARD == (1 << 64) - 1
    out = []
    w = out.append
    out += defines("S4_", [
        ("NUM_CELLS", E.NUM_CELLS),
        ("NUM_POSTS", E.NUM_POSTS),
        ("NUM_LINES", E.NUM_LINES),
        ("MAX_LINES_PER_CELL", MAX_LINES_PER_CELL),
        ("WIN", S.WIN),
        ("INF", S.INF),
        ("PROVEN", S.PROVEN),
        ("MAX_BUDGET", "%dULL" % S.MAX_BUDGET),
        ("FULL_BOARD", _u64(E.FULL_BOARD)),
        ("BOTTOM_LEVEL", _u64(E.BOTTOM_LEVEL)),
        ("LEVEL_SHIFT", E.NUM_POSTS),
        ("THREAT_PARITY", S.THREAT_PARITY),
        ("TT_BITS", S.TT_BITS),
        ("LOWER", S.LOWER),
        ("UPPER", S.UPPER),
        ("EXACT", S.EXACT),
    ])
    w("")
    w("static const int S4_W[5] = {%s};" % ", ".join(str(v) for v in S.W))
    w("")
    w("/* LINES[i]: the 4-cell mask of line i (encoding.LINES). */")
    w("static const uint64_t S4_LINES[%d] = {" % E.NUM_LINES)
    w(_array(E.LINES))
    w("};")
    w("")
    w("/* POST_MASK[p]: the 4 cells of post p. */")
    w("static const uint64_t S4_POST_MASK[%d] = {" % E.NUM_POSTS)
    w(_array(E.POST_MASK))
    w("};")
    w("")
    w("/* SEARCH_ORDER: the fixed move order. */")
    w("static const int S4_ORDER[%d] = {%s};" % (
        E.NUM_POSTS, ", ".join(str(p) for p in E.SEARCH_ORDER)))
    w("")
    w("/* ORDER_MASK[k] = POST_MASK[SEARCH_ORDER[k]]. */")
    w("static const uint64_t S4_ORDER_MASK[%d] = {" % E.NUM_POSTS)
    w(_array([E.POST_MASK[p] for p in E.SEARCH_ORDER]))
    w("};")
    w("")
    w("/* CELL_NLINES[c], CELL_LINES[c][k]: the masks of the lines through cell c")
    w(" * (encoding.LINE_MASKS_THROUGH_CELL), padded with 0. */")
    w("static const int S4_CELL_NLINES[%d] = {%s};" % (
        E.NUM_CELLS, ", ".join(str(len(m)) for m in E.LINE_MASKS_THROUGH_CELL)))
    w("static const uint64_t S4_CELL_LINES[%d][%d] = {" % (E.NUM_CELLS, MAX_LINES_PER_CELL))
    for c, masks in enumerate(E.LINE_MASKS_THROUGH_CELL):
        padded = list(masks) + [0] * (MAX_LINES_PER_CELL - len(masks))
        w("    {%s}, /* cell %d */" % (", ".join(_u64(m) for m in padded), c))
    w("};")
    w("")
    w("/* ZOBRIST[k][c]: the hash of a bead of colour k on cell c (search.ZOBRIST). */")
    w("static const uint32_t S4_ZOBRIST[2][%d] = {" % E.NUM_CELLS)
    for colour in S.ZOBRIST:
        w("  {")
        w(_array(colour, per_row=8, fmt=lambda v: "0x%07xU" % v))
        w("  },")
    w("};")
    w("")
    entries = B.entries()
    w("/* The opening book (golden.score4.book.entries()): the positions of at most")
    w(" * BOOK_PLIES beads that have a book move, as BOOK_HASH[i] (position_hash,")
    w(" * ascending) and BOOK_MOVE[i] (post); one sentinel entry ends the arrays. */")
    out += defines("S4_", [("BOOK_PLIES", B.PLIES), ("BOOK_SIZE", len(entries))])
    w("static const uint32_t S4_BOOK_HASH[%d] = {" % (len(entries) + 1))
    w(_array([h for h, _, _, _ in entries] + [0], per_row=8, fmt=lambda v: "0x%07xU" % v))
    w("};")
    w("static const int8_t S4_BOOK_MOVE[%d] = {" % (len(entries) + 1))
    w(_array([m for _, m, _, _ in entries] + [-1], per_row=16, fmt=str))
    w("};")
    w("")
    return out


HEADER = GeneratedHeader("score4", body)

if __name__ == "__main__":
    sys.exit(HEADER.main())
