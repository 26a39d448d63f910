"""Byte-level golden session of the Score-4 core.

A ``Session`` is what the board does on its serial line, one received byte at
a time; the RTL is compared against it byte for byte::

    s = Session(budget=None, chooser=None)
    s.feed(b"0")          # -> b"R00"
    s.feed(b"A00")        # -> b"32" (the board's move, x then y)
    s.framing_error()     # a received frame whose stop bit was 0 -> b""
    s.stall()             # the line stayed idle a long time   -> b""

Protocol decisions (they refine ``score4.md`` and are the contract)
---------------------------------------------------------------------
* Power-up / reset (construction, ``reset()``): as after ``0`` but nothing is
  sent: empty board, ``seat`` None, outside a message, counters 0.
* Outside a message:
  ``0`` starts a new game (empty board, ``seat`` None) and answers ``R00``;
  ``A`` starts a message; any other byte (letters, ``1``..``9``, CR, LF, any
  byte 0x00..0xFF) is dropped: ``bad_bytes += 1``, no answer, position
  unchanged.
* Inside a message (after ``A``, 0 or 1 digit collected):
  a digit ``0``..``4`` is collected (``0`` here is a digit, not a new game;
  that is how ``A00`` reads); ``A`` restarts the message (the partial one is
  discarded and not counted as bad); any other byte drops the partial message
  (``bad_bytes += 1``) and the parser is outside a message again (so that
  byte is not re-read as ``0`` or ``A``: it can be neither).
* ``framing_error()``: ``framing_errors += 1``; a partial message is dropped
  (not counted in ``bad_bytes``); never answers. Several in a row act like one.
* ``stall()``: Score-4 has no stall rule, so it has NO effect: a partial
  message completes when its remaining bytes arrive. It exists so that
  testbenches call the same API on both games.
* A complete request ``Axy`` (x, y digits 0..4), ``requests += 1``:
  1. If ``seat`` is None (first request of the game) it becomes ``"first"``
     when ``xy`` is ``00`` and ``"second"`` otherwise (even if ``xy`` then
     turns out illegal).
  2. ``00``: the opponent passed, nothing applied. x and y both in 1..4 and
     the post not full: the opponent's bead is put on that post. Anything
     else (a full post, or exactly one digit 0 as in ``A03``/``A30``): illegal,
     not applied, ``illegal_moves += 1``.
  3. If every post is full the board answers ``00``. Otherwise it plays
     ``search.search(position, budget)`` (or a custom ``chooser(position,
     budget)`` given to the constructor): a post index,
     puts its bead there and answers the two ASCII digits x then y. A chooser
     returning None makes the board pass (``00``) with free posts; the default
     chooser never does. A chooser returning a full or invalid post is a bug:
     ValueError.
  The board keeps answering after a win (nothing tells it the game ended);
  with the default chooser it answers ``00`` only when every post is full.

Public state: ``position`` (``board.Position``, ``mine`` = the board's beads),
``seat`` (None, "first", "second"), ``budget``, and the int counters
``bad_bytes``, ``framing_errors``, ``illegal_moves``, ``requests``. Counters
count since construction / ``reset()``; a new game (``0``) does not clear
them.
"""

from .board import EMPTY, landing_cells
from .encoding import (DIGIT_ZERO_BYTE, NEW_GAME_BYTE, NEW_GAME_REPLY,
                       NUM_POSTS, PASS, POST_MASK, REQUEST_OPENER_BYTE, SIZE,
                       post_to_text)
from .search import DEFAULT_BUDGET, check_budget, search

__all__ = ["Session"]

_DIGIT_MIN = DIGIT_ZERO_BYTE          # '0'
_DIGIT_MAX = DIGIT_ZERO_BYTE + SIZE   # '4'


class Session(object):
    """The Score-4 board as seen on its serial line (see module docstring)."""

    def __init__(self, budget=None, chooser=None):
        if budget is None:
            budget = DEFAULT_BUDGET
        self.budget = check_budget(budget)
        self.chooser = chooser     # None: golden.score4.search (the core's search)
        self.reset()

    def reset(self):
        """Power-up state: empty board, seat None, no message, counters 0."""
        self.position = EMPTY
        self.seat = None
        self._msg = None          # None: outside a message; else digits so far
        self.bad_bytes = 0
        self.framing_errors = 0
        self.illegal_moves = 0
        self.requests = 0
        self.last_search = None   # SearchResult of the board's last move (default chooser)

    @property
    def in_message(self):
        """True after an ``A`` while the request is not complete."""
        return self._msg is not None

    # -- line events -------------------------------------------------------------
    def feed(self, data):
        """Feed received bytes (any, split anywhere); return the bytes the
        board sends in answer (b"" if none)."""
        if isinstance(data, str):
            raise TypeError("feed() takes bytes, not str")
        out = []
        for b in bytes(data):
            msg = self._msg
            if msg is None:
                if b == NEW_GAME_BYTE:
                    self.position = EMPTY
                    self.seat = None
                    out.append(NEW_GAME_REPLY)
                elif b == REQUEST_OPENER_BYTE:
                    self._msg = ()
                else:
                    self.bad_bytes += 1
            elif _DIGIT_MIN <= b <= _DIGIT_MAX:
                d = b - DIGIT_ZERO_BYTE
                if msg:
                    self._msg = None
                    out.append(self._request(msg[0], d))
                else:
                    self._msg = (d,)
            elif b == REQUEST_OPENER_BYTE:
                self._msg = ()
            else:
                self._msg = None
                self.bad_bytes += 1
        return b"".join(out)

    def framing_error(self):
        """One received frame with stop bit 0: counted, drops a partial
        message, never answers."""
        self.framing_errors += 1
        self._msg = None
        return b""

    def stall(self):
        """The line stayed idle a long time: no effect in Score-4."""
        return b""

    # -- requests ------------------------------------------------------------------
    def _request(self, x, y):
        self.requests += 1
        if self.seat is None:
            self.seat = "first" if (x == 0 and y == 0) else "second"
        pos = self.position
        if x == 0 and y == 0:
            pass                                   # the opponent passed
        elif x >= 1 and y >= 1:
            p = (x - 1) + SIZE * (y - 1)
            if landing_cells(pos.mine | pos.theirs) & POST_MASK[p]:
                pos = pos.play_theirs(p)
            else:
                self.illegal_moves += 1            # full post
        else:
            self.illegal_moves += 1                # A0y / Ax0
        self.position = pos
        if not landing_cells(pos.mine | pos.theirs):
            return PASS                            # every post full
        if self.chooser is None:
            self.last_search = search(pos, self.budget)
            move = self.last_search.move
        else:
            move = self.chooser(pos, self.budget)
        if move is None:
            return PASS
        if (isinstance(move, bool) or not isinstance(move, int)
                or not 0 <= move < NUM_POSTS or not pos.can_play(move)):
            raise ValueError("chooser returned %r, not a free post of %r"
                             % (move, pos))
        self.position = pos.play_mine(move)
        return post_to_text(move)

    def __repr__(self):
        return ("Session(budget=%d, seat=%r, position=%r, requests=%d, "
                "bad_bytes=%d, framing_errors=%d, illegal_moves=%d)"
                % (self.budget, self.seat, self.position, self.requests,
                   self.bad_bytes, self.framing_errors, self.illegal_moves))

