"""Shared pieces of the host tests: run the referee in process, fake boards
on loopback sockets, and checks of a transcript against golden sessions."""
import io
import json
import socket
import threading
import time

from golden.blokus import Session as BlokusSession
from golden.score4 import Session as Score4Session
from host import referee
from host.players import GOLDEN_BUDGET


def run_referee(argv, stdin=""):
    """(exit code, stdout, stderr) of the referee command line."""
    out, err = io.StringIO(), io.StringIO()
    code = referee.run(argv, out=out, err=err, stdin=io.StringIO(stdin))
    return code, out.getvalue(), err.getvalue()


def read_transcript(path):
    with open(path) as f:
        return [json.loads(line) for line in f]


def golden_session(game, budget=None, team="01", engine="alphabeta"):
    """A golden session; budget None: what `golden` plays (GOLDEN_BUDGET);
    engine "mcts": Blokus's Monte-Carlo search (budget in clock cycles)."""
    budget = GOLDEN_BUDGET[game] if budget is None else budget
    if game == "score4":
        return Score4Session(budget=budget)
    return BlokusSession(budget=budget, team=team, engine=engine)


def check_answers_against_golden(recs, player, game, budget=None, team="01", engine="alphabeta"):
    """Every answer `player` gave equals a fresh golden session fed the same
    bytes (a new session at each hello). Returns the number of exchanges."""
    n = 0
    s = None
    for r in recs:
        if r["t"] != "x" or r["p"] != player:
            continue
        if r["sent"] == "0":
            s = golden_session(game, budget, team, engine)
        s.last_search = None
        want = s.feed(r["sent"].encode("latin-1"))
        assert r["got"].encode("latin-1") == want, \
            "exchange %d of player %d: sent %r, got %r, golden %r" % (n, player, r["sent"], r["got"], want)
        if "search" in r:               # the search figures the referee recorded are golden's
            g = s.last_search
            figures = {"depth": g.depth, "nodes": g.nodes, "score": g.score} if g else {}
            assert r["search"] == {k: v for k, v in figures.items() if v is not None}, \
                "exchange %d of player %d: search %r, golden %r" % (n, player, r["search"], figures)
        n += 1
    return n


class FakeBoard(threading.Thread):
    """A board on a loopback TCP port: answers like a golden session, except
    where `tamper(k, request, answer)` (k = move requests so far, 0-based)
    returns something else; None means silence, "close" closes the socket."""

    def __init__(self, game, tamper=None, budget=1):
        super().__init__(daemon=True)
        self.session = golden_session(game, budget)
        self.tamper = tamper or (lambda k, req, ans: ans)
        self.server = socket.socket()
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(1)
        self.port = self.server.getsockname()[1]
        self.received = []
        self.start()

    @property
    def spec(self):
        return "tcp:127.0.0.1:%d" % self.port

    def run(self):
        conn, _ = self.server.accept()
        k = 0
        with conn:
            while True:
                data = conn.recv(100)
                if not data:
                    return
                self.received.append(data)
                ans = self.session.feed(data)
                if data[:1] in (b"A", b"2", b"3", b"4"):
                    ans = self.tamper(k, data, ans)
                    k += 1
                if ans == "close":
                    return
                if ans:
                    conn.sendall(ans)


def free_port():
    """A TCP port nobody listens on (now)."""
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    return port


class ConnectingBoard(threading.Thread):
    """A board that connects to a referee's listen:PORT `delay` seconds
    after it starts (retrying until the referee listens), then answers like a
    golden session, a CR/LF after each answer (the referee skips them)."""

    def __init__(self, port, game, delay=0.0, budget=1):
        super().__init__(daemon=True)
        self.port = port
        self.delay = delay
        self.session = golden_session(game, budget)
        self.connected_at = None
        self.start()

    def _connect(self):
        deadline = time.monotonic() + 10
        while True:
            try:
                return socket.create_connection(("127.0.0.1", self.port))
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def run(self):
        time.sleep(self.delay)
        with self._connect() as conn:
            self.connected_at = time.monotonic()
            while True:
                try:
                    data = conn.recv(100)
                except OSError:          # the referee closes with our last CR/LF unread
                    return
                if not data:
                    return
                conn.sendall(self.session.feed(data) + b"\r\n")
