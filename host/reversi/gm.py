"""The Reversi game master: three TCP ports around ``golden.reversi.Referee``.

    gm = GameMaster(width=8, height=8, ports={"black": 0, "white": 0, "controller": 0})
    gm.listen()                 # binds; gm.ports then holds the real port numbers
    gm.serve()                  # until stop(), --games N finished or a timeout

This module holds no rule and builds no message: every received byte goes to
``Referee.receive(port, data, now_ms)``, every closed connection to
``Referee.disconnect``, a partial message idle for 100 ms to
``Referee.stall``, and ``Referee.tick`` runs every 20 ms; each ``(port,
bytes)`` the referee returns is written to that port's connection (or
dropped when nobody is connected there). What the referee notices
(``Referee.notices``: why each NOK, every byte and message it dropped, a
Connect that did not rename a player) goes to the log and the transcript.
One connection a port: a new one replaces the old (which then counts as a
disconnection). A client that sends garbage, stops in mid-message,
disconnects or stops reading cannot stop the loop: reads never block,
writes give up after 2 s and drop that connection.
"""
import errno
import selectors
import socket
import threading
import time

from golden.reversi.encoding import (BLACK, COLOUR_NAMES, MAX_ILLEGAL, MODE_CONTINUOUS,
                                     STALL_BITS, BAUD, TIME_LIMIT_MS, Reader, WHITE, move_name)
from golden.reversi.referee import COLOUR_OF, CONTROLLER, PORTS, Referee

from host.reversi import DEFAULT_HOST, DEFAULT_PORTS
from host.reversi.screen import Screen, show_name
from host.reversi.transcript import VERSION, Writer, hexs

STALL_MS = STALL_BITS * 1000 // BAUD        # 100 ms: a partial message this idle is dropped
TICK_S = 0.02
SEND_TIMEOUT_S = 2.0
REASON_TEXT = {"end": "neither player can move", "illegal": "illegal moves",
               "time": "time limit", "disconnect": "disconnection", "restart": "restart"}


class GMError(Exception):
    """A problem the user can fix (a port in use, a bad size); one line."""


class _Conn(object):
    __slots__ = ("sock", "port", "peer", "last_rx")

    def __init__(self, sock, port, peer, now):
        self.sock, self.port, self.peer, self.last_rx = sock, port, peer, now


def _plural(n, word):
    return "%d %s%s" % (n, word, "" if n == 1 else "s")


def result_text(res, names):
    """One line for a golden Result and the players' names {colour: text}."""
    score = "%d-%d" % (res.black, res.white)
    if res.reason == "restart":
        return "** Game stopped by a restart (Black %s White)." % score
    if res.winner is None:
        return "** Draw game, %s discs (%s)." % (score, REASON_TEXT[res.reason])
    loser = WHITE if res.winner == BLACK else BLACK
    how = {"illegal": "%s (%s) lost by illegal moves" % (COLOUR_NAMES[loser], names[loser]),
           "time": "%s (%s) lost on time" % (COLOUR_NAMES[loser], names[loser]),
           "disconnect": "%s (%s) disconnected" % (COLOUR_NAMES[loser], names[loser])}
    text = "** %s (%s) won the game, Black %s White" % (COLOUR_NAMES[res.winner],
                                                      names[res.winner], score)
    if res.reason == "end":
        return text + " (neither player can move)."
    return text + ": %s." % how[res.reason]


class GameMaster(object):
    """The game master (module docstring). ``games``: after a game ends, restart
    by itself until this many games have ended (a game stopped by the
    controller's restart does not count; 0: only the controller's
    restart starts a new game). ``out``: where the log lines go (None: quiet);
    ``show``: also the controller's screen after every move."""

    def __init__(self, width=8, height=8, time_limit_ms=TIME_LIMIT_MS, mode=MODE_CONTINUOUS,
                 max_illegal=MAX_ILLEGAL, host=DEFAULT_HOST, ports=None, games=0,
                 transcript=None, out=None, show=False, header=True):
        try:
            self.referee = Referee(width, height, time_limit_ms, mode, max_illegal)
        except ValueError as e:
            raise GMError(str(e)) from None
        if not (isinstance(games, int) and games >= 0):
            raise GMError("--games must be 0 or more")
        self.host = host
        self.ports = dict(DEFAULT_PORTS if ports is None else ports)
        self.games = games
        self.out = out
        self.show = show
        self.transcript = Writer(transcript) if transcript is not None else None
        self.sel = selectors.DefaultSelector()
        self.listeners = {}
        self.conns = dict((p, None) for p in PORTS)
        self.results = []               # (Result, {colour: name}) of every ended game
        self.screen = Screen()
        self._stop = threading.Event()
        self._t0 = time.monotonic()
        self.ready = threading.Event()  # set once listening (threads wait on it)
        if header:
            self._record("header", version=VERSION, game="reversi", tool="host.reversi gm")

    # -- plumbing ------------------------------------------------------------------------
    def now(self):
        return int((time.monotonic() - self._t0) * 1000)

    def _record(self, t, **rec):
        if self.transcript is not None:
            self.transcript.write(t=t, **rec)

    def say(self, line):
        if self.out is not None:
            self.out.write(line + "\n")
            self.out.flush()

    def listen(self):
        """Bind the three ports (GMError when one cannot be bound)."""
        for port in PORTS:
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                s.bind((self.host, self.ports[port]))
            except (OSError, OverflowError) as e:
                s.close()
                self.close()
                why = "it is in use" if getattr(e, "errno", None) == errno.EADDRINUSE else \
                    (getattr(e, "strerror", None) or str(e))
                raise GMError("cannot listen on %s:%s for the %s port: %s"
                              % (self.host, self.ports[port], port, why)) from None
            s.listen(4)
            s.setblocking(False)
            self.ports[port] = s.getsockname()[1]
            self.listeners[port] = s
            self.sel.register(s, selectors.EVENT_READ, ("listen", port))
        r = self.referee
        self._record("gm", ms=self.now(), size=list(r.size), time_limit_ms=r.time_limit_ms,
                     mode=r.mode, max_illegal=r.max_illegal, rules=r.rules, ports=self.ports)
        self.say("game master: Black port %d, White port %d, controller port %d on %s; "
                 "board %dx%d, %s, time limit %s"
                 % (self.ports["black"], self.ports["white"], self.ports["controller"],
                    self.host, r.size[0], r.size[1],
                    "continuous" if r.mode == MODE_CONTINUOUS else "step by step",
                    "%d ms" % r.time_limit_ms if r.time_limit_ms else "none"))
        self.ready.set()

    def stop(self):
        self._stop.set()

    def close(self):
        for port, c in list(self.conns.items()):
            if c is not None:
                self._drop(c, record=False)
        for s in self.listeners.values():
            try:
                self.sel.unregister(s)
            except (KeyError, ValueError):
                pass
            s.close()
        self.listeners = {}

    def finished(self):
        """Games that ended, those a restart stopped not counted."""
        return sum(1 for res, _ in self.results if res.reason != "restart")

    # -- the loop --------------------------------------------------------------------------
    def serve(self, timeout=None):
        """Run until stop(), ``games`` games ended, or ``timeout`` seconds. Returns
        the results [(Result, names)] so far."""
        if not self.listeners:
            self.listen()
        deadline = None if timeout is None else time.monotonic() + timeout
        try:
            while not self._stop.is_set():
                if self.games and self.finished() >= self.games:
                    break
                if deadline is not None and time.monotonic() > deadline:
                    break
                for key, _ in self.sel.select(TICK_S):
                    kind, port = key.data
                    if kind == "listen":
                        self._accept(port)
                    else:
                        self._read(key.fileobj, port)
                self._timers()
        finally:
            self.close()
        return self.results

    def _accept(self, port):
        try:
            sock, peer = self.listeners[port].accept()
        except OSError:
            return
        old = self.conns[port]
        if old is not None:
            self.say("%s port: a new connection replaces the old one" % port)
            self._drop(old)
        sock.setblocking(True)
        sock.settimeout(SEND_TIMEOUT_S)
        try:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        except OSError:
            pass
        c = _Conn(sock, port, "%s:%d" % peer[:2], self.now())
        self.conns[port] = c
        self.sel.register(sock, selectors.EVENT_READ, ("conn", port))
        self._record("accept", port=port, ms=self.now(), peer=c.peer)
        self.say("%s port: connection from %s" % (port, c.peer))

    def _read(self, sock, port):
        c = self.conns[port]
        if c is None or c.sock is not sock:
            return
        try:
            data = sock.recv(4096)
        except (socket.timeout, BlockingIOError):
            return
        except OSError:
            data = b""
        if not data:
            self._drop(c)
            return
        now = self.now()
        c.last_rx = now
        self._record("rx", port=port, ms=now, hex=hexs(data))
        self._event(port, lambda: self.referee.receive(port, data, now))

    def _drop(self, c, record=True):
        """Close a connection; the referee hears of it."""
        try:
            self.sel.unregister(c.sock)
        except (KeyError, ValueError):
            pass
        try:
            c.sock.close()
        except OSError:
            pass
        if self.conns.get(c.port) is c:
            self.conns[c.port] = None
        if record:
            now = self.now()
            self._record("close", port=c.port, ms=now)
            self.say("%s port: connection from %s closed" % (c.port, c.peer))
            self._event(c.port, lambda: self.referee.disconnect(c.port, now))

    def _timers(self):
        now = self.now()
        r = self.referee
        for port, c in list(self.conns.items()):
            if c is not None and r.readers[port].partial and now - c.last_rx > STALL_MS:
                self._record("stall", port=port, ms=now)
                self.say("%s port: an unfinished message dropped after %d ms of silence"
                         % (port, STALL_MS))
                self._event(port, lambda: r.stall(port))
        moves, notices, ended = len(r.moves), len(r.notices), len(r.history)
        outputs = r.tick(now)
        if outputs:                     # a tick that changes nothing is not recorded
            self._record("tick", ms=now)
            self._after(outputs, moves, notices, ended)

    # -- one referee event ------------------------------------------------------------------
    def _event(self, port, call):
        r = self.referee
        moves, notices, ended = len(r.moves), len(r.notices), len(r.history)
        outputs = call()
        self._after(outputs, moves, notices, ended)

    def _names(self):
        return dict((c, show_name(self.referee.names[c]) or "?") for c in (BLACK, WHITE))

    def _notices(self, notices, now):
        """The log lines and transcript records of the referee's new notices:
        why each NOK; the bytes and messages it dropped; a Connect that did
        not rename a player. Equal notices of one event (a flood) make one
        line and one record, with their count."""
        r = self.referee
        names = self._names()
        groups = []                     # [[notice, count]] in order of first sight
        for n in notices:
            for g in groups:
                if g[0] == n and n.kind != "bad_bytes":
                    g[1] += 1
                    break
            else:
                groups.append([n, n.code if n.kind == "bad_bytes" else 1])
        for n, count in groups:
            times = "" if count == 1 or n.kind == "bad_bytes" else " (%d times)" % count
            if n.kind == "nok":
                who = ("the controller" if n.port == CONTROLLER else "%s (%s)" % (
                    COLOUR_NAMES[COLOUR_OF[n.port]], names[COLOUR_OF[n.port]]))
                colour = ({} if n.port == CONTROLLER
                          else {"colour": COLOUR_NAMES[COLOUR_OF[n.port]]})
                self._record("nok", port=n.port, reason=n.code, why=n.text, count=count, ms=now,
                             **colour)
                self.say("NOK to %s: %s%s" % (who, n.text, times))
            elif n.kind == "name_kept":
                self._record("name_kept", port=n.port, why=n.text, count=count, ms=now)
                self.say("%s port: %s%s" % (n.port, n.text, times))
            else:
                what = "bad_bytes" if n.kind == "bad_bytes" else n.code
                self._record("dropped", port=n.port, what=what, count=count, why=n.text, ms=now)
                self.say("%s port: %s %s%s (this port so far: %s dropped, %s ignored)"
                         % (n.port, "dropped" if n.kind == "bad_bytes" else "ignored", n.text,
                            times, _plural(r.readers[n.port].bad_bytes, "byte"),
                            _plural(r.ignored[n.port], "message")))

    def _after(self, outputs, moves, notices, ended):
        r = self.referee
        now = self.now()
        for colour, move in r.moves[moves:]:
            self._record("move", colour=COLOUR_NAMES[colour], name=self._names()[colour],
                         move=move_name(move, r.position.width),
                         size=[r.position.width, r.position.height],
                         ms=r.times[colour], discs=list(r.position.score()))
        self._send(outputs, now)
        # what the log says
        for colour, move in r.moves[moves:]:
            self.say("%s (%s) plays %s%s; discs %d-%d" % (
                COLOUR_NAMES[colour], self._names()[colour], move_name(move, r.position.width),
                "" if move is None else " in %d ms" % r.times[colour], *r.position.score()))
        if self.show and len(r.moves) > moves:
            self.say(self.screen.render(commands=False))
        new = r.notices[notices:]
        del r.notices[:]                # handled: a long flood does not pile them up
        self._notices(new, now)
        for res in r.history[ended:]:
            names = self._names()
            self.results.append((res, names))
            self._record("result", winner=res.winner and COLOUR_NAMES[res.winner],
                         reason=res.reason, black=res.black, white=res.white,
                         names=[names[BLACK], names[WHITE]], ms=now)
            self.say(result_text(res, names))
            if self.games and self.finished() < self.games and res.reason != "restart":
                self._record("restart", ms=now)
                self.say("game master: game %d of %d" % (self.finished() + 1, self.games))
                self._event(None, lambda: r.restart(now))

    def _send(self, outputs, now):
        failed = []
        for port, data in outputs:
            c = self.conns[port]
            self._record("tx", port=port, ms=now, hex=hexs(data), **({"dropped": True} if c is None
                                                                     else {}))
            if port == CONTROLLER:
                for frame in Reader().feed(data):
                    self.screen.feed_frame(frame)
            if c is None or c in failed:
                continue
            try:
                c.sock.sendall(data)
            except OSError:
                failed.append(c)
        for c in failed:                # after the batch: the transcript keeps its order
            self.say("%s port: cannot write to %s; connection dropped" % (c.port, c.peer))
            self._drop(c)

