"""Byte-level golden session of the Reversi player core: exactly what it sends.

A ``Session`` is the player core on its serial line (115200 8N1), one
received byte at a time; the RTL is compared against it byte for byte::

    s = Session(budget=None, name="FPGA Reversi", chooser=None, max_size=8)
    s.hello()             # the Connect the core sends at power-up / reset
    s.feed(data)          # bytes from the game master, split anywhere -> bytes sent
    s.framing_error()     # a received frame with stop bit 0 -> b""
    s.stall()             # the line idle STALL_BITS bit times -> b""

Protocol decisions (docs/protocol-reversi.md; the contract)
------------------------------------------------------------
* Power-up / reset (construction, ``reset()``): no colour, no position,
  not stopped, parser at a message start, counters 0. The first bytes the
  core sends are ``hello()``, a Connect with its name (a build parameter,
  1..32 printable ASCII bytes); ``reset()`` returns them too. Nothing
  else is ever sent unprompted.
* Framing is ``encoding.Reader``'s (by length; bad bytes dropped and
  counted in ``bad_bytes``; a framing error or a stall drops a partial
  message). Then, per complete message:
* Player OK (0x10, colour): ``colour`` becomes that colour, ``stopped``
  becomes False (a game master greeting the core means a game is on).
  No answer.
* OK / NOK (0x02): counted in ``oks`` / ``noks``; no answer. (The game
  master repeats its Next Turn after a NOK; the core simply answers it.)
* End (0x04): ``stopped`` becomes True, ``ends`` += 1, no answer. The seed
  says a player must then disconnect and stop: a stopped core answers no
  Next Turn (each counted in ``ignored``) until a Player OK or a reset.
* Next Turn (0x05, last X, last Y, width, height, board): while stopped,
  ignored (above). A size the core cannot play (a side odd, below 4 or
  above ``max_size``) is counted in ``unsupported``, no answer; a board
  byte holding the code 0b11 (or padding bits set) is counted in
  ``bad_boards``, no answer. Either way the position is unchanged.
  Otherwise the board becomes ``position``, with the side to move:
  ``colour`` if a Player OK set it; else the colour opposite to the disc
  on the last move's cell when that cell is on the board and occupied (it
  is the opponent's fresh disc); else Black (a game's first Next Turn goes
  to Black). The core answers New Move (0x03, X, Y) with the move of
  ``search.search(position, budget)`` (or ``chooser(position, budget)``), or
  0x03 0xFF 0xFF (a pass) when the side to move has no legal move;
  ``requests`` += 1. It never sends an illegal move for the board it was
  given. It does not apply its move: the next Next Turn brings the board.
* Connect, New Move, Status1, Status2, Control (messages for the game
  master or the controller) are framed and ignored: ``ignored`` += 1.
* ``framing_error()``: ``framing_errors`` += 1; drops a partial message.
  ``stall()``: drops a partial message (``stalls`` += 1 when there was one).
* Every complete message is acted on in the order received, and each
  answer is sent in that order: hardware that is still searching when
  bytes arrive must parse them at once and keep at least one complete Next
  Turn (and the Player OK / End / OK counts before it) for after its
  current answer. (A game master never sends a Next Turn before the answer
  to the last one, so this only matters for a misbehaving one.)

Public state: ``position`` (``board.Position`` of the last good Next Turn,
None before one), ``colour`` (None, BLACK, WHITE: from Player OK),
``stopped``, ``last_move`` (the last good Next Turn's last move, cell or
None), ``last_search``, ``budget``, ``name``, ``max_size``; counters
``bad_bytes``, ``framing_errors``, ``stalls``, ``ignored``,
``unsupported``, ``bad_boards``, ``oks``, ``noks``, ``ends``,
``requests`` (from reset; a new game does not clear them).
"""

from .board import Position
from .encoding import (BLACK, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, NO_MOVE,
                       OP_END, OP_NEXT_TURN, OP_OK, OP_PLAYER_OK, Reader, decode,
                       decode_board, encode_connect, encode_new_move, other,
                       size_ok, xy_move)
from .search import DEFAULT_BUDGET, check_budget, search

__all__ = ["Session", "DEFAULT_NAME", "MAX_NAME_BYTES"]

DEFAULT_NAME = "FPGA Reversi"
MAX_NAME_BYTES = 32


def check_name(name):
    """The name as bytes if it is 1..32 printable ASCII characters."""
    if isinstance(name, str):
        name = name.encode("latin-1", "replace")
    name = bytes(name)
    if not 1 <= len(name) <= MAX_NAME_BYTES or any(not 0x20 <= b <= 0x7E for b in name):
        raise ValueError("name must be 1..%d printable ASCII characters, not %r"
                         % (MAX_NAME_BYTES, name))
    return name


class Session(object):
    """The Reversi player core as seen on its serial line (module docstring)."""

    COUNTERS = ("bad_bytes", "framing_errors", "stalls", "ignored", "unsupported",
                "bad_boards", "oks", "noks", "ends", "requests")

    def __init__(self, budget=None, name=DEFAULT_NAME, chooser=None, max_size=DEFAULT_SIZE):
        self.budget = check_budget(DEFAULT_BUDGET if budget is None else budget)
        self.name = check_name(name)
        if max_size not in range(MIN_SIZE, MAX_SIZE + 1, 2):
            raise ValueError("max_size must be even in %d..%d, not %r"
                             % (MIN_SIZE, MAX_SIZE, max_size))
        self.max_size = max_size
        self.chooser = chooser
        self.reset()

    def reset(self):
        """Power-up state; returns the bytes the core then sends (hello())."""
        self._reader = Reader()
        self.position = None
        self.colour = None
        self.stopped = False
        self.last_move = None
        self.last_search = None
        for k in ("ignored", "unsupported", "bad_boards", "oks", "noks", "ends", "requests"):
            setattr(self, k, 0)
        return self.hello()

    def hello(self):
        """The Connect message the core sends after power-up or reset."""
        return encode_connect(self.name)

    # reader counters as attributes
    @property
    def bad_bytes(self):
        return self._reader.bad_bytes

    @property
    def framing_errors(self):
        return self._reader.framing_errors

    @property
    def stalls(self):
        return self._reader.stalls

    @property
    def in_message(self):
        """True while a message has started and is not complete."""
        return bool(self._reader.partial)

    def counters(self):
        return dict((k, getattr(self, k)) for k in self.COUNTERS)

    # -- line events ------------------------------------------------------------
    def feed(self, data):
        """Bytes from the game master (any, split anywhere) -> bytes sent."""
        if isinstance(data, str):
            raise TypeError("feed() takes bytes, not str")
        out = bytearray()
        for frame in self._reader.feed(data):
            out += self._message(frame)
        return bytes(out)

    def framing_error(self):
        """A frame with stop bit 0: counted, drops a partial message."""
        self._reader.framing_error()
        return b""

    def stall(self):
        """The line idle STALL_BITS bit times: drops a partial message."""
        self._reader.stall()
        return b""

    # -- messages -----------------------------------------------------------------
    def _message(self, frame):
        op = frame[0]
        if op == OP_PLAYER_OK:
            self.colour = frame[1]
            self.stopped = False
        elif op == OP_OK:
            if decode(frame).ok:
                self.oks += 1
            else:
                self.noks += 1
        elif op == OP_END:
            self.stopped = True
            self.ends += 1
        elif op == OP_NEXT_TURN:
            return self._next_turn(decode(frame))
        else:
            self.ignored += 1
        return b""

    def _next_turn(self, m):
        if self.stopped:
            self.ignored += 1
            return b""
        w, h = m.width, m.height
        if not size_ok(w, h, self.max_size):
            self.unsupported += 1
            return b""
        try:
            black, white = decode_board(m.board, w, h)
        except ValueError:
            self.bad_boards += 1
            return b""
        last = xy_move(m.last_x, m.last_y, w, h)
        colour = self.colour
        if colour is None:
            colour = BLACK
            if last is not None:
                if black >> last & 1:
                    colour = other(BLACK)
                elif white >> last & 1:
                    colour = BLACK
        pos = Position(w, h, black, white, colour)
        self.position = pos
        self.last_move = last
        if self.chooser is None:
            self.last_search = search(pos, self.budget)
            move = self.last_search.move
        else:
            move = self.chooser(pos, self.budget)
        if not pos.is_legal(move):
            raise ValueError("chooser returned %r, not a legal move of\n%s" % (move, pos.render()))
        self.requests += 1
        if move is None:
            return encode_new_move(NO_MOVE, NO_MOVE)
        return encode_new_move(move % w, move // w)

    def __repr__(self):
        return ("Session(budget=%d, name=%r, colour=%r, stopped=%r, %s)"
                % (self.budget, self.name, self.colour, self.stopped,
                   ", ".join("%s=%d" % kv for kv in self.counters().items())))
