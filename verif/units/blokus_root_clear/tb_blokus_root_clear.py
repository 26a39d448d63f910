"""Unit bench of hdl/blokus/root_clear.py: node 0's words written as
golden's empty tree has them, on the SDRAM controller and a model of the
chip (verif/sdram_model.py).

Each round puts junk in node 0's and node 1's words of the four arrays,
waits a gap (none, a few cycles, nearly a refresh interval, or, one round
in four, until a refresh falls due a few cycles after `start`, so that it
comes during the writes), and starts the block (in some rounds
`start` is pulsed again while it is busy, which it must ignore). Afterwards:
- node 0's KEY word is golden's (``key_word(PASS, 0)``, KEY_PASS) and its
  SUMMARY and STATS words are 0, as ``Tree()`` starts; every other word of
  the memory (node 0's LINK, node 1's words, all else) is as it was;
- `busy` rose and fell within ``clear_cycles()`` of `start`, the bound the
  root's scan (230 cycles at least) must outlast, checked where the block
  is built;
- the model finds no broken rule of the data sheet.
"""
import random

import cocotb
from cocotb.triggers import RisingEdge

from golden.blokus.mcts import PASS, key_word
from hdl.blokus.root_clear import clear_cycles
from hdl.blokus.tree_layout import KEY_BASE, STATS_BASE, STATS_WORDS, SUMMARY_BASE, SUMMARY_WORDS
from verif import tb
from verif.units.common import Mismatches
from verif.units.tree_ops import random_gap, start_on_sdram, tree_arrays

INPUTS = ("start", "sd_dq_i")
ROUNDS = 12


def cleared(memory):
    """`memory` (the model's words) as the block must leave it."""
    out = dict(memory)
    out[KEY_BASE] = key_word(PASS, 0)
    for k in range(SUMMARY_WORDS):
        out[SUMMARY_BASE + k] = 0
    for k in range(STATS_WORDS):
        out[STATS_BASE + k] = 0
    return out


@cocotb.test()
async def clears_the_root(dut):
    rng = random.Random(int(tb.seed()))
    model, t = await start_on_sdram(dut, INPUTS, rng)
    mismatches = Mismatches("blokus_root_clear")
    seen = {"rounds": 0, "restarts ignored": 0, "refreshes during": 0, "most cycles": 0}
    for n in range(ROUNDS):
        for base, size in tree_arrays():
            for address in range(base, base + 2 * size):        # nodes 0 and 1
                model.mem[address] = rng.getrandbits(16)
        want = cleared(model.mem)
        if n % 4 == 1:                   # start just before a refresh falls due
            refreshes = model.refreshes
            while model.refreshes == refreshes:
                await RisingEdge(dut.clk)
            for _ in range(t.refresh_interval - rng.randrange(2, 8)):
                await RisingEdge(dut.clk)
        else:
            await random_gap(dut, rng, t)
        refreshes = model.refreshes
        restart = rng.randrange(2, 20) if n % 3 == 2 else None
        dut.start.value = 1
        await RisingEdge(dut.clk)
        dut.start.value = 0
        cycles, busy_last = 0, 0
        while cycles < clear_cycles() + 100:
            await RisingEdge(dut.clk)
            cycles += 1
            dut.start.value = int(cycles == restart)
            if int(dut.busy.value):
                busy_last = cycles
            elif busy_last and cycles > busy_last + 2:
                break
        dut.start.value = 0
        what = "round %d" % n
        mismatches.expect(what + ": busy, its last cycle within clear_cycles() = %d of start"
                          % clear_cycles(), True, 0 < busy_last <= clear_cycles())
        bad = [(a, want.get(a), model.mem.get(a)) for a in sorted(set(want) | set(model.mem))
               if want.get(a) != model.mem.get(a)]
        mismatches.expect(what + ": words not as golden's empty tree (address, want, got), "
                          "the first 4", [], bad[:4])
        if mismatches.errors:
            break
        seen["rounds"] += 1
        seen["restarts ignored"] += restart is not None
        seen["refreshes during"] += model.refreshes > refreshes
        seen["most cycles"] = max(seen["most cycles"], busy_last)
    mismatches.check()
    model.check()
    dut._log.info("seed %s: %s (bound %d)", tb.seed(), seen, clear_cycles())
    assert seen["rounds"] == ROUNDS and seen["restarts ignored"] >= ROUNDS // 3 \
        and seen["refreshes during"] >= ROUNDS // 4, seen
