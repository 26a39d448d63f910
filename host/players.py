"""The players a referee can seat, all spoken to in the game's protocol bytes.

Every player has one primitive, ``exchange(data, n, limit)``: send the
message, then collect the ``n`` answer bytes (CR and LF skipped, as the
contest host does) within ``limit`` seconds. It returns
``(answer, seconds, status)`` with status ``ok``, ``timeout`` (silence past
the limit: what was received is returned) or ``closed`` (the other end went
away). ``send(data)`` sends a message that has no answer (Blokus ``9``).

Kinds (``parse_spec``):

=====================  ======================================================
``serial:DEVICE``      a board on a serial port (pyserial, the game's baud;
                       any pyserial URL works, e.g. ``serial:loop://``)
``tcp:HOST:PORT``      a board or program listening on a TCP socket
                       (``python -m host.bridge ... --listen PORT``)
``listen:PORT``        wait for a board to connect, as the contest host's TCP
                       mode does (``python -m host.bridge ... --connect``)
``sim[:CONFIG]``       the core's RTL in simulation: starts ``host.bridge``
                       (default configuration ``score4_fast``/``blokus_fast``;
                       ``sim:blokus_mcts_root`` or ``sim:blokus_mcts_fast``: the
                       Monte-Carlo Blokus core, with the SDRAM chip's model)
``golden[:BUDGET]``    the golden model's session, in process (default budget
                       ``GOLDEN_BUDGET``: Blokus 1,500, Score-4 300): fast
                       CPython at a small budget, far weaker than the board
``golden-mcts[:BUDGET]``  Blokus: the golden session answering with golden's
                       Monte-Carlo search (``golden.blokus.mcts``, the search
                       the Blokus core is moving to), BUDGET clock cycles a
                       move (default ``GOLDEN_MCTS_BUDGET``, 1,000,000: about a
                       second of CPython; the core's is 39,000,000)
``mirror[:BUDGET]``    the same session choosing with the compiled mirror of
                       the core's search (default budget the core's own,
                       ``core_budget``): the board's moves
``random``             a uniformly random legal move (``--seed``)
``human``              moves typed at the console
=====================  ======================================================
"""
import json
import os
import random
import socket
import subprocess
import sys
import time
from pathlib import Path

from golden.blokus import ME, Session as BlokusSession, legal_moves as blokus_legal_moves
from golden.score4 import Session as Score4Session
from host.cores import (BRIDGE_ROOT, GOLDEN_BUDGET, REPO, BridgeError, core_budget,  # noqa: F401
                        demo_note, get_config, mirror_chooser, search_figures)
ACCEPT_TIMEOUT = 600.0      # default of how long listen:/sim players wait for their board
LIST_PAGE = 40              # legal moves on a page of a person's 'l'
CRLF = (0x0A, 0x0D)
KINDS = ("serial:DEVICE, tcp:HOST:PORT, listen:PORT, sim[:CONFIG], golden[:BUDGET], "
         "golden-mcts[:BUDGET], mirror[:BUDGET], random or human")
GOLDEN_MCTS_BUDGET = 1000000    # golden-mcts: clock cycles a move, about a second of CPython


class PlayerError(Exception):
    """A player that cannot be set up (bad spec, port that will not open)."""


class Quit(Exception):
    """A person left the game ('q' or end of input)."""


# ----------------------------------------------------------------------------- base
class Player:
    kind = "?"
    scriptable = False           # can be told which move to answer (initial moves)
    interactive = False

    def __init__(self, spec):
        self.spec = spec
        self.name = ""           # what it said in answer to the hello (Blokus team code)

    def open(self, game_cls, referee):
        """Connect; called once before the first game."""
        self.game_cls = game_cls
        self.referee = referee

    def describe(self, game_cls):
        """The player as the referee introduces it (its spec, and what it plays)."""
        return self.spec

    def exchange(self, data, n, limit):
        raise NotImplementedError

    def take_search(self):
        """{depth, nodes, score} of the search behind the last answer, once
        (None: the player did not search, or cannot say: a board, a person)."""
        return None

    def send(self, data):
        if data:
            self.exchange(data, 0, 0.0)

    def close(self):
        pass

    def __str__(self):
        return self.spec


# ---------------------------------------------------------------------- byte streams
class StreamPlayer(Player):
    """A player at the end of a byte stream (serial port or socket)."""

    def __init__(self, spec):
        super().__init__(spec)
        self._pending = bytearray()

    def _write(self, data):
        raise NotImplementedError

    def _read(self, timeout):
        """Bytes within `timeout` s: b"" if none, None if the stream closed."""
        raise NotImplementedError

    def exchange(self, data, n, limit):
        if data:
            try:
                self._write(data)
            except OSError:
                return b"", 0.0, "closed"
        start = time.monotonic()
        got = bytearray()
        status = "ok"
        while len(got) < n:
            while self._pending and len(got) < n:
                b = self._pending.pop(0)
                if b not in CRLF:
                    got.append(b)
            if len(got) >= n:
                break
            left = None if limit is None else limit - (time.monotonic() - start)
            if left is not None and left <= 0:
                status = "timeout"
                break
            chunk = self._read(left if left is not None else 1.0)
            if chunk is None:
                status = "closed"
                break
            self._pending += chunk
        return bytes(got), time.monotonic() - start, status


class SerialPlayer(StreamPlayer):
    kind = "serial"

    def __init__(self, spec, device):
        super().__init__(spec)
        self.device = device

    def open(self, game_cls, referee):
        super().open(game_cls, referee)
        import serial
        try:
            self.port = serial.serial_for_url(self.device, baudrate=game_cls.baud, bytesize=8,
                                              parity="N", stopbits=1, timeout=0)
        except (serial.SerialException, ValueError) as e:
            raise PlayerError("cannot open serial port %s: %s" % (self.device, e)) from None
        try:
            self.port.reset_input_buffer()
        except Exception:
            pass

    def _write(self, data):
        self.port.write(data)
        self.port.flush()

    def _read(self, timeout):
        import serial
        self.port.timeout = max(0.001, min(timeout, 0.5))
        try:
            first = self.port.read(1)
        except serial.SerialException:
            return None
        if not first:
            return b""
        self.port.timeout = 0
        return first + self.port.read(4096)

    def close(self):
        try:
            self.port.close()
        except Exception:
            pass


class SocketPlayer(StreamPlayer):
    sock = None

    def _write(self, data):
        self.sock.sendall(data)

    def _read(self, timeout):
        self.sock.settimeout(max(0.001, timeout))
        try:
            data = self.sock.recv(4096)
        except socket.timeout:
            return b""
        except OSError:
            return None
        return data if data else None

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = None


class TcpPlayer(SocketPlayer):
    kind = "tcp"

    def __init__(self, spec, host, port):
        super().__init__(spec)
        self.addr = (host, port)

    def open(self, game_cls, referee):
        super().open(game_cls, referee)
        try:
            self.sock = socket.create_connection(self.addr, timeout=10)
        except OSError as e:
            raise PlayerError("cannot connect to %s:%d: %s" % (self.addr + (e.strerror or e,))) from None
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


class ListenPlayer(SocketPlayer):
    """Waits for one board to connect, like the contest host's TCP mode."""
    kind = "listen"

    def __init__(self, spec, port, bind="0.0.0.0"):
        super().__init__(spec)
        self.bind = bind
        self.port = port
        self.server = None

    def listen(self):
        self.server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            self.server.bind((self.bind, self.port))
        except OSError as e:
            raise PlayerError("cannot listen on TCP port %d: %s" % (self.port, e.strerror or e)) from None
        self.server.listen(1)
        self.port = self.server.getsockname()[1]

    def accept(self, timeout, alive=lambda: None):
        """Wait up to `timeout` s for the board to connect; `alive()` is asked
        every half second and returns why waiting is pointless, or None."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise PlayerError("%s: no board connected within %g s" % (self.spec, timeout))
            self.server.settimeout(min(0.5, left))
            try:
                self.sock, _ = self.server.accept()
                break
            except socket.timeout:
                problem = alive()
                if problem:
                    raise PlayerError(problem) from None
        self.server.close()
        self.server = None
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def open(self, game_cls, referee):
        super().open(game_cls, referee)
        if self.server is None:         # the referee may have taken the port already
            self.listen()
        referee.note("Waiting on TCP port %d for %s (up to %g s)..."
                     % (self.port, self.spec, referee.accept_timeout))
        self.accept(referee.accept_timeout)

    def close(self):
        super().close()
        if self.server is not None:
            self.server.close()


class SimPlayer(ListenPlayer):
    """The core's RTL: a host.bridge process connects to a private port."""
    kind = "sim"

    def __init__(self, spec, config=None):
        super().__init__(spec, 0, bind="127.0.0.1")
        self.config = config
        self.proc = None

    def _config(self, game_cls):
        """(name, Config) of the configuration to simulate (hdl/configs.py)."""
        try:
            return get_config(game_cls.name, self.config)
        except BridgeError as e:
            raise PlayerError(str(e)) from None

    def describe(self, game_cls):
        name, cfg = self._config(game_cls)
        team = ", team %s" % cfg.team if cfg.team else ""
        return "%s (configuration %s: budget %s%s, %d Hz%s)" % (
            self.spec, name, cfg.budget, team, cfg.clk_hz, demo_note(cfg.unit, cfg.budget))

    def open(self, game_cls, referee):
        Player.open(self, game_cls, referee)
        self.config, _ = self._config(game_cls)
        self.listen()
        logdir = Path(BRIDGE_ROOT)
        logdir.mkdir(parents=True, exist_ok=True)
        self.log_path = logdir / ("referee-%d-%d.log" % (os.getpid(), id(self) % 100000))
        self.log = open(self.log_path, "w")
        cmd = [sys.executable, "-m", "host.bridge", game_cls.name, "--connect",
               "127.0.0.1:%d" % self.port, "--config", self.config]
        referee.note("Starting the simulated %s core (%s); log in %s"
                     % (game_cls.title, self.config, self.log_path))
        self.proc = subprocess.Popen(cmd, stdout=self.log, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, cwd=str(REPO))

        def alive():
            if self.proc.poll() is not None:
                return "the simulation of %s ended before connecting (exit %d); see %s" % (
                    self.config, self.proc.returncode, self.log_path)
            return None
        self.accept(referee.accept_timeout, alive)

    def close(self):
        super().close()
        if self.proc is not None:
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.terminate()
                self.proc.wait()
            self.log.close()
            if self.proc.returncode == 0:
                try:
                    os.unlink(self.log_path)
                except OSError:
                    pass
            self.proc = None


# ------------------------------------------------------------------------- in process
class SessionPlayer(Player):
    """A golden-model session answering the protocol bytes in this process.
    `chooser` None: the golden search. It can be scripted (initial moves).
    `budget` None: the game's GOLDEN_BUDGET."""
    kind = "golden"
    scriptable = True

    def __init__(self, spec, budget=None, chooser_factory=None, team="01"):
        super().__init__(spec)
        self.budget = budget
        self.chooser_factory = chooser_factory
        self.team = team
        self._script = None
        self._pending = b""

    def budget_for(self, game_cls):
        return GOLDEN_BUDGET[game_cls.name] if self.budget is None else self.budget

    def describe(self, game_cls):
        budget = self.budget_for(game_cls)
        weaker = "" if budget >= core_budget(game_cls.name) else \
            ": the golden search in Python, far weaker than the board; mirror plays its moves"
        return "%s (budget %d%s)" % (self.spec, budget, weaker)

    def open(self, game_cls, referee):
        super().open(game_cls, referee)
        chooser = self.chooser_factory(game_cls, referee) if self.chooser_factory else None
        budget = self.budget_for(game_cls)
        try:
            if game_cls.name == "score4":
                self.session = Score4Session(budget=budget, chooser=chooser)
            else:
                self.session = BlokusSession(budget=budget, team=self.team, chooser=chooser)
        except ValueError as e:
            raise PlayerError("%s: %s" % (self.spec, e)) from None
        self._chooser = self.session.chooser

    def script(self, code):
        """The next move answered is `code` (a move code string of the game)."""
        self._script = code

    def take_search(self):
        search, self._search = getattr(self, "_search", None), None
        return search or None

    def exchange(self, data, n, limit):
        start = time.monotonic()
        scripted = self._script is not None
        self.session.last_search = None
        if hasattr(self._chooser, "last"):
            self._chooser.last = None
        if scripted:
            move = self.game_cls().parse(self._script.encode())
            self.session.chooser = lambda position, budget: move
        try:
            out = self.session.feed(data)
        except RuntimeError:
            # golden Blokus refuses a chooser's pass while it has moves; only a
            # scripted pass gets here, and the session has applied the
            # opponent's move already: the pass is the answer.
            out = self.game_cls.pass_code
        finally:
            if self._script is not None:
                self.session.chooser = self._chooser
                self._script = None
        secs = time.monotonic() - start
        if scripted:
            self._search = None
        elif self.session.last_search is not None:
            self._search = search_figures(self.session.last_search)
        else:
            self._search = getattr(self._chooser, "last", None)
        buf = self._pending + bytes(b for b in out if b not in CRLF)
        got, self._pending = buf[:n], buf[n:]
        status = "ok" if len(got) == n else "timeout"
        if limit is not None and secs > limit and n:
            status = "timeout"
        return got, secs, status


def golden_player(spec, budget):
    return SessionPlayer(spec, budget=budget)


class GoldenMctsPlayer(SessionPlayer):
    """Blokus: the golden session answering with golden's Monte-Carlo search
    (Session(engine="mcts"): golden.blokus.mcts.search, the search the core
    is moving to, given the opponent's last move), `budget` clock cycles a
    move (None: GOLDEN_MCTS_BUDGET). CPython takes about a second a million
    cycles, so the referee gives it the sim players' time limit."""
    kind = "golden-mcts"

    def budget_for(self, game_cls):
        return GOLDEN_MCTS_BUDGET if self.budget is None else self.budget

    def describe(self, game_cls):
        from golden.blokus.mcts import DEFAULT_BUDGET
        return ("%s (golden's Monte-Carlo search in Python, %d clock cycles a move; the core's "
                "budget will be %d)" % (self.spec, self.budget_for(game_cls), DEFAULT_BUDGET))

    def open(self, game_cls, referee):
        if game_cls.name != "blokus":
            raise PlayerError("%s: golden-mcts plays Blokus only (golden.blokus.mcts); for %s "
                              "use golden or mirror" % (self.spec, game_cls.name))
        Player.open(self, game_cls, referee)
        try:
            self.session = BlokusSession(budget=self.budget_for(game_cls), team=self.team,
                                         engine="mcts")
        except ValueError as e:
            raise PlayerError("%s: %s" % (self.spec, e)) from None
        self._chooser = self.session.chooser


class MirrorPlayer(SessionPlayer):
    """The golden session choosing with the compiled mirror of the core's
    search: golden's move at every budget (bench/<game>/test_mirror.py),
    fast enough for the core's own budget, the default. Its speed is not
    the board's (seconds a move on a PC), so the referee gives it the
    sim players' time limit."""
    kind = "mirror"

    def __init__(self, spec, budget=None):
        super().__init__(spec, budget=budget, chooser_factory=self._chooser_for)

    def budget_for(self, game_cls):
        return core_budget(game_cls.name) if self.budget is None else self.budget

    @staticmethod
    def _chooser_for(game_cls, referee):
        try:
            return mirror_chooser(game_cls.name)
        except BridgeError as e:
            raise PlayerError(str(e)) from None

    def describe(self, game_cls):
        budget = self.budget_for(game_cls)
        own = core_budget(game_cls.name)
        return "%s (the compiled mirror of the core's search, budget %d%s)" % (
            self.spec, budget, ": the board's moves" if budget == own else
            demo_note(game_cls.name, budget) or "; the board searches %d nodes a move" % own)


class RandomPlayer(SessionPlayer):
    """A uniformly random legal move, from the generator `rng`."""
    kind = "random"

    def __init__(self, spec, rng):
        super().__init__(spec, budget=1, chooser_factory=self._chooser_for, team="RN")
        self.rng = rng

    def _chooser_for(self, game_cls, referee):
        rng = self.rng
        if game_cls.name == "score4":
            return lambda pos, budget: rng.choice(pos.legal_posts())
        return lambda pos, budget: (lambda ms: rng.choice(ms) if ms else None)(
            blokus_legal_moves(pos, ME))

    def describe(self, game_cls):
        return "%s (uniformly random legal moves)" % self.spec


# A person's commands: (key, name, arguments, what it does, game or None for both).
# A command is typed as its name or any start of it ('b', 'bo', 'board').
HUMAN_COMMANDS = (
    ("b", "board", "", "show the board", None),
    ("l", "list", " [PAGE]", "list the legal moves, %d a page ('l 2': the second page)" % LIST_PAGE,
     None),
    ("t", "tiles", " [TILE]", "draw the 21 tiles; 't e': tile e in its 8 orientation digits",
     "blokus"),
    ("h", "help", "", "this help ('?' too)", None),
    ("q", "quit", "", "leave the game, which is abandoned (the end of input too)", None),
)


class HumanPlayer(Player):
    """Moves typed at the console. Conventions of the Blokus Duo course
    programs: 'b' prints the board, 'q' or the end of input leaves; errors go
    to standard error, one line, and change nothing. Besides: 'l' lists the
    legal moves, 't' draws the tiles (Blokus), 'h' lists every command. A
    move is its code, spaces allowed (53e0 or 5 3 e 0; 23 or 2 3)."""
    kind = "human"
    scriptable = True
    interactive = True

    def __init__(self, spec):
        super().__init__(spec)
        self._script = None

    def script(self, code):
        self._script = code

    def exchange(self, data, n, limit):
        start = time.monotonic()
        g = self.game_cls
        if data == g.hello:
            return g.human_hello, 0.0, "ok"
        if self._script is not None:
            code, self._script = self._script, None
            return code.encode(), 0.0, "ok"
        return self.ask(), time.monotonic() - start, "ok"

    def send(self, data):
        pass

    # -- the console -------------------------------------------------------------------
    def _say(self, text):
        self.referee.out.write(text + "\n")
        self.referee.out.flush()

    def _error(self, text):
        self.referee.err.write("error: %s\n" % text)
        self.referee.err.flush()

    def _commands(self):
        return [c for c in HUMAN_COMMANDS if c[4] in (None, self.game_cls.name)]

    def _legal_codes(self):
        game = self.referee.game
        return [game.code(m).decode() for m in game.legal_moves(self.referee.seat_of(self))]

    def ask(self):
        """The code of a legal move typed at the console (Quit to leave)."""
        ref = self.referee
        if not ref.game.history:
            self._say(ref.board_view())
        while True:
            text = self._read_line()
            code = self._move(text) if text else None
            if code is not None:
                return code

    def _read_line(self):
        ref = self.referee
        keys = ", ".join("%s %s" % (c[0], c[1]) for c in self._commands())
        ref.out.write("%s, your move ('%s'; %s): " % (ref.label(self), ref.mark(self), keys))
        ref.out.flush()
        line = ref.stdin.readline()
        if not line:
            ref.out.write("\n")
            raise Quit("end of input")
        return line.strip()

    def _move(self, text):
        """The code of the legal move typed as `text`; None after a command
        or an error (reported)."""
        game = self.referee.game
        try:
            move = game.parse_text(text)
        except ValueError as e:
            if not self._command(text):
                self._error("%s ('h': help)" % e)
            return None
        code = game.code(move)
        self._say("you typed: %s -> %s" % (text, code.decode()))
        why = game.why_illegal(self.referee.seat_of(self), move)
        if why:
            self._error("%s is illegal: %s" % (code.decode(), why))
            return None
        return code

    def _command(self, text):
        """Carry out the command `text` if it is one; False if not."""
        words = text.split()
        first = words[0].lower()
        for key, name, _, _, _ in self._commands():
            if name.startswith(first) or (first == "?" and key == "h"):
                getattr(self, "_cmd_" + name)(words[1:])
                return True
        return False

    def _cmd_board(self, args):
        self._say(self.referee.board_view())

    def _cmd_quit(self, args):
        raise Quit("q")

    def _cmd_help(self, args):
        lines = ["commands (the word or its first letter):"]
        lines += ["  %-9s %s" % (key + arg, what) for key, _, arg, what, _ in self._commands()]
        lines += ["%-12s%s" % ("  a move" if i == 0 else "", text)
                  for i, text in enumerate(self.referee.game.move_help)]
        codes = self._legal_codes()
        lines.append("legal moves (%d)%s%s" % (len(codes), ": " if codes else "",
                                               ", ".join(codes[:12]) + (", ..." if len(codes) > 12 else "")))
        self._say("\n".join(lines))

    def _cmd_list(self, args):
        codes = self._legal_codes()
        pages = max(1, -(-len(codes) // LIST_PAGE))
        if args and not (len(args) == 1 and args[0].isdigit() and 1 <= int(args[0]) <= pages):
            self._error("'l' takes a page number 1..%d, not '%s'" % (pages, " ".join(args)))
            return
        page = int(args[0]) if args else 1
        if not codes:
            self._say("no legal move: pass (%s)" % self.game_cls.pass_code.decode())
            return
        more = "; 'l %d': the next page" % (page + 1) if page < pages else ""
        lines = ["legal moves (%d), page %d of %d%s:" % (len(codes), page, pages, more)]
        chunk = codes[(page - 1) * LIST_PAGE:page * LIST_PAGE]
        lines += ["  " + " ".join(chunk[i:i + 10]) for i in range(0, len(chunk), 10)]
        self._say("\n".join(lines))

    def _cmd_tiles(self, args):
        game = self.referee.game
        if not args:
            self._say(game.tiles_text(self.referee.seat_of(self)))
            return
        try:
            if len(args) != 1:
                raise ValueError("'t' takes one tile letter a..u, not '%s'" % " ".join(args))
            self._say(game.orientations_text(args[0].lower()))
        except ValueError as e:
            self._error(str(e))


class ReplayPlayer(Player):
    """Answers from a transcript; checks that the referee sends what was sent.
    Past its last record it leaves as the transcript's game was left
    (`stop`: why it was abandoned, e.g. 'q' or 'interrupted')."""
    kind = "replay"
    scriptable = True

    def __init__(self, spec, records, stop="the transcript ends here"):
        super().__init__(spec)
        self.records = list(records)
        self.stop = stop
        self.original_kind = spec.partition(":")[0]     # golden, sim, human, tcp...

    def script(self, code):
        pass

    def exchange(self, data, n, limit):
        if not self.records:
            raise Quit(self.stop)
        rec = self.records.pop(0)
        sent = rec["sent"].encode("latin-1")
        if sent != bytes(data):
            raise ReplayDiverges(
                "line %s: the replay sends %s to player %d (%s) where the line has %s; what is "
                "sent follows from the answers on the lines before it, so one of them or this "
                "line was changed" % (rec.get("_line", "?"), _quoted(data), rec["p"] + 1,
                                      self.spec, _quoted(sent)))
        return rec["got"].encode("latin-1"), rec["s"], rec["status"]

    def send(self, data):
        pass


class ReplayDiverges(Exception):
    """A replayed game does not follow its transcript."""


def _quoted(data):
    """Protocol bytes as the transcript writes them (a JSON string)."""
    return json.dumps(bytes(data).decode("latin-1"))


# ------------------------------------------------------------------------------ specs
def parse_spec(spec, rng_seed):
    """A Player for the command-line text `spec`; PlayerError if malformed."""
    kind, _, arg = spec.partition(":")
    if kind == "serial" and arg:
        return SerialPlayer(spec, arg)
    if kind == "tcp":
        host, _, port = arg.rpartition(":")
        if host and port.isdigit() and 0 < int(port) < 65536:
            return TcpPlayer(spec, host, int(port))
        raise PlayerError("player %r: expected tcp:HOST:PORT" % spec)
    if kind == "listen":
        if arg.isdigit() and 0 < int(arg) < 65536:
            return ListenPlayer(spec, int(arg))
        raise PlayerError("player %r: expected listen:PORT" % spec)
    if kind == "sim":
        return SimPlayer(spec, arg or None)
    if kind in ("golden", "golden-mcts", "mirror"):
        make = {"golden": golden_player, "golden-mcts": GoldenMctsPlayer,
                "mirror": MirrorPlayer}[kind]
        if not arg:
            return make(spec, None)
        if arg.isdigit() and int(arg) >= 1:
            return make(spec, int(arg))
        raise PlayerError("player %r: the budget of %s:BUDGET is an integer >= 1" % (spec, kind))
    if spec == "random":
        return RandomPlayer(spec, random.Random(rng_seed))
    if spec == "human":
        return HumanPlayer(spec)
    raise PlayerError("unknown player %r: expected %s" % (spec, KINDS))
