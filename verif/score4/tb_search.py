"""cocotb unit test of the Score-4 search engine (hdl/score4/search.py).

For random reachable positions and budgets, the engine's move, node count,
completed depth, root score and reason must equal golden.score4.search.search,
and its cycle count must respect FIXED_CYCLES + CYCLES_PER_NODE * nodes.
"""
import os
import random

import cocotb
from cocotb.triggers import RisingEdge

from golden.score4.board import EMPTY
from golden.score4.search import search
from hdl.score4 import worst_case_cycles
from hdl.score4.search import REASONS
from verif import tb

POSITIONS = int(os.environ.get("SCORE4_SEARCH_POSITIONS", "60"))


def random_position(rng, beads):
    pos = EMPTY
    for _ in range(beads):
        free = [p for p in range(16) if pos.can_play(p)]
        if not free:
            break
        p = rng.choice(list(free))
        pos = pos.play_mine(p) if rng.random() < 0.5 else pos.play_theirs(p)
    return pos


def positions(rng, n):
    """(position, budget) pairs: varied fill, budgets from 1 to a few thousand."""
    out = []
    for i in range(n):
        beads = rng.choice([0, 1, 2, 4, 8, 12, 20, 30, 40, 50, 56, 60, 63, 64])
        pos = random_position(rng, beads)
        budget = rng.choice([1, 2, 5, 17, 60, 200, 700, rng.randint(1, 3000)])
        out.append((pos, budget))
    return out


async def run_one(dut, pos, budget):
    dut.me.value = pos.mine
    dut.opp.value = pos.theirs
    dut.budget.value = budget
    dut.start.value = 1
    await RisingEdge(dut.clk)
    dut.start.value = 0
    await RisingEdge(dut.done)
    await RisingEdge(dut.clk)
    return {"move": int(dut.move.value), "nodes": int(dut.nodes.value), "depth": int(dut.depth.value),
            "score": dut.score.value.to_signed(), "reason": REASONS[int(dut.reason.value)],
            "cycles": int(dut.cycles.value)}


@cocotb.test()
async def search_matches_golden(dut):
    cfg = tb.TbConfig.from_env()
    await tb.start(dut, cfg, idle_high=(), low=("start",))
    rng = random.Random(int(tb.seed()))
    worst = 0
    for i, (pos, budget) in enumerate(positions(rng, POSITIONS)):
        want = search(pos, budget)
        got = await run_one(dut, pos, budget)
        label = "position #%d mine=%#018x theirs=%#018x budget=%d" % (i, pos.mine, pos.theirs, budget)
        exp = {"move": want.move, "nodes": want.nodes, "depth": want.depth,
               "score": want.score, "reason": want.reason}
        cmp = dict(got)
        cmp.pop("cycles")
        if want.reason == "full":
            cmp["move"] = None
        if want.score is None:
            cmp["score"] = None
        assert cmp == exp, "%s: golden %r, RTL %r (seed %s)" % (label, exp, cmp, tb.seed())
        bound = worst_case_cycles(got["nodes"])
        assert got["cycles"] <= bound, "%s: %d cycles > bound %d for %d nodes (seed %s)" % (
            label, got["cycles"], bound, got["nodes"], tb.seed())
        worst = max(worst, got["cycles"] / max(1, got["nodes"]))
    dut._log.info("%d positions equal to golden; worst cycles/node %.2f", POSITIONS, worst)
