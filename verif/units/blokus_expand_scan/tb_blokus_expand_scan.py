"""Unit bench of an expansion's scan, hdl/blokus/expand_scan.py.

Reference: golden.blokus.mcts.expand on a fresh tree: the children's keys
in scan order (the kept moves: those the opening filter allows, or every
legal move when it allows none; a PASS child when there is none), and
golden's prior_heuristic of each; their best h; and the block's cycles,
expand_cycles(scans, moves), with scans 2 exactly when the filtered scan
finds nothing and the filter refused a tile the side still has.

Tests: every ply of random games, from the side to move (first tiles,
crowded boards, passes); late positions told that 0 to 3 tiles are on the
board, so that the filter (5-square tiles only) refuses every move and the
block scans again without it; `start` held high for a whole expansion.
"""
import random

import cocotb
from cocotb.triggers import FallingEdge, RisingEdge

from golden.blokus import board as B
from golden.blokus import mcts as M
from golden.blokus.encoding import N_TILES
from hdl.blokus.expand_score import expand_cycles
from verif.units.common import Mismatches, blokus_ext_maps, blokus_game_plies, start_unit

INPUTS = ("start", "forbidden", "anchors", "used", "used_open", "other_anchors")
MAX_CYCLES = expand_cycles(2, 4000)


def case_of(pos, player, placed, where, cap=None):
    """The block's inputs, golden's (key, h) list, the cycles due, the kind
    and golden's count of the moves found, past the cap too (golden's expand
    keeping `cap` children, MAX_CHILDREN when None)."""
    state = M.State(pos.copy(), player, [[0, 0], [0, 0]], placed)
    tree = M.Tree()
    _, moves, _ = M.expand(tree, 0, state, cap)
    keys = [tree.key[c] for c in tree.children(0)]
    other_anchor = B.anchor_map(pos, 1 - player)
    scored = [] if keys == [M.PASS] else [(k, M.prior_heuristic(pos, player, k, other_anchor))
                                          for k in keys]
    used = pos.used[player]
    refused = sum(1 << t for t in range(N_TILES) if not M.allowed(t, placed)) & ~used
    allowed_any = any(M.allowed(m[2], placed) for m in B.legal_moves(pos, player))
    scans = 1 if allowed_any or not refused else 2
    kind = ("pass" if not scored else "fallback" if scans == 2 else
            "capped" if moves > len(scored) else "moves")
    forbidden, anchors = blokus_ext_maps(pos, player)
    inputs = {"forbidden": forbidden, "anchors": anchors, "used": used,
              "used_open": used | refused, "other_anchors": blokus_ext_maps(pos, 1 - player)[1]}
    return inputs, scored, expand_cycles(scans, moves), kind, where, moves


async def expand(dut, inputs, hold_start=False):
    """One expansion: ([(key, h)] in the order given, moves, best, found,
    cycles start to done)."""
    await FallingEdge(dut.clk)
    for name, value in inputs.items():
        getattr(dut, name).value = value
    dut.start.value = 1
    cycles, out = 0, []
    while True:
        await RisingEdge(dut.clk)
        cycles += 1
        await FallingEdge(dut.clk)
        if not hold_start:
            dut.start.value = 0
        if int(dut.out_valid.value):
            out.append((int(dut.out_key.value), int(dut.out_heuristic.value)))
        if int(dut.done.value):
            break
        if cycles > MAX_CYCLES:
            raise AssertionError("no done within %d cycles" % cycles)
    dut.start.value = 0
    return out, int(dut.moves.value), int(dut.best.value), int(dut.found.value), cycles


async def check_cases(dut, cases, what, hold_start=False):
    mismatches = Mismatches("blokus_expand_scan, %s" % what)
    kinds, spent = {}, []
    for inputs, scored, cycles_due, kind, where, found_due in cases:
        out, moves, best, found, cycles = await expand(dut, inputs, hold_start)
        kinds[kind] = kinds.get(kind, 0) + 1
        spent.append(cycles)
        if mismatches.expect(where + ": moves out", len(scored), len(out)):
            for (key, h), got in zip(scored, out):
                if not mismatches.expect(where + ": move %#x (key, h)" % key, (key, h), got):
                    break
        mismatches.expect(where + ": moves", len(scored), moves)
        mismatches.expect(where + ": best", max([h for _, h in scored], default=0), best)
        mismatches.expect(where + ": moves found (golden's expand's count, past the cap too)",
                          found_due, found)
        mismatches.expect(where + ": cycles (expand_cycles)", cycles_due, cycles)
    spent.sort()
    dut._log.info("%s: %d expansions %s; cycles start to done: median %d, most %d", what,
                  len(cases), kinds, spent[len(spent) // 2], spent[-1])
    mismatches.check()
    return kinds


def game_cases(rng, games, every=1, cap=None):
    return [case_of(pos, player, placed, "game %d ply %d" % (g, ply), cap)
            for g, ply, pos, player, last, placed in blokus_game_plies(rng, games)
            if ply % every == 0 or B.game_over(pos)]


def fallback_cases(rng, count):
    """Late positions told that 0 to 3 tiles are on the board, kept when the
    filter leaves the side no move and it has some."""
    cases = []
    while len(cases) < count:
        pos = B.Position(rng.choice("5A"))
        player = B.random_play(pos, B.ME, rng.randrange(14, 30), rng)
        case = case_of(pos, player, rng.randrange(0, 4), "fallback %d" % len(cases))
        if case[3] == "fallback":
            cases.append(case)
    return cases


@cocotb.test()
async def games(dut):
    """Every ply of random games, from the side to move."""
    await start_unit(dut, low=INPUTS)
    await check_cases(dut, game_cases(random, 2), "random games")


@cocotb.test()
async def fallback(dut):
    """The opening filter refuses every move: a second scan without it."""
    await start_unit(dut, low=INPUTS)
    await check_cases(dut, fallback_cases(random, 12), "fallback scans")


@cocotb.test()
async def start_held(dut):
    """`start` held high through each expansion (taken once, when not busy)."""
    await start_unit(dut, low=INPUTS)
    await check_cases(dut, game_cases(random, 1, every=5), "start held", hold_start=True)
