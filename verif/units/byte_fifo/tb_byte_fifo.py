"""Unit bench of the queue, hdl/byte_fifo.py (FIFO_DEPTH words of FIFO_WIDTH
bits, as hdl/units.py builds it).

Reference: `FifoReference`, a bounded deque that follows the block's
docstring: a push is taken unless the queue is full, a pop removes the oldest
word unless it is empty, both judged on the flags before the clock edge.
Every clock cycle the DUT's `empty` and `full`, and `dout` whenever the queue
holds a word, must equal the model's.

Tests: random traffic in phases that fill, drain and hold the queue (the run
must hit every corner in `CORNERS`, else the bench fails); the corners one by
one (overflow: the dropped word never comes out; push and pop together when
full and when empty); a reset while words are stored.
"""
import random
from collections import Counter, deque

import cocotb

from hdl.units import FIFO_DEPTH, FIFO_WIDTH
from verif.units.common import CycleBench, Mismatches, start_unit

CORNERS = ("push while full (dropped)", "pop while empty (ignored)",
           "push and pop while full", "push and pop while empty", "became full", "became empty")


class FifoReference:
    """The queue's contents, one clock edge at a time."""

    def __init__(self, depth):
        self.depth = depth
        self.words = deque()

    def outputs(self):
        """What the ports must show before the next edge (dout None: any value)."""
        return {"empty": int(not self.words), "full": int(len(self.words) == self.depth),
                "dout": self.words[0] if self.words else None}

    def clock(self, push, pop, din):
        """One edge with these inputs; returns the corners it hit."""
        full, empty = len(self.words) == self.depth, not self.words
        hit = []
        if push and full:
            hit.append("push and pop while full" if pop else "push while full (dropped)")
        if pop and empty:
            hit.append("push and pop while empty" if push else "pop while empty (ignored)")
        if pop and not empty:
            self.words.popleft()
        if push and not full:
            self.words.append(din)
        if len(self.words) == self.depth and not full:
            hit.append("became full")
        if not self.words and not empty:
            hit.append("became empty")
        return hit


class FifoBench:
    """The DUT and the model side by side, compared every cycle."""

    def __init__(self, dut, name):
        self.bench = CycleBench(dut, ("empty", "full", "dout"))
        self.model = FifoReference(FIFO_DEPTH)
        self.mismatches = Mismatches("byte_fifo, " + name)
        self.hits = Counter()

    async def cycle(self, push=0, pop=0, din=None, rst=0):
        if din is None:
            din = random.getrandbits(FIFO_WIDTH)
        out = await self.bench.step({"push": push, "pop": pop, "din": din, "rst": rst})
        expected = self.model.outputs()
        where = "cycle %d (%d words in the model)" % (self.bench.cycle, len(self.model.words))
        for port in ("empty", "full", "dout"):
            if expected[port] is not None:
                self.mismatches.expect("%s at %s" % (port, where), expected[port], out[port])
        if rst:
            self.model.words.clear()
        else:
            self.hits.update(self.model.clock(push, pop, din))

    def check(self, corners=()):
        for corner in corners:
            if not self.hits[corner]:
                self.mismatches.add("the stimulus never hit the corner %r" % corner)
        self.mismatches.check()


@cocotb.test()
async def random_traffic(dut):
    """Random pushes and pops in phases biased to fill, drain, balance and
    stream (push and pop every cycle); every corner must be hit."""
    await start_unit(dut, low=("push", "pop"))
    fifo = FifoBench(dut, "random traffic")
    phases = [(0.9, 0.2), (0.2, 0.9), (0.5, 0.5), (1.0, 1.0), (0.7, 0.7), (0.9, 0.9)] * 3
    random.shuffle(phases)
    for p_push, p_pop in phases:
        for _ in range(random.randint(50, 250)):
            await fifo.cycle(push=int(random.random() < p_push), pop=int(random.random() < p_pop))
    dut._log.info("corners hit: %s", dict(fifo.hits))
    fifo.check(CORNERS)


@cocotb.test()
async def corners_one_by_one(dut):
    """Fill to full, overflow (the dropped words must never come out), push
    and pop together when full, drain, pop when empty, push and pop together
    when empty (the word is stored), one word in and out repeatedly."""
    await start_unit(dut, low=("push", "pop"))
    fifo = FifoBench(dut, "corners")
    for _ in range(FIFO_DEPTH):
        await fifo.cycle(push=1)
    for _ in range(3):
        await fifo.cycle(push=1)                       # dropped
    await fifo.cycle(push=1, pop=1)                    # full: only the pop acts
    await fifo.cycle(push=1)                           # full again
    for _ in range(FIFO_DEPTH + 2):
        await fifo.cycle(pop=1)                        # drain, then pops on empty
    await fifo.cycle(push=1, pop=1)                    # empty: only the push acts
    await fifo.cycle()
    for _ in range(8):
        await fifo.cycle(push=1)
        await fifo.cycle(pop=1)
    for _ in range(4):
        await fifo.cycle(pop=1)
    fifo.check(CORNERS)


@cocotb.test()
async def reset_forgets(dut):
    """A reset with words stored empties the queue; what was stored never
    comes out, and the queue works normally afterwards."""
    await start_unit(dut, low=("push", "pop"))
    fifo = FifoBench(dut, "reset")
    for _ in range(FIFO_DEPTH - 1):
        await fifo.cycle(push=1)
    await fifo.cycle(push=1, rst=1)
    for _ in range(2 * FIFO_DEPTH):
        await fifo.cycle(push=int(random.random() < 0.6), pop=int(random.random() < 0.4))
    for _ in range(2 * FIFO_DEPTH):
        await fifo.cycle(pop=1)
    fifo.check()
