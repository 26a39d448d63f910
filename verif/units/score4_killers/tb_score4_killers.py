"""Unit bench of hdl/score4/killers.py: the killer move of each ply.

Reference: a list of 64 entries (None: unset) that `clear` empties and a
write sets at the write ply, read in two register stages as the block's
docstring says: at every edge the entries of `ply + 1`, `ply` and `ply - 1`
(modulo 64, as they were before that edge's write or clear) are captured,
and `killer`/`valid` take the one picked by that edge's `down` / `up` from
the capture of the edge before.

Tests: after a clear every ply reads unset; random walks of the ply down and
up with writes (often at or next to the ply being read) and clears, every
output compared with the reference; a write and a clear in the same cycle
(clear wins).
"""
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import RisingEdge

from hdl.score4.killers import PLIES
from verif import tb
from verif.units.common import CycleBench, Mismatches


@cocotb.test()
async def writes_reads_clears(dut):
    # no reset port: `clear` is how a search starts
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    await RisingEdge(dut.clk)
    rng = random.Random(int(tb.seed()))
    bench = CycleBench(dut, ("killer", "valid"))
    mismatches = Mismatches("score4_killers")
    idle = {"clear": 0, "we": 0, "down": 0, "up": 0, "wply": 0, "post": 0}
    for p in range(PLIES):       # the memory starts undefined in simulation
        dut.clear.value, dut.we.value, dut.wply.value, dut.post.value = 0, 1, p, p % 16
        dut.ply.value, dut.down.value, dut.up.value = 0, 0, 0
        await RisingEdge(dut.clk)
    dut.clear.value, dut.we.value = 1, 0
    await RisingEdge(dut.clk)
    await bench.step(dict(idle, clear=1, ply=0))
    model = [None] * PLIES
    captured = None             # (below, here, above) at the last edge
    expected = None             # what `killer`/`valid` took at the last edge
    ply = 0
    for i in range(2000):
        r = rng.random()
        move = rng.choice((-1, 0, 0, 1))
        wply = (ply + rng.choice((-1, 0, 1))) % PLIES if rng.random() < 0.5 else rng.randrange(PLIES)
        inputs = dict(idle, ply=ply, down=int(move == 1), up=int(move == -1), wply=wply,
                      post=rng.randrange(16))
        if r < 0.02:
            inputs.update(clear=1, we=int(rng.random() < 0.5))    # clear wins over a write
        elif r < 0.7:
            inputs.update(we=1)
        out = await bench.step(inputs)
        if expected is not None:
            what = "step %d" % i
            mismatches.expect(what + " set", expected[0] is not None,
                              bool(out["valid"]))
            if expected[0] is not None:
                mismatches.expect(what + " killer", expected[0], out["killer"])
        if captured is not None:                     # this edge's pick
            expected = (captured[{1: 0, 0: 1, -1: 2}[move]],)
        captured = (model[(ply + 1) % PLIES], model[ply], model[(ply - 1) % PLIES])
        ply = (ply + move) % PLIES
        if inputs["clear"]:
            model = [None] * PLIES
        elif inputs["we"]:
            model[wply] = inputs["post"]
    mismatches.check()
