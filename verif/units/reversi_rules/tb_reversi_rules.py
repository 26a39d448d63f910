"""Unit bench of the Reversi rule blocks, hdl/reversi/moves.py and flips.py
(combinational but for `flipped_q`; built side by side for boards up to REVERSI_SIDE, a
smaller game held in the top-left of the max layout: hdl/reversi/tables.py).

Reference: golden.reversi.board's `legal` and `flips`, on golden's own
layout of the game's size, moved to the max layout (tables.to_max).

Checked, for every position: both sides' legal moves, and the flips of
every legal move of the side to move (one-hot `move_bit`), both from the
combinational flips and from the search's pipelined ones (`flipped_q`:
flips_latency cycles after the move, the discs set a cycle before).

Tests: every direction and run length from every kind of start cell (the run
ended by a disc of the mover, an empty cell or the edge); positions of
random games (random legal moves, passes where forced)
on every size the build plays (4 x 4 to 8 x 8, rectangles too), from the
start to the end; random disc patterns (not reachable in a game: discs
anywhere, lines of one colour broken by the other, full rows), where runs
reach the edges and corners of the game's board.
"""
import random

import cocotb
from cocotb.triggers import Timer

from golden.reversi.board import flips, legal, start
from golden.reversi.encoding import geometry
from hdl.reversi import tables as T
from hdl.reversi.flips import flips_latency
from hdl.units import REVERSI_SIDE
from verif.units.common import Mismatches


async def check(dut, mismatches, me, opp, width, height, what):
    """Both sides' moves and every move's flips of (me, opp) on a width x
    height game; False once a mismatch is found."""
    g = geometry(width, height)
    side = REVERSI_SIDE
    dut.me.value = T.to_max(me, width, side)
    dut.opp.value = T.to_max(opp, width, side)
    dut.full.value = T.to_max(g.full, width, side)
    dut.move_bit.value = 0
    await tick(dut)                      # the pipelined flips' bracket of the discs
    want = {"my_moves": T.to_max(legal(me, opp, g), width, side),
            "their_moves": T.to_max(legal(opp, me, g), width, side)}
    got = {k: int(getattr(dut, k).value) for k in want}
    if not mismatches.expect("%s %dx%d me %#x opp %#x: moves" % (what, width, height, me, opp),
                             {k: hex(v) for k, v in want.items()},
                             {k: hex(v) for k, v in got.items()}):
        return False
    moves = legal(me, opp, g)
    for c in range(g.cells):
        if moves >> c & 1:
            dut.move_bit.value = 1 << T.cell_to_max(c, width, side)
            await Timer(1, unit="ns")
            want_f = T.to_max(flips(me, opp, c, g), width, side)
            got_f = int(dut.flipped.value)
            for _ in range(flips_latency(True)):
                await tick(dut)
            if not mismatches.expect("%s %dx%d me %#x opp %#x: flips of cell %d"
                                     % (what, width, height, me, opp, c),
                                     {"flipped": hex(want_f), "flipped_q": hex(want_f)},
                                     {"flipped": hex(got_f),
                                      "flipped_q": hex(int(dut.flipped_q.value))}):
                return False
    return True


async def tick(dut):
    """One clock cycle (the pipelined flips' registers take their inputs)."""
    await Timer(1, unit="ns")
    dut.clk.value = 1
    await Timer(1, unit="ns")
    dut.clk.value = 0
    await Timer(1, unit="ns")


def game_positions(rng, width, height):
    """(me, opp) of each position of one random game, side to move first."""
    pos = start(width, height)
    out = []
    while not pos.game_over():
        out.append((pos.mine, pos.theirs))
        moves = pos.legal_moves()
        pos = pos.play(rng.choice(moves) if moves else None)
    out.append((pos.mine, pos.theirs))
    return out


@cocotb.test()
async def random_games(dut):
    rng = random.Random(cocotb.RANDOM_SEED)
    mismatches = Mismatches("reversi_rules, random games")
    for width, height in T.sizes(REVERSI_SIDE):
        for _ in range(2 if (width, height) != (REVERSI_SIDE, REVERSI_SIDE) else 6):
            for me, opp in game_positions(rng, width, height):
                if not await check(dut, mismatches, me, opp, width, height, "game"):
                    mismatches.check()
    mismatches.check()


@cocotb.test()
async def random_patterns(dut):
    rng = random.Random(cocotb.RANDOM_SEED + 1)
    mismatches = Mismatches("reversi_rules, random patterns")
    for width, height in T.sizes(REVERSI_SIDE):
        g = geometry(width, height)
        for _ in range(60):
            fill = rng.choice((0.3, 0.6, 0.9))
            me = opp = 0
            for c in range(g.cells):
                r = rng.random()
                if r < fill / 2:
                    me |= 1 << c
                elif r < fill:
                    opp |= 1 << c
            if not await check(dut, mismatches, me, opp, width, height, "pattern"):
                mismatches.check()
    mismatches.check()


@cocotb.test()
async def every_run_length(dut):
    """For every size, direction, run length (1 to side - 2) and start cell
    where it fits: a run of the opponent's discs from next to an empty cell,
    ended by a disc of the mover (flipped), by an empty cell or by the
    board's edge (not flipped), with random discs elsewhere."""
    rng = random.Random(cocotb.RANDOM_SEED + 2)
    mismatches = Mismatches("reversi_rules, every run length")
    for width, height in T.sizes(REVERSI_SIDE):
        for dx, dy in T.DIRECTIONS:
            for length in range(1, max(width, height) - 1):
                cells = [(x, y) for x in range(width) for y in range(height)
                         if 0 <= x + dx * length < width and 0 <= y + dy * length < height]
                for x, y in rng.sample(cells, min(3, len(cells))):
                    run = [(x + dx * k, y + dy * k) for k in range(1, length + 1)]
                    end = (x + dx * (length + 1), y + dy * (length + 1))
                    me = opp = 0
                    for (a, b) in run:
                        opp |= 1 << (b * width + a)
                    inside = 0 <= end[0] < width and 0 <= end[1] < height
                    if inside and rng.random() < 0.7:
                        me |= 1 << (end[1] * width + end[0])
                    for c in range(width * height):          # a few other discs
                        if not (me | opp) >> c & 1 and c != y * width + x and rng.random() < 0.15:
                            if rng.random() < 0.5:
                                me |= 1 << c
                            else:
                                opp |= 1 << c
                    if not await check(dut, mismatches, me, opp, width, height,
                                       "run of %d towards (%d,%d) from (%d,%d)"
                                       % (length, dx, dy, x, y)):
                        mismatches.check()
    mismatches.check()
