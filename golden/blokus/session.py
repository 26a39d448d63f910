"""Byte-level session of the Blokus Duo core: exactly what the board sends.

    s = Session(budget=None, team="01", chooser=None, engine="alphabeta")
    s.feed(data)        # bytes from the host, split anywhere -> bytes sent
    s.framing_error()   # one received frame with stop bit 0 -> b""
    s.stall()           # line idle past the stall limit -> b""

Protocol decisions (refining the contest rules as docs/protocol-blokus.md restates them, implemented exactly):

* Power-up is as after ``0`` but nothing is sent: no game (``seat`` None),
  empty board, parser at a message start.
* Messages are parsed by length.  At a message start:
  ``0`` new match: forget the game, ``seat`` None, empty board, answer
  b"1" + team.  ``9`` game over: no answer, no state change.
  ``2`` + seat: a fresh game from the empty board with that seat ('5' or
  'A', case sensitive); the board moves first and answers its move.
  ``3`` + seat + code: a fresh game with that seat; the code is the
  opponent's first move (its start cell is the other one); the board answers.
  ``4`` + code: the opponent's last move; the board answers.
  Any other byte at a message start is a bad byte (dropped, counted).
* Move code characters by position: X and Y in '0'..'9','a'..'e'; t in
  'a'..'u', or '0' only when X and Y were both '0'; r in '0'..'7', and only
  '0' when t was '0'.  So ``0000`` is the only pass, and e.g. ``00a0`` is
  well formed but illegal (off the board).
* A byte that cannot stand at its position (CR and LF never can) drops the
  partial message: ``bad_bytes`` += 1, back to a message start; the byte is
  NOT reinterpreted as an opcode.  A dropped message never changes the state.
* ``framing_error()``: ``framing_errors`` += 1 (every call) and any partial
  message is dropped as by a bad byte; several in a row act as one.
* ``stall()``: a non-empty partial message is dropped (``stalls`` += 1);
  otherwise nothing happens.
* ``4`` + code while no game is set up (``seat`` None: no ``2``/``3`` since
  power-up or the last ``0``): ``illegal_moves`` += 1, no answer, no change.
* The opponent's move: ``0000`` is a pass (applied; but as the opponent's
  first move it is illegal: ``illegal_moves`` += 1, nothing applied).  Any
  other code is checked with the host's checks; if illegal it is not applied
  and ``illegal_moves`` += 1.  Either way the board then answers from the
  position it holds: ``chooser(copy of position, budget)`` gives its move,
  which is applied to its own side and sent as the 4-character code with the
  lowest orientation digit for that shape; b"0000" (a pass, applied) only
  when it has no legal move.  ``requests`` += 1 per answered move request.
  The move comes from ``search.search`` (``last_search`` keeps its
  SearchResult) unless a ``chooser`` was given; with ``engine="mcts"``
  from ``mcts.search`` (the Monte-Carlo search the core is moving to,
  ``last_search`` its MctsResult), the budget in clock cycles, given the
  squares of the opponent's last move applied in this game (``last_opp``:
  0 at a game's start, after its pass, and after an illegal move, which is
  not applied).
  The board never passes on its first move (it always has one).
* Game end (two passes in a row, all 21 placed) changes nothing here: the
  board keeps answering requests from the position it holds.

Counters (ints, from 0; never reset, not even by ``0``): ``bad_bytes``,
``framing_errors``, ``stalls``, ``illegal_moves``, ``requests``.
"""

from . import mcts
from .board import ME, OPP, Position, check, first_legal_move
from .encoding import (ANSWER_TEAM, OP_END, OP_FIRST, OP_MATCH, OP_MOVE,
                       OP_SECOND, SEAT_BYTES, canonical_move, code_byte_ok,
                       decode_move, encode_move, placement_mask)
from .search import DEFAULT_BUDGET, check_budget, search

ENGINES = ("alphabeta", "mcts")
"""The searches a session answers with: ``search.search`` (the core's today,
budget in nodes) or ``mcts.search`` (the Monte-Carlo search, budget in clock
cycles)."""

_TEAM_CHARS = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                        "abcdefghijklmnopqrstuvwxyz")

# Message length by opcode (opcode included).
_LENGTH = {OP_FIRST: 2, OP_SECOND: 6, OP_MOVE: 5}


class Session(object):
    """The golden Blokus Duo board as a byte stream (see module doc)."""

    def __init__(self, budget=None, team="01", chooser=None, engine="alphabeta"):
        if engine not in ENGINES:
            raise ValueError("engine must be one of %s, not %r" % (", ".join(ENGINES), engine))
        self.engine = engine
        if engine == "mcts":
            self.budget = mcts.check_budget(mcts.DEFAULT_BUDGET if budget is None else budget)
        else:
            self.budget = check_budget(DEFAULT_BUDGET if budget is None else budget)
        self.last_opp = 0            # the squares of the opponent's last move applied
        if not isinstance(team, str) or len(team) != 2 \
                or any(c not in _TEAM_CHARS for c in team):
            raise ValueError("team must be exactly two characters from "
                             "[0-9A-Za-z], not %r" % (team,))
        self.team = team
        self._hello = ANSWER_TEAM + team.encode("ascii")
        self.chooser = chooser
        self.last_search = None      # SearchResult of the last answer (search)
        self.bad_bytes = 0
        self.framing_errors = 0
        self.stalls = 0
        self.illegal_moves = 0
        self.requests = 0
        self.seat = None
        self.position = Position("5")
        self._msg = bytearray()

    @property
    def in_message(self):
        """True while a message has started and is not complete."""
        return bool(self._msg)

    # -- line events ------------------------------------------------------
    def feed(self, data):
        """Bytes from the host -> the bytes the board sends in answer."""
        out = bytearray()
        msg = self._msg
        for b in bytes(data):
            if not msg:
                if b == OP_MATCH:
                    self._new_match()
                    out += self._hello
                elif b == OP_END:
                    pass
                elif b in _LENGTH:
                    msg.append(b)
                else:
                    self.bad_bytes += 1
                continue
            op = msg[0]
            n = len(msg)
            if op == OP_MOVE or n >= 2:
                ok = code_byte_ok(msg[2 if op == OP_SECOND else 1:], b)
            else:                       # seat byte of '2' / '3'
                ok = b in SEAT_BYTES
            if not ok:
                self.bad_bytes += 1
                del msg[:]
                continue
            msg.append(b)
            if len(msg) == _LENGTH[op]:
                m = bytes(msg)
                del msg[:]
                out += self._message(m)
        return bytes(out)

    def framing_error(self):
        """A frame with stop bit 0: drops a partial message; sends nothing."""
        self.framing_errors += 1
        del self._msg[:]
        return b""

    def stall(self):
        """The line stayed idle past the stall limit; sends nothing."""
        if self._msg:
            self.stalls += 1
            del self._msg[:]
        return b""

    # -- messages ---------------------------------------------------------
    def _new_match(self):
        self.seat = None
        self.position = Position("5")

    def _message(self, m):
        op = m[0]
        if op == OP_FIRST:
            self._new_game(chr(m[1]))
            return self._answer()
        if op == OP_SECOND:
            self._new_game(chr(m[1]))
            self._opponent(decode_move(m[2:6]))
            return self._answer()
        # OP_MOVE
        if self.seat is None:
            self.illegal_moves += 1
            return b""
        self._opponent(decode_move(m[1:5]))
        return self._answer()

    def _new_game(self, seat):
        self.seat = seat
        self.position = Position(seat)
        self.last_opp = 0

    def _opponent(self, move):
        pos = self.position
        self.last_opp = 0
        if check(pos, OPP, move) is not None:
            self.illegal_moves += 1
            return
        pos.apply(OPP, move)
        if move is not None:
            self.last_opp = placement_mask(move)

    def _answer(self):
        pos = self.position
        if self.chooser is None and self.engine == "mcts":
            self.last_search = mcts.search(pos.copy(), self.budget, self.last_opp)
            move = self.last_search.move
        elif self.chooser is None:
            self.last_search = search(pos.copy(), self.budget)
            move = self.last_search.move
        else:
            move = self.chooser(pos.copy(), self.budget)
        if move is None:
            if first_legal_move(pos, ME) is not None:
                raise RuntimeError("chooser passed although the board has "
                                   "a legal move")
        else:
            why = check(pos, ME, move)
            if why is not None:
                raise RuntimeError("chooser returned an illegal move %r: %s"
                                   % (move, why))
            move = canonical_move(move)
        pos.apply(ME, move)
        self.requests += 1
        return encode_move(move)
