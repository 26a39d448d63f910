"""The Reversi game master's rules: which bytes it sends for every event.

The host game master (a TCP server with three ports: Black, White,
controller) is a thin layer over ``Referee``: it feeds each port's received
bytes to ``receive(port, data, now_ms)``, calls ``tick(now_ms)`` now and
then and ``disconnect(port, now_ms)`` when a connection closes, and writes
every returned ``(port, bytes)`` pair to its port (dropping those for a port
with no connection). Time is always passed in, in milliseconds, so the
referee is deterministic and testable.

Rules (docs/protocol-reversi.md, "The game master"; the contract)
--------------------------------------------------------------------
* Ports: ``BLACK_PORT`` (the Black player), ``WHITE_PORT``, ``CONTROLLER``.
  Each port's bytes are framed by ``encoding.Reader``; bytes it drops (no
  message starts with them, or they break one) are counted in its
  ``bad_bytes``. Messages that are not for that port (anything but Connect
  and New Move from a player, anything but Connect and Control from the
  controller) are ignored and counted in ``ignored[port]``.
* Connect on a player port: the player is *connected*, the answer is Player
  OK with the port's colour. The name it carries is the player's name
  (``names``, shown in Status2) only while no game is on: during a game and
  after its end until the next restart, the name stays the one the game
  started with (a second Connect, e.g. a reset player, does not rename it;
  rules 1: it did). If a game waits for its players and both are connected,
  it starts. If the game is on and a Next Turn is out for this player, it
  is sent again (a player that was reset gets its question back; its clock
  keeps running).
* A game starts from the start position of the current size, Black to
  move: the controller gets Status1 and Status2, then Black is *asked*.
* Asking player P: in continuous mode the Next Turn goes out at once (last
  move: the opponent's move just played, or 0xFF 0xFF when there is none:
  the game's first move, or the opponent passed) and P's clock starts; in
  step-by-step mode it is *held* until the controller's next step.
* New Move from P: if P is not connected it is ignored (counted). If no
  Next Turn is out for P (not its turn, held, no game) the answer is NOK
  and nothing else happens. If P's clock shows more than the time limit
  (``time_limit_ms``; 0: none) the answer is NOK and P loses on time (a
  host that calls ``tick`` often ends the game at the limit, before a late
  move can arrive; this NOK is for a move stamped late before any tick).
  (0xFF, 0xFF) is a pass, legal only when P has no legal move; any other
  pair must be a legal move. Illegal: NOK, ``illegal[P]`` += 1; the
  ``max_illegal``-th illegal move of a game loses it (reason
  ``"illegal"``), else the same Next Turn is sent again and the clock runs
  on. Legal: OK, P's timer becomes the time it took (ms since the first
  Next Turn of this turn), the move is applied, the controller gets Status1
  (last move: this move) and Status2; then the opponent is asked if it has
  a legal move, else P again (the opponent passes, and P's Next Turn has
  last move 0xFF 0xFF), else the game is over (reason ``"end"``).
* Game over: ``result`` = Result(winner, reason, black discs, white discs)
  (winner None on a draw or a restart); the controller gets Status1 and
  Status2, then End goes to Black, White and the controller. Both players
  are then not connected: after End a player disconnects (the seed), and
  the next game needs a new Connect from each. On a loss on time the
  loser's timer is the time its turn had run when the game ended (just
  over the limit).
* ``tick(now)``: a player whose Next Turn has been out more than the time
  limit loses on time (reason ``"time"``).
* ``disconnect(port)`` of a player: not connected; during a game that
  player loses (reason ``"disconnect"``).
* Control from the controller: valid when the new size is (0, 0) or a game
  size (both sides even in 4..16), the mode 0x00 or 0x01 and restart 0x00
  or 0x01; an invalid Control is answered NOK and changes nothing. A valid
  one is answered OK; a new size becomes the pending size (used from the
  next restart on); the mode is set. Then with restart 0x01: a game in
  progress ends (reason ``"restart"``, End to all), the next game is set up
  at the pending size (the controller gets Status1 and Status2 of its start
  position) and starts when both players are connected. With restart
  0x00: a held Next Turn is sent (one step in step mode; continuous mode
  resumes).
* Status2 points are the disc counts (saturating at 255), timers each
  player's time for its last move in ms (saturating at 65,535), names the
  game's (above). A new game (a restart) starts with the names of the
  players connected for it and an empty name for a port nobody has
  connected to since the last End (rules 1: the old names stayed); a
  player that disconnects before a game starts leaves an empty name.
* ``notices``: what the referee decided and why, for the host's log and
  transcript (no bytes depend on it): a ``Notice(kind, port, code, text)``
  for every NOK (kind ``"nok"``; code one of ``NOK_CODES``; text e.g.
  ``"D4 is occupied (illegal move 1 of 3)"``), every message ignored
  (``"ignored"``; code the message's name), bytes the framing dropped
  (``"bad_bytes"``; code the number) and a Connect that did not rename a
  player (``"name_kept"``).
* ``rules``: ``RULES`` (2) by default; 1 is the game master before the names
  were fixed for a game (a Connect renamed a player at once, and a restart
  kept the old names), kept so that old transcripts replay byte for byte.
"""

from collections import namedtuple

from .board import start
from .encoding import (BLACK, MAX_ILLEGAL, MAX_SIZE, MIN_SIZE, MODE_CONTINUOUS, MODE_STEP,
                       NO_MOVE, NO_RESTART, OP_CONNECT, OP_CONTROL, OP_NAMES, OP_NEW_MOVE,
                       RESTART, TIME_LIMIT_MS, TIMER_MAX, WHITE, Reader, cell_name,
                       check_size, decode, encode_end, encode_next_turn, encode_ok,
                       encode_player_ok, encode_status1, encode_status2, name_text, other,
                       size_ok)

__all__ = ["Referee", "Result", "Notice", "BLACK_PORT", "WHITE_PORT", "CONTROLLER", "PORTS",
           "WAITING", "PLAYING", "OVER", "REASONS", "NOK_CODES", "MESSAGE_NAMES", "RULES"]

BLACK_PORT, WHITE_PORT, CONTROLLER = "black", "white", "controller"
PORTS = (BLACK_PORT, WHITE_PORT, CONTROLLER)
PORT_OF = {BLACK: BLACK_PORT, WHITE: WHITE_PORT}
COLOUR_OF = {BLACK_PORT: BLACK, WHITE_PORT: WHITE}
WAITING, PLAYING, OVER = "waiting", "playing", "over"
REASONS = ("end", "illegal", "time", "disconnect", "restart")
RULES = 2                       # the game master's rules version (module docstring)
# why a NOK: the first four are illegal moves (they count towards max_illegal)
NOK_CODES = ("off_board", "occupied", "flips_nothing", "pass_with_move",
             "not_its_turn", "held", "no_game", "late", "bad_control")
MESSAGE_NAMES = {"connect": "Connect", "ok": "OK/NOK", "new_move": "New Move", "end": "End",
                 "next_turn": "Next Turn", "status1": "Status1", "status2": "Status2",
                 "control": "Control", "player_ok": "Player OK"}

Notice = namedtuple("Notice", "kind port code text")
Notice.__doc__ = """What the referee decided and why (module docstring, ``notices``)."""

Result = namedtuple("Result", "winner reason black white")
Result.__doc__ = """How a game ended: winner (BLACK, WHITE or None: a draw or
a restart), reason (one of REASONS), the disc counts."""


class Referee(object):
    """The game master's rules (module docstring)."""

    def __init__(self, width=8, height=8, time_limit_ms=TIME_LIMIT_MS,
                 mode=MODE_CONTINUOUS, max_illegal=MAX_ILLEGAL, rules=RULES):
        check_size(width, height)
        if rules not in (1, 2):
            raise ValueError("rules must be 1 or 2, not %r" % (rules,))
        if mode not in (MODE_CONTINUOUS, MODE_STEP):
            raise ValueError("mode must be MODE_CONTINUOUS or MODE_STEP")
        if not (isinstance(max_illegal, int) and max_illegal >= 1):
            raise ValueError("max_illegal must be an int >= 1")
        self.time_limit_ms = time_limit_ms
        self.max_illegal = max_illegal
        self.rules = rules
        self.mode = mode
        self.size = self.pending_size = (width, height)
        self.readers = dict((p, Reader()) for p in PORTS)
        self.ignored = dict((p, 0) for p in PORTS)
        self.names = {BLACK: b"", WHITE: b""}         # the game's (Status2)
        self.connect_names = {BLACK: b"", WHITE: b""}  # each port's latest Connect
        self.connected = {BLACK: False, WHITE: False}
        self.games = 0
        self.history = []               # results of finished games
        self.notices = []               # Notice of every NOK, drop, kept name
        self._setup()

    # -- state -------------------------------------------------------------------
    def _setup(self):
        """A new game at the current size, waiting for its players."""
        self.position = start(*self.size)
        self.state = WAITING
        if self.rules >= 2:
            self.names = dict((c, self.connect_names[c] if self.connected[c] else b"")
                              for c in (BLACK, WHITE))
        self.result = None
        self.last_move = None           # the last move applied (Status1)
        self.turn = None                # the colour asked (Next Turn out or held)
        self.held = False
        self.ask_last = None            # the last move its Next Turn shows
        self.turn_started = None        # ms when the first Next Turn of the turn went out
        self.times = {BLACK: 0, WHITE: 0}
        self.illegal = {BLACK: 0, WHITE: 0}
        self.moves = []                 # (colour, move) applied, passes included

    def status(self):
        """Status1 and Status2 for the controller."""
        p = self.position
        b, w = p.score()
        return [(CONTROLLER, encode_status1(self.last_move, p.black, p.white, p.width, p.height)),
                (CONTROLLER, encode_status2((b, self.times[BLACK], self.names[BLACK]),
                                            (w, self.times[WHITE], self.names[WHITE])))]

    def next_turn_bytes(self):
        """The Next Turn for the player asked now."""
        p = self.position
        return encode_next_turn(self.ask_last, p.black, p.white, p.width, p.height)

    # -- events ------------------------------------------------------------------
    def receive(self, port, data, now):
        """Bytes received on ``port`` at time ``now`` (ms) -> [(port, bytes)]."""
        out = []
        reader = self.readers[port]
        bad = reader.bad_bytes
        frames = reader.feed(data)
        if reader.bad_bytes > bad:
            n = reader.bad_bytes - bad
            self.notices.append(Notice("bad_bytes", port, n, "%d byte%s that start%s no message "
                                       "or break one" % (n, "" if n == 1 else "s",
                                                         "s" if n == 1 else "")))
        for frame in frames:
            m = decode(frame)
            op = frame[0]
            if port == CONTROLLER:
                if op == OP_CONTROL:
                    out += self.control(m.width, m.height, m.mode, m.restart, now)
                elif op == OP_CONNECT:
                    out += self.status()
                else:
                    self._ignore(port, op, "the controller sends only Connect and Control")
            elif op == OP_CONNECT:
                out += self.connect(COLOUR_OF[port], m.name, now)
            elif op == OP_NEW_MOVE:
                out += self.move(COLOUR_OF[port], m.x, m.y, now)
            else:
                self._ignore(port, op, "a player sends only Connect and New Move")
        return out

    def _ignore(self, port, op, why):
        self.ignored[port] += 1
        name = OP_NAMES[op]
        self.notices.append(Notice("ignored", port, name, "%s: %s" % (MESSAGE_NAMES[name], why)))

    def _nok(self, port, code, text):
        self.notices.append(Notice("nok", port, code, text))
        return [(port, encode_ok(False))]

    def stall(self, port):
        """A partial message on ``port`` went stale: dropped."""
        self.readers[port].stall()
        return []

    def connect(self, colour, name, now):
        """A Connect from the player of ``colour``."""
        name = bytes(name)
        self.connect_names[colour] = name
        if self.rules < 2 or self.state == WAITING:
            self.names[colour] = name
        elif self.state == PLAYING and name != self.names[colour]:
            self.notices.append(Notice(
                "name_kept", PORT_OF[colour], "name_kept",
                "a Connect as '%s' during the game: the name stays '%s'"
                % (name_text(name), name_text(self.names[colour]))))
        self.connected[colour] = True
        out = [(PORT_OF[colour], encode_player_ok(colour))]
        if self.state == WAITING and all(self.connected.values()):
            out += self._start(now)
        elif self.state == PLAYING and self.turn == colour and not self.held:
            out.append((PORT_OF[colour], self.next_turn_bytes()))
        return out

    def move(self, colour, x, y, now):
        """A New Move (x, y) from the player of ``colour``."""
        port = PORT_OF[colour]
        if not self.connected[colour]:
            self.ignored[port] += 1
            self.notices.append(Notice("ignored", port, "new_move", "New Move: the player is "
                                       "not connected (no Connect since the last End)"))
            return []
        if self.state != PLAYING:
            return self._nok(port, "no_game", "no game in progress")
        if self.turn != colour:
            return self._nok(port, "not_its_turn", "not its turn")
        if self.held:
            return self._nok(port, "held", "its Next Turn is held (step by step mode)")
        elapsed = now - self.turn_started
        if self.time_limit_ms and elapsed > self.time_limit_ms:
            self.times[colour] = min(elapsed, TIMER_MAX)
            return self._nok(port, "late", "too late: %d ms, the limit is %d ms"
                             % (elapsed, self.time_limit_ms)) + self._over(other(colour), "time")
        pos = self.position
        code = None
        if (x, y) == (NO_MOVE, NO_MOVE):
            move = None
            if not pos.is_legal(None):
                code, why = "pass_with_move", "a pass with a legal move in hand"
        elif 0 <= x < pos.width and 0 <= y < pos.height:
            move = y * pos.width + x
            if (pos.black | pos.white) >> move & 1:
                code, why = "occupied", "%s is occupied" % cell_name(move, pos.width)
            elif not pos.is_legal(move):
                code, why = "flips_nothing", "%s flips nothing" % cell_name(move, pos.width)
        else:
            code, why = "off_board", "(%d, %d) is off the %dx%d board" % (x, y, pos.width,
                                                                         pos.height)
        if code is not None:
            self.illegal[colour] += 1
            out = self._nok(port, code, "%s (illegal move %d of %d)"
                            % (why, self.illegal[colour], self.max_illegal))
            if self.illegal[colour] >= self.max_illegal:
                return out + self._over(other(colour), "illegal")
            return out + [(port, self.next_turn_bytes())]
        self.times[colour] = min(elapsed, TIMER_MAX)
        self.position = pos.play(move)
        self.moves.append((colour, move))
        if move is not None:
            self.last_move = move
        out = [(port, encode_ok(True))] + self.status()
        opp = other(colour)
        if self.position.legal_mask():
            return out + self._ask(opp, move, now)
        if self.position.legal_mask(colour):
            self.position = self.position.play(None)
            self.moves.append((opp, None))
            return out + self._ask(colour, None, now)
        return out + self._over(self.position.winner(), "end", statuses=False)

    def control(self, width, height, mode, restart, now):
        """A Control message from the controller."""
        valid = (((width, height) == (0, 0) or size_ok(width, height))
                 and mode in (MODE_CONTINUOUS, MODE_STEP) and restart in (NO_RESTART, RESTART))
        if not valid:
            why = []
            if not ((width, height) == (0, 0) or size_ok(width, height)):
                why.append("size %dx%d is not 0x0 (no change) nor a game size (both even, "
                           "%d..%d)" % (width, height, MIN_SIZE, MAX_SIZE))
            if mode not in (MODE_CONTINUOUS, MODE_STEP):
                why.append("mode %#04x is not 0x00 or 0x01" % mode)
            if restart not in (NO_RESTART, RESTART):
                why.append("restart %#04x is not 0x00 or 0x01" % restart)
            return self._nok(CONTROLLER, "bad_control", "; ".join(why))
        out = [(CONTROLLER, encode_ok(True))]
        if (width, height) != (0, 0):
            self.pending_size = (width, height)
        self.mode = mode
        if restart == RESTART:
            return out + self.restart(now)
        if self.held:
            out += self._release(now)
        return out

    def restart(self, now):
        """End any game in progress; set the next one up at the pending size."""
        out = []
        if self.state == PLAYING:
            out += self._over(None, "restart")
        self.size = self.pending_size
        self._setup()
        out += self.status()
        if all(self.connected.values()):
            out += self._start(now)
        return out

    def tick(self, now):
        """Time passes: a player past its time limit loses."""
        if (self.state == PLAYING and self.turn_started is not None and self.time_limit_ms
                and now - self.turn_started > self.time_limit_ms):
            self.times[self.turn] = min(now - self.turn_started, TIMER_MAX)
            return self._over(other(self.turn), "time")
        return []

    def disconnect(self, port, now):
        """The connection of ``port`` closed."""
        if port == CONTROLLER:
            return []
        colour = COLOUR_OF[port]
        was = self.connected[colour]
        self.connected[colour] = False
        if self.rules >= 2 and self.state == WAITING:
            self.names[colour] = b""
        if was and self.state == PLAYING:
            return self._over(other(colour), "disconnect")
        return []

    # -- internals ------------------------------------------------------------------
    def _start(self, now):
        self.state = PLAYING
        self.games += 1
        return self.status() + self._ask(BLACK, None, now)

    def _ask(self, colour, last, now):
        self.turn = colour
        self.ask_last = last
        self.turn_started = None
        if self.mode == MODE_STEP:
            self.held = True
            return []
        return self._release(now)

    def _release(self, now):
        self.held = False
        self.turn_started = now
        return [(PORT_OF[self.turn], self.next_turn_bytes())]

    def _over(self, winner, reason, statuses=True):
        b, w = self.position.score()
        self.result = Result(winner, reason, b, w)
        self.history.append(self.result)
        self.state = OVER
        self.turn = None
        self.held = False
        self.turn_started = None
        self.connected = {BLACK: False, WHITE: False}
        end = encode_end()
        out = self.status() if statuses else []
        return out + [(BLACK_PORT, end), (WHITE_PORT, end), (CONTROLLER, end)]

    def __repr__(self):
        return ("Referee(size=%dx%d, state=%s, turn=%r, mode=%d, result=%r)"
                % (self.size[0], self.size[1], self.state, self.turn, self.mode, self.result))
