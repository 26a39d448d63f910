"""Unit bench of a playout's local cells, hdl/blokus/local_cells.py (combinational).

Reference: golden.blokus.mcts.local_cells(own, other, recent), the function
the golden playout policy calls, in golden's 16 x 16 layout; the block's
ports are the ext layout (hdl.blokus.tables: EXT0 bits higher).

Tests: positions of random games, seen from either side, with the other
side's last one or two placements as `recent` (and none); the edge maps
(nothing placed; `recent` covering every square of the other side; a
square in each corner and along each edge of the board, where a shift that
wraps would mark a cell on the far side); random maps (any disjoint `own`
and `other` on the board, `recent` any subset of `other`), which no game
reaches but the function defines.
"""
import random

import cocotb
from cocotb.triggers import Timer

from golden.blokus import board as B
from golden.blokus.encoding import ON_BOARD, SIZE, bit
from golden.blokus.mcts import local_cells
from hdl.blokus.tables import EXT0
from verif.units.common import Mismatches, blokus_game_plies


async def check(dut, cases, what):
    mismatches = Mismatches("blokus_local_cells, %s" % what)
    for own, other, recent in cases:
        dut.own.value = own << EXT0
        dut.other.value = other << EXT0
        dut.recent.value = recent << EXT0
        await Timer(1, unit="ns")
        want = local_cells(own, other, recent) << EXT0
        got = int(dut.local_map.value)
        mismatches.expect("own %x other %x recent %x" % (own, other, recent), hex(want), hex(got))
    dut._log.info("%s: %d cases", what, len(cases))
    mismatches.check()


def game_cases(rng, games):
    """(own, other, recent) along random games, both sides to move: the other
    side's last two placements, and its last one alone."""
    cases = []
    for _, _, pos, player, last, _ in blokus_game_plies(rng, games):
        own, other, recent = pos.cells[player], pos.cells[1 - player], last[1 - player]
        cases.append((own, other, recent[0] | recent[1]))
        cases.append((own, other, recent[0]))
    return cases


@cocotb.test()
async def games(dut):
    """Every ply of random games, from the side to move."""
    await check(dut, game_cases(random, 6), "random games")


@cocotb.test()
async def edges(dut):
    """Nothing placed, `recent` = all of `other`, squares on the board's rim."""
    rim = [bit(x, y) for x in range(1, SIZE + 1) for y in (1, SIZE)]
    rim += [bit(x, y) for y in range(2, SIZE) for x in (1, SIZE)]
    cases = [(0, 0, 0)]
    pos = B.Position("5")
    B.random_play(pos, B.ME, 16, random)
    cases.append((pos.cells[0], pos.cells[1], pos.cells[1]))
    for b in rim:
        cases.append((0, 1 << b, 1 << b))
        cases.append((1 << b, 0, 0))
        other = 1 << b
        cases.append((random.getrandbits(256) & ON_BOARD & ~other, other, other))
    await check(dut, cases, "edge maps")


@cocotb.test()
async def random_maps(dut):
    """Disjoint random `own` and `other` on the board, `recent` a subset of `other`."""
    cases = []
    for _ in range(400):
        density = random.choice((0.05, 0.2, 0.4))
        own = other = 0
        for b in range(256):
            if ON_BOARD >> b & 1 and random.random() < density:
                if random.random() < 0.5:
                    own |= 1 << b
                else:
                    other |= 1 << b
        recent = other & random.getrandbits(256)
        cases.append((own, other, recent))
    await check(dut, cases, "random maps")
