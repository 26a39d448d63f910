"""Unit bench of the kept moves' RAM of the Blokus search, hdl/blokus/kept_store.py
(MAX_DEPTH * TOP_K words of KEPT_BITS bits, as hdl/units.py builds it).

Reference: a list of words. At each edge a write (`we`) sets word
`wr_addr`, and the word `rd_addr` as it stood before that edge is read; it
shows on `rd_data` after the next edge (two cycles of latency: the output
register). A read and a write of the same word in one cycle read the old
value.

The block has no reset and a word is read only after it was written, so
every word is written once first (through the block, in random order).
Then every cycle `rd_data` is compared with the reference (a read of an
unwritten word, two cycles on, is not compared).

Tests: random writes (from none to every cycle) and reads over all the
words, with the read often on the word being written, and on the one
written the cycle before; the search's pattern: a frame's TOP_K entries
written in a row, then read back in any order.
"""
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import RisingEdge

from golden.blokus.search import MAX_DEPTH, TOP_K
from hdl.units import KEPT_ADDR_BITS, KEPT_BITS
from verif import tb
from verif.units.common import CycleBench, Mismatches

DEPTH = MAX_DEPTH * TOP_K


class RamBench:
    def __init__(self, dut, name, rng):
        self.rng = rng
        self.dut = dut
        self.bench = CycleBench(dut, ())   # rd_data read only when known: unwritten words are X
        self.mismatches = Mismatches("blokus_kept_store, " + name)
        self.mem = [None] * DEPTH          # None: not written yet
        self.due = [None, None]            # (address, word) rd_data must show in 1, 2 cycles
        self.reads = 0

    async def cycle(self, we=0, wr_addr=None, wr_data=None, rd_addr=None):
        rng = self.rng
        wr_addr = rng.randrange(DEPTH) if wr_addr is None else wr_addr
        wr_data = rng.getrandbits(KEPT_BITS) if wr_data is None else wr_data
        rd_addr = rng.randrange(DEPTH) if rd_addr is None else rd_addr
        await self.bench.step({"we": we, "wr_addr": wr_addr, "wr_data": wr_data,
                               "rd_addr": rd_addr})
        due = self.due.pop(0)
        if due is not None and due[1] is not None:
            self.mismatches.expect("cycle %d: rd_data of word %d" % (self.bench.cycle, due[0]),
                                   "%#011x" % due[1], self.rd_data())
            self.reads += 1
        self.due.append((rd_addr, self.mem[rd_addr]))   # before this edge's write
        if we:
            self.mem[wr_addr] = wr_data

    def rd_data(self):
        """rd_data as hex, or its bits when some are X or Z (an unwritten word)."""
        raw = self.dut.rd_data.value
        return "%#011x" % int(raw) if raw.is_resolvable else "0b" + str(raw)

    async def fill(self):
        for a in self.rng.sample(range(DEPTH), DEPTH):
            await self.cycle(we=1, wr_addr=a, rd_addr=a)


@cocotb.test()
async def random_writes_and_reads(dut):
    assert (DEPTH - 1).bit_length() <= KEPT_ADDR_BITS
    # no reset port: the memory starts unwritten
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    dut.we.value = 0
    await RisingEdge(dut.clk)
    rng = random.Random("%s:random_writes_and_reads" % tb.seed())
    ram = RamBench(dut, "random writes and reads", rng)
    await ram.fill()
    last = 0
    for _ in range(40):
        rate = rng.choice((0.0, 0.3, 0.7, 1.0))
        for _ in range(rng.randint(20, 120)):
            we = int(rng.random() < rate)
            wr = rng.randrange(DEPTH)
            r = rng.random()
            # read the word written now, the one written just before, or any
            rd = wr if r < 0.3 else last if r < 0.5 else None
            await ram.cycle(we=we, wr_addr=wr, rd_addr=rd)
            last = wr
    for frame in rng.sample(range(MAX_DEPTH), MAX_DEPTH):        # the search's pattern
        for i in range(TOP_K):
            await ram.cycle(we=1, wr_addr=frame * TOP_K + i)
        for i in rng.sample(range(TOP_K), TOP_K):
            await ram.cycle(rd_addr=frame * TOP_K + i)
    await ram.cycle()
    await ram.cycle()
    dut._log.info("%d cycles, %d reads compared", ram.bench.cycle, ram.reads)
    ram.mismatches.check()
