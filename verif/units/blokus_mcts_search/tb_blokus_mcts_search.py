"""Unit bench of hdl/blokus/mcts_search.py: the Blokus core's Monte-Carlo
search (the tree unit, the two playout units with their scan sides, the list
of a scan's moves, the SDRAM controller) on a model of the SDRAM chip
(verif/sdram_model.py).

Reference: golden.blokus.mcts.search of the same position, budget and last
opponent move. Each case is a position of a random game (late ones too, a
root with no move, a budget the root's expansion spends) searched at a
small budget in clock cycles; nothing of golden's enters the block but the
position. Compared after each search:
- `done` within BATCH + 5 cycles after golden's clock at the end of the
  last job (``work``), counted from `start`'s cycle (the units' stops come
  one a cycle, then the answer's key is read);
- the descents backed up, the clock at the last job's end, the answer
  (the root child with the most descents, its descents, its key: golden's
  ``move``), the root's pass, the statistics (tree plies, deepest path,
  expansions, busy cycles, children read, the tree's nodes, the moves the
  expansions scored, the playouts' plies and cycles): golden's MctsResult;
- every node's KEY, SUMMARY, STATS and LINK words in the chip: golden's
  final tree;
- no operation overran, and the chip's model saw no broken rule;
- blokus_root_clear's writes ended within clear_cycles() of `start`.
The searches run one after another on the memory the last one left. With
MCTS_SEARCHES=short (the per-commit run, under Icarus) the opening and the
middle game are left out: Icarus runs two playout units at about 40 cycles
a second there. MCTS_SEARCHES=long (make sim-long, under Verilator) runs
them too, at budgets of 200,000 to 300,000 cycles.
"""
import os
import random

import cocotb
from cocotb.triggers import RisingEdge

from golden.blokus import board as B
from golden.blokus import mcts as M
from hdl.blokus.root_clear import clear_cycles
from hdl.blokus.tables import EXT0
from verif import tb
from verif.units.blokus_playout.tb_blokus_playout import key_of_mask, slot
from verif.units.common import Mismatches, blokus_game_plies
from verif.units.tree_ops import (STATISTICS, dut_statistics, golden_search, golden_statistics,
                                  memory_words, node_words, start_on_sdram)

SLOW = ("an opening", "the middle game")    # long playouts: opt-in (MCTS_SEARCHES=long)
LONG_BUDGETS = {"an opening": (200000, 300000), "the middle game": (200000, 300000)}
INPUTS = ("start", "budget", "cells_me", "cells_opp", "used_me", "used_opp", "seat_a", "passes",
          "placed", "last_opp", "sd_dq_i")


def cases(rng, long_budgets=False):
    """(what, position, last_opp, budget): the searches of one run, from the
    plies of random games with ME to move (last_opp: the squares of OPP's
    last move, 0 for a pass or none); `long_budgets`: the opening's and the
    middle game's from LONG_BUDGETS (a simulator that runs them: Verilator)."""
    wanted = {"an opening": lambda ply, n: ply < 12,
              "the middle game": lambda ply, n: 14 <= ply < 30,
              "a late position": lambda ply, n: 30 <= ply < 40 and 6 < n <= 40,
              "a root with no move": lambda ply, n: n == 0,
              "a budget the root's expansion spends": lambda ply, n: n > 0}
    budgets = {"an opening": (25000, 45000), "the middle game": (30000, 50000),
               "a late position": (15000, 20000), "a root with no move": (30000, 30001),
               "a budget the root's expansion spends": (50, 51)}
    if long_budgets:
        budgets.update(LONG_BUDGETS)
    found = {}
    while len(found) < len(wanted):
        states = [(ply, pos.copy(), last[B.OPP][0])
                  for _, ply, pos, player, last, placed in blokus_game_plies(rng, 1)
                  if player == B.ME]
        rng.shuffle(states)
        for ply, pos, last_opp in states:
            if B.game_over(pos):
                continue
            n = len(B.legal_moves(pos, B.ME))
            for what, fits in wanted.items():
                if what not in found and fits(ply, n):
                    found[what] = (what, pos, last_opp, rng.randrange(*budgets[what]))
                    break
    return [found[what] for what in wanted]


@cocotb.test()
async def searches_are_goldens(dut):
    rng = random.Random(int(tb.seed()))
    model, t = await start_on_sdram(dut, INPUTS, rng)
    mismatches = Mismatches("blokus_mcts_search")
    seen = {"searches": 0, "descents": 0, "nodes": 0}
    mode = os.environ.get("MCTS_SEARCHES", "short")
    if mode not in ("short", "long"):
        raise ValueError("MCTS_SEARCHES must be short or long, not %r" % mode)
    chosen = cases(rng, long_budgets=mode == "long")
    if mode == "short":
        chosen = [c for c in chosen if c[0] not in SLOW]
    for what, pos, last_opp, budget in chosen:
        if budget == 50:                 # a budget under the root's expansion's cost
            caught, result = golden_search(rng, pos, 1, last_opp)
            budget = rng.randrange(max(1, caught["start"] - 200), caught["start"] + 1)
        caught, result = golden_search(rng, pos, budget, last_opp)
        final = caught["search"].tree
        placed = bin(pos.used[B.ME]).count("1") + bin(pos.used[B.OPP]).count("1")
        dut.budget.value = budget
        dut.cells_me.value, dut.cells_opp.value = pos.cells[B.ME] << EXT0, pos.cells[B.OPP] << EXT0
        dut.used_me.value, dut.used_opp.value = pos.used[B.ME], pos.used[B.OPP]
        dut.seat_a.value, dut.passes.value = int(pos.seat == "A"), pos.passes
        dut.placed.value, dut.last_opp.value = placed, slot(key_of_mask(last_opp))
        await RisingEdge(dut.clk)
        dut.start.value = 1
        cycles, limit, clear_last = 0, 4 * result.work + 400000, 0
        while cycles < limit:
            await RisingEdge(dut.clk)
            dut.start.value = 0
            cycles += 1
            if int(dut.blokus_tree_unit0_blokus_tree_descent0_clear_busy.value):
                clear_last = cycles              # blokus_root_clear still writing
            if cycles > 1 and int(dut.done.value):
                break
        where = "%s (budget %d, %d nodes in golden's tree, %d descents)" % (
            what, budget, len(final), result.playouts)
        mismatches.expect(where + ": done within BATCH + 5 cycles of golden's last job's end "
                          "(the units' stops come one a cycle, then the answer's key is read)",
                          True, result.work < cycles <= result.work + M.BATCH + 5)
        best = max(final.children(0), key=lambda c: (final.real[c], -c))
        mismatches.expect(where + ": descents, the last job's end, the answer (place, "
                          "descents, key), the root's pass, overrun",
                          (result.playouts, result.work, best - 1, final.real[best],
                           M.KEY_PASS if result.move is None else M.move_key(result.move),
                           int(result.move is None), 0),
                          (int(dut.descents.value), int(dut.free_at.value),
                           int(dut.best_place.value), int(dut.best_descents.value),
                           int(dut.best_key.value), int(dut.root_pass.value),
                           int(dut.overrun.value)))
        mismatches.expect(where + ": the root's words written, within clear_cycles() = %d "
                          "cycles of start" % clear_cycles(), True,
                          0 < clear_last <= clear_cycles())
        mismatches.expect(where + ": " + STATISTICS + ", the playouts' plies and cycles",
                          golden_statistics(result) + (result.playout_plies, result.playout_work),
                          dut_statistics(dut) + (int(dut.playout_plies.value),
                                                 int(dut.playout_work.value)))
        bad = [(node, node_words(final, node), memory_words(model, node))
               for node in range(len(final))
               if node_words(final, node) != memory_words(model, node)]
        mismatches.expect(where + ": nodes whose words are not golden's: the first 3", [],
                          bad[:3])
        dut._log.info("%s: %d cycles", where, cycles)
        if mismatches.errors:
            break
        seen["searches"] += 1
        seen["descents"] += result.playouts
        seen["nodes"] += len(final)
        for _ in range(10):
            await RisingEdge(dut.clk)
    mismatches.check()
    model.check()
    dut._log.info("seed %s, cases: %s", tb.seed(), seen)
    assert seen["searches"] == len(chosen) and seen["descents"] >= 4, seen
