"""The Reversi evaluation's pattern tables: the 8 x 8 board's edges and corner rectangles.

Definitions (8 x 8 only; cell (x, y) is bit 8 y + x, as golden's boards):

* **Instances.** The 4 *edges* (the top and bottom rows, the left and right
  columns, each read from its lower-index end) and the 8 *corner
  rectangles*: for each corner, its 4 edge cells along the row and the 4
  cells beside them (the next row), and the same along the column. Each
  instance is a list of 8 cells, cell j first.
* **Index** of an instance for the side with discs ``me``: the sum over its
  cells of 3^j x (1 if ``me`` holds cell j, 2 if ``opp`` does, else 0), in
  0 .. 3^8 - 1.
* **Value** at table group ``k``: the sum of ``EDGES[k][index]`` over the
  edges and ``RECTS[k][index]`` over the rectangles, in 1/16 of a disc of
  final margin. A stage's group is ``group_of(stage, groups, stages)`` = ``stage * groups //
  STAGES``.

The tables are read from ``golden/reversi/evaluation.json`` (key
``patterns``: ``groups``, ``bits``, ``edges``, ``rects``; fitted by
``bench/reversi/eval_study.py``, bench/results/reversi-eval-patterns.md):
every entry an integer within +-(2^(bits-1) - 1), what one M4K word holds.
"""
ENTRIES = 3 ** 8
SIDE = 8


def _edges():
    return ([[i for i in range(8)], [56 + i for i in range(8)], [8 * i for i in range(8)],
             [8 * i + 7 for i in range(8)]])


def _rects():
    out = []
    for k in range(4):
        cx, cy = (7 if k & 1 else 0), (7 if k & 2 else 0)
        dx, dy = (-1 if k & 1 else 1), (-1 if k & 2 else 1)
        out.append([8 * (cy + dy * (j // 4)) + cx + dx * (j % 4) for j in range(8)])
        out.append([8 * (cy + dy * (j % 4)) + cx + dx * (j // 4) for j in range(8)])
    return out


EDGE_CELLS = tuple(tuple(c) for c in _edges())
RECT_CELLS = tuple(tuple(c) for c in _rects())


def group_of(stage, groups, stages):
    """The table group of an evaluation stage (see the module docstring)."""
    return stage * groups // stages


def index(me, opp, cells):
    """The base-3 index of one instance (see the module docstring)."""
    i = 0
    for j in reversed(range(len(cells))):
        c = cells[j]
        i = 3 * i + ((me >> c) & 1) + 2 * ((opp >> c) & 1)
    return i


def check_tables(data, path, stages):
    """(groups, bits, edges, rects) of the ``patterns`` entry ``data`` of
    ``path``, checked: ValueError saying what is wrong."""
    try:
        groups, bits = data["groups"], data["bits"]
        edges, rects = data["edges"], data["rects"]
    except (KeyError, TypeError):
        raise ValueError("%s: 'patterns' wants groups, bits, edges and rects" % path)
    if not isinstance(groups, int) or groups < 1 or stages % groups:
        raise ValueError("%s: patterns.groups must divide the %d stages, got %r"
                         % (path, stages, groups))
    if not isinstance(bits, int) or not 2 <= bits <= 16:
        raise ValueError("%s: patterns.bits must be 2..16, got %r" % (path, bits))
    limit = (1 << (bits - 1)) - 1
    for name, table in (("edges", edges), ("rects", rects)):
        if len(table) != groups or any(len(row) != ENTRIES or any(
                not isinstance(v, int) or abs(v) > limit for v in row) for row in table):
            raise ValueError("%s: patterns.%s must be %d rows of %d integers within +-%d"
                             % (path, name, groups, ENTRIES, limit))
    return groups, bits, tuple(tuple(r) for r in edges), tuple(tuple(r) for r in rects)


def value(me, opp, edges, rects):
    """The tables' term for the side with discs ``me`` (8 x 8), given one
    group's rows of the edge and rectangle tables."""
    return (sum(edges[index(me, opp, cells)] for cells in EDGE_CELLS)
            + sum(rects[index(me, opp, cells)] for cells in RECT_CELLS))
