"""Unit bench of a playout's draw of one move, hdl/blokus/policy_draw.py.

Reference: golden.blokus.mcts.policy_move(state, seed) -> (key, generator
state, scans, walked): the move golden's playout policy draws for the side to move of a
game state (the position, the side, each side's last two moves, the tiles
on the board) from the unit's generator state. The block's inputs are that
state as the playout unit will give it: the side's forbidden and anchor
maps (ext layout), its placed tiles, the same with the tiles the opening
filter refuses (golden's `allowed` for the tiles on the board), the local
cells (golden's local_cells of the other side's last two moves), and the
seed. A key is the block's (step, shape): step = 16 Y + X - 2 for centre
(X, Y), shape = key & 127; a pass is `found` low with `rng` = seed.

Every draw must also take exactly draw_cycles(scans, walked) from `start`
to `done`, with golden.blokus.mcts.policy_move's scans (two when the
opening filter refused a tile the side has and left it no move) and walked
(the shapes of the chosen step walked): the cycles golden's budget charges;
the bench reports the most cycles a draw took and the typical one.

Tests: the states of random games, both sides, every ply (the opening
filter active in the first plies, the local tier when the other side's
last moves left local cells a move can touch, the whole tier otherwise,
passes at the end); late positions told that few tiles are on the board,
so that the filter refuses every move the side has and the block must scan
again without it (golden's fallback); draws whose r lands on the edges of
the moves' weights (the seed chosen by inverting xorshift32, so that r is 0,
the last unit, or the first or last unit of a move inside the sum), where a
`<` turned into `<=` in the bisection or the walk shows (most of them on a
move that follows another of its own step, so that r lands inside the
step's walk); a start held high
across several draws, and a new start right after `done`.
"""
import random

import cocotb
from cocotb.triggers import FallingEdge, RisingEdge

from golden.blokus import board as B
from golden.blokus import mcts as M
from golden.blokus.encoding import N_TILES
from hdl.blokus.policy_draw import MAX_CYCLES, draw_cycles
from hdl.blokus.tables import EXT0
from verif.units.common import Mismatches, blokus_ext_maps, blokus_game_plies, start_unit

INPUTS = ("start", "forbidden", "anchors", "used", "used_open", "local_map", "seed")


def case_of(pos, player, last, placed, seed):
    """The block's inputs, golden's answer and what kind of draw it is."""
    state = M.State(pos.copy(), player, [list(last[0]), list(last[1])], placed)
    key, after, scans, walked = M.policy_move(state, seed)
    forbidden, anchors = blokus_ext_maps(pos, player)
    used = pos.used[player]
    refused = sum(1 << t for t in range(N_TILES) if not M.allowed(t, placed))
    recent = last[1 - player][0] | last[1 - player][1]
    local = M.local_cells(pos.cells[player], pos.cells[1 - player], recent)
    moves = B.legal_moves(pos, player)
    open_moves = [m for m in moves if M.allowed(m[2], placed)]
    chosen = open_moves or moves
    kind = ("pass" if not moves else
            ("fallback " if not open_moves else "") +
            ("local" if any(M.touches(M.move_key(m), local) for m in chosen) else "all"))
    inputs = {"forbidden": forbidden, "anchors": anchors, "used": used,
              "used_open": used | refused, "local_map": local << EXT0, "seed": seed}
    return inputs, key, after, kind, draw_cycles(scans, walked)


async def draw(dut, inputs, hold_start=False):
    """One draw: (found, step, shape, rng, cycles from start to done)."""
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
        if cycles > MAX_CYCLES + 5:
            raise AssertionError("no done within %d cycles (MAX_CYCLES %d)"
                                 % (cycles, MAX_CYCLES))
    dut.start.value = 0
    return (int(dut.found.value), int(dut.step.value), int(dut.shape.value),
            int(dut.rng.value), cycles)


async def check_cases(dut, cases, what, hold_start=False):
    mismatches = Mismatches("blokus_policy_draw, %s" % what)
    kinds, most, spent = {}, 0, []
    for inputs, key, after, kind, cycles_due, where in cases:
        found, step, shape, rng, cycles = await draw(dut, inputs, hold_start)
        kinds[kind] = kinds.get(kind, 0) + 1
        most = max(most, cycles)
        spent.append(cycles)
        if key == M.PASS:
            mismatches.expect(where + ": found", 0, found)
        else:
            mismatches.expect(where + ": (found, step, shape)", (1, (key >> 7) - 2, key & 127),
                              (found, step, shape))
        mismatches.expect(where + ": rng", after, rng)
        mismatches.expect(where + ": cycles (draw_cycles of golden's scans and walk)",
                          cycles_due, cycles)
    spent.sort()
    dut._log.info("%s: %d draws %s; cycles start to done: median %d, most %d (MAX_CYCLES %d)",
                  what, len(cases), kinds, spent[len(spent) // 2] if spent else 0, most,
                  MAX_CYCLES)
    mismatches.check()
    return kinds


def game_cases(rng, games, every=1):
    cases = []
    for g, ply, pos, player, last, placed in blokus_game_plies(rng, games):
        if ply % every == 0 or B.game_over(pos):
            case = case_of(pos, player, last, placed, rng.randrange(1, 2 ** 32))
            cases.append(case + ("game %d ply %d" % (g, ply),))
    return cases


@cocotb.test()
async def games(dut):
    """Every ply of random games, from the side to move."""
    await start_unit(dut, low=INPUTS)
    kinds = await check_cases(dut, game_cases(random, 3), "random games")
    assert kinds.get("local") and kinds.get("all") and kinds.get("pass"), kinds


@cocotb.test()
async def fallback(dut):
    """Late positions told that 0 to 3 tiles are on the board: the filter
    (5-square tiles only) refuses every move once the side's big tiles are
    placed, and the block scans again without it."""
    await start_unit(dut, low=INPUTS)
    cases = []
    while len(cases) < 40:
        pos = B.Position(random.choice("5A"))
        player = B.random_play(pos, B.ME, random.randrange(14, 30), random)
        last = [[0, 0], [0, 0]]
        for p in (0, 1):            # the squares of a few of each side's pieces stand in
            last[p][0] = pos.cells[p] & random.getrandbits(256)
        case = case_of(pos, player, last, random.randrange(0, 4), random.randrange(1, 2 ** 32))
        if case[3].startswith("fallback"):
            cases.append(case + ("fallback %d" % len(cases),))
    await check_cases(dut, cases, "fallback scans")


def unshift(y, shift, left):
    """x with x ^ (x << shift) (left) or x ^ (x >> shift) == y, 32 bits."""
    x = y
    for _ in range(32 // shift + 1):
        x = y ^ (((x << shift) & 0xFFFFFFFF) if left else (x >> shift))
    return x


def seed_for(r, total):
    """A seed whose draw lands on r: xorshift32(seed) = ceil(r 2^32 / total)."""
    x = -(-(r << 32) // total)
    seed = unshift(unshift(unshift(x, 5, True), 17, False), 13, True)
    assert M.xorshift32(seed) == x and (x * total) >> 32 == r
    return seed


def boundary_cases(rng, count):
    """States whose draw lands on the first or last unit of a move's weight
    (r = the weights of the moves before it, or that minus 1), or on 0 or
    total - 1: where `<` and `<=` of the bisection and the walk differ."""
    cases = []
    while len(cases) < count:
        pos = B.Position(rng.choice("5A"))
        player = B.random_play(pos, B.ME, rng.randrange(0, 24), rng)
        last = [[0, 0], [0, 0]]
        last[1 - player][0] = pos.cells[1 - player] & rng.getrandbits(256)
        placed = bin(pos.used[0]).count("1") + bin(pos.used[1]).count("1")
        moves = B.legal_moves(pos, player)
        if not moves:
            continue
        chosen = [m for m in moves if M.allowed(m[2], placed)] or moves
        local = M.local_cells(pos.cells[player], pos.cells[1 - player],
                              last[1 - player][0] | last[1 - player][1])
        tier = [m for m in chosen if M.touches(M.move_key(m), local)] or chosen
        keys = sorted(M.move_key(m) for m in tier)
        prefix = [0]
        for k in keys:
            prefix.append(prefix[-1] + M.SHAPE_WEIGHT[k & 127])
        total = prefix[-1]
        # a move after another of its own step when there is one: r then lands
        # on a shape's edge inside the step's walk, not only between steps
        inside = [j for j in range(1, len(keys)) if keys[j] >> 7 == keys[j - 1] >> 7]
        i = (rng.choice(inside) if inside and rng.random() < 0.7 else
             rng.randrange(1, len(keys)) if len(keys) > 1 else 0)
        for r in {0, total - 1, prefix[i], max(0, prefix[i] - 1)}:
            case = case_of(pos, player, last, placed, seed_for(r, total))
            assert case[1] == keys[next(j for j in range(len(keys)) if prefix[j + 1] > r)]
            cases.append(case + ("boundary r=%d of %d" % (r, total),))
    return cases


@cocotb.test()
async def boundaries(dut):
    """Draws that land on the edges of the moves' weights."""
    await start_unit(dut, low=INPUTS)
    await check_cases(dut, boundary_cases(random, 60), "boundary draws")


@cocotb.test()
async def start_held(dut):
    """`start` held high through each draw: one draw per start taken when idle."""
    await start_unit(dut, low=INPUTS)
    await check_cases(dut, game_cases(random, 1, every=3), "start held", hold_start=True)
