"""Unit bench of a playout unit, hdl/blokus/playout.py.

Reference: golden's descent below a tree leaf. The block's inputs are the
root state of a search (each side's squares and tiles, ME's seat, the side
to move, the passes in a row, the tiles on the board, each side's last two
moves as keys: a placement's window step and shape) and the unit's
generator state; then the moves of a path in the tree (random legal moves
here, passes where a side has none), which golden.blokus.mcts.State.play
applies; then golden.blokus.mcts.play_out(state, seed) -> (keys, movers,
result, generator state, work) from the leaf, every move drawn by the
policy, to the game's end. Compared after `done`: the result, the plies, the
generator state, each side's tiles at the end, and every entry of the
record the tree's RAVE will read: for each tile the descent placed (path or
playout), by which side, the move (step, shape) and its ply.

Cycles, compared exactly: from the edge that takes `path_end` to `done`,
golden's play_out work (golden.blokus.mcts.ply_work for each ply: the scans
and the shapes walked); from `start` to that edge, golden's replay_work of
the path, when every move is offered as soon as the unit is ready (the
descents with random pauses between the path's moves check the moves, not
these cycles).

Tests: descents from states of random games at every stage (the first
plies, where the opening filter and the start cells decide, the middle, and
the last plies, with passes, states one pass from the end and states already
over), either side to move, paths of 0 to 6 moves, random seeds; playouts
that end in a draw or by one square; a start held high across descents.
"""
import random

import cocotb
from cocotb.triggers import FallingEdge, RisingEdge

from golden.blokus import board as B
from golden.blokus import mcts as M
from golden.blokus.encoding import ALL_SHAPES, N_SHAPES
from hdl.blokus.playout import KEY_BITS, MAX_PLIES, MAX_PLY_CYCLES, PLY_BITS, playout_cycles
from hdl.blokus.tables import EXT0, SHAPE_BITS
from verif.units.common import Mismatches, blokus_game_plies, start_unit

INPUTS = ("start", "cells_me", "cells_opp", "used_me", "used_opp", "seat_a", "opp_to_move",
          "passes", "placed", "last_me", "last_me_before", "last_opp", "last_opp_before",
          "seed", "path_valid", "path_key", "path_end", "path_scan", "record_addr")
"""The inputs of blokus_playout_unit too; blokus_playout's scan_done is low here
(path_scan never comes)."""
VALID = 1 << (KEY_BITS - 1)


def key_of_mask(mask):
    """golden's key of the placement whose squares are `mask` (0: a pass or none)."""
    if not mask:
        return M.PASS
    low = (mask & -mask).bit_length() - 1
    for s in range(N_SHAPES):
        mask0 = ALL_SHAPES[s].mask0                 # the shape's squares from its box's corner
        top_left = low - ((mask0 & -mask0).bit_length() - 1)
        key = (top_left - M.TOP_LEFT[s]) << 7 | s
        if key >= 0 and M.key_mask(key) == mask:
            return key
    raise AssertionError("no placement covers %x" % mask)


def slot(key):
    """The block's move slot of a golden key."""
    return 0 if key == M.PASS else VALID | ((key >> 7) - 2) << SHAPE_BITS | (key & 127)


def root_inputs(pos, player, last, placed, seed):
    """The block's root state inputs (and its generator state `seed`)."""
    return {"cells_me": pos.cells[B.ME] << EXT0, "cells_opp": pos.cells[B.OPP] << EXT0,
            "used_me": pos.used[B.ME], "used_opp": pos.used[B.OPP],
            "seat_a": int(pos.seat == "A"), "opp_to_move": int(player == B.OPP),
            "passes": pos.passes, "placed": placed,
            "last_me": slot(key_of_mask(last[B.ME][0])),
            "last_me_before": slot(key_of_mask(last[B.ME][1])),
            "last_opp": slot(key_of_mask(last[B.OPP][0])),
            "last_opp_before": slot(key_of_mask(last[B.OPP][1])),
            "seed": seed}


def random_path(state, path_len, rng):
    """Up to `path_len` random legal moves played on golden's `state` (passes
    when the side has none; it stops at the game's end): (keys, movers)."""
    path, path_movers = [], []
    while len(path) < path_len and not state.over():
        moves = B.legal_moves(state.pos, state.to_move)
        path.append(M.move_key(rng.choice(moves)) if moves else M.PASS)
        path_movers.append(state.to_move)
        state.play(path[-1])
    return path, path_movers


def case_of(pos, player, last, placed, seed, path_len, rng):
    """The block's inputs, a path of up to `path_len` random legal moves from
    the state (passes when a side has none; it stops at the game's end), and
    golden's playout after it."""
    state = M.State(pos.copy(), player, [list(last[0]), list(last[1])], placed)
    path, path_movers = random_path(state, path_len, rng)
    keys, movers, result, after, work = M.play_out(state, seed)
    record = {}
    for j, (key, mover) in enumerate(zip(path + keys, path_movers + movers)):
        if key != M.PASS:
            record[32 * mover + ALL_SHAPES[key & 127].tile] = (
                ((key >> 7) - 2) << (SHAPE_BITS + PLY_BITS) | (key & 127) << PLY_BITS | j)
    inputs = root_inputs(pos, player, last, placed, seed)
    expected = {"result": result, "plies": len(keys), "rng": after,
                "end_used_me": state.pos.used[B.ME], "end_used_opp": state.pos.used[B.OPP],
                "cycles": work,
                "path_cycles": M.replay_work(path)}
    return inputs, [slot(k) for k in path], expected, record


def lead_of(expected):
    """ME's placed squares minus OPP's at the playout's end."""
    return (B.squares_left(_used_only(expected["end_used_opp"]), 0)
            - B.squares_left(_used_only(expected["end_used_me"]), 0))


def _used_only(used):
    pos = B.Position()
    pos.used[0] = used
    return pos


async def play(dut, inputs, path, gaps=False, hold_start=False):
    """One descent: the path's moves (with random pauses when `gaps`), then
    the playout: (outputs, cycles from start to the edge that takes
    path_end, cycles from that edge to done)."""
    await FallingEdge(dut.clk)
    for name, value in inputs.items():
        getattr(dut, name).value = value
    dut.start.value = 1
    items, path_cycles, cycles = list(path) + [None], 0, 0
    while True:
        offered = items and not (gaps and random.random() < 0.4)
        if offered:
            dut.path_end.value = items[0] is None
            dut.path_valid.value = items[0] is not None
            dut.path_key.value = items[0] or 0
        ready = int(dut.path_ready.value)
        await RisingEdge(dut.clk)
        if items:
            path_cycles += 1
        else:
            cycles += 1
        await FallingEdge(dut.clk)
        if not hold_start:
            dut.start.value = 0
        dut.path_valid.value = dut.path_end.value = 0
        if offered and ready:
            if items.pop(0) is None:        # the edge that took path_end counts for the playout
                path_cycles -= 1
                cycles = 1
        if not items and int(dut.done.value):
            break
        if path_cycles + cycles > playout_cycles(MAX_PLIES) + 2000:
            raise AssertionError("no done within %d cycles" % (path_cycles + cycles))
    dut.start.value = 0
    outputs = {name: int(getattr(dut, name).value)
               for name in ("result", "plies", "rng", "end_used_me", "end_used_opp")}
    return outputs, path_cycles, cycles


async def read_record(dut, addresses):
    """The record's words at `addresses` (two cycles of read latency)."""
    words = {}
    for addr in addresses:
        dut.record_addr.value = addr
        await RisingEdge(dut.clk)
        await RisingEdge(dut.clk)
        await FallingEdge(dut.clk)
        word = dut.record_data.value
        words[addr] = int(word) if word.is_resolvable else "unwritten (%s)" % word
    return words


async def check_cases(dut, cases, what, hold_start=False, gap_share=0.3):
    mismatches = Mismatches("blokus_playout, %s" % what)
    per_ply, most_ply, plies_seen, results = [], 0, 0, {}
    path_moves, path_passes, paused = 0, 0, 0
    for inputs, path, expected, record, where in cases:
        gaps = random.random() < gap_share
        path_moves += len(path)
        path_passes += path.count(0)
        paused += gaps
        outputs, outputs["path_cycles"], cycles = await play(dut, inputs, path, gaps, hold_start)
        outputs["cycles"] = cycles
        for name, value in expected.items():
            if not (gaps and name == "path_cycles"):
                mismatches.expect("%s: %s" % (where, name), value, outputs[name])
        words = await read_record(dut, sorted(record))
        for addr, word in record.items():
            mismatches.expect("%s: record of side %d tile %d (step, shape, ply)"
                              % (where, addr >> 5, addr & 31), word, words[addr])
        if outputs["plies"]:
            per_ply.append(cycles / outputs["plies"])
            most_ply = max(most_ply, cycles / outputs["plies"])
        plies_seen += outputs["plies"]
        results[expected["result"]] = results.get(expected["result"], 0) + 1
    per_ply.sort()
    dut._log.info("%s: %d descents (%d path moves, %d of them passes; %d with pauses), "
                  "%d playout plies, results %s; cycles a ply: median %.0f, most %.0f "
                  "(MAX_PLY_CYCLES %d)", what, len(cases), path_moves, path_passes, paused,
                  plies_seen, results,
                  per_ply[len(per_ply) // 2] if per_ply else 0, most_ply, MAX_PLY_CYCLES)
    mismatches.check()
    return results


def game_cases(rng, games, per_game):
    """`per_game` states of each random game (its first ply, its end and
    random plies between), each with a random seed and a path of 0 to 6 moves."""
    cases = []
    for g in range(games):
        states = [(ply, pos.copy(), player, [list(last[0]), list(last[1])], placed)
                  for _, ply, pos, player, last, placed in blokus_game_plies(rng, 1)]
        chosen = {0, len(states) - 1} | set(rng.sample(range(len(states)), per_game - 2))
        for i in sorted(chosen):
            ply, pos, player, last, placed = states[i]
            case = case_of(pos, player, last, placed, rng.randrange(1, 2 ** 32),
                           rng.randrange(0, 7), rng)
            cases.append(case + ("game %d ply %d, path %d" % (g, ply, len(case[1])),))
    return cases


@cocotb.test()
async def playouts(dut):
    """Playouts from states of random games, from the first ply to the end."""
    await start_unit(dut, low=INPUTS)
    results = await check_cases(dut, game_cases(random, 4, 5), "random games")
    extra = 0
    while len(results) < 2 and extra < 10:      # one result only: about 1 seed in 6,000
        extra += 1
        more = await check_cases(dut, game_cases(random, 1, 5), "random games, extra %d" % extra)
        for result, count in more.items():
            results[result] = results.get(result, 0) + count
    assert len(results) >= 2, "results %s after %d extra games" % (results, extra)


@cocotb.test()
async def late_states(dut):
    """States from the last plies of random games: passes in a row, a side
    out of moves, one pass from the end, already over."""
    await start_unit(dut, low=INPUTS)
    cases = []
    for g in range(6):
        states = [(ply, pos.copy(), player, [list(last[0]), list(last[1])], placed)
                  for _, ply, pos, player, last, placed in blokus_game_plies(random, 1)]
        for ply, pos, player, last, placed in states[-4:]:
            case = case_of(pos, player, last, placed, random.randrange(1, 2 ** 32),
                           random.randrange(0, 3), random)
            cases.append(case + ("game %d ply %d (passes %d), path %d"
                                 % (g, ply, pos.passes, len(case[1])),))
    assert any(c[0]["passes"] for c in cases) and any(c[2]["plies"] == 0 for c in cases)
    assert any(0 in c[1] for c in cases), "no pass in a path"
    await check_cases(dut, cases, "late states")


@cocotb.test()
async def close_results(dut):
    """Playouts that end in a draw or by one square either way (found by
    playing golden from middle-game states with random seeds): where the
    result's compare is decided."""
    await start_unit(dut, low=INPUTS)
    cases, wanted = [], {-1: 3, 0: 3, 1: 3}
    while any(wanted.values()):
        for _, ply, pos, player, last, placed in blokus_game_plies(random, 1):
            if ply < 16 or not any(wanted.values()):
                continue
            case = case_of(pos, player, last, placed, random.randrange(1, 2 ** 32), 0, random)
            lead = lead_of(case[2])
            if wanted.get(lead):
                wanted[lead] -= 1
                cases.append(case + ("ply %d, lead %+d" % (ply, lead),))
    await check_cases(dut, cases, "close results")


@cocotb.test()
async def start_held(dut):
    """`start` held high through each playout: one playout a start taken when idle."""
    await start_unit(dut, low=INPUTS)
    await check_cases(dut, game_cases(random, 1, 3), "start held", hold_start=True)
