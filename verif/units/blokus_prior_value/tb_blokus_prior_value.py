"""Unit bench of a new child's prior value, hdl/blokus/prior_value.py.

Reference: golden.blokus.mcts.prior_w8(best, h), the w8 golden's `expand`
gives a child, and child_summary(PRIOR_VISITS * 256, that w8), the summary
the tree keeps of it.

A child enters every cycle (with pauses); its w8 and summary must equal the
reference LATENCY cycles later, and `valid_out` must rise exactly then.

Tests: every (best, h) pair with 0 <= h <= best <= HEURISTIC_MAX; and the
children of golden's own expansions in searches of random positions (the
calls golden's `expand` makes, caught as it makes them).
"""
import random

import cocotb

from golden.blokus import mcts as M
from hdl.blokus.prior_score import HEURISTIC_MAX
from hdl.blokus.prior_value import LATENCY
from verif.units.common import Mismatches, blokus_game_position, start_unit, stream_pipeline

INPUTS = ("valid_in", "heuristic", "best")


async def stream(dut, children, what):
    """Children (best, h, where) in, one a cycle with pauses; w8 and summary compared."""
    mismatches = Mismatches("blokus_prior_value, %s" % what)

    def drive(child):
        dut.valid_in.value = 1
        dut.best.value, dut.heuristic.value = child[0], child[1]

    def idle():
        dut.valid_in.value = 0
        dut.heuristic.value = random.randrange(HEURISTIC_MAX + 1)

    def compare(back):
        mismatches.expect("valid_out (%s)" % (back[2] if back else "none"), back is not None,
                          bool(int(dut.valid_out.value)))
        if back is not None:
            best, h, where = back
            w8 = M.prior_w8(best, h)
            mismatches.expect("%s (best %d, h %d): w8" % (where, best, h), w8, int(dut.w8.value))
            mismatches.expect("%s (best %d, h %d): summary" % (where, best, h),
                              M.child_summary(M.PRIOR_VISITS * 256, w8), int(dut.summary.value))

    compared = await stream_pipeline(dut, children, LATENCY, drive, idle, compare)
    dut._log.info("%s: %d children compared", what, compared)
    mismatches.check()


@cocotb.test()
async def every_pair(dut):
    """Every best and every h up to it."""
    await start_unit(dut, low=INPUTS)
    pairs = [(best, h, "pair") for best in range(HEURISTIC_MAX + 1) for h in range(best + 1)]
    await stream(dut, pairs, "every pair")


@cocotb.test()
async def golden_expansions(dut):
    """The children of golden's expansions, as golden's expand scores them."""
    await start_unit(dut, low=INPUTS)
    calls, prior = [], M.prior_w8

    def catch(best, h):
        calls.append((best, h))
        return prior(best, h)
    M.prior_w8 = catch
    try:
        for _ in range(3):
            M.search(blokus_game_position(random, random.randrange(0, 24)),
                     max_playouts=random.randrange(60, 300))
    finally:
        M.prior_w8 = prior
    assert calls, "golden's searches expanded nothing"
    await stream(dut, [(best, h, "expansion child %d" % i) for i, (best, h) in enumerate(calls)],
                 "golden's expansions")
