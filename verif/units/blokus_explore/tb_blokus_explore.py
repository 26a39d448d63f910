"""Unit bench of a node's exploration factor, hdl/blokus/explore.py.

Reference: golden.blokus.mcts.explore_q16(N), the factor golden's `select`
gives a node's children's values from the node's descents N.

A node enters every cycle (with pauses); its factor must equal golden's
LATENCY cycles later, and `valid_out` must rise exactly then.

Tests: every N below 4,096 (where the table of 8-bit logarithms is read
whole and the shift is small); N at every power of two of m = N + 1 and one
either side (where the shift changes), up to the largest N the block takes;
random N of every length.
"""
import random

import cocotb

from golden.blokus import mcts as M
from hdl.blokus.explore import LATENCY
from hdl.blokus.stats_update import REAL_BITS
from verif.units.common import Mismatches, start_unit, stream_pipeline

INPUTS = ("valid_in", "descents")
TOP = (1 << REAL_BITS) - 1


async def stream(dut, values, what):
    mismatches = Mismatches("blokus_explore, %s" % what)

    def drive(n):
        dut.valid_in.value = 1
        dut.descents.value = n

    def idle():
        dut.valid_in.value = 0
        dut.descents.value = random.randrange(TOP + 1)

    def compare(back):
        mismatches.expect("valid_out (N %s)" % back, back is not None,
                          bool(int(dut.valid_out.value)))
        if back is not None:
            mismatches.expect("N %d: explore" % back, M.explore_q16(back),
                              int(dut.explore.value))

    compared = await stream_pipeline(dut, values, LATENCY, drive, idle, compare)
    dut._log.info("%s: %d nodes compared", what, compared)
    mismatches.check()


@cocotb.test()
async def small_counts(dut):
    """Every N below 4,096."""
    await start_unit(dut, low=INPUTS)
    await stream(dut, list(range(4096)), "N < 4096")


@cocotb.test()
async def edges_and_random(dut):
    """N + 1 at and around every power of two, the largest N, random N of every length."""
    await start_unit(dut, low=INPUTS)
    edges = sorted({v for b in range(1, REAL_BITS + 1) for v in (2 ** b - 2, 2 ** b - 1, 2 ** b)
                    if 0 <= v <= TOP} | {TOP})
    rand = [random.getrandbits(random.randrange(1, REAL_BITS + 1)) for _ in range(3000)]
    await stream(dut, edges + rand, "edges and random")
