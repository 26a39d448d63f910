"""Unit bench of a playout step's weight sums, hdl/blokus/policy_weights.py
(with hdl/blokus/touch.py inside).

Reference: the golden model. For a position and a side, golden's legal
moves (golden.blokus.board.legal_moves) grouped by centre give each window
step's `legal` vector (shape s: its index in ALL_SHAPES), golden's
local_cells give the local map, and a move is local when
golden.blokus.mcts.touches(key, local) (its own squares, not the RTL's
window masks). The step's sums are sum(SHAPE_WEIGHT[s]) over its legal
shapes and over its local ones: what golden's draw adds up for the moves
of that step. The block takes `marked` = the local map in the ext layout
shifted right by the step's J (hdl/blokus/tables.py), as the scan shifts
its maps past the window.

A new step enters every cycle (the block is a pipeline); both sums must
equal the reference of the step that entered LATENCY cycles earlier, on
every cycle once the pipeline has filled, and `local_shapes` the step's
local legal shapes in the cycle the step is on the inputs.

The sums count the shapes of each weight (hdl/grouped_weighted_sum.py: 12
weights, up to 24 shapes each) and multiply each count by its weight from a
table, so a wrong entry shows only at its count.

Tests: every step of positions of random games, both sides, local maps from
the other side's last two placements, with the opening filter's tiles
removed from `legal` now and then (as the playout unit passes it through
the checker's `used`); random vectors (any shapes that lie on the board at
the step, as only those can be legal there; any local map: sums the game
rarely reaches, every leaf of both trees on and off); the edge inputs
(nothing legal, every shape legal with every cell local, each shape alone);
every weight's shapes at every count, the others random.
"""
import random

import cocotb
from cocotb.triggers import FallingEdge, RisingEdge, Timer

from golden.blokus import board as B
from golden.blokus import mcts as M
from golden.blokus.encoding import ALL_SHAPES, N_SHAPES, ON_BOARD
from golden.blokus.search import SHAPE_INDEX
from hdl.blokus.policy_weights import LATENCY
from hdl.grouped_weighted_sum import weight_groups
from hdl.blokus.tables import EXT0, J_FIRST, J_LAST
from verif.units.common import Mismatches, blokus_game_plies, start_unit


def step_of(x, y):
    return y * 16 + x - 2


def on_board(j):
    """The shapes whose every square is on the board with their centre on
    step j: the only ones the checker can call legal there."""
    cx, cy = (j + 2) % 16, (j + 2) // 16
    out = 0
    for s, sh in enumerate(ALL_SHAPES):
        if all(1 <= cx + sh.dcol0 + c <= 14 and 1 <= cy + sh.drow0 + r <= 14
               for r, c in sh.cells):
            out |= 1 << s
    return out


def reference(legal, local, j):
    """(sum over legal, sum over legal and local, the local shapes) for step j."""
    cx, cy = (j + 2) % 16, (j + 2) // 16
    total = local_total = shapes = 0
    for s in range(N_SHAPES):
        if legal >> s & 1:
            total += M.SHAPE_WEIGHT[s]
            if M.touches(((16 * cy + cx) << 7) | s, local):
                local_total += M.SHAPE_WEIGHT[s]
                shapes |= 1 << s
    return total, local_total, shapes


async def check_stream(dut, steps, what):
    """steps: [(legal, local map (golden layout), j)], one a cycle."""
    mismatches = Mismatches("blokus_policy_weights (latency %d), %s" % (LATENCY, what))
    fed = []
    for cycle in range(len(steps) + LATENCY):
        await FallingEdge(dut.clk)
        if cycle >= LATENCY:
            legal, local, j = fed[cycle - LATENCY]
            want = reference(legal, local, j)
            where = "step %d, legal %x, local %x" % (j, legal, local)
            mismatches.expect(where + ": step_all", want[0], int(dut.step_all.value))
            mismatches.expect(where + ": step_local", want[1], int(dut.step_local.value))
        step = steps[cycle] if cycle < len(steps) else (0, 0, J_FIRST)
        legal, local, j = step
        dut.legal.value = legal
        dut.marked.value = (local << EXT0) >> j
        fed.append(step)
        await Timer(1, unit="ns")
        mismatches.expect("step %d, legal %x, local %x: local_shapes (same cycle)"
                          % (j, legal, local), hex(reference(legal, local, j)[2]),
                          hex(int(dut.local_shapes.value)))
        await RisingEdge(dut.clk)
    dut._log.info("%s: %d steps", what, len(steps))
    mismatches.check()


def game_steps(rng, games):
    steps = []
    for _, _, pos, player, last, _ in blokus_game_plies(rng, games):
        if rng.random() >= 0.35:             # the positions' steps, sampled
            continue
        recent = last[1 - player][0] | last[1 - player][1]
        local = M.local_cells(pos.cells[player], pos.cells[1 - player], recent)
        least = rng.choice((1, 1, 3, 4, 5))          # an opening filter, now and then
        by_step = {}
        for x, y, t, r in B.legal_moves(pos, player):
            if M.TILE_SIZE[t] >= least:
                by_step.setdefault(step_of(x, y), 0)
                by_step[step_of(x, y)] |= 1 << SHAPE_INDEX[(t, r)]
        for j in sorted(by_step):
            steps.append((by_step[j], local, j))
        steps.append((0, local, rng.randint(J_FIRST, J_LAST)))
    return steps


@cocotb.test()
async def games(dut):
    """Every step with a legal move of sampled positions of random games."""
    await start_unit(dut, low=("legal", "marked"))
    await check_stream(dut, game_steps(random, 3), "random games")


@cocotb.test()
async def random_vectors(dut):
    """Any `legal` the checker could give (shapes on the board at the step)
    and any on-board local map, at random steps."""
    await start_unit(dut, low=("legal", "marked"))
    steps = []
    for _ in range(1500):
        density = random.choice((0.02, 0.1, 0.5, 0.9, 1.0))
        legal = sum(1 << s for s in range(N_SHAPES) if random.random() < density)
        local = ON_BOARD & sum(1 << b for b in range(256) if random.random() < density / 3)
        j = random.randint(J_FIRST, J_LAST)
        steps.append((legal & on_board(j), local, j))
    await check_stream(dut, steps, "random vectors")


@cocotb.test()
async def edge_inputs(dut):
    """Nothing legal; everything legal and local; each shape alone, local or not."""
    await start_unit(dut, low=("legal", "marked"))
    mid = step_of(7, 7)
    ones = (1 << N_SHAPES) - 1
    steps = [(0, 0, mid), (ones, ON_BOARD, mid), (ones, 0, mid), (0, ON_BOARD, mid),
             (on_board(J_FIRST), ON_BOARD, J_FIRST), (on_board(J_LAST), ON_BOARD, J_LAST)]
    steps += [(1 << s, ON_BOARD, mid) for s in range(N_SHAPES)]
    steps += [(1 << s, 0, mid) for s in range(N_SHAPES)]
    await check_stream(dut, steps, "edge inputs")


@cocotb.test()
async def every_count_of_every_weight(dut):
    """For each weight, k of its shapes legal for every k from 0 to all of
    them (drawn at random), the other shapes legal at random, a random local
    map: each entry of each table of products, in both sums."""
    await start_unit(dut, low=("legal", "marked"))
    mid = step_of(7, 7)
    steps = []
    for _, shapes in weight_groups(M.SHAPE_WEIGHT):
        members = sum(1 << s for s in shapes)
        for k in range(len(shapes) + 1):
            legal = sum(1 << s for s in random.sample(shapes, k))
            legal |= random.getrandbits(N_SHAPES) & ~members
            local = ON_BOARD & random.getrandbits(256)
            steps.append((legal, local, mid))
            steps.append((legal, ON_BOARD, mid))      # every legal shape local: the same count
    await check_stream(dut, steps, "every count of every weight")
