"""Score-4 rules on integer bitboards.

A position is two 64-bit bitboards seen from the board's (our core's) point of
view: ``mine`` (the beads the board played) and ``theirs`` (the opponent's),
numbered as in ``encoding``. Post heights are derived from the occupancy
``mine | theirs``; nothing else is stored, so a position is exactly its two
ints (the same two registers the RTL keeps; the hardware's 16 heights are a
function of them).

``Position`` is immutable by contract: no method changes it, ``play_mine``
and ``play_theirs`` return a new ``Position``, and callers must not assign to
``mine``/``theirs`` (not enforced, to keep construction cheap). Positions compare and hash by
``(mine, theirs)``.

The module-level functions work on plain ints and are what a fast search
should call:

* ``landing_cells(occupied)``: the mask of the cell where the next bead of
  every non-full post lands (one bit per non-full post), by gravity.
* ``drop_cell(occupied, p)``: that cell for post ``p``, or None if ``p`` is
  full.
* ``completes_line(beads, c)``: would a bead on cell ``c`` (added to
  ``beads``) make 4 in a line through ``c``? Only the lines through ``c``
  are looked at (``encoding.LINE_MASKS_THROUGH_CELL``).
* ``has_four(beads)``: do these beads hold all 4 cells of some line?

Gravity is assumed, never re-checked on the fast paths: a position made only
by ``play_*`` from the empty board always satisfies it; ``Position.check()``
verifies an arbitrary one.
"""

from .encoding import (BOTTOM_LEVEL, FULL_BOARD, LINE_MASKS_THROUGH_CELL,
                       LINES, NUM_POSTS, POST_MASK)

__all__ = ["Position", "EMPTY", "landing_cells", "drop_cell", "post_height",
           "completes_line", "has_four", "popcount"]


def popcount(v):
    """Number of set bits of a non-negative int (int.bit_count is 3.10+)."""
    return bin(v).count("1")


def landing_cells(occupied):
    """Mask of the landing cell of every non-full post.

    A cell is a landing cell when it is free and either on level 1 or above an
    occupied cell.
    """
    return ((occupied << 16) | BOTTOM_LEVEL) & ~occupied & FULL_BOARD


def drop_cell(occupied, p):
    """Cell where a bead put on post p lands, or None when p is full."""
    bit = landing_cells(occupied) & POST_MASK[p]
    if not bit:
        return None
    return bit.bit_length() - 1


def post_height(occupied, p):
    """Number of beads (0..4) on post p."""
    return popcount(occupied & POST_MASK[p])


def completes_line(beads, c):
    """True when beads plus a bead on cell c hold a whole line through c."""
    b = beads | (1 << c)
    for mask in LINE_MASKS_THROUGH_CELL[c]:
        if b & mask == mask:
            return True
    return False


def has_four(beads):
    """True when the bitboard holds all 4 cells of at least one line."""
    for mask in LINES:
        if beads & mask == mask:
            return True
    return False


class Position(object):
    """An immutable Score-4 position: ``mine`` and ``theirs`` bitboards."""

    __slots__ = ("mine", "theirs")

    def __init__(self, mine=0, theirs=0):
        self.mine = mine
        self.theirs = theirs

    # -- derived state ------------------------------------------------------
    @property
    def occupied(self):
        return self.mine | self.theirs

    def height(self, p):
        """Beads on post p (0..4)."""
        return post_height(self.mine | self.theirs, p)

    def heights(self):
        """Tuple of the 16 post heights, by post index."""
        occ = self.mine | self.theirs
        return tuple(post_height(occ, p) for p in range(NUM_POSTS))

    def landing_cells(self):
        return landing_cells(self.mine | self.theirs)

    def drop_cell(self, p):
        """Cell where a bead on post p would land, None if p is full."""
        return drop_cell(self.mine | self.theirs, p)

    def can_play(self, p):
        """True when p is a post index 0..15 that is not full."""
        return (isinstance(p, int) and 0 <= p < NUM_POSTS
                and bool(landing_cells(self.mine | self.theirs)
                         & POST_MASK[p]))

    def legal_posts(self):
        """Non-full posts, ascending post index."""
        land = landing_cells(self.mine | self.theirs)
        return [p for p in range(NUM_POSTS) if land & POST_MASK[p]]

    def is_full(self):
        """True when all 64 cells are occupied (no legal move)."""
        return (self.mine | self.theirs) == FULL_BOARD

    def mine_has_four(self):
        return has_four(self.mine)

    def theirs_has_four(self):
        return has_four(self.theirs)

    # -- moves (return new positions) ----------------------------------------
    def play_mine(self, p):
        """The position after the board puts a bead on post p."""
        c = self.drop_cell(p)
        if c is None:
            raise ValueError("post %r is full" % (p,))
        return Position(self.mine | (1 << c), self.theirs)

    def play_theirs(self, p):
        """The position after the opponent puts a bead on post p."""
        c = self.drop_cell(p)
        if c is None:
            raise ValueError("post %r is full" % (p,))
        return Position(self.mine, self.theirs | (1 << c))

    def swapped(self):
        """The same position seen from the other side."""
        return Position(self.theirs, self.mine)

    # -- checks and display ---------------------------------------------------
    def check(self):
        """Raise ValueError unless the two bitboards form a reachable-shaped
        position: 64-bit, disjoint, and no bead floating above a free cell."""
        m, t = self.mine, self.theirs
        if not (isinstance(m, int) and isinstance(t, int)):
            raise ValueError("bitboards must be ints")
        if m < 0 or t < 0 or m > FULL_BOARD or t > FULL_BOARD:
            raise ValueError("bitboards must be 64-bit non-negative ints")
        if m & t:
            raise ValueError("a cell holds two beads: %#x" % (m & t,))
        occ = m | t
        if (occ >> 16) & ~occ:
            raise ValueError("a bead floats above a free cell")
        return self

    def __eq__(self, other):
        if not isinstance(other, Position):
            return NotImplemented
        return self.mine == other.mine and self.theirs == other.theirs

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self):
        return hash((self.mine, self.theirs))

    def __repr__(self):
        return "Position(mine=%#018x, theirs=%#018x)" % (self.mine,
                                                          self.theirs)

    def render(self):
        """ASCII drawing: the 4 levels side by side, level 1 on the left,
        row y = 4 on top; 'X' mine, 'O' theirs, '.' free."""
        rows = []
        for y in range(4, 0, -1):
            parts = []
            for z in range(1, 5):
                s = ""
                for x in range(1, 5):
                    c = (x - 1) + 4 * (y - 1) + 16 * (z - 1)
                    if self.mine >> c & 1:
                        s += "X"
                    elif self.theirs >> c & 1:
                        s += "O"
                    else:
                        s += "."
                parts.append(s)
            rows.append("%d  %s" % (y, "   ".join(parts)))
        rows.append("   " + "   ".join(["1234"] * 4) + "   (x; levels 1..4)")
        return "\n".join(rows)


EMPTY = Position()
"""The empty board."""
