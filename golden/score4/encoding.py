"""Shared encoding of the Score-4 board: THE numbering every layer uses.

The golden model, the RTL generator and the testbenches all import this
module, so it holds plain data and tiny pure functions only (standard library,
Python 3.9 syntax, no imports from the rest of the project).

Numbering
---------
* Post ``(x, y)``, ``x`` and ``y`` in 1..4: ``x`` is the column, left to right,
  ``y`` the row, bottom to top (the contest's figure 6, seen from above).
  Post index ``p = (x - 1) + 4 * (y - 1)``, 0..15.
* Level ``z`` in 1..4, bottom to top. Cell index
  ``c = p + 16 * (z - 1) = (x - 1) + 4 * (y - 1) + 16 * (z - 1)``, 0..63.
  So ``c & 15`` is the post and ``c >> 4`` is ``z - 1``.
* A side's bitboard is a non-negative int below ``2**64`` with bit ``c`` set
  for each of its beads. Level ``z`` is bits ``16*(z-1)`` .. ``16*z - 1``; the
  cell above cell ``c`` is ``c + 16`` (a shift left by 16).

The 76 lines (``LINES``), in this fixed order
---------------------------------------------
Each line is also listed as its 4 cells (``LINE_CELLS``) in order of the
parameter ``t = 1..4`` given below.

* 0..15   verticals, one per post ``p = 0..15``: ``(x, y, t)``.
* 16..55  for each level ``z = 1..4`` in turn, 10 lines
  (level ``z`` starts at ``16 + 10 * (z - 1)``):
  4 rows ``y = 1..4``: ``(t, y, z)``;
  4 columns ``x = 1..4``: ``(x, t, z)``;
  the diagonal ``(t, t, z)``; the anti-diagonal ``(5 - t, t, z)``.
* 56..71  diagonals of the 8 upright planes parallel to a side:
  first the planes ``y = 1..4`` (2 each: ``(t, y, t)`` then ``(5 - t, y, t)``),
  then the planes ``x = 1..4`` (2 each: ``(x, t, t)`` then ``(x, 5 - t, t)``).
* 72..75  the 4 space diagonals: ``(t, t, t)``, ``(5 - t, t, t)``,
  ``(t, 5 - t, t)``, ``(5 - t, 5 - t, t)``.

Protocol bytes (ASCII)
----------------------
``NEW_GAME`` ``b"0"`` (outside a message), ``REQUEST_OPENER`` ``b"A"``,
``REQUEST_DIGITS`` ``b"01234"`` (the digits a request may hold),
``NEW_GAME_REPLY`` ``b"R00"``, ``PASS`` ``b"00"``; a move is sent as two
ASCII digits, ``x`` then ``y`` (``post_to_text`` / ``text_to_post``).
"""

SIZE = 4                    # posts per side of the base, beads per post
NUM_POSTS = 16
NUM_LEVELS = 4
NUM_CELLS = 64
NUM_LINES = 76
FULL_BOARD = (1 << NUM_CELLS) - 1

# --------------------------------------------------------------- coordinates


def post_index(x, y):
    """Post index 0..15 of post (x, y), x and y in 1..4."""
    if not (1 <= x <= SIZE and 1 <= y <= SIZE):
        raise ValueError("post (%r, %r) is off the board" % (x, y))
    return (x - 1) + SIZE * (y - 1)


def post_xy(p):
    """(x, y) of post index p (0..15)."""
    if not 0 <= p < NUM_POSTS:
        raise ValueError("post index %r out of range 0..15" % (p,))
    return (p % SIZE + 1, p // SIZE + 1)


def cell_index(x, y, z):
    """Cell index 0..63 of cell (x, y, z), each coordinate in 1..4."""
    if not 1 <= z <= NUM_LEVELS:
        raise ValueError("level %r out of range 1..4" % (z,))
    return post_index(x, y) + NUM_POSTS * (z - 1)


def cell_xyz(c):
    """(x, y, z) of cell index c (0..63)."""
    if not 0 <= c < NUM_CELLS:
        raise ValueError("cell index %r out of range 0..63" % (c,))
    x, y = post_xy(c & 15)
    return (x, y, (c >> 4) + 1)


def cell_post(c):
    """Post index of cell c."""
    return c & 15


def cell_level(c):
    """Level z (1..4) of cell c."""
    return (c >> 4) + 1


# -------------------------------------------------------------------- masks

POST_MASK = tuple(sum(1 << (p + NUM_POSTS * k) for k in range(NUM_LEVELS))
                  for p in range(NUM_POSTS))
"""POST_MASK[p]: the 4 cells of post p (bits p, p+16, p+32, p+48)."""

LEVEL_MASK = tuple(0xFFFF << (NUM_POSTS * k) for k in range(NUM_LEVELS))
"""LEVEL_MASK[z-1]: the 16 cells of level z."""

BOTTOM_LEVEL = LEVEL_MASK[0]
TOP_LEVEL = LEVEL_MASK[NUM_LEVELS - 1]


def _build_lines():
    # Each entry: a function t -> (x, y, z), t in 1..4, in the documented order.
    shapes = []
    for p in range(NUM_POSTS):                                  # 0..15
        x, y = p % SIZE + 1, p // SIZE + 1
        shapes.append(lambda t, x=x, y=y: (x, y, t))
    for z in range(1, NUM_LEVELS + 1):                          # 16..55
        for y in range(1, SIZE + 1):
            shapes.append(lambda t, y=y, z=z: (t, y, z))
        for x in range(1, SIZE + 1):
            shapes.append(lambda t, x=x, z=z: (x, t, z))
        shapes.append(lambda t, z=z: (t, t, z))
        shapes.append(lambda t, z=z: (5 - t, t, z))
    for y in range(1, SIZE + 1):                                # 56..63
        shapes.append(lambda t, y=y: (t, y, t))
        shapes.append(lambda t, y=y: (5 - t, y, t))
    for x in range(1, SIZE + 1):                                # 64..71
        shapes.append(lambda t, x=x: (x, t, t))
        shapes.append(lambda t, x=x: (x, 5 - t, t))
    shapes.append(lambda t: (t, t, t))                          # 72..75
    shapes.append(lambda t: (5 - t, t, t))
    shapes.append(lambda t: (t, 5 - t, t))
    shapes.append(lambda t: (5 - t, 5 - t, t))
    return tuple(tuple(cell_index(*shape(t)) for t in range(1, SIZE + 1))
                 for shape in shapes)


LINE_CELLS = _build_lines()
"""LINE_CELLS[i]: the 4 cell indices of line i, in the order t = 1..4."""

LINES = tuple(sum(1 << c for c in cells) for cells in LINE_CELLS)
"""LINES[i]: the 4-cell mask of line i (76 ints, order in the module doc)."""

LINES_THROUGH_CELL = tuple(
    tuple(i for i, cells in enumerate(LINE_CELLS) if c in cells)
    for c in range(NUM_CELLS))
"""LINES_THROUGH_CELL[c]: indices (ascending) of the lines holding cell c
(7 for the 8 corners and the 8 inner cells, 4 for every other cell)."""

LINE_MASKS_THROUGH_CELL = tuple(tuple(LINES[i] for i in idx)
                                for idx in LINES_THROUGH_CELL)
"""LINE_MASKS_THROUGH_CELL[c]: the masks of LINES_THROUGH_CELL[c]."""

assert len(LINES) == NUM_LINES

# -------------------------------------------------------------- move order

CENTRE_POSTS = (post_index(2, 2), post_index(3, 2),
                post_index(2, 3), post_index(3, 3))           # (5, 6, 9, 10)
"""The 4 centre posts, by index."""

CENTRE_FIRST_ORDER = CENTRE_POSTS + tuple(p for p in range(NUM_POSTS)
                                          if p not in CENTRE_POSTS)
"""The 4 centre posts, then the other 12 by ascending index."""

CORNER_POSTS = (post_index(1, 1), post_index(4, 1),
                post_index(1, 4), post_index(4, 4))           # (0, 3, 12, 15)
"""The 4 corner posts, by index."""

SEARCH_ORDER = CENTRE_POSTS + CORNER_POSTS + tuple(
    p for p in range(NUM_POSTS) if p not in CENTRE_POSTS + CORNER_POSTS)
"""The order the search tries moves in (golden.score4.search and the RTL):
centre posts, corners, then edges, each by index; centre and corner cells
lie on the most lines."""

# ------------------------------------------------------------ protocol text

NEW_GAME = b"0"
REQUEST_OPENER = b"A"
REQUEST_DIGITS = b"01234"
NEW_GAME_REPLY = b"R00"
PASS = b"00"

NEW_GAME_BYTE = NEW_GAME[0]          # 0x30
REQUEST_OPENER_BYTE = REQUEST_OPENER[0]   # 0x41
DIGIT_ZERO_BYTE = b"0"[0]            # 0x30; digit d is DIGIT_ZERO_BYTE + d


def post_to_text(p):
    """Post index -> the two ASCII digits b"xy" the board sends."""
    x, y = post_xy(p)
    return bytes((DIGIT_ZERO_BYTE + x, DIGIT_ZERO_BYTE + y))


def text_to_post(text):
    """b"xy" (x, y in 1..4) -> post index; b"00" -> None (a pass).

    Anything else (wrong length, other characters, one digit 0 and the other
    not) raises ValueError.
    """
    text = bytes(text)
    if text == PASS:
        return None
    if len(text) != 2:
        raise ValueError("a move is two ASCII digits, got %r" % (text,))
    x = text[0] - DIGIT_ZERO_BYTE
    y = text[1] - DIGIT_ZERO_BYTE
    if not (1 <= x <= SIZE and 1 <= y <= SIZE):
        raise ValueError("%r names no post" % (text,))
    return post_index(x, y)


def move_to_text(move):
    """Post index -> b"xy"; None (pass / no move) -> b"00"."""
    return PASS if move is None else post_to_text(move)
