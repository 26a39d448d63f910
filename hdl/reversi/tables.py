"""The Reversi engine's constants, from golden's geometry, in the max layout.

A core is built for boards up to ``side`` x ``side`` (even, MIN_SIZE..16);
it plays every even size up to it. Cell (x, y) of any game is bit
``y * side + x`` (``to_max``); a game size is numbered ``size_index``.
Everything here is computed from golden.reversi.encoding.geometry, so the
weights, the move order and the corner rule cannot drift from golden.
"""
from golden.reversi.encoding import MIN_SIZE, geometry, square_weight

DIRECTIONS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))


def check_side(side):
    """The largest board side a core is built for: even, MIN_SIZE..16."""
    if isinstance(side, bool) or not isinstance(side, int) or side % 2 or not MIN_SIZE <= side <= 16:
        raise ValueError("the Reversi core's largest board side must be an even int from %d to "
                         "16 (the build's max_size), not %r" % (MIN_SIZE, side))
    return side


def sizes(side):
    """The (width, height) a core of this side plays, in size_index order."""
    sides = range(MIN_SIZE, side + 1, 2)
    return [(w, h) for w in sides for h in sides]


def size_index(width, height, side):
    return sizes(side).index((width, height))


def to_max(board, width, side):
    """A golden bitboard of a width-wide game in the max layout."""
    out, c = 0, 0
    while board:
        if board & 1:
            out |= 1 << ((c // width) * side + c % width)
        board >>= 1
        c += 1
    return out


def from_max(board, width, height, side):
    """The inverse of to_max (cells outside the game's board dropped)."""
    return sum(1 << (y * width + x) for y in range(height) for x in range(width)
               if board >> (y * side + x) & 1)


def cell_to_max(c, width, side):
    return (c // width) * side + c % width


def cell_from_max(c, width, side):
    return (c // side) * width + c % side


def weights(side):
    """Every square weight of every size, decreasing: the move order's classes."""
    return sorted({square_weight(x, y, w, h) for (w, h) in sizes(side)
                   for x in range(w) for y in range(h)}, reverse=True)


class SizeTables(object):
    """Per game size, in the max layout: `full` (the game's cells),
    `class_masks` (one per entry of weights(side): the cells of that weight),
    `corners` and `zones` (the 4 corners and each one's 3 neighbours),
    `weight` (per max cell; 0 outside the board)."""

    def __init__(self, width, height, side):
        g = geometry(width, height)
        self.full = to_max(g.full, width, side)
        by_weight = dict(g.classes)
        self.class_masks = [to_max(by_weight.get(w, 0), width, side) for w in weights(side)]
        self.corners = [to_max(c, width, side) for c, _ in g.corner_zones]
        self.zones = [to_max(z, width, side) for _, z in g.corner_zones]
        self.weight = [0] * (side * side)
        for c in range(g.cells):
            self.weight[cell_to_max(c, width, side)] = g.weight[c]


def premasks(side):
    """For each of DIRECTIONS, (amount, premask) in the max layout: a board
    steps that way as (b & premask) << amount (>> -amount when negative);
    the premask clears the column that would wrap to the other edge."""
    n = side * side
    full = (1 << n) - 1
    left = sum(1 << (y * side) for y in range(side))
    right = sum(1 << (y * side + side - 1) for y in range(side))
    out = []
    for dx, dy in DIRECTIONS:
        pre = full & ~(right if dx == 1 else left if dx == -1 else 0)
        out.append((dy * side + dx, pre))
    return out
