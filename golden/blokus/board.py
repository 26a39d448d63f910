"""Blokus Duo rules on integer bitboards: positions, legality, move
generation, scoring and end of game.

Players: ``ME`` (0) is the board this model plays for, ``OPP`` (1) the
opponent.  A ``Position`` holds per player the bitboard of its placed squares
(see ``encoding`` for the padded 16 x 16 layout), the 21-bit set of its used
tiles (bit t = tile t placed), the last tile it placed, and its start cell;
"has placed its first tile" is ``used[p] != 0`` (``first_done``).  It also
counts the passes made in a row (two end the game).

Legality (``check``) returns the first failing reason in exactly the contest
host's order, or None:

1. ``TILE_USED``   tile already used
2. ``OCCUPIED``    a cell occupied (by either colour) or off the board
3. ``EDGE``        edge contact with own colour
4. ``NO_CORNER``   no corner contact with own colour (only once the player
                   has placed its first tile)
5. ``NO_START``    first tile not covering the player's start cell

A pass (``None``) is legal except as a player's first move (``FIRST_PASS``).

Move generation order (``iter_legal_moves`` / ``legal_moves``), deterministic:
tiles 'a'..'u' (unused ones), then the tile's distinct shapes by ascending
lowest orientation digit (only that digit is generated), then the centre row
Y ascending, then the centre column X ascending.  Every generated move is
canonical (``encoding.canonical_move(m) == m``).

The maps (as in design-notes): forbidden = occupied OR edge-adjacent to own
squares OR off the board; anchors = diagonal to own squares AND NOT forbidden
(before the first tile: the start cell if free).  A placement is legal when its
squares miss every forbidden cell and hit at least one anchor.
"""

from .encoding import (ALL_TILES, N_TILES, ON_BOARD, OTHER_SEAT, SEATS, SHAPES,
                       SIZE, START_CELL, STRIDE, TILE_SIZE, bit,
                       placement_mask)

ME = 0
OPP = 1

TILE_USED = "tile already used"
OCCUPIED = "cell occupied or off the board"
EDGE = "edge contact with own colour"
NO_CORNER = "no corner contact"
NO_START = "first tile not covering its start cell"
FIRST_PASS = "pass as first move"

REASONS = (TILE_USED, OCCUPIED, EDGE, NO_CORNER, NO_START)


class Position(object):
    """A Blokus Duo position seen from the board (player ``ME``).

    ``seat`` is '5' or 'A', the start cell of ME; OPP has the other one.
    Mutable; ``copy()`` is cheap.
    """
    __slots__ = ("seat", "cells", "used", "last", "passes", "start",
                 "start_bit")

    def __init__(self, seat="5"):
        if seat not in SEATS:
            raise ValueError("seat must be '5' or 'A', not %r" % (seat,))
        self.seat = seat
        self.cells = [0, 0]          # placed squares per player (bitboards)
        self.used = [0, 0]           # used tiles per player (21-bit sets)
        self.last = [None, None]     # last tile placed per player
        self.passes = 0              # passes in a row (either player)
        self.start = (START_CELL[seat], START_CELL[OTHER_SEAT[seat]])
        self.start_bit = tuple(1 << bit(*c) for c in self.start)

    def copy(self):
        p = Position.__new__(Position)
        p.seat = self.seat
        p.cells = list(self.cells)
        p.used = list(self.used)
        p.last = list(self.last)
        p.passes = self.passes
        p.start = self.start
        p.start_bit = self.start_bit
        return p

    def first_done(self, player):
        """Has ``player`` placed its first tile?"""
        return self.used[player] != 0

    def key(self):
        return (self.seat, tuple(self.cells), tuple(self.used),
                tuple(self.last), self.passes)

    def __eq__(self, other):
        return isinstance(other, Position) and self.key() == other.key()

    def __ne__(self, other):
        return not self == other

    __hash__ = None

    def apply(self, player, move):
        """Play ``move`` (None = pass) for ``player``; no legality check."""
        if move is None:
            self.passes += 1
            return
        mask = placement_mask(move)
        if mask is None:
            raise ValueError("move off the board")
        t = move[2]
        self.cells[player] |= mask
        self.used[player] |= 1 << t
        self.last[player] = t
        self.passes = 0

    def play(self, player, move):
        """Check then apply; ValueError with the reason when illegal."""
        why = check(self, player, move)
        if why is not None:
            raise ValueError("illegal move: %s" % why)
        self.apply(player, move)

    def __repr__(self):
        return "Position(seat=%r)\n%s" % (self.seat, "\n".join(render(self)))


def edge_map(own):
    """Cells sharing an edge with a square of ``own`` (board cells only)."""
    return ((own << 1) | (own >> 1) | (own << STRIDE) | (own >> STRIDE)) \
        & ON_BOARD


def corner_map(own):
    """Cells sharing only a corner direction with ``own`` (board cells only)."""
    return ((own << (STRIDE - 1)) | (own >> (STRIDE - 1))
            | (own << (STRIDE + 1)) | (own >> (STRIDE + 1))) & ON_BOARD


def free_map(pos, player):
    """Board cells ``player`` may cover: not occupied, not edge-adjacent own."""
    own = pos.cells[player]
    return ON_BOARD & ~(own | pos.cells[1 - player] | edge_map(own))


def anchor_map(pos, player):
    """Free cells at least one square of a placement must cover."""
    free = free_map(pos, player)
    if pos.used[player]:
        return corner_map(pos.cells[player]) & free
    return pos.start_bit[player] & free


def check(pos, player, move):
    """Why ``move`` is illegal for ``player`` in ``pos`` (host order), or None."""
    if move is None:
        return None if pos.used[player] else FIRST_PASS
    t = move[2]
    if (pos.used[player] >> t) & 1:
        return TILE_USED
    mask = placement_mask(move)
    if mask is None or mask & (pos.cells[0] | pos.cells[1]):
        return OCCUPIED
    own = pos.cells[player]
    if mask & edge_map(own):
        return EDGE
    if pos.used[player]:
        if not mask & corner_map(own):
            return NO_CORNER
    elif not mask & pos.start_bit[player]:
        return NO_START
    return None


def is_legal(pos, player, move):
    return check(pos, player, move) is None


def legal_top_lefts(shape, free, anchor):
    """The bitboard of the top-left cells where ``shape`` has every square on
    ``free`` and one on ``anchor``. A top-left bit b is set only if all
    squares land on free (hence board) cells: shapes span contiguous columns,
    so a shape reaching past column 14 puts a square on border column 15."""
    allowed = -1
    touch = 0
    for o in shape.offs:
        allowed &= free >> o
        touch |= anchor >> o
    return allowed & touch


def iter_legal_moves(pos, player):
    """Yield the legal placements of ``player`` in the documented order."""
    free = free_map(pos, player)
    if pos.used[player]:
        anchor = corner_map(pos.cells[player]) & free
    else:
        anchor = pos.start_bit[player] & free
    if not anchor:
        return
    used = pos.used[player]
    for t in range(N_TILES):
        if (used >> t) & 1:
            continue
        for sh in SHAPES[t]:
            legal = legal_top_lefts(sh, free, anchor)
            while legal:
                low = legal & -legal
                b = low.bit_length() - 1
                legal ^= low
                yield ((b & 15) - sh.dcol0, (b >> 4) - sh.drow0, t, sh.r)


def legal_moves(pos, player):
    """List of the legal placements of ``player`` (documented order)."""
    return list(iter_legal_moves(pos, player))


def first_legal_move(pos, player):
    """The first legal placement in generation order, or None."""
    for m in iter_legal_moves(pos, player):
        return m
    return None


def has_legal_move(pos, player):
    return first_legal_move(pos, player) is not None


def squares_left(pos, player):
    """Squares of the tiles ``player`` has not placed."""
    used = pos.used[player]
    return sum(TILE_SIZE[t] for t in range(N_TILES) if not (used >> t) & 1)


def score(pos, player):
    """Minus the unplaced squares; +15 for all 21, +20 if the last was 'a'."""
    s = -squares_left(pos, player)
    if pos.used[player] == ALL_TILES:
        s += 20 if pos.last[player] == 0 else 15
    return s


def game_over(pos):
    """Two passes in a row, or a player has placed all 21 tiles."""
    return (pos.passes >= 2 or pos.used[0] == ALL_TILES
            or pos.used[1] == ALL_TILES)


def random_play(pos, player, plies, rng):
    """Up to ``plies`` uniformly random legal moves on ``pos`` (in place),
    ``player`` first, taking turns; a side without a move passes; stops at
    the end of the game. Returns the side to move after them."""
    for _ in range(plies):
        if game_over(pos):
            break
        moves = legal_moves(pos, player)
        pos.apply(player, rng.choice(moves) if moves else None)
        player ^= 1
    return player


def render(pos, marks=("1", "2"), empty="."):
    """The board as 14 strings (row 1 first); ME drawn ``marks[0]``."""
    rows = []
    for y in range(1, SIZE + 1):
        s = ""
        for x in range(1, SIZE + 1):
            b = 1 << bit(x, y)
            if pos.cells[ME] & b:
                s += marks[0]
            elif pos.cells[OPP] & b:
                s += marks[1]
            else:
                s += empty
        rows.append(s)
    return rows

