"""Shared pieces of the Reversi host tests: a game master in a thread on
free loopback ports, raw client sockets, framed reads, and checks of a
transcript against golden sessions."""
import io
import json
import socket
import threading
import time

from golden.reversi.encoding import Reader, decode
from golden.reversi.session import Session
from host.reversi import cli
from host.reversi.gm import GameMaster

LOOPBACK = "127.0.0.1"


class GM(object):
    """A GameMaster serving in a thread; ``stop()`` ends it (tests call it in
    a finally or use the context manager)."""

    def __init__(self, timeout=30, **kw):
        kw.setdefault("ports", {"black": 0, "white": 0, "controller": 0})
        self.log = io.StringIO()
        kw.setdefault("out", self.log)
        self.gm = GameMaster(**kw)
        self.gm.listen()
        self.ports = self.gm.ports
        self.thread = threading.Thread(target=self.gm.serve, kwargs={"timeout": timeout},
                                       daemon=True)
        self.thread.start()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()

    def stop(self):
        self.gm.stop()
        self.thread.join(5)
        assert not self.thread.is_alive(), "the game master did not stop"

    @property
    def referee(self):
        return self.gm.referee

    def wait(self, predicate, timeout=60.0):     # upper bounds: a loaded CI machine
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if predicate(self.gm):
                return True
            time.sleep(0.01)
        return False


class Raw(object):
    """A raw client socket on a game master port, with framed reads."""

    def __init__(self, port):
        self.sock = socket.create_connection((LOOPBACK, port), timeout=5)
        self.reader = Reader()
        self.frames = []

    def send(self, data):
        self.sock.sendall(data)

    def frame(self, timeout=30.0):
        """The next complete frame (AssertionError on timeout or close)."""
        deadline = time.monotonic() + timeout
        while not self.frames:
            left = deadline - time.monotonic()
            assert left > 0, "no message within %g s" % timeout
            self.sock.settimeout(left)
            try:
                data = self.sock.recv(4096)
            except socket.timeout:
                continue
            assert data, "the game master closed the connection"
            self.frames += self.reader.feed(data)
        return self.frames.pop(0)

    def nothing(self, wait=0.2):
        """True when no message comes within `wait` seconds."""
        if self.frames:
            return False
        self.sock.settimeout(wait)
        try:
            data = self.sock.recv(4096)
        except socket.timeout:
            return True
        self.frames += self.reader.feed(data)
        return not self.frames

    def close(self):
        self.sock.close()


def run_cli(argv, stdin=""):
    out, err = io.StringIO(), io.StringIO()
    code = cli.run(argv, out=out, err=err, stdin=io.StringIO(stdin))
    return code, out.getvalue(), err.getvalue()


def read_jsonl(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def check_player_answers(recs, port, make_session):
    """Every New Move received on `port` equals what a fresh session from
    `make_session()` sends for the bytes the game master sent there (a new
    session at each game master). Returns the number of New Moves."""
    s = None
    n = 0
    pending = b""
    for r in recs:
        if r["t"] == "gm":
            s = make_session()
            pending = b""
        elif r["t"] == "tx" and r["port"] == port and not r.get("dropped"):
            pending += s.feed(bytes.fromhex(r["hex"]))
        elif r["t"] == "rx" and r["port"] == port:
            for frame in Reader().feed(bytes.fromhex(r["hex"])):
                if frame[0] == 0x03:
                    assert pending[:3] == frame, "New Move %d on %s: got %s, golden %s" % (
                        n, port, frame.hex(), pending[:3].hex())
                    pending = pending[3:]
                    n += 1
    return n


def golden_session(budget):
    return lambda: Session(budget=budget, name="x")


def _lowest_legal(pos, budget):
    """The first legal cell in index order (written apart from the player's)."""
    for c in range(pos.width * pos.height):
        if pos.is_legal(c):
            return c
    return None


def first_session():
    return Session(budget=1, name="x", chooser=_lowest_legal)


def decoded(frame):
    return decode(frame)
