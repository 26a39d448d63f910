"""Unit bench of the carry-save popcount with no register
(hdl/popcount.py, combinational=True) at the width blokus_mcts_search
counts each side's tiles with (N_TILES = 21 bits, as hdl/units.py builds
it).

Reference: `int.bit_count`. A new vector every cycle; `count` must equal
its ones in the same cycle, settled (latency 0).

Why it exists: the search counted tiles with an incrementer a bit, 21
adders deep, the whole search's worst path (28 MHz); the tree that
replaced it must count every vector, and 21 bits are few enough to feed
them all.

Tests: every one of the 2 ** 21 vectors would take minutes, so every
vector with at most two ones or at most two zeros (the counts 0, 1, 2, 19,
20, 21, where a lost carry shows first), and random vectors of every
density.
"""
import itertools
import random

import cocotb

from verif.units.common import start_unit
from verif.units.popcount.tb_popcount import check_stream


@cocotb.test()
async def few_ones_or_few_zeros(dut):
    """Every vector with at most two ones, and each one's complement."""
    await start_unit(dut, low=("vec",))
    width = len(dut.vec)
    ones = (1 << width) - 1
    sparse = [0] + [1 << i for i in range(width)]
    sparse += [1 << i | 1 << j for i, j in itertools.combinations(range(width), 2)]
    await check_stream(dut, sparse + [ones ^ v for v in sparse], "few ones or few zeros", 0)


@cocotb.test()
async def random_vectors(dut):
    """Each bit set with a density from 5 % to 95 %, a new density every vector."""
    await start_unit(dut, low=("vec",))
    width = len(dut.vec)
    vectors = []
    for _ in range(2000):
        density = random.choice((0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 0.95))
        vectors.append(sum(1 << i for i in range(width) if random.random() < density))
    await check_stream(dut, vectors, "random vectors", 0)
