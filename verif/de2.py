"""What the DE2 board smoke tests of both cores share: power-up, the serial
link as a host sees it, and the displays read back as hex digits."""
import logging

from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, with_timeout
from cocotbext.uart import UartSink, UartSource

from hdl.seven_seg import SEGMENTS_N

DIGIT = {v: d for d, v in enumerate(SEGMENTS_N)}


def shown(dut):
    """The 8 displays as a hex string, HEX7 first."""
    return "".join("%x" % DIGIT[int(getattr(dut, "HEX%d" % i).value)] for i in range(7, -1, -1))


def patterns(dut):
    """The 8 displays' raw active-low segment patterns, HEX0 first."""
    return [int(getattr(dut, "HEX%d" % i).value) for i in range(8)]


async def power_up(dut, cfg):
    """Clock, idle serial line, switches at 0, KEY[0] pressed and released;
    returns the host's (UartSource, UartSink)."""
    Clock(dut.CLOCK_50, cfg.clk_period_ps, unit="ps", impl="gpi").start()
    dut.UART_RXD.value = 1
    dut.SW.value = 0
    await press_reset(dut)
    src = UartSource(dut.UART_RXD, baud=cfg.baud_actual)
    sink = UartSink(dut.UART_TXD, baud=cfg.baud_actual)
    src.log.setLevel(logging.WARNING)
    sink.log.setLevel(logging.WARNING)
    return src, sink


async def press_reset(dut):
    """KEY[0] held for 10 clocks, then 40 clocks to come out of reset."""
    dut.KEY.value = 0b1110
    await ClockCycles(dut.CLOCK_50, 10)
    dut.KEY.value = 0b1111
    await ClockCycles(dut.CLOCK_50, 40)


async def exchange(src, sink, data, n, cfg, bits=200):
    """Send `data`; return the next `n` bytes the board sends (each within
    `bits` bit times)."""
    await src.write(data)
    got = b""
    while len(got) < n:
        got += bytes(await with_timeout(sink.read(1), bits * cfg.bit_ps, "ps"))  # read(n) needs n queued
    return got
