"""Reversi (Othello) rules on integer bitboards, for any even board size.

Rules (docs/protocol-reversi.md): the game starts from the centre 2 x 2
(``Geometry.start``), Black moves first. A move puts a disc of the mover's
colour on an empty cell such that, in at least one of the 8 directions, a
straight unbroken run of one or more of the opponent's discs follows it and
ends at a disc of the mover's; every such run, in every direction, is
flipped. A player with no such move passes; the game is over when neither
player has a move (a full board included). The score is the number of
discs of each colour; the one with more wins, equal counts are a draw.

The module-level functions work on plain ints and a ``Geometry`` (the fast
path the search uses):

* ``legal(me, opp, g)``: the mask of my legal moves.
* ``flips(me, opp, c, g)``: the mask of the discs a move of mine on cell c
  flips (0 when c is not a legal move).

``Position`` is an immutable position with the side to move, colour-based
(``black``, ``white``, ``to_move``) with ``mine``/``theirs`` views; moves are
cell indices (``encoding``) and None is a pass.
"""

from .encoding import (BLACK, CELL_LETTERS, COLOUR_NAMES, EMPTY, WHITE,
                       cell_name, geometry, other)

__all__ = ["Position", "legal", "flips", "popcount", "start", "perft"]


def popcount(v):
    """Number of set bits of a non-negative int (int.bit_count is 3.10+)."""
    return bin(v).count("1")


def legal(me, opp, g):
    """Mask of the empty cells where the side with discs ``me`` may move."""
    empty = g.full & ~(me | opp)
    moves = 0
    for s, pre in g.shifts:
        if s > 0:
            t = ((me & pre) << s) & opp
            while True:
                u = t | (((t & pre) << s) & opp)
                if u == t:
                    break
                t = u
            moves |= ((t & pre) << s) & empty
        else:
            s = -s
            t = ((me & pre) >> s) & opp
            while True:
                u = t | (((t & pre) >> s) & opp)
                if u == t:
                    break
                t = u
            moves |= ((t & pre) >> s) & empty
    return moves


def flips(me, opp, c, g):
    """Mask of the opponent discs a move of ``me`` on cell c flips (0 when
    the move flips nothing, i.e. is illegal, or c is occupied)."""
    bit = 1 << c
    if (me | opp) & bit:
        return 0
    out = 0
    full = g.full
    for s, pre in g.shifts:
        f = 0
        if s > 0:
            x = ((bit & pre) << s) & full
            while x & opp:
                f |= x
                x = ((x & pre) << s) & full
        else:
            x = (bit & pre) >> -s
            while x & opp:
                f |= x
                x = (x & pre) >> -s
        if x & me:
            out |= f
    return out


def start(width=8, height=8):
    """The start position of a width x height board, Black to move."""
    g = geometry(width, height)
    black, white = g.start()
    return Position(width, height, black, white, BLACK)


class Position(object):
    """An immutable Reversi position: the board size, each colour's discs and
    the colour to move. Compares and hashes by all five."""

    __slots__ = ("width", "height", "black", "white", "to_move", "g")

    def __init__(self, width, height, black, white, to_move=BLACK):
        self.g = geometry(width, height)
        if to_move not in (BLACK, WHITE):
            raise ValueError("to_move must be BLACK or WHITE, not %r" % (to_move,))
        if black & white or (black | white) & ~self.g.full or black < 0 or white < 0:
            raise ValueError("discs must be disjoint bitboards on the board")
        self.width, self.height = width, height
        self.black, self.white, self.to_move = black, white, to_move

    @classmethod
    def from_sides(cls, width, height, mine, theirs, colour):
        """The position with ``colour`` to move holding ``mine``."""
        if colour == BLACK:
            return cls(width, height, mine, theirs, BLACK)
        return cls(width, height, theirs, mine, WHITE)

    # -- views ---------------------------------------------------------------
    @property
    def mine(self):
        return self.black if self.to_move == BLACK else self.white

    @property
    def theirs(self):
        return self.white if self.to_move == BLACK else self.black

    def discs(self, colour):
        return self.black if colour == BLACK else self.white

    def cell(self, c):
        """EMPTY, BLACK or WHITE."""
        return BLACK if self.black >> c & 1 else WHITE if self.white >> c & 1 else EMPTY

    @property
    def empties(self):
        return self.g.cells - popcount(self.black | self.white)

    # -- rules ----------------------------------------------------------------
    def legal_mask(self, colour=None):
        """Mask of the legal moves of ``colour`` (default: the side to move)."""
        colour = self.to_move if colour is None else colour
        me, opp = (self.black, self.white) if colour == BLACK else (self.white, self.black)
        return legal(me, opp, self.g)

    def legal_moves(self, colour=None):
        """Legal moves of ``colour`` (default: the side to move), ascending."""
        m = self.legal_mask(colour)
        return [c for c in range(self.g.cells) if m >> c & 1]

    def is_legal(self, move):
        """Is ``move`` (cell index or None = pass) legal for the side to move?
        A pass is legal only when the side to move has no legal move."""
        if move is None:
            return self.legal_mask() == 0
        if isinstance(move, bool) or not isinstance(move, int) or not 0 <= move < self.g.cells:
            return False
        return bool(self.legal_mask() >> move & 1)

    def flips(self, move):
        """Mask of the discs a move of the side to move on ``move`` flips."""
        return flips(self.mine, self.theirs, move, self.g)

    def play(self, move):
        """The position after the side to move plays ``move`` (None: pass);
        ValueError if it is illegal."""
        if not self.is_legal(move):
            raise ValueError("%s is not a legal move of %s in\n%s"
                             % (self.move_name(move), COLOUR_NAMES[self.to_move], self.render()))
        nxt = other(self.to_move)
        if move is None:
            return Position(self.width, self.height, self.black, self.white, nxt)
        f = flips(self.mine, self.theirs, move, self.g)
        mine = self.mine | f | (1 << move)
        theirs = self.theirs & ~f
        if self.to_move == BLACK:
            return Position(self.width, self.height, mine, theirs, nxt)
        return Position(self.width, self.height, theirs, mine, nxt)

    def must_pass(self):
        """The side to move has no move but the other has one."""
        return self.legal_mask() == 0 and self.legal_mask(other(self.to_move)) != 0

    def game_over(self):
        """Neither side has a legal move (a full board included)."""
        return self.legal_mask(BLACK) == 0 and self.legal_mask(WHITE) == 0

    def score(self):
        """(black discs, white discs)."""
        return popcount(self.black), popcount(self.white)

    def winner(self):
        """BLACK, WHITE or None (equal counts) by the disc counts."""
        b, w = self.score()
        return BLACK if b > w else WHITE if w > b else None

    def move_name(self, move):
        return "pass" if move is None else cell_name(move, self.width)

    def swapped(self):
        """The same discs with the other side to move."""
        return Position(self.width, self.height, self.black, self.white, other(self.to_move))

    # -- comparison and display ------------------------------------------------
    def key(self):
        return (self.width, self.height, self.black, self.white, self.to_move)

    def __eq__(self, other_):
        if not isinstance(other_, Position):
            return NotImplemented
        return self.key() == other_.key()

    def __ne__(self, other_):
        eq = self.__eq__(other_)
        return eq if eq is NotImplemented else not eq

    def __hash__(self):
        return hash(self.key())

    def __repr__(self):
        return ("Position(%d, %d, black=%#x, white=%#x, to_move=%s)"
                % (self.width, self.height, self.black, self.white,
                   COLOUR_NAMES[self.to_move]))

    def render(self):
        """The seed's ASCII board: a header of column letters, then one line a
        row numbered from 1, cells N (empty), B (black), W (white), fields
        separated by tabs."""
        lines = ["\t" + "\t".join(chr(ord("A") + x) for x in range(self.width))]
        for y in range(self.height):
            row = [CELL_LETTERS[self.cell(y * self.width + x)] for x in range(self.width)]
            lines.append("%d\t%s" % (y + 1, "\t".join(row)))
        return "\n".join(lines)


def perft(position, depth):
    """Number of move sequences of ``depth`` plies from ``position`` (a pass
    counts as a ply when the side to move has no move but the other has; a
    finished game counts 1 at any depth)."""
    if depth == 0:
        return 1
    g = position.g
    return _perft(position.mine, position.theirs, g, depth)


def _perft(me, opp, g, depth):
    moves = legal(me, opp, g)
    if not moves:
        if not legal(opp, me, g):
            return 1
        return 1 if depth == 1 else _perft(opp, me, g, depth - 1)
    if depth == 1:
        return popcount(moves)
    n = 0
    while moves:
        low = moves & -moves
        moves ^= low
        f = flips(me, opp, low.bit_length() - 1, g)
        n += _perft(opp & ~f, me | f | low, g, depth - 1)
    return n
