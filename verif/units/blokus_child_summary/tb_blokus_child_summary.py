"""Unit bench of the two words the Monte-Carlo tree keeps of a child, hdl/blokus/child_summary.py.

Reference: golden.blokus.mcts.child_summary(n8, w8): the mean (w8 << 16) //
n8, n8's 8 leading bits cut at an even shift and half that shift, packed
mean << 12 | half << 8 | lead; 0 for n8 == 0. (Golden's test
test_summary_gives_select_its_value checks that select's value follows from
it exactly.)

A child enters every cycle (the block is a pipeline, with pauses now and
then); each summary must equal the reference of the child that entered
LATENCY cycles earlier, and `valid_out` must rise exactly then.

Tests: the children of golden's own trees (every child of every expanded
node of searches of random positions); random values over the whole range
the tree can reach (n8 up to 2^30, w8 <= n8); the edges (n8 of 1, 255, 256
and each power of two and its neighbours, where the cut changes; w8 of 0,
half n8 and n8; n8 == 0, whose divider quotient must not leak into the
mean).
"""
import random

import cocotb

from golden.blokus import mcts as M
from hdl.blokus.child_summary import LATENCY
from verif.units.common import (Mismatches, blokus_edge_visits, blokus_random_visits,
                                blokus_tree_children, start_unit, stream_pipeline)

INPUTS = ("valid_in", "n8", "w8")


async def stream(dut, children, what, pauses=0.1):
    """Children (n8, w8, _, where) in, one a cycle with random pauses; each
    summary compared with golden's of the child LATENCY cycles back."""
    mismatches = Mismatches("blokus_child_summary, %s" % what)

    def drive(child):
        dut.valid_in.value = 1
        dut.n8.value, dut.w8.value = child[0], child[1]

    def idle():
        dut.valid_in.value = 0
        dut.n8.value, dut.w8.value = random.getrandbits(30), random.getrandbits(29)

    def compare(back):
        mismatches.expect("valid_out (child %s)" % (back[3] if back else "none"),
                          back is not None, bool(int(dut.valid_out.value)))
        if back is not None:
            n8, w8, _, where = back
            mismatches.expect("%s (n8 %d, w8 %d): summary" % (where, n8, w8),
                              M.child_summary(n8, w8), int(dut.summary.value))

    compared = await stream_pipeline(dut, children, LATENCY, drive, idle, compare, pauses)
    dut._log.info("%s: %d children compared", what, compared)
    mismatches.check()


@cocotb.test()
async def golden_trees(dut):
    """The children of golden's trees, as a back-up would write them."""
    await start_unit(dut, low=INPUTS)
    children = blokus_tree_children(random, 3, least=300)
    assert len(children) > 300, "%d children in 20 searches" % len(children)
    await stream(dut, children, "golden's trees")


@cocotb.test()
async def random_values(dut):
    """Random n8 over every bit length up to 2^30, w8 <= n8."""
    await start_unit(dut, low=INPUTS)
    await stream(dut, blokus_random_visits(random, 600, 0), "random values", pauses=0.3)


@cocotb.test()
async def edges(dut):
    """n8 where the cut changes, w8 at 0, half n8 and n8, n8 == 0."""
    await start_unit(dut, low=INPUTS)
    await stream(dut, blokus_edge_visits((0,)), "edges", pauses=0)
