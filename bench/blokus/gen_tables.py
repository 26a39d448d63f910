"""Write the C tables of the Blokus Duo mirror from the golden model.

    python -m bench.blokus.gen_tables [OUT]      (default build/bench/blokus/tables.h)

Every number the C search (``bench/blokus/mirror.c``) uses comes from here,
taken from ``golden.blokus.encoding`` and ``golden.blokus.search`` at run
time, so the C never re-types a table: the 91 shapes in ``ALL_SHAPES`` order
(the scan order's third key) with their tile, lowest digit, squares relative
to the top-left of their bounding box and the top-left's offset from the
centre; the shapes of each tile; the tile sizes; the board mask ``ON_BOARD``
as 16 row masks; the weights ``W_SIZE`` and ``W_OPP``; ``REACH_TILES`` (the
tiles whose shapes the evaluation's reach counts) and ``MAX_REACH``;
``TOP_K`` (moves kept at every ply), ``MAX_DEPTH``, ``SCAN_NODES``, ``INF``,
``MAX_BUDGET`` and
``DEFAULT_BUDGET`` (the C search takes its budget as an argument; the default
is there for ``mirror_constants``, which ``mirror.py`` checks against the
golden model); and the constants and tables of the Monte-Carlo search
``golden.blokus.mcts`` (``BK_MC_``, for ``mcts_mirror.c``).

Row masks: a 256-bit bitboard of ``golden.blokus.encoding`` (cell (X, Y) is
bit Y * 16 + X) is stored in C as 16 uint16 rows, row Y holding bits
16 * Y .. 16 * Y + 15, bit X of the row being column X. That is the same
memory as the bitboard's 32 little-endian bytes.

``HEADER`` (``bench.common.tables``) frames the lines and writes the file,
only when its text changes; the mirror's build calls it before each
compilation. Generated files live under build/ (git ignored) and are never
committed.
"""
import sys

from golden.blokus import encoding as E
from golden.blokus import mcts as M
from golden.blokus import search as S

from bench.common.tables import GeneratedHeader, defines

MAX_CELLS = max(len(s.cells) for s in E.ALL_SHAPES)
MAX_SHAPES_PER_TILE = max(len(ts) for ts in E.SHAPES)


def rows_of(bb):
    """The 16 uint16 row masks of a padded bitboard."""
    return [(bb >> (E.STRIDE * y)) & 0xFFFF for y in range(E.STRIDE)]


def _check():
    """What the C relies on, asserted on the golden data."""
    assert E.STRIDE == 16 and E.SIZE == 14
    assert E.N_SHAPES == len(E.ALL_SHAPES) <= 127
    assert S.MAX_MOVES == E.N_SHAPES * E.SIZE * E.SIZE
    assert 1 <= S.TOP_K <= 64
    assert 2 <= S.MAX_DEPTH <= 32 and 1 <= S.SCAN_NODES and 0 < S.INF < 2 ** 30
    assert 1 <= S.DEFAULT_BUDGET <= S.MAX_BUDGET < 2 ** 31
    # reach: distinct tiles (each counted once), a bound that holds
    assert len(set(S.REACH_TILES)) == len(S.REACH_TILES) >= 1
    assert all(0 <= t < E.N_TILES for t in S.REACH_TILES)
    assert S.MAX_REACH == sum(len(E.SHAPES[t]) for t in S.REACH_TILES) * E.SIZE * E.SIZE
    for i, s in enumerate(E.ALL_SHAPES):
        assert S.SHAPE_INDEX[(s.tile, s.r)] == i
        for dr, dc in s.cells:
            assert 0 <= dr <= 4 and 0 <= dc <= 4
        # the cells (from the top-left) are the bit offsets of offs
        assert tuple(a * E.STRIDE + b for a, b in s.cells) == s.offs
        # the centre is a square: top-left = centre + (drow0, dcol0)
        assert (-s.drow0, -s.dcol0) in s.cells
    # ALL_SHAPES is SHAPES flattened, tile by tile
    k = 0
    for t, ts in enumerate(E.SHAPES):
        for s in ts:
            assert E.ALL_SHAPES[k] is s and s.tile == t
            k += 1
    assert rows_of(E.ON_BOARD)[0] == 0 and rows_of(E.ON_BOARD)[15] == 0


def body():
    """The lines of tables.h inside its frame (``bench.common.tables``)."""
    _check()
    out = []
    w = out.append
    out += defines("BK_", [
        ("SIZE", E.SIZE),
        ("STRIDE", E.STRIDE),
        ("N_TILES", E.N_TILES),
        ("N_SHAPES", E.N_SHAPES),
        ("MAX_CELLS", MAX_CELLS),
        ("MAX_MOVES", S.MAX_MOVES),
        ("MAX_BUDGET", S.MAX_BUDGET),
        ("DEFAULT_BUDGET", S.DEFAULT_BUDGET),
        ("TOP_K", S.TOP_K),
        ("MAX_DEPTH", S.MAX_DEPTH),
        ("SCAN_NODES", S.SCAN_NODES),
        ("INF", S.INF),
        ("W_SIZE", S.W_SIZE),
        ("W_OPP", S.W_OPP),
        ("MAX_REACH", S.MAX_REACH),
    ])
    w("")
    w("/* ON_BOARD as 16 row masks (row Y, bit X). */")
    w("static const uint16_t BK_ON_BOARD[16] = {%s};"
      % ", ".join("0x%04x" % r for r in rows_of(E.ON_BOARD)))
    w("")
    w("/* TILE_SIZE[t]: squares of tile t. */")
    w("static const int BK_TILE_SIZE[%d] = {%s};"
      % (E.N_TILES, ", ".join(str(v) for v in E.TILE_SIZE)))
    w("")
    w("/* TILE_FIRST[t] .. TILE_FIRST[t + 1] - 1: the shape indices of tile t. */")
    firsts, k = [], 0
    for ts in E.SHAPES:
        firsts.append(k)
        k += len(ts)
    firsts.append(k)
    w("static const int BK_TILE_FIRST[%d] = {%s};"
      % (E.N_TILES + 1, ", ".join(str(v) for v in firsts)))
    w("")
    w("/* REACH_TILES: the tiles whose shapes reach counts, held or not. */")
    w("#define BK_N_REACH_TILES %d" % len(S.REACH_TILES))
    w("static const int BK_REACH_TILES[%d] = {%s};"
      % (len(S.REACH_TILES), ", ".join(str(t) for t in S.REACH_TILES)))
    w("")
    w("/* Shape i = encoding.ALL_SHAPES[i]: tile, lowest digit r, number of")
    w(" * squares, (row, col) of each square from the top-left of the bounding")
    w(" * box, and (drow0, dcol0) = top-left minus centre. */")
    w("typedef struct {")
    w("    int tile, r, n, drow0, dcol0;")
    w("    int cell[%d][2];" % MAX_CELLS)
    w("} BkShape;")
    w("static const BkShape BK_SHAPES[%d] = {" % E.N_SHAPES)
    for i, s in enumerate(E.ALL_SHAPES):
        cells = list(s.cells) + [(0, 0)] * (MAX_CELLS - len(s.cells))
        w("    {%d, %d, %d, %d, %d, {%s}}, /* %d: %s%d */" % (
            s.tile, s.r, len(s.cells), s.drow0, s.dcol0,
            ", ".join("{%d, %d}" % c for c in cells), i,
            E.TILE_LETTERS[s.tile], s.r))
    w("};")
    out += mcts_lines()
    return out


def _array(name, values, kind="int"):
    return "static const %s %s[%d] = {%s};" % (kind, name, len(values),
                                               ", ".join(str(v) for v in values))


def mcts_lines():
    """The constants and tables of golden.blokus.mcts (for mcts_mirror.c)."""
    assert len(M.PRIOR_V8) == 64 and len(M.LOG2_Q4) == len(M.INV_SQRT) == 256
    assert len(M.OPEN_LEAST) == 2 * E.N_TILES + 1
    assert len(M.SHAPE_WEIGHT) == E.N_SHAPES and len(M.UNIT_SEEDS) == M.MAX_UNITS >= M.BATCH
    assert max(M.SHAPE_WEIGHT) * S.MAX_MOVES < 2 ** 63 and M.TREE_NODES < 2 ** 31
    out = ["", "/* golden.blokus.mcts: the Monte-Carlo search's constants and tables. */"]
    out += defines("BK_MC_", [
        ("PRIOR_VISITS", M.PRIOR_VISITS), ("PRIOR_BLOCK", M.PRIOR_BLOCK),
        ("PRIOR_ATTACH", M.PRIOR_ATTACH), ("EXPLORE_K", M.EXPLORE_K),
        ("EXPAND_AFTER", M.EXPAND_AFTER), ("RAVE_W8", M.RAVE_W8),
        ("RAVE_PARENT_MAX", M.RAVE_PARENT_MAX), ("RAVE_CHILD_MAX", M.RAVE_CHILD_MAX),
        ("BATCH", M.BATCH), ("MAX_UNITS", M.MAX_UNITS), ("TREE_NODES", M.TREE_NODES),
        ("MAX_CHILDREN", M.MAX_CHILDREN),
        ("PLAYOUT_WORK", M.PLAYOUT_WORK), ("SCAN_WORK", M.SCAN_WORK),
        ("MOVE_WORK", M.MOVE_WORK), ("PASS_WORK", M.PASS_WORK), ("WALK_WORK", M.WALK_WORK),
        ("REPLAY_WORK", M.REPLAY_WORK), ("REPLAY_MOVE_WORK", M.REPLAY_MOVE_WORK),
        ("REPLAY_PASS_WORK", M.REPLAY_PASS_WORK), ("EXPAND_WORK", M.EXPAND_WORK),
        ("EXPAND_SCAN_WORK", M.EXPAND_SCAN_WORK), ("EXPAND_MOVE_WORK", M.EXPAND_MOVE_WORK),
        ("ROOT_SELECT_WORK", M.ROOT_SELECT_WORK), ("SELECT_NODE_WORK", M.SELECT_NODE_WORK),
        ("ROOT_CHILD_WORK", M.ROOT_CHILD_WORK), ("CHILD_WORK", M.CHILD_WORK),
        ("SLACK_SHIFT", M.SLACK_SHIFT), ("WRITE_NODE_WORK", M.WRITE_NODE_WORK),
        ("WRITE_WORK", M.WRITE_WORK), ("WRITE_SLACK_SHIFT", M.WRITE_SLACK_SHIFT),
        ("BACKUP_NODE_WORK", M.BACKUP_NODE_WORK), ("KEY_FLAG_WORK", M.KEY_FLAG_WORK),
        ("ROOT_RAVE_SCAN_WORK", M.ROOT_RAVE_SCAN_WORK), ("RAVE_SCAN_WORK", M.RAVE_SCAN_WORK),
        ("RAVE_KEY_WORK", M.RAVE_KEY_WORK), ("RAVE_UPDATE_WORK", M.RAVE_UPDATE_WORK),
    ])
    out.append(_array("BK_MC_PRIOR_V8", M.PRIOR_V8))
    out.append(_array("BK_MC_OPEN_LEAST", M.OPEN_LEAST))
    out.append(_array("BK_MC_SHAPE_WEIGHT", M.SHAPE_WEIGHT))
    out.append(_array("BK_MC_LOG2_Q4", M.LOG2_Q4))
    out.append(_array("BK_MC_INV_SQRT", M.INV_SQRT, "int64_t"))
    out.append(_array("BK_MC_UNIT_SEEDS", ["0x%08xu" % v for v in M.UNIT_SEEDS], "uint32_t"))
    return out


HEADER = GeneratedHeader("blokus", body)

if __name__ == "__main__":
    sys.exit(HEADER.main())
