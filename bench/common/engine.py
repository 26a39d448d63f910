"""An opponent that is another program, spoken to over a pipe.

``LineEngine(command)`` starts the program (``command``: its path and
arguments, a list or a shell-quoted string) and speaks a line protocol to it
over its stdin and stdout: the command subset of GTP 2 (the Go Text
Protocol, which Pentobi's ``pentobi-gtp`` speaks for Blokus Duo):

* a request is one line: a command name and its arguments, space-separated;
* the answer is ``= text`` (success) or ``? message`` (failure), possibly
  continued on further lines, and ended by an empty line;
* ``quit`` asks the program to end; it must also end when its stdin closes.

``request(command)`` returns the text of a success answer; everything else
(a failure answer, an answer that is not ``=``/``?``, no answer within
``timeout`` seconds, the program ending) raises ``EngineError`` with a
one-line reason and the last lines the program wrote to stderr.

``EnginePlayer(command, dialect)`` is a player (``bench.common.players``)
that keeps the program's board in step with the game: per game
``clear_board`` (or the dialect's setup), ``play COLOUR MOVE`` for every move
it did not generate itself, ``genmove COLOUR`` for its own moves. A
``Dialect`` says how one game writes its moves and colours for programs:
each game's adapter gives one (the project's own move text for the
``engine`` opponent; Pentobi's cell lists in ``bench.blokus.external_engine``, whose
player also starts a fresh program, with its own seed, for every game).
"""
import collections
import queue
import shlex
import subprocess
import threading

from .players import Player

DEFAULT_TIMEOUT = 60.0          # seconds an answer may take (a genmove is a search)
QUIT_TIMEOUT = 2.0              # seconds close() waits before it kills the program
STDERR_LINES = 5                # the program's last stderr lines, quoted in errors


class EngineError(RuntimeError):
    """The program failed: it would not start, refused a command, answered
    outside the protocol, too late, or ended."""


def _pump(stream, sink):
    """Copy the lines of ``stream`` into ``sink`` (a queue's put or a deque's
    append), then None at the end."""
    try:
        for line in stream:
            sink(line.rstrip("\r\n"))
    except (OSError, ValueError):       # the stream was closed under us
        pass
    sink(None)


class LineEngine:
    """One running program and its GTP-style conversation."""

    def __init__(self, command, timeout=DEFAULT_TIMEOUT):
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not self.argv:
            raise EngineError("no engine command given")
        self.name = self.argv[0]
        self.timeout = timeout
        try:
            self.process = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, universal_newlines=True, bufsize=1)
        except OSError as e:
            raise EngineError("cannot start the engine %r: %s" % (self.name, e.strerror)) from None
        self._answers = queue.Queue()
        self._stderr = collections.deque(maxlen=STDERR_LINES)
        self._readers = [threading.Thread(target=_pump, args=(stream, sink), daemon=True)
                         for stream, sink in ((self.process.stdout, self._answers.put),
                                              (self.process.stderr, self._stderr.append))]
        for reader in self._readers:
            reader.start()

    def _failure(self, what):
        """An EngineError: ``what`` went wrong, with how the program ended, if
        it did, and its last stderr lines."""
        status = self.process.poll()
        ended = "" if status is None else " (it exited with status %d)" % status
        said = [line for line in self._stderr if line]
        tail = "; its last stderr lines: %s" % " | ".join(said) if said else ""
        return EngineError("engine %r: %s%s%s" % (self.name, what, ended, tail))

    def _next_line(self, command):
        try:
            line = self._answers.get(timeout=self.timeout)
        except queue.Empty:
            raise self._failure("no answer to %r within %g s" % (command, self.timeout)) from None
        if line is None:
            self.process.wait()
            self._answers.put(None)                 # later reads see the end too
            raise self._failure("ended before answering %r" % command)
        return line

    def request(self, command):
        """Send one command; return the text of its success answer."""
        try:
            self.process.stdin.write(command + "\n")
            self.process.stdin.flush()
        except (BrokenPipeError, ValueError, OSError):
            raise self._failure("ended before %r could be sent" % command) from None
        line = self._next_line(command)
        while not line.strip():                     # tolerate blank lines between answers
            line = self._next_line(command)
        status, text = line[:1], [line[1:].strip()]
        if status not in ("=", "?"):
            raise self._failure("answered %r to %r: not a GTP answer ('=' or '?' first)"
                                % (line, command))
        line = self._next_line(command)
        while line.strip():
            text.append(line.strip())
            line = self._next_line(command)
        answer = "\n".join(text).strip()
        if status == "?":
            raise self._failure("refused %r: %s" % (command, answer or "no reason given"))
        return answer

    def close(self):
        """``quit``, then wait; kill the program if it does not end. Idempotent."""
        if self.process.poll() is None:
            try:
                self.process.stdin.write("quit\n")
                self.process.stdin.flush()
                self.process.stdin.close()
                self.process.wait(QUIT_TIMEOUT)
            except (OSError, ValueError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait()
        for reader in self._readers:             # the program ended: its pipes reach EOF
            reader.join(QUIT_TIMEOUT)
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            try:
                stream.close()
            except (OSError, ValueError):
                pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Dialect:
    """How one game's moves and sides are written for programs.

    ``move_text(move)`` and ``parse_move(text)`` (ValueError for text that is
    not a move) translate moves (``move_text`` may give None for a move the
    program is not told of: Pentobi cannot ``play`` a pass; it is simply not
    asked for the side that passed); ``colours`` are the names of the first and
    the second mover; ``setup`` the commands that start a game;
    ``stats_command`` an optional command asked after each genmove whose
    answer is ``key value`` pairs (e.g. ``last_search`` answering ``depth 11
    nodes 1302528``): a program that refuses it is not asked again."""

    def __init__(self, move_text, parse_move, colours=("b", "w"), setup=("clear_board",),
                 stats_command=None):
        self.move_text = move_text
        self.parse_move = parse_move
        self.colours = tuple(colours)
        self.setup = tuple(setup)
        self.stats_command = stats_command


class EnginePlayer(Player):
    """A program as an opponent (see the module docstring). It is started at
    the first game and kept for the following ones; ``close()`` ends it."""

    deterministic = True        # as far as we know: pairings get random openings

    def __init__(self, command, dialect, timeout=DEFAULT_TIMEOUT):
        self.command = command
        self.dialect = dialect
        self.timeout = timeout
        self.engine = None
        self.colour = None
        self._generated = False     # the last move came from our genmove

    def new_game(self, info, side):
        if self.engine is None:
            self.engine = LineEngine(self.command, self.timeout)
        self.colour = self.dialect.colours[side]
        self._generated = False
        for command in self.dialect.setup:
            self.engine.request(command)

    def choose(self, view, rng):
        text = self.engine.request("genmove %s" % self.colour)
        try:
            move = self.dialect.parse_move(text)
        except ValueError as e:
            raise EngineError("engine %r answered %r to genmove %s: not a move (%s)"
                              % (self.engine.name, text, self.colour, e)) from None
        self._generated = True
        return move

    def last_stats(self):
        """The dialect's stats command's ``key value`` pairs (ints), or None."""
        if not self.dialect.stats_command or self.engine is None:
            return None
        try:
            words = self.engine.request(self.dialect.stats_command).split()
        except EngineError:
            self.dialect.stats_command = None        # not supported: stop asking
            return None
        stats = {}
        for key, value in zip(words[::2], words[1::2]):
            try:
                stats[key] = int(value)
            except ValueError:
                stats[key] = value
        return stats

    def played(self, side, move):
        if self._generated:             # our own genmove: the program has played it
            self._generated = False
            return
        text = self.dialect.move_text(move)
        if text is None:                # nothing to tell (Pentobi: a pass is not played)
            return
        self.engine.request("play %s %s" % (self.dialect.colours[side], text))

    def close(self):
        if self.engine is not None:
            self.engine.close()
            self.engine = None
