"""What the DE2 board smoke tests of both cores share: power-up, the serial
link as a host sees it, the displays read back as hex digits, the switches
and keys, and the error-counter view; `Board` puts them together."""
import logging

from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, with_timeout
from cocotbext.uart import UartSink, UartSource

from hdl.seven_seg import SEGMENTS_N
from verif import tb

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
    dut.KEY.value = 0b1110                 # held: the line is idle by the time the
    await ClockCycles(dut.CLOCK_50, 10)    # host's end starts listening, so a core
    src = UartSource(dut.UART_RXD, baud=cfg.baud_actual)   # that talks right after
    sink = UartSink(dut.UART_TXD, baud=cfg.baud_actual)    # the reset (Reversi's
    src.log.setLevel(logging.WARNING)                      # Connect) is heard whole
    sink.log.setLevel(logging.WARNING)
    dut.KEY.value = 0b1111
    await ClockCycles(dut.CLOCK_50, 40)
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


class Board:
    """A powered-up DE2 board as the host and a person at it see it. Every
    answer is read within `answer_bits` bit times."""

    SETTLE_CYCLES = 5     # after an answer, until the displays and LEDs show it
    VIEW_CYCLES = 2       # after a switch or key, until the displays follow

    def __init__(self, dut, cfg, src, sink, answer_bits):
        self.dut, self.cfg, self.src, self.sink = dut, cfg, src, sink
        self.answer_bits = answer_bits

    @classmethod
    async def power_up(cls, dut, answer_bits):
        cfg = tb.TbConfig.from_env()
        src, sink = await power_up(dut, cfg)
        return cls(dut, cfg, src, sink, answer_bits)

    async def ask(self, golden, data):
        """Send `data`; the board must answer what the golden session does.
        Returns the answer."""
        want = golden.feed(data)
        got = await exchange(self.src, self.sink, data, len(want), self.cfg, bits=self.answer_bits)
        assert got == want, "DE2 answered %r to %r, golden %r (last search %r)" % (
            got, data, want, golden.last_search)
        return got

    async def settle(self):
        await ClockCycles(self.dut.CLOCK_50, self.SETTLE_CYCLES)

    def shown(self):
        return shown(self.dut)

    def patterns(self):
        return patterns(self.dut)

    def green_leds(self):
        return int(self.dut.LEDG.value)

    async def view(self, switches=None, key1_held=False):
        """Set the switches (if given) and KEY[1]; what the displays then show."""
        if switches is not None:
            self.dut.SW.value = switches
        self.dut.KEY.value = 0b1101 if key1_held else 0b1111
        await ClockCycles(self.dut.CLOCK_50, self.VIEW_CYCLES)
        return self.shown()

    async def press_reset(self):
        await press_reset(self.dut)

    async def check_error_view(self, golden, illegal):
        """KEY[1] held overrides the switches: view 1, the error counters, all
        zero so far; then a bad byte and the illegal move `illegal` count
        there (one each) and light LEDG[4:3]."""
        assert await self.view(key1_held=True) == "00000000", self.shown()
        await self.ask(golden, b"x")
        await self.ask(golden, illegal)
        await self.settle()
        assert golden.bad_bytes == 1 and golden.illegal_moves == 1, golden
        assert self.shown() == "01000001", self.shown()
        assert self.green_leds() & 0b11000 == 0b11000, bin(self.green_leds())
