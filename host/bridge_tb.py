"""cocotb module run by ``host.bridge --player sim``: the core's RTL with its
UART carried to the bridge process over a private loopback socket.

Not a test of anything: one cocotb "test" that runs until the bridge closes
the socket. Settings come from the environment (set by ``host.bridge``):

BRIDGE_ADDR       ``HOST:PORT`` the bridge listens on for this simulator
BRIDGE_WORK       this run's folder (removed here if the bridge was killed)
BRIDGE_POLL_BITS  how often (in bit times) Python looks at the socket

Python stays off the per-cycle path: the UART is cocotbext-uart's source and
sink (a few events per bit), and the socket is polled once every
BRIDGE_POLL_BITS bit times. While nothing moves (no byte either way, the core
not busy) the poll blocks in ``select`` for up to 50 ms of real time, so an
idle bridge waiting for a person costs almost no CPU.
"""
import atexit
import logging
import os
import shutil
import socket

import cocotb
from cocotb.triggers import Timer
from cocotbext.uart import UartSink, UartSource

from host.bridge import CLOSING_MARK, SocketEnd
from verif import tb

IDLE_POLLS = 8            # quiet polls before the bridge starts to block in select
MAX_WAIT_BUSY_KNOWN = 0.05
MAX_WAIT_BUSY_UNKNOWN = 0.002


def _connect():
    host, _, port = os.environ["BRIDGE_ADDR"].rpartition(":")
    sock = socket.create_connection((host, int(port)), timeout=30)
    sock.settimeout(None)
    return SocketEnd(sock)


def _bridge_gone(work):
    """The socket closed without the bridge's word that it is ending the run:
    the bridge died (a hard kill) and nobody will read or remove `work`.

    Asking whether this process has lost its parent (``os.getppid()``) is not
    enough: the kernel closes a killed process's sockets before it hands its
    children to init, so on a loaded machine the end of the socket can be seen
    while the parent still looks alive, and the folder was left behind (CI,
    30 Nov 2026). The bridge writes ``CLOSING_MARK`` before it closes."""
    return not os.path.exists(os.path.join(work, CLOSING_MARK))


async def _start(dut, cfg):
    """The clock and the reset; a core with the SDRAM chip's pins (the
    Monte-Carlo Blokus core, `sd_cke` among its ports) gets the chip's model
    (verif/sdram_model.py) on them and the chip's start-up before the host's
    first byte, as a board has it long before anyone types. Returns the model
    (None without the pins)."""
    if getattr(dut, "sd_cke", None) is None:
        await tb.start(dut, cfg)
        return None
    from verif.sdram_model import SdramModel

    sdram = SdramModel(dut, cfg.clk_period_ps, seed=int(tb.seed()))
    await sdram.start_until_ready(tb.start(dut, cfg), cfg.clk_hz)
    return sdram


@cocotb.test()
async def bridge(dut):
    cfg = tb.TbConfig.from_env()
    sdram = await _start(dut, cfg)
    source = UartSource(dut.uart_rx, baud=cfg.baud_actual)
    sink = UartSink(dut.uart_tx, baud=cfg.baud_actual)
    for part in (source, sink):
        part.log.setLevel(logging.WARNING)
    poll_ps = int(os.environ.get("BRIDGE_POLL_BITS", "8")) * cfg.bit_ps
    busy = getattr(dut, "busy", None)
    max_wait = MAX_WAIT_BUSY_KNOWN if busy is not None else MAX_WAIT_BUSY_UNKNOWN
    end = _connect()
    quiet = 0
    try:
        while True:
            out = sink.read_nowait()
            if out:
                quiet = 0
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
                source.write_nowait(data)
            else:
                quiet += 1
            await Timer(poll_ps, "ps")
    finally:
        end.close()
    if sdram is not None:
        sdram.check()            # the chip's rules: a broken one fails the run, the bridge says so
    work = os.environ.get("BRIDGE_WORK")
    if work and _bridge_gone(work):
        # nobody will read the results or clean up: leave nothing behind, once
        # cocotb has written its results file (atexit runs after that)
        atexit.register(shutil.rmtree, work, True)
