"""Unit bench of hdl/blokus/tree_unit.py: the Monte-Carlo search's tree
unit (the root's expansion, then its jobs in golden's schedule, the walk
down and the back-up) on the SDRAM controller and a model of the chip
(verif/sdram_model.py), the bench playing the BATCH playout units.

Each case is one of golden's searches (golden/blokus/mcts.py, ``search``)
of a random position (late ones too) at a small budget in clock cycles. The
bench starts the tree unit (`start`) on a memory the last search left, and
plays each unit as golden does: given a descent, it waits golden's play_out
cycles (the replay and the playout) and asks again, with the descent's
result, moves, tiles and record of placements; asked for a scan, it answers
golden's expand_work later (the root's, at level 0, by unit 0) or
replay_work and expand_work (a walk's) with the children's count and best
h, the moves in the list. For each search:
- the units are given their descents in golden's order (each with its
  path's length and its leaf's key, in the walk's last cycle), and stop
  when golden's do;
- `done` ANSWER_WAIT cycles after the last unit's stop, with the answer's
  key (`best_key`) golden's;
- the descents backed up and golden's clock at the end of the last job
  (``free_at``) are golden's (``playouts`` and ``work``): every operation
  of every job back to back in golden's cycles, the jobs in golden's order
  at golden's times;
- every node's KEY, SUMMARY, STATS and LINK words afterwards are golden's
  final tree's, the root's included (the tree unit writes them as golden's
  empty tree has them while the root is scanned);
- no operation overruns, and the model finds no broken rule of the data sheet;
- blokus_root_clear's writes end within its bound, clear_cycles() cycles of
  `start` (the root's scan, 230 cycles at least, must outlast them).
The fourth search is the second's again, its budget the start of one of
that search's jobs (the clock at which the tree unit took it): that job
backs up and walks no more, as golden's. The fifth's budget is spent by the
root's expansion: every unit stops at once. The sixth's root has no move: it
passes (root_pass), and every unit stops after its expansion.
"""
import random

import cocotb
from cocotb.triggers import RisingEdge

from golden.blokus import board as B
from golden.blokus import mcts as M
from hdl.blokus.playout import PLY_BITS, RECORD_BITS
from hdl.blokus.rave_match import RESULT_BITS
from hdl.blokus.root_clear import clear_cycles
from hdl.blokus.tables import N_TILES
from verif import tb
from verif.units.common import Mismatches, blokus_game_position, blokus_record_words
from verif.units.tree_ops import (STATISTICS, dut_statistics, golden_search, golden_statistics,
                                  memory_words, node_words, start_on_sdram)

INPUTS = ("start", "budget", "root_passes", "root_tiles_me", "root_tiles_opp", "unit_request",
          "unit_results", "unit_moves", "unit_placed_me", "unit_placed_opp", "unit_records",
          "scan_last", "scan_count", "scan_best", "scan_found", "list_key", "list_heuristic",
          "sd_dq_i")
ANSWER_WAIT = 4                      # the tree unit's done after the last stop: the answer's read
SEARCHES = 6                         # 4: the second's position, its budget a job's start;
                                     # 5: a budget the root's expansion spends; 6: a root's pass
@cocotb.test()
async def searches_are_goldens(dut):
    rng = random.Random(int(tb.seed()))
    model, t = await start_on_sdram(dut, INPUTS, rng)
    mismatches = Mismatches("blokus_tree_unit")
    records = [[0] * 64 for _ in range(M.BATCH)]
    listing = [[]]

    async def record_and_list_models():
        pending_r, pending_l = 0, (0, 0)
        while True:
            await RisingEdge(dut.clk)
            dut.unit_records.value = pending_r
            dut.list_key.value, dut.list_heuristic.value = pending_l
            addr = int(dut.record_addr.value) & 63
            pending_r = sum(records[u][addr] << (RECORD_BITS * u) for u in range(M.BATCH))
            k = int(dut.list_addr.value)
            pending_l = listing[0][k] if k < len(listing[0]) else (0, 0)
    cocotb.start_soon(record_and_list_models())
    seen = {"searches": 0, "expansions": 0, "descents": 0, "jobs without a walk": 0,
            "root clear, most cycles": 0}
    job_starts, exact = [], None
    for n in range(SEARCHES):
        while n < 3:                     # the later searches late in a game, with few moves
            pos = blokus_game_position(rng, rng.randrange(0, 24) if n == 0
                                       else rng.randrange(30, 50))
            if B.game_over(pos) or (n and not 1 < len(B.legal_moves(pos, B.ME)) <= 6):
                continue
            budget = rng.randrange(30000, 60000) if n == 0 else rng.randrange(60000, 120000)
            caught, result = golden_search(rng, pos, budget)
            if caught["tree0"] is not None:  # not a pass at the root, nor a budget spent by it
                break
        if n == 1:
            exact = pos
        if n == 3:                       # a job starts exactly at the budget: no walk in it
            pos, budget = exact, job_starts[len(job_starts) * 3 // 5]
            caught, result = golden_search(rng, pos, budget)
        if n == 4:                       # the root's expansion spends the budget
            pos = blokus_game_position(rng, rng.randrange(0, 30))
            while B.game_over(pos) or not B.legal_moves(pos, B.ME):
                pos = blokus_game_position(rng, rng.randrange(0, 30))
            caught, result = golden_search(rng, pos, 1)
            budget = rng.randrange(max(1, caught["start"] - 300), caught["start"] + 1)
            caught, result = golden_search(rng, pos, budget)
        if n == 5:                       # the root has no move: a pass, no search
            pos = blokus_game_position(rng, rng.randrange(30, 60))
            while B.game_over(pos) or B.legal_moves(pos, B.ME):
                pos = blokus_game_position(rng, rng.randrange(30, 60))
            caught, result = golden_search(rng, pos, rng.randrange(30000, 60000))
            budget = 30000
        final = caught["search"].tree if caught["search"] else None
        root_passes = result.move is None
        dut.budget.value = budget
        dut.root_passes.value = pos.passes
        dut.root_tiles_me.value = bin(pos.used[B.ME]).count("1")
        dut.root_tiles_opp.value = bin(pos.used[B.OPP]).count("1")
        units = [list(items) for items in caught["units"]]
        scans = list(caught["scans"])
        inputs = [[0, 0, 0, 0] for _ in range(M.BATCH)]     # result, moves, me, opp
        countdown, scan_countdown = [None] * M.BATCH, [None]
        request, given, stopped, scan_now = 0, [], set(), [None]
        levels = []
        dut.start.value = 1              # the search's clock 0: the root's scan is asked for
        cycles, clear_last = 0, 0
        limit = 3 * result.work + 200000
        while len(stopped) < M.BATCH and cycles < limit and not mismatches.errors:
            await RisingEdge(dut.clk)
            cycles += 1
            dut.start.value = 0
            request = 0
            for u in range(M.BATCH):
                if countdown[u] is not None:
                    countdown[u] -= 1
                    if countdown[u] <= 0:
                        request |= 1 << u
                        countdown[u] = None
            give, stop = int(dut.give.value), int(dut.stop.value)
            if int(dut.blokus_tree_unit0_blokus_tree_descent0_clear_busy.value):
                clear_last = cycles              # blokus_root_clear still writing
            if n == 1 and int(dut.blokus_tree_unit0_take.value):
                job_starts.append(int(dut.blokus_tree_unit0_clock.value))   # golden's job time
            for u in range(M.BATCH):
                if give >> u & 1:
                    given.append(u)
                    if not units[u]:
                        mismatches.expect("search %d: unit %d given a descent golden does "
                                          "not give" % (n, u), None, u)
                        break
                    work, r, moves, masks, placed, path = units[u].pop(0)
                    mismatches.expect("search %d: unit %d's descent given: its path's nodes, "
                                      "its leaf's key" % (n, u), path,
                                      (int(dut.give_len.value), int(dut.give_key.value)))
                    inputs[u] = [r, moves, masks[0], masks[1]]
                    records[u] = blokus_record_words(rng, placed)
                    countdown[u] = work - 1         # the give comes in the job's last cycle
                    if countdown[u] <= 0:
                        request |= 1 << u
                        countdown[u] = None
                if stop >> u & 1:
                    stopped.add(u)
            dut.unit_request.value = request
            dut.unit_results.value = sum(inputs[u][0] << (RESULT_BITS * u) for u in range(M.BATCH))
            dut.unit_moves.value = sum(inputs[u][1] << (PLY_BITS * u) for u in range(M.BATCH))
            dut.unit_placed_me.value = sum(inputs[u][2] << (N_TILES * u) for u in range(M.BATCH))
            dut.unit_placed_opp.value = sum(inputs[u][3] << (N_TILES * u) for u in range(M.BATCH))
            # the scan
            if scan_countdown[0] is not None:
                scan_countdown[0] -= 1
                if scan_countdown[0] == 1:   # the count comes a cycle before the last
                    dut.scan_count.value = scan_now[0][1]
                if scan_countdown[0] == 0:
                    dut.scan_last.value = 1
                    dut.scan_count.value, dut.scan_best.value = scan_now[0][1], scan_now[0][2]
                    dut.scan_found.value = scan_now[0][5]
                elif scan_countdown[0] < 0:
                    dut.scan_last.value = 0
                    # read in scan_last's cycle only
                    dut.scan_found.value = rng.getrandbits(len(dut.scan_found))
                    scan_countdown[0] = None
            if int(dut.scan_start.value):
                levels.append(int(dut.scan_level.value))
                if not scans:
                    mismatches.expect("search %d: a scan golden does not make" % n, None, "scan")
                    break
                scan_now[0] = scans.pop(0)
                mismatches.expect("search %d: the unit asked to scan node %d"
                                  % (n, scan_now[0][0]), scan_now[0][6],
                                  int(dut.scan_unit.value))
                dut.scan_count.value = rng.getrandbits(len(dut.scan_count))   # not yet the count
                listing[0] = scan_now[0][3]
                seen["expansions"] += bool(scan_now[0][3])
                scan_countdown[0] = scan_now[0][4] - 1
        what = "search %d (budget %d, the root's expansion %d cycles, %d children)" % (
            n, budget, caught["start"], final.count[0])
        mismatches.expect(what + ": every unit stopped", M.BATCH, len(stopped))
        mismatches.expect(what + ": the root's words written (blokus_root_clear busy), its last "
                          "cycle within clear_cycles() = %d of start" % clear_cycles(),
                          True, 0 < clear_last <= clear_cycles())
        seen["root clear, most cycles"] = max(seen["root clear, most cycles"], clear_last)
        wait = 0                         # cycles from the last stop's to done's
        while not int(dut.done.value) and wait < 10:
            await RisingEdge(dut.clk)
            wait += 1
        best = max(final.children(0), key=lambda c: (final.real[c], -c))   # golden's answer
        mismatches.expect(what + ": done (cycles after the last stop), the answer's key",
                          (ANSWER_WAIT, M.KEY_PASS if final.key[best] == M.PASS
                           else final.key[best]),
                          (wait, int(dut.best_key.value)))
        mismatches.expect(what + ": the scans' levels (the root's, 0, first)",
                          [0] + [None] * (len(caught["scans"]) - 1),
                          levels[:1] + [None] * (len(levels) - 1))
        mismatches.expect(what + ": root_pass", int(root_passes), int(dut.root_pass.value))
        mismatches.expect(what + ": the units given descents, in order", caught["order"], given)
        mismatches.expect(what + ": descents backed up, golden's clock at the last job's end",
                          (result.playouts, result.work),
                          (int(dut.descents.value), int(dut.free_at.value)))
        mismatches.expect(what + ": overrun", 0, int(dut.overrun.value))
        mismatches.expect(what + ": " + STATISTICS, golden_statistics(result),
                          dut_statistics(dut))
        mismatches.expect(what + ": the answer (the root child's place, its descents)",
                          (best - 1, final.real[best]),
                          (int(dut.best_place.value), int(dut.best_descents.value)))
        bad = []
        for node in range(len(final)):
            want = node_words(final, node)
            got = memory_words(model, node)
            if want != got:
                bad.append((node, want, got))
        mismatches.expect(what + ": nodes whose words are not golden's: the first 3", [], bad[:3])
        if mismatches.errors:
            break
        seen["searches"] += 1
        seen["descents"] += result.playouts
        seen["jobs without a walk"] += len(stopped) if not root_passes else 0
        dut._log.info("%s: %d descents, %d jobs' clock, %d nodes", what, result.playouts,
                      result.work, len(final))
        for _ in range(20):
            await RisingEdge(dut.clk)
    mismatches.check()
    model.check()
    dut._log.info("seed %s, cases: %s", tb.seed(), seen)
    least = {"searches": SEARCHES, "expansions": 2, "descents": 40,
             "jobs without a walk": (SEARCHES - 1) * M.BATCH, "root clear, most cycles": 1}
    short = {k: v for k, v in seen.items() if v < least[k]}
    assert not short, "seed %s: too few cases %s (at least %s)" % (tb.seed(), short, least)
