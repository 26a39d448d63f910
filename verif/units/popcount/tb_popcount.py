"""Unit bench of the carry-save popcount, hdl/popcount.py, at the
width the Blokus reach count uses (MAX_REACH = 1,764 bits, as hdl/units.py
builds it).

Reference: `int.bit_count`. A new vector enters every cycle (the tree is
pipelined) and `count` must equal the reference of the vector that entered
`latency(width)` cycles earlier, on every cycle, after the pipeline has
filled.

Why it exists: inside the core the tree only ever adds reach tests of real
positions, whose sums stay in a narrow range, so a full adder's carry
turned into an OR deep in the tree (seen in the mutation draw of seed
1072110025, blokus_eval_pipeline#3) survived every Blokus bench. Here each
adder meets every combination of its three inputs.

Tests: the edge inputs (0, all ones, each single bit of the first and last
words, runs of ones from the bottom and to the top, alternating bits);
random vectors of every density, sparse to nearly full, and vectors that
are dense in one region and empty elsewhere.
"""
import random

import cocotb
from cocotb.triggers import FallingEdge, RisingEdge, Timer

from hdl.popcount import latency
from verif.units.common import Mismatches, start_unit


async def check_stream(dut, vectors, what, delay=None):
    """Feed one vector a cycle; compare `count` with each vector's ones
    `delay` (default latency(width)) cycles after it entered; with 0 (the
    combinational tree) in its own cycle, settled."""
    width = len(dut.vec)
    delay = latency(width) if delay is None else delay
    mismatches = Mismatches("popcount (%d bits, latency %d), %s" % (width, delay, what))
    fed = []
    for cycle in range(len(vectors) + delay):
        await FallingEdge(dut.clk)
        if delay == 0:
            dut.vec.value = vectors[cycle]
            await Timer(1, "ns")
            fed.append(vectors[cycle])
        if cycle >= delay:
            vec = fed[cycle - delay]
            mismatches.expect("the vector fed %d cycles back (%d ones, 0x%s...)"
                              % (delay, vec.bit_count(), ("%x" % vec)[:12]),
                              vec.bit_count(), int(dut.count.value))
        if delay:
            vec = vectors[cycle] if cycle < len(vectors) else 0
            dut.vec.value = vec
            fed.append(vec)
        await RisingEdge(dut.clk)
    dut._log.info("%s: %d vectors", what, len(vectors))
    mismatches.check()


@cocotb.test()
async def edge_inputs(dut):
    """0, all ones, single bits near both ends and at random places, runs of
    ones from the bottom and down from the top, alternating bits."""
    await start_unit(dut, low=("vec",))
    width = len(dut.vec)
    ones = (1 << width) - 1
    alternating = int("01" * width, 2) & ones
    vectors = [0, ones, alternating, alternating << 1 & ones, 1 | 1 << (width - 1), ones, 0]
    vectors += [1 << i for i in list(range(40)) + list(range(width - 40, width))]
    vectors += [1 << random.randrange(width) for _ in range(40)]
    vectors += [(1 << i) - 1 for i in range(0, width + 1, 37)]
    vectors += [ones & ~((1 << i) - 1) for i in range(0, width, 41)]
    await check_stream(dut, vectors, "edge inputs")


@cocotb.test()
async def random_vectors(dut):
    """Each bit set with a density from 1 % to 99 %, a new density every
    vector; and vectors dense in one random region, empty elsewhere."""
    await start_unit(dut, low=("vec",))
    width = len(dut.vec)
    vectors = []
    for _ in range(600):
        if random.random() < 0.3:
            lo = random.randrange(width)
            hi = random.randint(lo + 1, width)
            region = random.getrandbits(hi - lo) | random.getrandbits(hi - lo)
            vectors.append(region << lo)
        else:
            density = random.choice((0.01, 0.05, 0.2, 0.5, 0.8, 0.95, 0.99))
            vectors.append(sum(1 << i for i in range(width) if random.random() < density))
    await check_stream(dut, vectors, "random vectors")
