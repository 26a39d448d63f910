"""Unit bench of a child's selection value, hdl/blokus/uct_score.py.

Reference: golden.blokus.mcts.select's value of a child,
(w8 << 16) // n8 + ((explore_q16(N) * inv_sqrt_q16(n8)) >> 16), and its
rule that a child with n8 == 0 is taken at once (the block's `fresh`),
computed from n8 and w8; the block gets the child's golden child_summary
(the two words the tree keeps), so the bench also checks that the summary
holds all select needs.

A child enters every cycle (the block is a pipeline, with pauses now and
then); each output must equal the reference of the child that entered
LATENCY cycles earlier, and `valid_out` must rise exactly then.

Tests: the children of golden's own trees (searches of random positions
with a few hundred playouts: every child of every expanded node, with its
parent's explore value); random values over the whole range the tree can
reach (n8 up to 2^30 and w8 <= n8, explore up to its largest); the edges
(n8 of 1, 255, 256 and each power of two and one less, where the table's
cut changes; w8 of 0 and n8; n8 == 0; explore of 0 and its largest).
"""
import random

import cocotb

from golden.blokus import mcts as M
from hdl.blokus.uct_score import EXPLORE_BITS, LATENCY
from verif.units.common import (Mismatches, blokus_edge_visits, blokus_random_visits,
                                blokus_tree_children, start_unit, stream_pipeline)

INPUTS = ("valid_in", "summary", "explore")
EXPLORE_MAX = M.explore_q16(2 ** 31)


def value(n8, w8, explore):
    """golden's selection value of a child (None: n8 == 0, taken at once)."""
    if n8 == 0:
        return None
    return (w8 << 16) // n8 + ((explore * M.inv_sqrt_q16(n8)) >> 16)


async def stream(dut, children, what, pauses=0.1):
    """Children (n8, w8, explore, where) in as their summaries, one a cycle
    with random pauses; each output compared with golden's value of the child
    LATENCY cycles back."""
    mismatches = Mismatches("blokus_uct_score, %s" % what)

    def drive(child):
        dut.valid_in.value = 1
        dut.summary.value = M.child_summary(child[0], child[1])
        dut.explore.value = child[2]

    def idle():
        dut.valid_in.value = 0
        dut.summary.value = random.getrandbits(29)

    def compare(back):
        mismatches.expect("valid_out (child %s)" % (back[3] if back else "none"),
                          back is not None, bool(int(dut.valid_out.value)))
        if back is not None:
            n8, w8, explore, where = back
            want = value(n8, w8, explore)
            mismatches.expect("%s: fresh" % where, want is None, bool(int(dut.fresh.value)))
            if want is not None:
                mismatches.expect("%s (n8 %d, w8 %d, explore %d): score" % (where, n8, w8, explore),
                                  want, int(dut.score.value))

    compared = await stream_pipeline(dut, children, LATENCY, drive, idle, compare, pauses)
    dut._log.info("%s: %d children compared", what, compared)
    mismatches.check()


@cocotb.test()
async def golden_trees(dut):
    """The children of golden's trees, as the selections read them at the search's end."""
    await start_unit(dut, low=INPUTS)
    # three searches, then more until 300 children: three alone gave fewer
    # on about 1 seed in 100
    children = blokus_tree_children(random, 3, least=300)
    assert len(children) > 300, "%d children in 20 searches" % len(children)
    await stream(dut, children, "golden's trees")


@cocotb.test()
async def random_values(dut):
    """Random n8 over every bit length up to 2^30, w8 <= n8, any explore."""
    await start_unit(dut, low=INPUTS)
    await stream(dut, blokus_random_visits(random, 600, EXPLORE_MAX), "random values", pauses=0.3)


@cocotb.test()
async def edges(dut):
    """n8 where the table's cut changes, w8 at 0 and n8, n8 == 0, explore at its ends."""
    await start_unit(dut, low=INPUTS)
    children = blokus_edge_visits((0, EXPLORE_MAX, (1 << EXPLORE_BITS) - 1))
    await stream(dut, children, "edges", pauses=0)
