"""Constant tables of the Blokus core, computed from golden.blokus.encoding.

The RTL never spells a tile by hand: shapes, sizes, digits and the
canonical-name table all come from the golden model's encoding module, so
the model, the RTL and the testbench share one definition.

Map coordinates ("ext"): a 320-bit vector, bit ``EXT0 + Y * 16 + X`` for
board cell (X, Y), i.e. the golden 16 x 16 padded bitboard with two more
padding rows above and below, so that every 5 x 5 window the scan visits
lies inside the vector.  Padding cells are off the board.
"""
from golden.blokus.encoding import (ALL_SHAPES, CANON, COORD_CHARS, N_SHAPES,
                                    N_TILES, OFFSETS, ORIENT_CHARS, SIZE,
                                    STRIDE, TILE_LETTERS, TILE_SIZE, bit)

EXT_BITS = 320
EXT0 = 2 * STRIDE                    # ext index of board bit 0

# The scan: window top-left ext index J = Y * 16 + X - 2 for centre (X, Y);
# J runs from J_FIRST (centre (1, 1)) to J_LAST (centre (14, 14)). Steps
# whose centre is a padding column hold no legal placement (every shape
# covers its centre), so the scan needs no gaps.
J_FIRST = 1 * STRIDE + 1 - 2
J_LAST = SIZE * STRIDE + SIZE - 2
SCAN_STEPS = J_LAST - J_FIRST + 1    # 222
J_BITS = 8                           # J_LAST + 2 = 238 fits


def _window_bit(row, col):
    """Bit of a 25-bit window word: row-major, (0, 0) the top-left."""
    return row * 5 + col


def shape_mask25(s):
    """25-bit window mask of shape index s placed with its centre at (2, 2)."""
    sh = ALL_SHAPES[s]
    m = 0
    for dr, dc in OFFSETS[sh.tile][sh.r]:
        m |= 1 << _window_bit(dr + 2, dc + 2)
    return m


SHAPE_MASK = tuple(shape_mask25(s) for s in range(N_SHAPES))
SHAPE_TILE = tuple(sh.tile for sh in ALL_SHAPES)
SHAPE_DIGIT = tuple(sh.r for sh in ALL_SHAPES)
SHAPE_SIZE = tuple(TILE_SIZE[sh.tile] for sh in ALL_SHAPES)
SHAPE_BITS = 7                        # 0..90, and 91 = none

_INDEX = {(sh.tile, sh.r): i for i, sh in enumerate(ALL_SHAPES)}

# Any code (t, r) -> the shape index it places and the centre shift to its
# canonical name: CODE_SHAPE[t * 8 + r], CODE_DX / CODE_DY in -1..1 (as +1).
CODE_SHAPE = tuple(_INDEX[(t, CANON[t][r][0])] for t in range(N_TILES)
                   for r in range(8)) + (0,) * (256 - 8 * N_TILES)
CODE_DX1 = tuple(CANON[t][r][1] + 1 for t in range(N_TILES) for r in range(8)) \
    + (1,) * (256 - 8 * N_TILES)
CODE_DY1 = tuple(CANON[t][r][2] + 1 for t in range(N_TILES) for r in range(8)) \
    + (1,) * (256 - 8 * N_TILES)

ON_BOARD_EXT = sum(1 << (EXT0 + bit(x, y)) for x in range(1, SIZE + 1)
                   for y in range(1, SIZE + 1))
START_EXT = {"5": EXT0 + bit(5, 5), "A": EXT0 + bit(10, 10)}

# ASCII of the move code characters
COORD_ASCII = tuple(ord(c) for c in COORD_CHARS)          # value 0..14
TILE_ASCII = tuple(ord(c) for c in TILE_LETTERS)
DIGIT_ASCII = tuple(ord(c) for c in ORIENT_CHARS)

assert len(SHAPE_MASK) == 91 and all(0 < m < (1 << 25) for m in SHAPE_MASK)
assert all((m >> _window_bit(2, 2)) & 1 for m in SHAPE_MASK)   # centre covered
