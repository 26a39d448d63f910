"""Unit bench of hdl/score4/killers.py: the killer move of each ply.

Reference: a list of 64 entries (None: unset) that `clear` empties and a
write sets at the write ply; the outputs show the entry of the read ply,
combinationally.

Tests: after a clear every ply is unset; random writes, reads and clears,
each read compared with the reference; a write and a clear in the same
cycle (clear wins).
"""
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge, Timer

from hdl.score4.killers import PLIES
from verif import tb
from verif.units.common import Mismatches


async def compare(dut, model, mismatches, where):
    for ply in range(PLIES):
        dut.rply.value = ply
        await Timer(1, unit="ns")
        want = model[ply]
        mismatches.expect("%s: ply %d set" % (where, ply), want is not None,
                          bool(dut.valid.value))
        if want is not None:
            mismatches.expect("%s: ply %d killer" % (where, ply), want, int(dut.killer.value))


async def step(dut, clear, we, ply, post):
    dut.clear.value, dut.we.value, dut.wply.value, dut.post.value = clear, we, ply, post
    dut.rply.value = (ply * 7 + 3) % PLIES          # reading another ply meanwhile
    await RisingEdge(dut.clk)
    await ReadOnly()
    await Timer(1, unit="ns")
    dut.clear.value, dut.we.value = 0, 0


@cocotb.test()
async def writes_reads_clears(dut):
    # no reset port: `clear` is how a search starts
    dut.clear.value, dut.we.value = 0, 0
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    await RisingEdge(dut.clk)
    rng = random.Random(int(tb.seed()))
    mismatches = Mismatches("score4_killers")
    model = [None] * PLIES
    await step(dut, 1, 0, 0, 0)
    await compare(dut, model, mismatches, "after a clear")
    for i in range(300):
        r = rng.random()
        ply, post = rng.randrange(PLIES), rng.randrange(16)
        if r < 0.03:
            await step(dut, 1, rng.random() < 0.5, ply, post)      # clear wins over a write
            model = [None] * PLIES
        elif r < 0.8:
            await step(dut, 0, 1, ply, post)
            model[ply] = post
        else:
            await step(dut, 0, 0, ply, post)
        if i % 25 == 0:
            await compare(dut, model, mismatches, "step %d" % i)
    await compare(dut, model, mismatches, "the end")
    mismatches.check()
