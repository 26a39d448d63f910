"""Unit bench of the Reversi search's static evaluation, hdl/reversi/evaluate.py,
pipelined as the search builds it, for boards up to REVERSI_SIDE (a smaller
game in the top-left of the max layout: hdl/reversi/tables.py).

Reference: golden.reversi.search.evaluate and the disc difference, on
golden's own layout of the game's size, moved to the max layout.

A new position enters every second cycle: `me` and `opp`, held two cycles,
and their moves in the second (as from the search's registered move
generators; each cell's base, its disc and potential mobility, is
registered from the first cycle, its term from the second's); `value` and
`diff` must equal the reference evaluate_latency cycles after the moves.
The size and the stage are held for a whole stream, set WEIGHT_LATENCY
cycles before it, as the search holds them for an iteration.

Why it exists: the core's benches see a size's weight table only through the
scores of searches on that size, so one weight of the 4 x 8 table off by
one (seen in the mutation draw of seed 238881415, reversi_evaluate#2)
survived every Reversi bench. Here every weight of every size is read alone.

Tests: every cell of every size at every stage with one disc of either side
(its class's weight, with the potential mobility of its empty neighbours and
the constant), and with its corner taken (the corner's neighbours then weigh
their dead class's weight); positions of random games of every size with
both sides' legal moves at random stages; every entry of every group of the
8 x 8 pattern tables (hdl/reversi/patterns.py), each by a position of its
own.
"""
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, RisingEdge

from golden.reversi.board import legal, popcount
from golden.reversi.encoding import geometry
from golden.reversi.patterns import EDGE_CELLS, ENTRIES, RECT_CELLS, group_of
from golden.reversi.patterns import index as patterns_index
from golden.reversi.search import PATTERNS, STAGES, evaluate
from hdl.reversi import tables as T
from hdl.reversi.evaluate import HOLD_CYCLES, WEIGHT_LATENCY, evaluate_latency
from hdl.reversi.patterns import built
from hdl.units import REVERSI_SIDE
from verif.reversi.tb_search import random_position
from verif.units.common import Mismatches

SIDE = REVERSI_SIDE
LATENCY = evaluate_latency(True)     # any clock: the pipelined build
HOLD = max(2, HOLD_CYCLES)           # cycles a position is held (the search: 7 or more)


def reference(item, g, stage):
    me, opp, my_moves, their_moves = item
    return (evaluate(me, opp, my_moves, their_moves, g, stage),
            popcount(me) - popcount(opp))


async def check_stream(dut, width, height, stage, items, what):
    """Feed the positions `items` [(me, opp, my_moves, their_moves)] of a
    width x height game at a stage, one every HOLD cycles (the discs held
    HOLD cycles, the moves from the second, as the search holds them), and
    compare both outputs of each: value evaluate_latency cycles after its
    moves, diff a cycle sooner."""
    g = geometry(width, height)
    mismatches = Mismatches("reversi_evaluate %d x %d stage %d, %s"
                            % (width, height, stage, what))
    await FallingEdge(dut.clk)
    dut.size.value = T.size_index(width, height, SIDE)
    dut.stage.value = stage
    for _ in range(WEIGHT_LATENCY):
        await RisingEdge(dut.clk)
    put = lambda b: T.to_max(b, width, SIDE)
    for cycle in range(HOLD * len(items) + LATENCY + 2):
        await FallingEdge(dut.clk)
        done = cycle - LATENCY - 1          # item k's moves came in cycle HOLD k + 1
        if done >= 0 and done % HOLD == 0 and done // HOLD < len(items):
            k = done // HOLD
            want_value, want_diff = reference(items[k], g, stage)
            mismatches.expect("value of item %d %r" % (k, items[k]), want_value,
                              dut.value.value.to_signed())
        early = done + 1
        if early >= 0 and early % HOLD == 0 and early // HOLD < len(items):
            k = early // HOLD
            want_value, want_diff = reference(items[k], g, stage)
            mismatches.expect("diff of item %d" % k, want_diff, dut.diff.value.to_signed())
        k = cycle // HOLD
        me, opp, my_moves, their_moves = items[k] if k < len(items) else (0, 0, 0, 0)
        if cycle % HOLD == 0:
            my_moves = their_moves = 0          # not yet: they come a cycle after the discs
        dut.me.value, dut.opp.value = put(me), put(opp)
        dut.my_moves.value, dut.their_moves.value = put(my_moves), put(their_moves)
        await RisingEdge(dut.clk)
    dut._log.info("%d x %d, %s: %d positions", width, height, what, len(items))
    mismatches.check()


async def start(dut):
    """The clock and a reset (of the pattern tables' read phase; the other
    registers have none: the first outputs are not compared until positions
    have filled the pipeline)."""
    for name in ("me", "opp", "my_moves", "their_moves", "size", "stage"):
        getattr(dut, name).value = 0
    dut.rst.value = 1
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    for _ in range(2):
        await RisingEdge(dut.clk)
    dut.rst.value = 0


@cocotb.test()
async def every_weight_alone(dut):
    """Each cell of each size at each stage with one disc of either side and
    nothing else: its class's weight (or its negative) beside the potential
    mobility of its neighbours and the constant; then each cell with the
    nearest corner taken by the other side, which makes the corner's
    neighbours weigh their dead class's weight."""
    await start(dut)
    for width, height in T.sizes(SIDE):
        cells = width * height
        corners = (0, width - 1, cells - width, cells - 1)
        items = []
        for c in range(cells):
            items.append((1 << c, 0, 0, 0))
            items.append((0, 1 << c, 0, 0))
            x, y = c % width, c // width
            corner = corners[(x >= width // 2) + 2 * (y >= height // 2)]
            if corner != c:
                items.append((1 << c, 1 << corner, 0, 0))
        for stage in range(STAGES):
            await check_stream(dut, width, height, stage, items, "every cell alone")


@cocotb.test()
async def random_game_positions(dut):
    """Positions of random games of every size, with both sides' legal moves."""
    await start(dut)
    rng = random.Random(cocotb.RANDOM_SEED)
    for width, height in T.sizes(SIDE):
        g = geometry(width, height)
        for stage in rng.sample(range(STAGES), 3):
            items = []
            for _ in range(15):
                pos = random_position(rng, width, height, rng.randint(0, width * height))
                me, opp = pos.mine, pos.theirs
                items.append((me, opp, legal(me, opp, g), legal(opp, me, g)))
            await check_stream(dut, width, height, stage, items, "random game positions")


def _pattern_position(cells, index):
    """(me, opp) with the instance `cells` holding the base-3 index and
    nothing else (golden.reversi.patterns.index)."""
    me = opp = 0
    for c in cells:
        index, digit = divmod(index, 3)
        if digit == 1:
            me |= 1 << c
        elif digit == 2:
            opp |= 1 << c
    return me, opp


@cocotb.test()
async def every_table_entry(dut):
    """Each entry of each group of both pattern tables read by a position of
    its own: the top edge, then the top-left rectangle along the row, holding
    each index in turn (other instances read what the same discs make of
    them), at a stage of each group, on 8 x 8 (skipped by a core without
    tables)."""
    await start(dut)
    if not built(SIDE):
        dut._log.info("a core of side %d has no pattern tables", SIDE)
        return
    groups = PATTERNS[0]
    g = geometry(8, 8)
    for group in range(groups):
        stage = next(s for s in range(STAGES) if group_of(s, groups, STAGES) == group)
        for cells in (EDGE_CELLS[0], RECT_CELLS[0]):
            items = []
            for index in range(ENTRIES):
                me, opp = _pattern_position(cells, index)
                assert patterns_index(me, opp, cells) == index
                items.append((me, opp, legal(me, opp, g), legal(opp, me, g)))
            await check_stream(dut, 8, 8, stage, items, "every entry of %s" % (
                "the edge table" if cells == EDGE_CELLS[0] else "the rectangle table"))
