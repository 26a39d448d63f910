"""Unit bench of hdl/score4/win_cells.py: the cells where one more bead wins.

Reference: golden.score4.board.completes_line(beads, c) for every cell c,
for each side's beads, one clock edge after the beads were applied (the
outputs are registered).

Tests: positions from random games (both sides' beads disjoint, dense and
sparse), random 64-bit patterns (the block must not care whether a cell is
free), and the empty and the full board.
"""
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import RisingEdge

from golden.score4.board import completes_line
from golden.score4.encoding import NUM_CELLS
from verif import tb
from verif.units.common import CycleBench, Mismatches, score4_game_position

ALL = (1 << NUM_CELLS) - 1


def win_map(beads):
    return sum(1 << c for c in range(NUM_CELLS) if completes_line(beads, c))


@cocotb.test()
async def win_cells_match_golden(dut):
    dut.x.value, dut.y.value = 0, 0
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    await RisingEdge(dut.clk)
    await RisingEdge(dut.clk)
    rng = random.Random(int(tb.seed()))
    cases = [(0, 0), (ALL, 0), (0, ALL), (ALL, ALL)] + [score4_game_position(rng, rng.randrange(1, 64)) for _ in range(400)]
    cases += [(rng.getrandbits(NUM_CELLS), rng.getrandbits(NUM_CELLS)) for _ in range(200)]
    bench = CycleBench(dut, ("x_wins", "y_wins"))
    mismatches = Mismatches("score4_win_cells")
    await bench.step({"x": cases[0][0], "y": cases[0][1]})   # edge 1 stores case 0
    for n, (x, y) in enumerate(cases):
        nxt = cases[n + 1] if n + 1 < len(cases) else (0, 0)
        out = await bench.step({"x": nxt[0], "y": nxt[1]})     # sampled: case n
        where = "x=%#018x y=%#018x" % (x, y)
        mismatches.expect(where + ": x_wins", "%#018x" % win_map(x), "%#018x" % out["x_wins"])
        mismatches.expect(where + ": y_wins", "%#018x" % win_map(y), "%#018x" % out["y_wins"])
    dut._log.info("%d positions", len(cases))
    mismatches.check()
