"""Unit bench of a core's receive side, hdl/serial_front_end.py: serial line
-> receiver -> parser -> event queue, and the line's fault counters (built by
hdl/units.py with the Score-4 parser and a FRONT_END_DEPTH-message queue).

Reference: golden's Score-4 session (the parser's specification, as in the
parser's own bench) says which messages the bytes on the line make and how
many bad bytes and framing errors they hold; the queue is a FIFO of
FRONT_END_DEPTH words that keeps the oldest messages and counts each one
that finds it full; every counter is 8 bits and saturates at 255. The
glitch counter counts the low pulses shorter than half a bit.

Checked: every message comes out of the queue once, in order, with its
event word, and nothing else; n_bad, n_frame, n_glitch and n_overflow equal
the reference after every phase. The counters the cores never see move in a
core test (messages lost to a full queue, more than 63 glitches) are driven
here to a value with bit 6 set and to saturation.

Tests: random traffic with messages taken at once (nothing lost); a queue
held full while messages keep coming (3 lost, then 70, then past 255), the
queue still in order afterwards; 70 glitches, then past 255, and a message
after them still parsed.
"""
import random

import cocotb
from cocotb.triggers import RisingEdge

from golden.score4.encoding import NEW_GAME_REPLY
from golden.score4.session import Session
from hdl.score4.parser import EV_NEW_GAME
from hdl.units import FRONT_END_DEPTH
from verif.uart_agent import UartPinDriver
from verif.units.common import COUNTER_MAX, Mismatches, serial_source, start_unit


def event_word(message):
    """The event word of a parsed message: new game, or request (x, y)."""
    return EV_NEW_GAME if message == "new game" else (message[0] << 3) | message[1]


class _RecordingSession(Session):
    """golden's session with complete requests recorded in `parsed`, not played."""

    def __init__(self):
        super().__init__(budget=1)
        self.parsed = []

    def _request(self, x, y):
        self.parsed.append((x, y))
        return b""


class FrontEndModel:
    """What the line carries, through golden's session: the messages in
    order, and the bad-byte and framing-error counts."""

    def __init__(self):
        self.session = _RecordingSession()
        self.messages = []

    def byte(self, b):
        answer = self.session.feed(bytes([b]))
        if answer == NEW_GAME_REPLY:
            self.session.parsed.append("new game")
        self.messages.extend(event_word(m) for m in self.session.parsed)
        self.session.parsed.clear()

    def framing_error(self):
        self.session.framing_error()


class FrontEndBench:
    """Drives the line (cocotbext-uart for bytes, the pin driver for faults)
    and takes events out of the queue while `taking` is set."""

    def __init__(self, dut, cfg, name):
        self.dut = dut
        self.source = serial_source(dut.uart_rx, cfg)
        self.pins = UartPinDriver(dut.uart_rx, cfg.bit_ps)
        self.model = FrontEndModel()
        self.mismatches = Mismatches("serial_front_end, " + name)
        self.taken = []               # event words popped, in order
        self.taking = True
        self.glitches = 0
        cocotb.start_soon(self._take())

    async def _take(self):
        dut = self.dut
        while True:
            await RisingEdge(dut.clk)
            if self.taking and not int(dut.empty.value):
                self.taken.append(int(dut.word.value))
                dut.pop.value = 1
                await RisingEdge(dut.clk)
                dut.pop.value = 0

    async def send(self, data):
        for b in data:
            await self.source.write(bytes([b]))
            await self.source.wait()
            self.model.byte(b)

    async def framing_error(self, value):
        await self.pins.frame(value, stop=0)
        self.model.framing_error()

    async def glitch(self, n):
        for _ in range(n):
            await self.pins.glitch(random.choice((0.1, 0.25, 0.4)))
        self.glitches += n

    async def settle(self):
        """A few bit times of idle line, so that the last message is through."""
        await self.pins.idle(2)

    def check_counters(self, what, lost):
        s = self.model.session
        want = {"n_bad": s.bad_bytes, "n_frame": s.framing_errors, "n_glitch": self.glitches,
                "n_overflow": lost}
        got = {name: int(getattr(self.dut, name).value) for name in want}
        want = {name: min(COUNTER_MAX, value) for name, value in want.items()}
        self.mismatches.expect("%s: counters" % what, want, got)

    def check_events(self, what, expected):
        self.mismatches.expect("%s: events taken" % what, [hex(w) for w in expected],
                               [hex(w) for w in self.taken])


async def start(dut, name):
    cfg = await start_unit(dut, idle_high=("uart_rx",), low=("pop",))
    return FrontEndBench(dut, cfg, name)


def random_chunk():
    """Host traffic: requests, new games, garbage, a cut request."""
    kind = random.choices(("request", "new game", "garbage", "cut"), weights=(6, 2, 2, 1))[0]
    if kind == "request":
        return b"A" + bytes(random.choice(b"01234") for _ in range(2))
    if kind == "new game":
        return b"0"
    if kind == "garbage":
        return bytes(random.randrange(256) for _ in range(random.randint(1, 3)))
    return b"A" + bytes([random.choice(b"1234"), random.choice(b"59Z\r")])


@cocotb.test()
async def random_traffic(dut):
    """Random messages and noise, some framing errors; each event is taken
    as soon as it is there, so none is lost."""
    bench = await start(dut, "random traffic")
    for _ in range(60):
        if random.random() < 0.1:
            await bench.framing_error(random.randrange(256))
        else:
            await bench.send(random_chunk())
    await bench.settle()
    bench.check_events("random traffic", bench.model.messages)
    bench.check_counters("random traffic", lost=0)
    assert bench.model.messages and bench.model.session.bad_bytes, \
        "the traffic had no messages or no noise"
    bench.mismatches.check()


@cocotb.test()
async def full_queue_loses_and_counts(dut):
    """Nothing taken: the queue keeps the first FRONT_END_DEPTH messages and
    counts every later one as lost (3, then 70, then past 255: the counter
    stops there); taken afterwards they come out in order, and the queue
    works as before."""
    bench = await start(dut, "full queue")
    bench.taking = False
    lost = 0
    for extra in (3, 67, 200):
        messages = [random.choice((b"0", b"A12", b"A40")) for _ in range(FRONT_END_DEPTH + extra)]
        for m in messages:
            await bench.send(m)
        await bench.settle()
        lost += extra
        bench.check_counters("%d messages lost" % lost, lost)
        kept = bench.model.messages[:FRONT_END_DEPTH]
        bench.model.messages.clear()
        bench.taken.clear()
        bench.taking = True
        await bench.pins.idle(1)
        bench.check_events("%d messages lost" % lost, kept)
        bench.taking = False
        bench.taken.clear()
    assert lost > COUNTER_MAX
    bench.taking = True
    await bench.send(b"A23")
    await bench.settle()
    bench.check_events("after the losses", [event_word((2, 3))])
    bench.mismatches.check()


@cocotb.test()
async def glitches_counted(dut):
    """70 glitches (bit 6 of the count set), then past 255 (the counter
    stops there); a message after them is still parsed."""
    bench = await start(dut, "glitches")
    await bench.glitch(70)
    bench.check_counters("70 glitches", lost=0)
    await bench.glitch(200)
    await bench.send(b"A31")
    await bench.settle()
    bench.check_counters("270 glitches", lost=0)
    bench.check_events("after the glitches", [event_word((3, 1))])
    bench.mismatches.check()
