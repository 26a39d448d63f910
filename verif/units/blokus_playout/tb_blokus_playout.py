"""Unit bench of a playout unit, hdl/blokus/playout.py.

Reference: golden.blokus.mcts.play_out(state, seed) -> (keys, movers,
result, generator state, work): the playout golden's search runs from a descent's
leaf, every move drawn by the policy, to the game's end. The block's inputs
are that state: each side's squares and tiles, ME's seat, the side to move,
the passes in a row, the tiles on the board, each side's last two moves (as
keys: a placement's window step and shape), the descent's ply of the
playout's first move and the unit's generator state. Compared after `done`:
the result, the plies, the generator state, each side's tiles at the end,
and every entry of the record the tree's RAVE will read: for each tile the
playout placed, by which side, the move (step, shape) and its ply.

Every playout must also take exactly the cycles golden's play_out charges
as its work (golden.blokus.mcts.ply_work for each ply: the scans and the
shapes walked), which the search's budget counts; the bench reports the
cycles a ply took and the most.

Tests: playouts from states of random games at every stage (the first
plies, where the opening filter and the start cells decide, the middle, and
the last plies, with passes, states one pass from the end and states already
over), either side to move, random plies and seeds; playouts that end in a
draw or by one square; a start held high across playouts.
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
          "passes", "placed", "last_me", "last_me_before", "last_opp", "last_opp_before", "ply0",
          "seed", "record_addr")
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


def case_of(pos, player, last, placed, seed, ply0):
    """The block's inputs and golden's playout from the state."""
    state = M.State(pos.copy(), player, [list(last[0]), list(last[1])], placed)
    keys, movers, result, after, work = M.play_out(state, seed)
    record = {}
    for j, (key, mover) in enumerate(zip(keys, movers)):
        if key != M.PASS:
            record[32 * mover + ALL_SHAPES[key & 127].tile] = (
                ((key >> 7) - 2) << (SHAPE_BITS + PLY_BITS) | (key & 127) << PLY_BITS | ply0 + j)
    inputs = {"cells_me": pos.cells[B.ME] << EXT0, "cells_opp": pos.cells[B.OPP] << EXT0,
              "used_me": pos.used[B.ME], "used_opp": pos.used[B.OPP],
              "seat_a": int(pos.seat == "A"), "opp_to_move": int(player == B.OPP),
              "passes": pos.passes, "placed": placed,
              "last_me": slot(key_of_mask(last[B.ME][0])),
              "last_me_before": slot(key_of_mask(last[B.ME][1])),
              "last_opp": slot(key_of_mask(last[B.OPP][0])),
              "last_opp_before": slot(key_of_mask(last[B.OPP][1])),
              "ply0": ply0, "seed": seed}
    expected = {"result": result, "plies": len(keys), "rng": after,
                "end_used_me": state.pos.used[B.ME], "end_used_opp": state.pos.used[B.OPP],
                "cycles": work}
    return inputs, expected, record


def lead_of(expected):
    """ME's placed squares minus OPP's at the playout's end."""
    return (B.squares_left(_used_only(expected["end_used_opp"]), 0)
            - B.squares_left(_used_only(expected["end_used_me"]), 0))


def _used_only(used):
    pos = B.Position()
    pos.used[0] = used
    return pos


async def play(dut, inputs, hold_start=False):
    """One playout: (outputs, cycles from start to done)."""
    await FallingEdge(dut.clk)
    for name, value in inputs.items():
        getattr(dut, name).value = value
    dut.start.value = 1
    cycles = 0
    while True:
        await RisingEdge(dut.clk)
        cycles += 1
        await FallingEdge(dut.clk)
        if not hold_start:
            dut.start.value = 0
        if int(dut.done.value):
            break
        if cycles > playout_cycles(MAX_PLIES) + 5:
            raise AssertionError("no done within %d cycles" % cycles)
    dut.start.value = 0
    outputs = {name: int(getattr(dut, name).value)
               for name in ("result", "plies", "rng", "end_used_me", "end_used_opp")}
    return outputs, cycles


async def read_record(dut, addresses):
    """The record's words at `addresses` (two cycles of read latency)."""
    words = {}
    for addr in addresses:
        dut.record_addr.value = addr
        await RisingEdge(dut.clk)
        await RisingEdge(dut.clk)
        await FallingEdge(dut.clk)
        words[addr] = int(dut.record_data.value)
    return words


async def check_cases(dut, cases, what, hold_start=False):
    mismatches = Mismatches("blokus_playout, %s" % what)
    per_ply, most_ply, plies_seen, results = [], 0, 0, {}
    for inputs, expected, record, where in cases:
        outputs, cycles = await play(dut, inputs, hold_start)
        outputs["cycles"] = cycles
        for name, value in expected.items():
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
    dut._log.info("%s: %d playouts, %d plies, results %s; cycles a ply: median %.0f, most %.0f "
                  "(MAX_PLY_CYCLES %d)", what, len(cases), plies_seen, results,
                  per_ply[len(per_ply) // 2] if per_ply else 0, most_ply, MAX_PLY_CYCLES)
    mismatches.check()
    return results


def game_cases(rng, games, per_game):
    """`per_game` states of each random game (its first ply, its end and
    random plies between), each with a random seed and ply0."""
    cases = []
    for g in range(games):
        states = [(ply, pos.copy(), player, [list(last[0]), list(last[1])], placed)
                  for _, ply, pos, player, last, placed in blokus_game_plies(rng, 1)]
        chosen = {0, len(states) - 1} | set(rng.sample(range(len(states)), per_game - 2))
        for i in sorted(chosen):
            ply, pos, player, last, placed = states[i]
            inputs, expected, record = case_of(pos, player, last, placed,
                                               rng.randrange(1, 2 ** 32), rng.randrange(0, 40))
            cases.append((inputs, expected, record, "game %d ply %d" % (g, ply)))
    return cases


@cocotb.test()
async def playouts(dut):
    """Playouts from states of random games, from the first ply to the end."""
    await start_unit(dut, low=INPUTS)
    results = await check_cases(dut, game_cases(random, 4, 5), "random games")
    assert len(results) >= 2, results


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
            inputs, expected, record = case_of(pos, player, last, placed,
                                               random.randrange(1, 2 ** 32),
                                               random.randrange(0, 40))
            cases.append((inputs, expected, record, "game %d ply %d (passes %d)"
                          % (g, ply, pos.passes)))
    assert any(c[0]["passes"] for c in cases) and any(c[1]["plies"] == 0 for c in cases)
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
            inputs, expected, record = case_of(pos, player, last, placed,
                                               random.randrange(1, 2 ** 32), 0)
            lead = lead_of(expected)
            if wanted.get(lead):
                wanted[lead] -= 1
                cases.append((inputs, expected, record, "ply %d, lead %+d" % (ply, lead)))
    await check_cases(dut, cases, "close results")


@cocotb.test()
async def start_held(dut):
    """`start` held high through each playout: one playout a start taken when idle."""
    await start_unit(dut, low=INPUTS)
    await check_cases(dut, game_cases(random, 1, 3), "start held", hold_start=True)
