"""The Reversi bridge: a player core's serial line on a game master's port.

The core is the *client* in Reversi: it speaks the player's messages on its
UART (Connect at power-up, then a New Move for every Next Turn). The bridge
connects to the game master's Black or White port and carries the bytes
both ways, unchanged, between that TCP connection and the core:

=====================  ======================================================
``serial:DEVICE``      a board on a serial port, 115200 8N1 (pyserial: any
                       URL works, ``serial:/dev/ttyUSB0``, ``serial:/dev/pts/N``)
``pty``                a pseudo-terminal the bridge creates and names; a core
                       program opens it (``python -m host.reversi core
                       --serial /dev/pts/N``, a terminal program); the game
                       master is reached once the core has spoken
``golden[:BUDGET]``    the golden ``Session`` in this process (the core's exact
                       answers, at full speed)
``sim[:CONFIG]``       the core's RTL under cocotb: ``host.bridge.SimCore``
                       (the hook for the Reversi RTL; see below)
=====================  ======================================================

What the bridge adds, and only at the edges of a game (it never changes a
byte in between): a core that was powered up before the bridge opened its
line has sent its Connect into the void, so when no Connect has come from
the core ``hello_wait`` seconds after the bridge reached the game master, the
bridge sends one for it (``--name``). When the game master sends End, the
bridge passes it to the core and disconnects, as the contest text asks of a
player; with ``--games N`` it connects again and sends the core's Connect
(the one the core sent, else ``--name``): the game master's Player OK then
wakes the core, which stops after End until a Player OK or a reset.

The simulated core (``sim[:CONFIG]``, default ``reversi_fast``):
``host.bridge.SimCore`` runs ``reversi_top`` of that configuration of
``hdl/configs.py`` under cocotb with its UART on a private socket.
"""
import select
import sys
import time

from golden.reversi.encoding import (BAUD, OP_CONNECT, OP_END, STALL_BITS, Reader,
                                     encode_connect)
from golden.reversi.session import DEFAULT_NAME, Session, check_name

from host import bridge
from host.bridge import BridgeError, PtyEnd, SocketEnd
from host.reversi.players import GOLDEN_BUDGET, PlayerError, connect

STALL_S = STALL_BITS / BAUD             # 0.1 s
HELLO_WAIT_S = 2.0
DEFAULT_SIM_CONFIG = "reversi_fast"
CORES = "serial:DEVICE, pty, golden[:BUDGET] or sim[:CONFIG]"


class SerialEnd(object):
    """A serial port (pyserial URL), 8N1: read(wait) -> bytes, b"" or None."""
    reset = False

    def __init__(self, url, baud=BAUD):
        import serial
        try:
            self.ser = serial.serial_for_url(url, baudrate=baud, bytesize=8, parity="N",
                                             stopbits=1, timeout=0)
        except (serial.SerialException, ValueError, OSError) as e:
            raise BridgeError("cannot open the serial port %s: %s" % (url, e)) from None
        try:
            fd = self.ser.fileno()
            self.fileno = lambda: fd
        except Exception:               # loop:// and other URLs have no descriptor
            self.fileno = None
        self.label = "serial port %s, %d baud" % (url, baud)

    def read(self, wait):
        if self.fileno is not None:
            r, _, _ = select.select([self.fileno()], [], [], wait)
            if not r:
                return b""
        try:
            data = self.ser.read(self.ser.in_waiting or 1)
        except Exception:               # SerialException: device gone
            return None
        if not data and self.fileno is not None:
            return None                 # readable yet empty: the other end hung up
        return data

    def write(self, data):
        try:
            self.ser.write(data)
            self.ser.flush()
        except Exception:
            pass
        return True

    def close(self):
        try:
            self.ser.close()
        except Exception:
            pass


class GoldenCore(bridge.GoldenCore):
    """The golden Session in this process; its Connect is ready at start.
    Feeding and reading are the other games' (host.bridge.GoldenCore)."""

    def __init__(self, budget=None, name=DEFAULT_NAME, max_size=16):
        try:
            self.session = Session(budget=GOLDEN_BUDGET if budget is None else budget,
                                   name=name, max_size=max_size)
        except ValueError as e:
            raise BridgeError(str(e)) from None
        self.game = "reversi"
        self.out = self.session.hello()
        self.label = "golden model (budget %d, name %s)" % (self.session.budget,
                                                           self.session.name.decode())


class _PtyCore(PtyEnd):
    """The bridge's own pseudo-terminal, for a core program to open. The
    bridge reaches the game master only once the core has said something
    (its Connect), so that no Next Turn goes to a line nobody reads yet."""
    wait_for_core = True

    def __init__(self):
        super().__init__()
        self.label = "pseudo-terminal %s" % self.name


def open_core(spec, name=DEFAULT_NAME, log=None):
    """The core's end for ``spec`` (CORES)."""
    kind, _, arg = spec.partition(":")
    if kind == "serial" and arg:
        return SerialEnd(arg)
    if kind == "pty" and not arg:
        end = _PtyCore()
        _say("pty %s: open it with the core program (e.g. python -m host.reversi core "
             "--serial %s)" % (end.name, end.name), log)
        return end
    if kind == "golden":
        budget = None
        if arg:
            try:
                budget = int(arg)
            except ValueError:
                raise BridgeError("golden:BUDGET needs a whole number, not %r" % arg) from None
        return GoldenCore(budget, name)
    if kind == "sim":
        from host.bridge import SimCore
        core = SimCore("reversi", arg or DEFAULT_SIM_CONFIG, None, None)
        core.start(log or sys.stderr)
        return core
    raise BridgeError("unknown core %r: use %s" % (spec, CORES))


def _say(line, log=None):
    log = log or sys.stderr
    log.write("bridge: %s\n" % line)
    log.flush()


def _show(data):
    return " ".join("%02x" % b for b in data)


def carry(gm_addr, core, name=DEFAULT_NAME, games=1, hello_wait=HELLO_WAIT_S, wait=10.0,
          trace=False, log=None):
    """Carry bytes between the game master at ``gm_addr`` and ``core`` for
    ``games`` games. Returns (exit code, how it ended): 0 after the last End,
    1 when the game master or the core's line closed first."""
    t0 = time.monotonic()
    hello = None                # the core's own Connect, once seen
    own = encode_connect(check_name(name))
    core_reader, gm_reader = Reader(), Reader()
    ended = 0

    def open_gm():
        try:
            return SocketEnd(connect(gm_addr[0], gm_addr[1], wait))
        except PlayerError as e:
            raise BridgeError(str(e)) from None

    early = b""
    if getattr(core, "wait_for_core", False):
        _say("waiting for the core to speak on its line", log)
        while not early:
            early = core.read(0.1)
            if early is None:
                return 1, "the core's line closed"
    gm = open_gm()
    _say("connected to the game master at %s:%d" % gm_addr, log)
    if early:
        for frame in core_reader.feed(early):
            if frame[0] == OP_CONNECT and hello is None:
                hello = frame
        gm.write(early)
    since = time.monotonic()
    sent_own = False
    last_core = time.monotonic()
    try:
        while True:
            fds = [gm] + ([core] if core.fileno is not None else [])
            r, _, _ = select.select(fds, [], [], 0.01)
            if core.fileno is None or core in r:
                out = core.read(0)
                if out is None:
                    return 1, "the core's line closed"
                if out:
                    last_core = time.monotonic()
                    for frame in core_reader.feed(out):
                        if frame[0] == OP_CONNECT and hello is None:
                            hello = frame
                    if trace:
                        _say("%9.3f s core> %s" % (time.monotonic() - t0, _show(out)), log)
                    gm.write(out)
            elif core_reader.partial and time.monotonic() - last_core > STALL_S:
                core_reader.stall()
            if gm in r:
                data = gm.read(0)
                if data is None:
                    return 1, "the game master closed the connection during game %d" % (ended + 1)
                if data:
                    if trace:
                        _say("%9.3f s gm>   %s" % (time.monotonic() - t0, _show(data)), log)
                    core.write(data)
                    if any(f[0] == OP_END for f in gm_reader.feed(data)):
                        ended += 1
                        _say("End of game %d: disconnecting" % ended, log)
                        time.sleep(0.05)        # the core takes the End first
                        if core.fileno is None:
                            core.read(0)
                        gm.close()
                        if ended >= games:
                            return 0, "%d game(s) played" % ended
                        gm = open_gm()
                        gm_reader = Reader()
                        gm.write(hello or own)
                        _say("connected again for game %d" % (ended + 1), log)
            if hello is None and not sent_own and time.monotonic() - since > hello_wait:
                sent_own = True
                _say("no Connect from the core within %g s: sent one for it as %r"
                     % (hello_wait, own[2:].decode()), log)
                gm.write(own)
    finally:
        gm.close()


def serve_core(end, session, stop=None, log=None, trace=False):
    """The golden Session as a core on a serial line ``end`` (the stand-in for
    the board): its Connect at start, then its answers, a partial message
    dropped after 100 ms of silence; returns when the line closes or ``stop``
    (a threading.Event) is set."""
    end.write(session.hello())
    last = time.monotonic()
    while stop is None or not stop.is_set():
        data = end.read(0.02)
        if data is None:
            return
        if data:
            last = time.monotonic()
            out = session.feed(data)
            if trace:
                _say("core got %s, sends %s" % (_show(data), _show(out)), log)
            if out:
                end.write(out)
        elif session.in_message and time.monotonic() - last > STALL_S:
            session.stall()


