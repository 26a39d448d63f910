"""Unit bench of the pipelined restoring divider, hdl/pipelined_divider.py,
built at 24-bit numerators, 16-bit denominators and 9 quotient bits.

Reference: Python's numerator // denominator, for any operands whose
quotient fits the quotient bits (numerator < denominator << 9, the block's
precondition). A division enters every cycle, with pauses now and then;
each output must be the quotient of the division that entered
len(quotient) + 1 cycles earlier, and `valid_out` must rise exactly then.

Tests: random operands over every denominator width; the edges (quotients
of 0 and of the largest that fits, numerators one below a multiple of the
denominator and on it, denominators of 1 and 2^16 - 1).
"""
import random

import cocotb
from cocotb.triggers import FallingEdge, RisingEdge

from verif.units.common import Mismatches, start_unit

NUM_BITS, DEN_BITS, Q_BITS = 24, 16, 9
LATENCY = Q_BITS + 1


async def stream(dut, divisions, what, pauses=0.2):
    mismatches = Mismatches("pipelined_divider, %s" % what)
    sent, queue, compared = [], list(divisions), 0
    while queue or any(d is not None for d in sent[-LATENCY:]):
        await FallingEdge(dut.clk)
        back = sent[-LATENCY] if len(sent) >= LATENCY else None
        mismatches.expect("valid_out", back is not None, bool(int(dut.valid_out.value)))
        if back is not None:
            num, den = back
            mismatches.expect("%d // %d" % (num, den), num // den, int(dut.quotient.value))
            compared += 1
        division = queue.pop(0) if queue and random.random() >= pauses else None
        dut.valid_in.value = division is not None
        if division is not None:
            dut.numerator.value, dut.denominator.value = division
        else:
            dut.numerator.value = random.getrandbits(NUM_BITS)
            dut.denominator.value = random.getrandbits(DEN_BITS)
        sent.append(division)
        await RisingEdge(dut.clk)
    assert compared == len(divisions)
    dut._log.info("%s: %d divisions compared", what, compared)
    mismatches.check()


def fitting(den):
    """A random numerator whose quotient by den fits Q_BITS (and NUM_BITS)."""
    return random.randrange(min(den << Q_BITS, 1 << NUM_BITS))


@cocotb.test()
async def random_operands(dut):
    """Random denominators of every width, random numerators that fit."""
    await start_unit(dut, low=("valid_in", "numerator", "denominator"))
    divisions = []
    for _ in range(800):
        den = random.getrandbits(random.randrange(1, DEN_BITS + 1)) or 1
        divisions.append((fitting(den), den))
    await stream(dut, divisions, "random operands")


@cocotb.test()
async def edges(dut):
    """Quotients of 0 and the largest that fits; numerators on and one below a multiple."""
    await start_unit(dut, low=("valid_in", "numerator", "denominator"))
    divisions = []
    for den in (1, 2, 3, 255, 256, 257, 2 ** 15, 2 ** 16 - 1):
        top = min(den << Q_BITS, 1 << NUM_BITS) - 1
        q = random.randrange(1, top // den + 1)
        for num in (0, den - 1, den, top, q * den, q * den - 1):
            divisions.append((num, den))
    await stream(dut, divisions, "edges", pauses=0)
