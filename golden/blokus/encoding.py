"""Blokus Duo encoding: the one place where the board, tiles, orientations and
the move code are defined.

Plain data and tiny pure functions only (standard library, Python 3.9), so the
golden model, the RTL generator and the testbenches can all import it.

Board and bitboards
-------------------
The board is 14 x 14; a cell is (X, Y), X the column (grows right), Y the row
(grows down), both 1..14.  A bitboard is a Python int over a 16 x 16 padded
grid: cell (X, Y) is bit ``Y * 16 + X``; rows and columns 0 and 15 are the
border and are never set in a side's board.  ``ON_BOARD`` has the 196 board
bits.  Any shift by +-1, +-16, +-15, +-17 masked with ``ON_BOARD`` therefore
never wraps into a board cell.

Tiles and orientations
----------------------
``TILES[t]`` is the orientation-0 5 x 5 drawing of tile ``t`` (0..20 for
'a'..'u') exactly as in ``docs/protocol-blokus.md``.  ``ORIENT[r]`` maps
(row, col) of the grid G_r to the (row, col) of T it reads (the spec table).
``OFFSETS[t][r]`` lists the (drow, dcol) of the squares of G_r relative to the
centre (2, 2): with the centre on (X, Y) a square covers (X + dcol, Y + drow).
Every drawing contains its centre square and every orientation fixes the
centre, so the cell named by a move code is always a square of the tile.

``SHAPES[t]`` lists the distinct shapes (cell sets up to translation) of tile
``t``; each is named by the LOWEST orientation digit giving it, which is the
digit this core sends.  There are 91 over all tiles (``ALL_SHAPES``).

Move code
---------
A move is a tuple ``(x, y, t, r)`` in code order (centre column, centre row,
tile index 0..20, orientation 0..7); ``None`` is a pass.  ``encode_move`` /
``decode_move`` convert to and from the 4-byte ASCII code; ``PASS_CODE`` is
b"0000".  Coordinate characters: '1'..'9' -> 1..9, 'a'..'e' -> 10..14, and
'0' -> 0 (well formed, off the board).
"""

# --------------------------------------------------------------------------
# Board geometry
# --------------------------------------------------------------------------
SIZE = 14            # board cells per side
STRIDE = 16          # padded row length of a bitboard
N_BITS = STRIDE * STRIDE


def bit(x, y):
    """Bit index of cell (x, y) in a padded bitboard."""
    return y * STRIDE + x


def cell_of_bit(b):
    """(x, y) of bit index b."""
    return b % STRIDE, b // STRIDE


ON_BOARD = 0
for _y in range(1, SIZE + 1):
    for _x in range(1, SIZE + 1):
        ON_BOARD |= 1 << bit(_x, _y)
del _x, _y


def cells_to_bitboard(cells):
    """Bitboard of an iterable of (x, y) board cells."""
    m = 0
    for x, y in cells:
        m |= 1 << bit(x, y)
    return m


def bitboard_cells(bb):
    """Sorted list of (x, y) of the set bits of a bitboard (row-major)."""
    out = []
    while bb:
        low = bb & -bb
        out.append(cell_of_bit(low.bit_length() - 1))
        bb ^= low
    out.sort(key=lambda c: (c[1], c[0]))
    return out


# --------------------------------------------------------------------------
# Characters
# --------------------------------------------------------------------------
COORD_CHARS = "0123456789abcde"          # index = coordinate value 0..14
TILE_LETTERS = "abcdefghijklmnopqrstu"   # index = tile number 0..20
ORIENT_CHARS = "01234567"
N_TILES = 21
ALL_TILES = (1 << N_TILES) - 1           # used-tile set with every tile

COORD_OF_CHAR = {c: i for i, c in enumerate(COORD_CHARS)}
TILE_OF_CHAR = {c: i for i, c in enumerate(TILE_LETTERS)}

# Byte sets for the parser (ints, as bytes iterate).
COORD_BYTES = frozenset(COORD_CHARS.encode())
TILE_BYTES = frozenset(TILE_LETTERS.encode())
ORIENT_BYTES = frozenset(ORIENT_CHARS.encode())
ZERO = ord("0")

# --------------------------------------------------------------------------
# Start cells, opcodes, pass
# --------------------------------------------------------------------------
SEATS = ("5", "A")                       # case sensitive
START_CELL = {"5": (5, 5), "A": (10, 10)}
OTHER_SEAT = {"5": "A", "A": "5"}

OP_MATCH = ord("0")      # host: a match begins -> board answers b"1" + team
OP_FIRST = ord("2")      # host: "2" seat -> board moves first
OP_SECOND = ord("3")     # host: "3" seat code -> opponent's first move
OP_MOVE = ord("4")       # host: "4" code -> opponent's last move
OP_END = ord("9")        # host: game over, no answer
ANSWER_TEAM = b"1"       # board: b"1" + two-character team code
SEAT_BYTES = frozenset(b"5A")
PASS_CODE = b"0000"
CR = 13
LF = 10

# --------------------------------------------------------------------------
# The 21 tiles, orientation 0, as drawn in the spec (row 0 first)
# --------------------------------------------------------------------------
_DRAWING = """
a (1)   b (2)   c (3)   d (3)   e (4)   f (4)   g (4)
.....   .....   .....   .....   .....   .....   .....
.....   .....   ..#..   ..#..   ..#..   ..#..   ..#..
..#..   ..#..   ..#..   ..##.   ..#..   ..#..   ..##.
.....   ..#..   ..#..   .....   ..#..   .##..   ..#..
.....   .....   .....   .....   ..#..   .....   .....

h (4)   i (4)   j (5)   k (5)   l (5)   m (5)   n (5)
.....   .....   ..#..   ..#..   ..#..   .....   .....
.....   .....   ..#..   ..#..   ..#..   ..#..   .##..
..##.   .##..   ..#..   ..#..   .##..   .##..   ..#..
..##.   ..##.   ..#..   .##..   .#...   .##..   .##..
.....   .....   ..#..   .....   .....   .....   .....

o (5)   p (5)   q (5)   r (5)   s (5)   t (5)   u (5)
.....   .....   ..#..   .....   .....   .....   .....
..#..   ..#..   ..#..   .##..   .#...   .#...   ..#..
..##.   ..#..   ..###   ..##.   .###.   .###.   .###.
..#..   .###.   .....   ...#.   ...#.   ..#..   ..#..
..#..   .....   .....   .....   .....   .....   .....
"""


def _parse_drawing(text):
    tiles = {}
    sizes = {}
    lines = [ln for ln in text.split("\n") if ln.strip()]
    for block in range(0, len(lines), 6):
        header = lines[block].split()
        rows = [ln.split() for ln in lines[block + 1:block + 6]]
        for k in range(len(header) // 2):
            letter = header[2 * k]
            sizes[letter] = int(header[2 * k + 1].strip("()"))
            tiles[letter] = tuple(r[k] for r in rows)
    return ([tiles[c] for c in TILE_LETTERS], [sizes[c] for c in TILE_LETTERS])


_t, _s = _parse_drawing(_DRAWING)
TILES = tuple(_t)                # TILES[t] = 5 strings of 5 chars, '#' a square
TILE_SIZE = tuple(_s)            # squares per tile, as the drawing's header says
del _t, _s
TOTAL_SQUARES = sum(TILE_SIZE)   # 89

# --------------------------------------------------------------------------
# Orientations: G_r[row][col] = T[ORIENT[r](row, col)]
# --------------------------------------------------------------------------
ORIENT = (
    lambda row, col: (row, col),            # 0 as drawn
    lambda row, col: (row, 4 - col),        # 1 mirrored left-right
    lambda row, col: (4 - col, row),        # 2 turned 90 deg clockwise
    lambda row, col: (col, row),            # 3 mirrored about main diagonal
    lambda row, col: (4 - row, 4 - col),    # 4 turned 180 deg
    lambda row, col: (4 - row, col),        # 5 mirrored top-bottom
    lambda row, col: (col, 4 - row),        # 6 turned 90 deg counter-clockwise
    lambda row, col: (4 - col, 4 - row),    # 7 mirrored about other diagonal
)
N_ORIENT = 8


def oriented_grid(t, r):
    """G_r of tile t as 5 strings."""
    f = ORIENT[r]
    rows = []
    for row in range(5):
        s = ""
        for col in range(5):
            tr, tc = f(row, col)
            s += TILES[t][tr][tc]
        rows.append(s)
    return tuple(rows)


def _offsets(t, r):
    g = oriented_grid(t, r)
    return tuple((row - 2, col - 2) for row in range(5) for col in range(5)
                 if g[row][col] == "#")


# OFFSETS[t][r]: (drow, dcol) of each square relative to the centre, row-major.
OFFSETS = tuple(tuple(_offsets(t, r) for r in range(N_ORIENT))
                for t in range(N_TILES))


def _normal(offs):
    mr = min(o[0] for o in offs)
    mc = min(o[1] for o in offs)
    return tuple(sorted((a - mr, b - mc) for a, b in offs)), mr, mc


class Shape(object):
    """One distinct shape of a tile, named by its lowest orientation digit.

    ``cells``: (row, col) offsets from the top-left of its bounding box;
    ``height``, ``width``: bounding box; ``drow0``, ``dcol0``: offset of the
    top-left from the centre (so centre X = left X - dcol0); ``mask0``: the
    shape as a bitboard with its top-left on bit 0; ``offs``: bit offsets of
    its squares from the top-left bit.
    """
    __slots__ = ("tile", "r", "cells", "height", "width", "drow0", "dcol0",
                 "mask0", "offs")

    def __init__(self, tile, r):
        cells, mr, mc = _normal(OFFSETS[tile][r])
        self.tile = tile
        self.r = r
        self.cells = cells
        self.height = max(c[0] for c in cells) + 1
        self.width = max(c[1] for c in cells) + 1
        self.drow0 = mr
        self.dcol0 = mc
        self.offs = tuple(a * STRIDE + b for a, b in cells)
        m = 0
        for o in self.offs:
            m |= 1 << o
        self.mask0 = m

    def __repr__(self):
        return "Shape(%s%d)" % (TILE_LETTERS[self.tile], self.r)


def _shapes():
    shapes = []
    canon = []
    for t in range(N_TILES):
        seen = {}
        ts = []
        ct = []
        for r in range(N_ORIENT):
            norm, mr, mc = _normal(OFFSETS[t][r])
            if norm not in seen:
                seen[norm] = (r, mr, mc)
                ts.append(Shape(t, r))
            r0, mr0, mc0 = seen[norm]
            # same cells: X + mc == X0 + mc0  ->  X0 = X + mc - mc0
            ct.append((r0, mc - mc0, mr - mr0))
        shapes.append(tuple(ts))
        canon.append(tuple(ct))
    return tuple(shapes), tuple(canon)


# SHAPES[t]: distinct shapes of tile t, by ascending lowest orientation digit.
# CANON[t][r] = (r0, dx, dy): code (X, Y, t, r) places the same cells as
# (X + dx, Y + dy, t, r0), r0 the lowest digit giving that shape.
SHAPES, CANON = _shapes()
ALL_SHAPES = tuple(s for ts in SHAPES for s in ts)      # 91
N_SHAPES = len(ALL_SHAPES)


def canonical_move(move):
    """The same placement named with the lowest orientation digit."""
    if move is None:
        return None
    x, y, t, r = move
    r0, dx, dy = CANON[t][r]
    return (x + dx, y + dy, t, r0)


def move_cells(move):
    """Board cells (x, y) covered by a move (may lie off the board)."""
    x, y, t, r = move
    return [(x + dc, y + dr) for dr, dc in OFFSETS[t][r]]


def placement_mask(move):
    """Bitboard of the cells of a move, or None if any cell is off the board."""
    x, y, t, r = move
    offs = OFFSETS[t][r]
    m = 0
    for dr, dc in offs:
        cx = x + dc
        cy = y + dr
        if cx < 1 or cx > SIZE or cy < 1 or cy > SIZE:
            return None
        m |= 1 << (cy * STRIDE + cx)
    return m


# --------------------------------------------------------------------------
# Move code
# --------------------------------------------------------------------------
def code_byte_ok(prefix, b):
    """Can byte b stand after the code bytes ``prefix`` (0..3 bytes)?

    X and Y: '0'..'9', 'a'..'e'.  t: 'a'..'u', or '0' only when X and Y were
    both '0'.  r: '0'..'7', and only '0' when t was '0'.  So b"0000" is the
    only code with a '0' tile.
    """
    n = len(prefix)
    if n < 2:
        return b in COORD_BYTES
    if n == 2:
        return b in TILE_BYTES or (b == ZERO and prefix[0] == ZERO
                                   and prefix[1] == ZERO)
    if n == 3:
        if prefix[2] == ZERO:
            return b == ZERO
        return b in ORIENT_BYTES
    return False


def code_ok(code):
    """Is ``code`` (4 bytes) a well-formed move code?"""
    code = bytes(code)
    if len(code) != 4:
        return False
    for i in range(4):
        if not code_byte_ok(code[:i], code[i]):
            return False
    return True


def decode_move(code):
    """Move tuple of a well-formed code, None for b"0000"; ValueError else."""
    if isinstance(code, str):
        code = code.encode("ascii")
    code = bytes(code)
    if not code_ok(code):
        raise ValueError("not a well-formed move code: %r" % (code,))
    if code == PASS_CODE:
        return None
    s = code.decode("ascii")
    return (COORD_OF_CHAR[s[0]], COORD_OF_CHAR[s[1]], TILE_OF_CHAR[s[2]],
            int(s[3]))


def encode_move(move):
    """4-byte code of a move tuple (as given, not canonicalised); None -> pass."""
    if move is None:
        return PASS_CODE
    x, y, t, r = move
    if not (0 <= x <= SIZE and 0 <= y <= SIZE and 0 <= t < N_TILES
            and 0 <= r < N_ORIENT):
        raise ValueError("move out of code range: %r" % (move,))
    return (COORD_CHARS[x] + COORD_CHARS[y] + TILE_LETTERS[t]
            + ORIENT_CHARS[r]).encode("ascii")


def move_str(move):
    """Code as a str, for messages."""
    return encode_move(move).decode("ascii")
