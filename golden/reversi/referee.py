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
  Each port's bytes are framed by ``encoding.Reader``. Messages that are
  not for that port (anything but Connect and New Move from a player,
  anything but Connect and Control from the controller) are ignored and
  counted in ``ignored[port]``.
* Connect on a player port: the name is kept, the player is *connected*,
  the answer is Player OK with the port's colour. If a game waits for its
  players and both are connected, it starts. If the game is on and a Next
  Turn is out for this player, it is sent again (a player that was reset
  gets its question back; its clock keeps running).
* A game starts from the start position of the current size, Black to
  move: the controller gets Status1 and Status2, then Black is *asked*.
* Asking player P: in continuous mode the Next Turn goes out at once (last
  move: the opponent's move just played, or 0xFF 0xFF when there is none:
  the game's first move, or the opponent passed) and P's clock starts; in
  step-by-step mode it is *held* until the controller's next step.
* New Move from P: if P is not connected it is ignored (counted). If no
  Next Turn is out for P (not its turn, held, no game) the answer is NOK
  and nothing else happens. If P's clock shows more than the time limit
  (``time_limit_ms``; 0: none) the answer is NOK and P loses on time.
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
  the next game needs a new Connect from each.
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
  player's time for its last move in ms (saturating at 65,535), names as
  each player's Connect gave them.
"""

from collections import namedtuple

from .board import start
from .encoding import (BLACK, MAX_ILLEGAL, MODE_CONTINUOUS, MODE_STEP, NO_MOVE,
                       NO_RESTART, OP_CONNECT, OP_CONTROL, OP_NEW_MOVE, RESTART,
                       TIME_LIMIT_MS, TIMER_MAX, WHITE, Reader, check_size, decode,
                       encode_end, encode_next_turn, encode_ok, encode_player_ok,
                       encode_status1, encode_status2, other, size_ok)

__all__ = ["Referee", "Result", "BLACK_PORT", "WHITE_PORT", "CONTROLLER", "PORTS",
           "WAITING", "PLAYING", "OVER", "REASONS"]

BLACK_PORT, WHITE_PORT, CONTROLLER = "black", "white", "controller"
PORTS = (BLACK_PORT, WHITE_PORT, CONTROLLER)
PORT_OF = {BLACK: BLACK_PORT, WHITE: WHITE_PORT}
COLOUR_OF = {BLACK_PORT: BLACK, WHITE_PORT: WHITE}
WAITING, PLAYING, OVER = "waiting", "playing", "over"
REASONS = ("end", "illegal", "time", "disconnect", "restart")

Result = namedtuple("Result", "winner reason black white")
Result.__doc__ = """How a game ended: winner (BLACK, WHITE or None: a draw or
a restart), reason (one of REASONS), the disc counts."""


class Referee(object):
    """The game master's rules (module docstring)."""

    def __init__(self, width=8, height=8, time_limit_ms=TIME_LIMIT_MS,
                 mode=MODE_CONTINUOUS, max_illegal=MAX_ILLEGAL):
        check_size(width, height)
        if mode not in (MODE_CONTINUOUS, MODE_STEP):
            raise ValueError("mode must be MODE_CONTINUOUS or MODE_STEP")
        if not (isinstance(max_illegal, int) and max_illegal >= 1):
            raise ValueError("max_illegal must be an int >= 1")
        self.time_limit_ms = time_limit_ms
        self.max_illegal = max_illegal
        self.mode = mode
        self.size = self.pending_size = (width, height)
        self.readers = dict((p, Reader()) for p in PORTS)
        self.ignored = dict((p, 0) for p in PORTS)
        self.names = {BLACK: b"", WHITE: b""}
        self.connected = {BLACK: False, WHITE: False}
        self.games = 0
        self.history = []               # results of finished games
        self._setup()

    # -- state -------------------------------------------------------------------
    def _setup(self):
        """A new game at the current size, waiting for its players."""
        self.position = start(*self.size)
        self.state = WAITING
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
        for frame in self.readers[port].feed(data):
            m = decode(frame)
            op = frame[0]
            if port == CONTROLLER:
                if op == OP_CONTROL:
                    out += self.control(m.width, m.height, m.mode, m.restart, now)
                elif op == OP_CONNECT:
                    out += self.status()
                else:
                    self.ignored[port] += 1
            elif op == OP_CONNECT:
                out += self.connect(COLOUR_OF[port], m.name, now)
            elif op == OP_NEW_MOVE:
                out += self.move(COLOUR_OF[port], m.x, m.y, now)
            else:
                self.ignored[port] += 1
        return out

    def stall(self, port):
        """A partial message on ``port`` went stale: dropped."""
        self.readers[port].stall()
        return []

    def connect(self, colour, name, now):
        """A Connect from the player of ``colour``."""
        self.names[colour] = bytes(name)
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
            return []
        if self.state != PLAYING or self.turn != colour or self.held:
            return [(port, encode_ok(False))]
        elapsed = now - self.turn_started
        if self.time_limit_ms and elapsed > self.time_limit_ms:
            self.times[colour] = min(elapsed, TIMER_MAX)
            return [(port, encode_ok(False))] + self._over(other(colour), "time")
        pos = self.position
        if (x, y) == (NO_MOVE, NO_MOVE):
            move = None
        elif 0 <= x < pos.width and 0 <= y < pos.height:
            move = y * pos.width + x
        else:
            move = -1
        if move == -1 or not pos.is_legal(move):
            self.illegal[colour] += 1
            out = [(port, encode_ok(False))]
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
            return [(CONTROLLER, encode_ok(False))]
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
