"""cocotb module run by ``host.bridge``: the core's RTL with its UART carried
to a TCP socket or a pseudo-terminal.

Not a test of anything: one cocotb "test" that runs until the host side
closes. Settings come from the environment (set by ``host.bridge``):

BRIDGE_MODE     ``connect`` | ``listen`` | ``pty``
BRIDGE_ADDR     ``HOST:PORT`` (connect: the host to connect to; listen: the
                address to bind)
BRIDGE_WAIT     connect: seconds to keep retrying a refused connection
BRIDGE_STATUS   a file the bridge writes one line to once its end is ready
                (``listening HOST:PORT``, ``connected HOST:PORT``, ``pty PATH``)
BRIDGE_TRACE    ``1``: log every byte both ways with the simulated time
BRIDGE_POLL_BITS  how often (in bit times) Python looks at the socket

Python stays off the per-cycle path: the UART is cocotbext-uart's source and
sink (a few events per bit), and the socket is polled once every
BRIDGE_POLL_BITS bit times. While nothing moves (no byte either way, the core
not busy) the poll blocks in ``select`` for up to 50 ms of real time, so an
idle bridge waiting for a person costs almost no CPU.
"""
import errno
import logging
import os
import select
import socket
import sys
import time
import tty

import cocotb
from cocotb.triggers import Timer
from cocotb.utils import get_sim_time
from cocotbext.uart import UartSink, UartSource

from verif import tb

IDLE_POLLS = 8            # quiet polls before the bridge starts to block in select
MAX_WAIT_BUSY_KNOWN = 0.05
MAX_WAIT_BUSY_UNKNOWN = 0.002


def _addr(text):
    host, _, port = text.rpartition(":")
    return (host or "127.0.0.1", int(port))


def _status(line):
    path = os.environ.get("BRIDGE_STATUS")
    sys.stderr.write("bridge: %s\n" % line)
    sys.stderr.flush()
    if path:
        with open(path, "a") as f:
            f.write(line + "\n")


class SocketEnd:
    """One TCP connection: non-blocking reads, blocking writes."""

    def __init__(self, sock):
        self.sock = sock
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def fileno(self):
        return self.sock.fileno()

    def read(self, wait):
        """Bytes available within `wait` seconds (b"" if none), None when closed."""
        r, _, _ = select.select([self.sock], [], [], wait)
        if not r:
            return b""
        try:
            data = self.sock.recv(4096)
        except (ConnectionResetError, OSError):
            return None
        return data if data else None

    def write(self, data):
        try:
            self.sock.sendall(data)
        except OSError:
            pass

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


class PtyEnd:
    """The master side of a pseudo-terminal; the slave is what host programs open."""

    def __init__(self):
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)          # no echo, no CR/LF translation
        os.set_blocking(self.master, False)
        self.name = os.ttyname(self.slave)

    def fileno(self):
        return self.master

    def read(self, wait):
        r, _, _ = select.select([self.master], [], [], wait)
        if not r:
            return b""
        try:
            return os.read(self.master, 4096)
        except OSError as e:
            if e.errno in (errno.EAGAIN, errno.EIO):   # EIO: no one has it open
                return b""
            raise

    def write(self, data):
        try:
            os.write(self.master, data)
        except OSError:
            pass

    def close(self):
        os.close(self.master)
        os.close(self.slave)


def open_end():
    mode = os.environ.get("BRIDGE_MODE", "connect")
    if mode == "pty":
        end = PtyEnd()
        _status("pty %s" % end.name)
        return end
    addr = _addr(os.environ["BRIDGE_ADDR"])
    if mode == "listen":
        srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        srv.bind(addr)
        srv.listen(1)
        _status("listening %s:%d" % srv.getsockname()[:2])
        conn, peer = srv.accept()
        srv.close()
        _status("accepted %s:%d" % peer[:2])
        return SocketEnd(conn)
    deadline = time.monotonic() + float(os.environ.get("BRIDGE_WAIT", "60"))
    while True:
        try:
            sock = socket.create_connection(addr, timeout=5)
            sock.settimeout(None)
            break
        except OSError as e:
            if time.monotonic() > deadline:
                raise RuntimeError("cannot connect to %s:%d: %s" % (addr + (e,))) from None
            time.sleep(0.2)
    _status("connected %s:%d" % addr)
    return SocketEnd(sock)


def _show(data):
    return data.decode("latin-1").encode("unicode_escape").decode("ascii")


@cocotb.test()
async def bridge(dut):
    cfg = tb.TbConfig.from_env()
    await tb.start(dut, cfg)
    source = UartSource(dut.uart_rx, baud=cfg.baud_actual)
    sink = UartSink(dut.uart_tx, baud=cfg.baud_actual)
    for part in (source, sink):
        part.log.setLevel(logging.WARNING)
    trace = os.environ.get("BRIDGE_TRACE") == "1"
    poll_ps = int(os.environ.get("BRIDGE_POLL_BITS", "8")) * cfg.bit_ps
    busy = getattr(dut, "busy", None)
    max_wait = MAX_WAIT_BUSY_KNOWN if busy is not None else MAX_WAIT_BUSY_UNKNOWN
    end = open_end()
    quiet = 0
    try:
        while True:
            out = sink.read_nowait()
            if out:
                quiet = 0
                if trace:
                    _status("%.3f ms core> %s" % (get_sim_time("ns") / 1e6, _show(bytes(out))))
                end.write(bytes(out))
            wait = 0.0
            if quiet >= IDLE_POLLS and source.idle() and sink.idle() \
                    and (busy is None or not int(busy.value)):
                wait = min(max_wait, 0.001 * (quiet - IDLE_POLLS + 1))
            data = end.read(wait)
            if data is None:
                break
            if data:
                quiet = 0
                if trace:
                    _status("%.3f ms host> %s" % (get_sim_time("ns") / 1e6, _show(data)))
                source.write_nowait(data)
            else:
                quiet += 1
            await Timer(poll_ps, "ps")
    finally:
        end.close()
    _status("host closed the connection at %.3f ms simulated" % (get_sim_time("ns") / 1e6))
