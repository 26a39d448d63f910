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
                       (default configuration ``score4_fast``/``blokus_fast``)
``golden[:BUDGET]``    the golden model's session, in process (budget 300 by
                       default: the default budget takes minutes a move in
                       CPython)
``random``             a uniformly random legal move (``--seed``)
``human``              moves typed at the console
=====================  ======================================================
"""
import os
import random
import socket
import subprocess
import sys
import time
from pathlib import Path

from golden.blokus import ME, Session as BlokusSession, legal_moves as blokus_legal_moves
from golden.score4 import Session as Score4Session

GOLDEN_BUDGET = 300
ACCEPT_TIMEOUT = 600.0      # how long listen:/sim players wait for their board to connect
CRLF = (0x0A, 0x0D)
KINDS = "serial:DEVICE, tcp:HOST:PORT, listen:PORT, sim[:CONFIG], golden[:BUDGET], random or human"


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

    def exchange(self, data, n, limit):
        raise NotImplementedError

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

    def accept(self, timeout, alive=lambda: True):
        deadline = time.monotonic() + timeout
        self.server.settimeout(0.5)
        while True:
            try:
                self.sock, _ = self.server.accept()
                break
            except socket.timeout:
                if time.monotonic() > deadline:
                    raise PlayerError("%s: no board connected within %.0f s" % (self.spec, timeout)) from None
                problem = alive()
                if problem:
                    raise PlayerError(problem) from None
        self.server.close()
        self.server = None
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def open(self, game_cls, referee):
        super().open(game_cls, referee)
        self.listen()
        referee.note("Waiting on TCP port %d for %s..." % (self.port, self.spec))
        self.accept(ACCEPT_TIMEOUT)

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

    def open(self, game_cls, referee):
        Player.open(self, game_cls, referee)
        from host import bridge
        try:
            self.config, _ = bridge.get_config(game_cls.name, self.config)
        except bridge.BridgeError as e:
            raise PlayerError(str(e)) from None
        self.listen()
        logdir = Path(bridge.BRIDGE_ROOT)
        logdir.mkdir(parents=True, exist_ok=True)
        self.log_path = logdir / ("referee-%d-%d.log" % (os.getpid(), id(self) % 100000))
        self.log = open(self.log_path, "w")
        cmd = [sys.executable, "-m", "host.bridge", game_cls.name, "--connect",
               "127.0.0.1:%d" % self.port, "--config", self.config]
        referee.note("Starting the simulated %s core (%s); log in %s"
                     % (game_cls.title, self.config, self.log_path))
        self.proc = subprocess.Popen(cmd, stdout=self.log, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, cwd=str(bridge.REPO))

        def alive():
            if self.proc.poll() is not None:
                return "the simulation of %s ended before connecting (exit %d); see %s" % (
                    self.config, self.proc.returncode, self.log_path)
            return None
        self.accept(ACCEPT_TIMEOUT, alive)

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
    `chooser` None: the golden search. It can be scripted (initial moves)."""
    scriptable = True

    def __init__(self, spec, budget=GOLDEN_BUDGET, chooser_factory=None, team="01"):
        super().__init__(spec)
        self.budget = budget
        self.chooser_factory = chooser_factory
        self.team = team
        self._script = None
        self._pending = b""

    def open(self, game_cls, referee):
        super().open(game_cls, referee)
        chooser = self.chooser_factory(game_cls, referee) if self.chooser_factory else None
        try:
            if game_cls.name == "score4":
                self.session = Score4Session(budget=self.budget, chooser=chooser)
            else:
                self.session = BlokusSession(budget=self.budget, team=self.team, chooser=chooser)
        except ValueError as e:
            raise PlayerError("%s: %s" % (self.spec, e)) from None
        self._chooser = self.session.chooser

    def script(self, code):
        """The next move answered is `code` (a move code string of the game)."""
        self._script = code

    def exchange(self, data, n, limit):
        start = time.monotonic()
        if self._script is not None:
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
        buf = self._pending + bytes(b for b in out if b not in CRLF)
        got, self._pending = buf[:n], buf[n:]
        status = "ok" if len(got) == n else "timeout"
        if limit is not None and secs > limit and n:
            status = "timeout"
        return got, secs, status


def golden_player(spec, budget):
    return SessionPlayer(spec, budget=budget)


def random_player(spec, rng):
    def factory(game_cls, referee):
        if game_cls.name == "score4":
            return lambda pos, budget: rng.choice(pos.legal_posts())
        return lambda pos, budget: (lambda ms: rng.choice(ms) if ms else None)(
            blokus_legal_moves(pos, ME))
    p = SessionPlayer(spec, budget=1, chooser_factory=factory, team="RN")
    p.kind = "random"
    return p


class HumanPlayer(Player):
    """Moves typed at the console. Conventions of the Blokus Duo course
    programs: a line starting with 'b' prints the board, 'q' or the end of
    input leaves; errors go to standard error and change nothing."""
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

    def ask(self):
        ref = self.referee
        game = ref.game
        seat = ref.seat_of(self)
        label = ref.label(self)
        if not game.history:
            ref.out.write(ref.board_view() + "\n")
        while True:
            ref.out.write("%s, your move ('%s'; b board, h help, q quit): "
                          % (label, ref.mark(self)))
            ref.out.flush()
            line = ref.stdin.readline()
            if not line:
                ref.out.write("\n")
                raise Quit("end of input")
            text = line.strip()
            if not text:
                continue
            c = text[0].lower()
            if c == "q":
                raise Quit("q")
            if c == "b" and not (game.name == "blokus" and len(text) == 4):
                ref.out.write(ref.board_view() + "\n")
                continue
            if c in "h?" and len(text) < 4:
                moves = game.legal_moves(seat)
                sample = ", ".join(game.code(m).decode() for m in moves[:12])
                ref.out.write("%s.\nlegal moves (%d)%s%s\n" % (
                    game.move_help, len(moves), ": " if moves else "", sample
                    + (", ..." if len(moves) > 12 else "")))
                continue
            try:
                move = game.parse_text(text)
            except ValueError as e:
                ref.err.write("error: %s\n" % e)
                ref.err.flush()
                continue
            why = game.why_illegal(seat, move)
            if why:
                ref.err.write("error: %s is illegal: %s\n" % (game.code(move).decode(), why))
                ref.err.flush()
                continue
            return game.code(move)


class ReplayPlayer(Player):
    """Answers from a transcript; checks that the referee sends what was sent."""
    kind = "replay"
    scriptable = True

    def __init__(self, spec, records):
        super().__init__(spec)
        self.records = list(records)

    def script(self, code):
        pass

    def exchange(self, data, n, limit):
        if not self.records:
            raise Quit("the transcript ends here")
        rec = self.records.pop(0)
        sent = rec["sent"].encode("latin-1")
        if sent != bytes(data):
            raise ReplayDiverges("%s: the referee sends %r where the transcript has %r"
                                 % (self.spec, bytes(data), sent))
        return rec["got"].encode("latin-1"), rec["s"], rec["status"]

    def send(self, data):
        pass


class ReplayDiverges(Exception):
    """A replayed game does not follow its transcript."""


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
    if kind == "golden":
        if not arg:
            return golden_player(spec, GOLDEN_BUDGET)
        if arg.isdigit() and int(arg) >= 1:
            return golden_player(spec, int(arg))
        raise PlayerError("player %r: the budget of golden:BUDGET is an integer >= 1" % spec)
    if spec == "random":
        return random_player(spec, random.Random(rng_seed))
    if spec == "human":
        return HumanPlayer(spec)
    raise PlayerError("unknown player %r: expected %s" % (spec, KINDS))
