"""Unit bench of a playout unit with its side of the tree's scans and its
copy of the path, hdl/blokus/playout_unit.py.

The bench plays the tree unit's walk: it writes the descent's path a level a
cycle (the root's, level 0, KEY_PASS; then each move's tree key), over
levels left from earlier descents, then asks for a scan of the node at
level L (scan_start, scan_level; the level's key comes in scan_key and in
the path's write of the next cycle, as the walk gives it) or for a
playout of the whole descent (give, give_len, and the leaf's key give_key;
the leaf's write comes a cycle later).

Reference: golden.blokus.mcts. A scan is golden's expansion of a node on a
descent's way (``_Search.down``): the state at the node (the search's root
state, then the path's moves, golden's State.play), golden's ``expand`` of
it on a fresh tree (the children's keys in scan order, KEY_PASS for a pass,
each with golden's prior_heuristic: verif.units.tree_ops.scanned_moves),
charged replay_work(path) + expand_work(scans, moves). A playout is
golden's play_out after the path's replay, charged replay_work(path) + its
work (verif/units/blokus_playout's reference, its checks reused).

Compared for each scan:
- the list's writes, in order: KEY_PASS and 0 at place 0 in the cycle that
  takes the path's end, then each child's (place, key, h) in scan order;
- scan_count (the children) in the cycle before scan_last and in its cycle,
  scan_best (their best h) in scan_last's cycle;
- the cycle of scan_last: golden's replay_work + expand_work after the
  cycle of scan_start (the feed loses no cycle); expand_work alone at level
  0, golden's root expansion;
- the unit idle the cycle after, and no `done` (a playout's) on the way.
For each playout: `done` golden's replay_work + work after give's cycle,
and the result, plies, generator state, tiles and record as the playout
unit's own bench compares them.

Tests: the side to move at random plies of random games (first tiles,
crowded boards, passes), paths of 0 to 6 moves; a side with no move (a PASS
child); positions told 0 to 3 tiles are on the board, so that the opening
filter refuses every move and the scan runs again without it; and scans and
playouts taken in turns on the same unit.
"""
import random

import cocotb
from cocotb.triggers import FallingEdge, RisingEdge, Timer

from golden.blokus import board as B
from golden.blokus import mcts as M
from hdl.blokus.playout import MAX_PLIES, playout_cycles
from verif.units.blokus_playout.tb_blokus_playout import (case_of, random_path, read_record,
                                                          root_inputs)
from verif.units.common import Mismatches, blokus_game_plies, start_unit
from verif.units.tree_ops import scanned_moves

INPUTS = ("cells_me", "cells_opp", "used_me", "used_opp", "seat_a", "opp_to_move", "passes",
          "placed", "last_me", "last_me_before", "last_opp", "last_opp_before", "seed",
          "key_we", "key_level", "key", "scan_start", "scan_level", "scan_key", "give",
          "give_len", "give_key", "record_addr")
MAX_SCAN_CYCLES = M.replay_work([1] * MAX_PLIES) + M.expand_work(2, 4000)
MAX_PLAYOUT_CYCLES = M.replay_work([1] * MAX_PLIES) + playout_cycles(MAX_PLIES)


def tree_key(key):
    """The tree's key of a golden move key (KEY_PASS for a pass)."""
    return M.KEY_PASS if key == M.PASS else key


def key_of_slot(slot):
    """The tree's key of blokus_playout's move slot (0: a pass)."""
    return M.KEY_PASS if not slot else (((slot >> 7) & 0xFF) + 2) << 7 | (slot & 127)


async def write_path(dut, keys, rng):
    """The walk's writes of a path of tree keys `keys` (level 0 the root's),
    a level a cycle, after junk at the levels just beyond (an earlier
    descent's), then two cycles with none (a choice takes 67 at least); at
    a falling edge, and leaves the writes off."""
    junk = [(level, rng.getrandbits(15)) for level in range(len(keys), len(keys) + 3)]
    for level, key in junk + list(enumerate(keys)):
        dut.key_we.value, dut.key_level.value, dut.key.value = 1, level, key
        await RisingEdge(dut.clk)
        await FallingEdge(dut.clk)
    dut.key_we.value = 0
    for _ in range(2):
        await RisingEdge(dut.clk)
        await FallingEdge(dut.clk)


def scan_case(pos, player, last, placed, path_len, rng, where):
    """The unit's inputs, the path (the unit's move slots) and golden's
    scan of the node it reaches, or None when the game is over there (a
    walk does not scan such a node)."""
    state = M.State(pos.copy(), player, [list(last[0]), list(last[1])], placed)
    path, _ = random_path(state, path_len, rng)
    if state.over():
        return None
    tree = M.Tree()
    expanded, moves, scans = M.expand(tree, 0, state)
    assert expanded
    listed = scanned_moves(tree, 0, state)
    kind = ("pass" if listed == [(M.KEY_PASS, 0)] else "fallback" if scans == 2 else "moves")
    expected = {"list": listed, "count": len(listed), "best": max(h for _, h in listed),
                "replay": M.replay_work(path) if path else 0,    # the root's: no replay
                "expand": M.expand_work(scans, moves), "found": moves}
    inputs = root_inputs(pos, player, last, placed, rng.randrange(1, 2 ** 32))
    return inputs, [tree_key(k) for k in path], expected, kind, "%s, path %d" % (where,
                                                                                  len(path))


async def scan(dut, inputs, keys, rng):
    """One scan of the node the path of tree keys `keys` reaches. Returns
    what the unit did, cycle by cycle counted from the cycle of scan_start (0)."""
    await FallingEdge(dut.clk)
    for name, value in inputs.items():
        getattr(dut, name).value = value
    await write_path(dut, [M.KEY_PASS] + keys[:-1], rng)
    dut.scan_start.value, dut.scan_level.value = 1, len(keys)
    dut.scan_key.value = rng.getrandbits(15)          # the walk's key comes a cycle later
    seen = {"writes": [], "count_before": None, "done": 0}
    cycle = 0
    while True:
        await Timer(1, "ns")             # this cycle's outputs, settled
        if int(dut.list_we.value):
            seen["writes"].append((int(dut.list_addr.value), int(dut.list_key.value),
                                   int(dut.list_heuristic.value)))
        seen["done"] += int(dut.done.value)
        if int(dut.scan_last.value):
            seen.update(last=cycle, count=int(dut.scan_count.value),
                        best=int(dut.scan_best.value), found=int(dut.scan_found.value))
            break
        seen["count_before"] = int(dut.scan_count.value)
        await RisingEdge(dut.clk)
        await FallingEdge(dut.clk)
        cycle += 1
        dut.scan_start.value = dut.key_we.value = 0
        if cycle == 1 and keys:          # the level's key, and the walk's write of it
            dut.scan_key.value = keys[-1]
            dut.key_we.value, dut.key_level.value, dut.key.value = 1, len(keys), keys[-1]
        if cycle > MAX_SCAN_CYCLES:
            raise AssertionError("no scan_last within %d cycles" % cycle)
    await RisingEdge(dut.clk)
    await FallingEdge(dut.clk)
    seen["busy after"] = int(dut.busy.value)
    return seen


async def check_scans(dut, cases, what):
    mismatches = Mismatches("blokus_playout_unit, %s" % what)
    kinds = {}
    for inputs, keys, expected, kind, where in cases:
        seen = await scan(dut, inputs, keys, random)
        kinds[kind] = kinds.get(kind, 0) + 1
        want = [(0, M.KEY_PASS, 0)] + [(i, k, h) for i, (k, h) in enumerate(expected["list"])
                                       if k != M.KEY_PASS]
        if mismatches.expect(where + ": list writes", len(want), len(seen["writes"])):
            for w, got in zip(want, seen["writes"]):
                if not mismatches.expect(where + ": list write (place, key, h)", w, got):
                    break
        mismatches.expect(where + ": scan_count the cycle before scan_last, in it; scan_best",
                          (expected["count"], expected["count"], expected["best"]),
                          (seen["count_before"], seen["count"], seen["best"]))
        mismatches.expect(where + ": scan_found (golden's expand's count of moves)",
                          expected["found"], seen["found"])
        mismatches.expect(where + ": scan_last's cycle after scan_start's (replay_work + "
                          "expand_work)", expected["replay"] + expected["expand"], seen["last"])
        mismatches.expect(where + ": busy after scan_last, playout's done during the scan",
                          (0, 0), (seen["busy after"], seen["done"]))
    dut._log.info("%s: %d scans %s", what, len(cases), kinds)
    mismatches.check()
    return kinds


def game_scan_cases(rng, games, per_game):
    """`per_game` random plies of each random game, a path of 0 to 6 moves
    from each (0, the root's scan, from the first)."""
    cases = []
    for g in range(games):
        states = [(ply, pos.copy(), player, [list(last[0]), list(last[1])], placed)
                  for _, ply, pos, player, last, placed in blokus_game_plies(rng, 1)]
        for k, i in enumerate(sorted(rng.sample(range(len(states)), min(per_game, len(states))))):
            ply, pos, player, last, placed = states[i]
            path_len = 0 if k == 0 else rng.randrange(0, 7)     # a root's scan in each game
            case = scan_case(pos, player, last, placed, path_len, rng,
                             "game %d ply %d" % (g, ply))
            if case:
                cases.append(case)
    return cases


def pass_cases(rng, count):
    """Late plies where the side to move has no move and the game goes on."""
    cases = []
    while len(cases) < count:
        for _, ply, pos, player, last, placed in blokus_game_plies(rng, 1):
            if (ply > 20 and not B.game_over(pos) and not B.legal_moves(pos, player)
                    and len(cases) < count):
                cases.append(scan_case(pos, player, last, placed, 0, rng, "pass, ply %d" % ply))
    return cases


def fallback_cases(rng, count):
    """Late positions told that 0 to 3 tiles are on the board, kept when the
    opening filter leaves the side (after the path) no move and it has some."""
    cases = []
    while len(cases) < count:
        pos = B.Position(rng.choice("5A"))
        player = B.random_play(pos, B.ME, rng.randrange(14, 30), rng)
        case = scan_case(pos, player, [[0, 0], [0, 0]], rng.randrange(0, 4), rng.randrange(0, 3),
                         rng, "fallback %d" % len(cases))
        if case and case[3] == "fallback":
            cases.append(case)
    return cases


async def playout(dut, inputs, slots, rng):
    """One playout of the descent whose path is `slots` (blokus_playout's
    move slots): (outputs, the cycle of `done` counted from give's)."""
    await FallingEdge(dut.clk)
    for name, value in inputs.items():
        getattr(dut, name).value = value
    keys = [key_of_slot(slot) for slot in slots]
    await write_path(dut, [M.KEY_PASS] + keys[:-1], rng)
    dut.give.value, dut.give_len.value = 1, len(keys) + 1
    dut.give_key.value = keys[-1] if keys else rng.getrandbits(15)   # the leaf's key, with give
    dut.key_level.value, dut.key.value = len(keys), rng.getrandbits(15)   # its write: next cycle
    cycle = 0
    while True:
        await Timer(1, "ns")
        if int(dut.done.value):
            break
        await RisingEdge(dut.clk)
        await FallingEdge(dut.clk)
        dut.give.value = dut.key_we.value = 0
        dut.give_key.value = rng.getrandbits(15)
        cycle += 1
        if cycle == 1 and keys:          # the walk writes its leaf a cycle after the give
            dut.key_we.value, dut.key.value = 1, keys[-1]
        if cycle > MAX_PLAYOUT_CYCLES:
            raise AssertionError("no done within %d cycles" % cycle)
    outputs = {name: int(getattr(dut, name).value)
               for name in ("result", "plies", "rng", "end_used_me", "end_used_opp",
                            "playout_cycles")}
    await RisingEdge(dut.clk)
    await FallingEdge(dut.clk)
    return outputs, cycle


async def check_playouts(dut, cases, what):
    """blokus_playout's checks (verif/units/blokus_playout), the path given
    by the feed: `done` exactly replay_work + work after give."""
    mismatches = Mismatches("blokus_playout_unit, %s" % what)
    for inputs, slots, expected, record, where in cases:
        outputs, cycle = await playout(dut, inputs, slots, random)
        for name in ("result", "plies", "rng", "end_used_me", "end_used_opp"):
            mismatches.expect("%s: %s" % (where, name), expected[name], outputs[name])
        mismatches.expect(where + ": done's cycle after give's (replay_work + work)",
                          expected["path_cycles"] + expected["cycles"], cycle)
        mismatches.expect(where + ": playout_cycles (golden's play_out work)",
                          expected["cycles"], outputs["playout_cycles"])
        words = await read_record(dut, sorted(record))
        for addr, word in record.items():
            mismatches.expect("%s: record of side %d tile %d (step, shape, ply)"
                              % (where, addr >> 5, addr & 31), word, words[addr])
    dut._log.info("%s: %d playouts (%s), %d plies", what, len(cases),
                  ", ".join(c[4] for c in cases), sum(c[2]["plies"] for c in cases))
    mismatches.check()


@cocotb.test()
async def scans_in_games(dut):
    """Scans of nodes at random plies of random games."""
    await start_unit(dut, low=INPUTS)
    cases = game_scan_cases(random, 3, 8)
    while sum(kind == "moves" for _, _, _, kind, _ in cases) < 15:   # late plies pass often
        cases += game_scan_cases(random, 1, 8)
    await check_scans(dut, cases, "random games")


@cocotb.test()
async def passes_and_fallbacks(dut):
    """A node whose side has no move (a PASS child); the opening filter
    refusing every move (a second scan without it)."""
    await start_unit(dut, low=INPUTS)
    kinds = await check_scans(dut, pass_cases(random, 3) + fallback_cases(random, 4),
                              "passes and fallbacks")
    assert kinds.get("pass") == 3 and kinds.get("fallback") == 4, kinds


@cocotb.test()
async def scans_and_playouts(dut):
    """Scans and playouts in turns on the same unit: a scan leaves it ready
    for a playout, and a playout for a scan."""
    await start_unit(dut, low=INPUTS)
    scans = game_scan_cases(random, 2, 3)
    while len(scans) < 4:                # a node where the game is over gives no scan
        scans += game_scan_cases(random, 1, 3)
    scans = scans[:4]
    playouts = []                        # paths of 1 and 2 moves first: the leaf read late
    states = [(ply, pos.copy(), player, [list(last[0]), list(last[1])], placed)
              for _, ply, pos, player, last, placed in blokus_game_plies(random, 1)]
    for k, (ply, pos, player, last, placed) in enumerate(random.sample(states[:-8], 4)):
        case = case_of(pos, player, last, placed, random.randrange(1, 2 ** 32),
                       k + 1 if k < 2 else random.randrange(0, 7), random)
        playouts.append(case + ("ply %d, path %d" % (ply, len(case[1])),))
    assert len(scans) == len(playouts) == 4, (len(scans), len(playouts))
    for k, (one_scan, one_playout) in enumerate(zip(scans, playouts)):
        await check_scans(dut, [one_scan], "turn %d, the scan" % k)
        await check_playouts(dut, [one_playout], "turn %d, the playout" % k)
