"""Unit bench of the serial transmitter, hdl/uart_tx.py.

Reference: `TxReference`, the line and `busy` the block must show, cycle by
cycle, from the `start`/`data` it was given: a start taken while not busy
(edge c) puts the frame's ten bits on the line, start bit 0, data least
significant bit first, stop bit 1, each exactly `divisor` cycles long and the
first from two edges after c; `busy` is high from the edge after c until the
stop bit ends; otherwise the line is idle high. A start while busy is
ignored, and `data` matters only at the edge that takes it.

Every cycle the DUT's `tx` and `busy` must equal the model's (exact bit
timing), and cocotbext-uart's UartSink must decode exactly the bytes taken,
each with a good stop bit.

Tests: `start` held high with `data` changing every cycle (frames back to
back, each carrying the byte at its taking edge); random start pulses, many
while busy; a reset in the middle of a frame (the line is idle at once and
the next frame is clean).
"""
import random

import cocotb

from verif.units.common import (FRAME_BITS, CycleBench, Mismatches, SerialCapture, start_unit,
                                wait_bits)


def frame_bits(value):
    """The ten line levels of an 8N1 frame of `value`, in time order."""
    return [0] + [(value >> k) & 1 for k in range(8)] + [1]


class TxReference:
    """What `tx` and `busy` must be at each clock edge (see the module doc)."""

    def __init__(self, divisor):
        self.divisor = divisor
        self.bits = None           # the frame being sent
        self.age = 0               # edges since the one that took it
        self.taken = []            # the bytes taken, in order

    def outputs(self):
        if self.bits is None:
            return {"tx": 1, "busy": 0}
        busy = 1 <= self.age <= FRAME_BITS * self.divisor
        k = (self.age - 2) // self.divisor
        return {"tx": self.bits[k] if self.age >= 2 and k < FRAME_BITS else 1, "busy": int(busy)}

    def clock(self, start, data, rst=0):
        busy = self.outputs()["busy"]
        if rst:
            self.bits = None
        elif start and not busy:
            self.bits, self.age = frame_bits(data), 1
            self.taken.append(data)
        elif self.bits is not None:
            self.age += 1
            if self.age > FRAME_BITS * self.divisor + 1:
                self.bits = None


class TxBench:
    """The DUT and the model side by side, compared every cycle; the UartSink
    decodes the line on the side."""

    def __init__(self, dut, cfg, name):
        self.cfg = cfg
        self.bench = CycleBench(dut, ("tx", "busy"))
        self.model = TxReference(cfg.divisor)
        self.capture = SerialCapture(dut.tx, cfg)
        self.mismatches = Mismatches("uart_tx (divisor %d), %s" % (cfg.divisor, name))

    async def cycle(self, start, data, rst=0):
        out = await self.bench.step({"start": start, "data": data, "rst": rst})
        expected = self.model.outputs()
        if out != expected:
            self.mismatches.expect("cycle %d, %d cycles after byte #%d was taken"
                                   % (self.bench.cycle, self.model.age, len(self.model.taken) - 1),
                                   expected, out)
        self.model.clock(start, data, rst)

    async def finish(self, sent=None):
        """Let the line go idle, then compare what the UartSink decoded."""
        while self.model.bits is not None:
            await self.cycle(0, 0)
        await wait_bits(self.cfg, 2)
        self.capture.check_stop_bits(self.mismatches)
        self.mismatches.expect("bytes decoded by the UartSink",
                               bytes(self.model.taken if sent is None else sent), self.capture.data)
        self.mismatches.check()


@cocotb.test()
async def back_to_back(dut):
    """`start` always high, `data` new every cycle: frames follow each other
    at once, each carries the byte present at its taking edge."""
    cfg = await start_unit(dut, low=("start",))
    tx = TxBench(dut, cfg, "back to back")
    while len(tx.model.taken) < 24:
        await tx.cycle(1, random.randrange(256))
    await tx.finish()


@cocotb.test()
async def random_starts(dut):
    """Start pulses at random times, most of them while busy (ignored), with
    0x00 and 0xff among the bytes taken."""
    cfg = await start_unit(dut, low=("start",))
    tx = TxBench(dut, cfg, "random starts")
    specials = [0x00, 0xFF]
    while len(tx.model.taken) < 24:
        rate = random.choice((0.002, 0.02, 0.3))
        for _ in range(random.randint(20, 400)):
            start = int(random.random() < rate)
            data = specials.pop() if start and specials and not tx.model.outputs()["busy"] \
                else random.randrange(256)
            await tx.cycle(start, data)
    await tx.finish()


@cocotb.test()
async def reset_mid_frame(dut):
    """A reset in the middle of a frame: the line is idle high from the next
    edge, busy falls, and the next frame goes out whole. The UartSink sees
    the cut frame as whatever its bits read; only the later bytes count."""
    cfg = await start_unit(dut, low=("start",))
    tx = TxBench(dut, cfg, "reset mid-frame")
    await tx.cycle(1, 0x00)
    for _ in range(random.randint(2, 5 * cfg.divisor)):
        await tx.cycle(0, 0)
    await tx.cycle(0, 0, rst=1)
    for _ in range(FRAME_BITS * cfg.divisor + 2):  # let the sink give up on the cut frame
        await tx.cycle(0, 0)
    tx.capture.frames.clear()
    after = [random.randrange(256) for _ in range(3)]
    for value in after:
        await tx.cycle(1, value)
        while tx.model.outputs()["busy"]:
            await tx.cycle(0, 0)
    await tx.finish(sent=after)
