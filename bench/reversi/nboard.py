"""An Othello program as an opponent, over the NBoard protocol.

NBoard is the protocol of the NBoard Othello GUI, which engines such as
NTest and Edax speak on stdin/stdout (one command a line):

* ``nboard 2`` starts the conversation; ``set depth D`` sets the search depth;
  ``ping K`` is answered ``pong K`` once everything before it is done (the
  program may print other lines before, e.g. a banner: they are skipped);
* ``set game (;GM[Othello]...BO[8 <64 cells> *];)`` sets a position (the 64
  cells a1..h8 row by row, ``*`` black, ``O`` white, ``-`` empty; then the
  colour to move: ``*`` Black);
* ``move d3`` plays a move for the side to move (``move PA``: a pass); the
  program does not play its own moves on its board: every move is sent;
* ``go`` asks for a move: after ``search ...`` lines it answers
  ``=== F4/score/seconds`` (``=== PA//...``: a pass).

``NBoardPlayer(command, depth, cwd)`` is a player of ``bench.common.players``
for the strength harness: a program started at the first game (in ``cwd``,
for programs that read their data files from their working folder) and kept
for the next ones. Errors (the program cannot start, ends, answers outside the
protocol or not within ``timeout`` seconds) raise ``EngineError`` with one
line and the program's last output.
"""
import shlex
import subprocess
import threading
import time
from collections import deque

from bench.common.engine import EngineError
from bench.common.players import Player

DEFAULT_TIMEOUT = 120.0
START = "(;GM[Othello]PC[bench]PB[b]PW[w]RE[?]TI[99:00:00]TY[8]BO[8 %s %s];)"


def board_text(pos):
    """The 64 cells of an 8 x 8 golden Position as NBoard writes them."""
    return "".join("*" if pos.black >> c & 1 else "O" if pos.white >> c & 1 else "-"
                   for c in range(64))


class NBoardPlayer(Player):
    deterministic = True

    def __init__(self, command, depth, cwd=None, timeout=DEFAULT_TIMEOUT, move_text=None,
                 parse_move=None):
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        self.depth, self.cwd, self.timeout = depth, cwd, timeout
        self.move_text, self.parse_move = move_text, parse_move
        self.proc = None
        self.lines = deque()
        self.tail = deque(maxlen=5)
        self.ready = threading.Condition()
        self.pings = 0
        self.stats = None

    # -- the conversation
    def _start(self):
        try:
            self.proc = subprocess.Popen(self.argv, cwd=self.cwd, stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                         universal_newlines=True, bufsize=1)
        except OSError as e:
            raise EngineError("cannot start the NBoard program %r: %s" % (self.argv[0], e)) \
                from None
        threading.Thread(target=self._pump, daemon=True).start()
        self._send("nboard 2")
        self._send("set depth %d" % self.depth)
        self._sync()

    def _pump(self):
        for line in self.proc.stdout:
            with self.ready:
                self.lines.append(line.rstrip("\r\n"))
                self.ready.notify()
        with self.ready:
            self.lines.append(None)
            self.ready.notify()

    def _send(self, line):
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (OSError, ValueError):
            raise self._failed("ended before %r" % line) from None

    def _line(self, waiting_for):
        deadline = time.monotonic() + self.timeout
        with self.ready:
            while not self.lines:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise self._failed("no %s within %.0f s" % (waiting_for, self.timeout))
                self.ready.wait(left)
            line = self.lines.popleft()
        if line is None:
            raise self._failed("ended while we waited for %s" % waiting_for)
        self.tail.append(line)
        return line

    def _sync(self):
        self.pings += 1
        self._send("ping %d" % self.pings)
        while self._line("pong %d" % self.pings) != "pong %d" % self.pings:
            pass

    def _failed(self, what):
        return EngineError("NBoard program %r %s; its last lines: %s"
                           % (self.argv[0], what, " | ".join(self.tail) or "(none)"))

    # -- the player
    def new_game(self, info, side):
        if self.proc is None:
            self._start()
        from golden.reversi.board import start
        self._send("set game " + START % (board_text(start(8, 8)), "*"))
        self._sync()

    def choose(self, view, rng):
        t0 = time.perf_counter()
        self._send("go")
        while True:
            line = self._line("its move (=== ...)")
            if line.startswith("==="):
                break
        text = line[3:].strip().split("/")[0]
        try:
            move = self.parse_move("pass" if text.upper() == "PA" else text)
        except ValueError:
            raise self._failed("answered %r to go: not a move" % line) from None
        fields = line[3:].strip().split("/")
        self.stats = {"engine_seconds": time.perf_counter() - t0}
        if len(fields) > 1 and fields[1]:
            try:
                self.stats["eval"] = float(fields[1])
            except ValueError:
                pass
        return move

    def last_stats(self):
        return self.stats

    def played(self, side, move):
        self._send("move %s" % ("PA" if move is None else self.move_text(move)))

    def close(self):
        if self.proc is not None:
            try:
                self._send("quit")
                self.proc.wait(timeout=2)
            except (EngineError, subprocess.TimeoutExpired):
                self.proc.kill()
            self.proc = None
