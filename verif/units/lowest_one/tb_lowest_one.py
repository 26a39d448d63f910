"""Unit bench of the priority picker, hdl/lowest_one.py (combinational; as
wide as the Blokus search uses it: one bit per shape, as hdl/units.py
builds it).

Reference: `lowest_one_reference`, plain integer arithmetic: the index of the
lowest set bit, and the vector without it (`v & (v - 1)`). For every input
`rest` must equal the model's, and `index` too unless the vector is 0 (then
the index means nothing and `rest` must be 0).

Tests: the edge inputs (0, all ones, every single bit, every run of ones
from a bit to the top, alternating bits, the two end bits); random vectors
of every density, sparse to nearly full.
"""
import random

import cocotb
from cocotb.triggers import Timer

from verif.units.common import Mismatches


def lowest_one_reference(vec):
    """(index of the lowest set bit or None, vec with that bit cleared)."""
    if vec == 0:
        return None, 0
    return (vec & -vec).bit_length() - 1, vec & (vec - 1)


async def check_inputs(dut, vectors, what):
    width = len(dut.vec)
    mismatches = Mismatches("lowest_one (%d bits), %s" % (width, what))
    for vec in vectors:
        dut.vec.value = vec
        await Timer(1, unit="ns")
        index, rest = lowest_one_reference(vec)
        where = "vec 0x%0*x" % ((width + 3) // 4, vec)
        mismatches.expect(where + ": rest", hex(rest), hex(int(dut.rest.value)))
        if index is not None:
            mismatches.expect(where + ": index", index, int(dut.index.value))
    dut._log.info("%s: %d vectors", what, len(vectors))
    mismatches.check()


@cocotb.test()
async def edge_inputs(dut):
    """0, all ones, each single bit, each run of ones up to the top bit,
    alternating bits, the lowest and the highest bit together."""
    width = len(dut.vec)
    ones = (1 << width) - 1
    alternating = int("01" * width, 2) & ones
    vectors = [0, ones, alternating, alternating << 1 & ones, 1 | 1 << (width - 1)]
    vectors += [1 << i for i in range(width)]
    vectors += [ones & ~((1 << i) - 1) for i in range(width)]
    await check_inputs(dut, vectors, "edge inputs")


@cocotb.test()
async def random_vectors(dut):
    """Random vectors: a few bits set anywhere, or each bit set with a
    density from 2 % to 98 %."""
    width = len(dut.vec)
    vectors = []
    for _ in range(1500):
        vec = 0
        if random.random() < 0.3:
            # OR, not a sum: a bit drawn twice must not carry (the top bit
            # twice would overflow the port)
            for _ in range(random.randint(1, 3)):
                vec |= 1 << random.randrange(width)
        else:
            density = random.choice((0.02, 0.1, 0.5, 0.9, 0.98))
            for i in range(width):
                if random.random() < density:
                    vec |= 1 << i
        assert 0 <= vec < 1 << width, hex(vec)
        vectors.append(vec)
    await check_inputs(dut, vectors, "random vectors")
