"""Unit bench of a child's selection value, hdl/blokus/uct_score.py.

Reference: golden.blokus.mcts.select's value of a child,
(w8 << 16) // n8 + ((explore_q16(N) * inv_sqrt_q16(n8)) >> 16), and its
rule that a child with n8 == 0 is taken at once (the block's `fresh`).

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
from cocotb.triggers import FallingEdge, RisingEdge

from golden.blokus import mcts as M
from hdl.blokus.uct_score import EXPLORE_BITS, LATENCY
from verif.units.common import Mismatches, blokus_game_position, start_unit

INPUTS = ("valid_in", "n8", "w8", "explore")
EXPLORE_MAX = M.explore_q16(2 ** 31)


def value(n8, w8, explore):
    """golden's selection value of a child (None: n8 == 0, taken at once)."""
    if n8 == 0:
        return None
    return (w8 << 16) // n8 + ((explore * M.inv_sqrt_q16(n8)) >> 16)


async def stream(dut, children, what, pauses=0.1):
    """Children (n8, w8, explore, where) in, one a cycle with random pauses;
    each output compared with golden's value of the child LATENCY cycles back."""
    mismatches = Mismatches("blokus_uct_score, %s" % what)
    sent, compared = [], 0         # sent[t]: the child on the inputs in cycle t, or None
    queue = list(children)
    while queue or any(c is not None for c in sent[-LATENCY:]):
        await FallingEdge(dut.clk)
        # the outputs of this cycle: the child that entered LATENCY cycles ago
        back = sent[-LATENCY] if len(sent) >= LATENCY else None
        mismatches.expect("valid_out (child %s)" % (back[3] if back else "none"),
                          back is not None, bool(int(dut.valid_out.value)))
        if back is not None:
            n8, w8, explore, where = back
            want = value(n8, w8, explore)
            mismatches.expect("%s: fresh" % where, want is None, bool(int(dut.fresh.value)))
            if want is not None:
                mismatches.expect("%s (n8 %d, w8 %d, explore %d): score" % (where, n8, w8, explore),
                                  want, int(dut.score.value))
            compared += 1
        child = queue.pop(0) if queue and random.random() >= pauses else None
        dut.valid_in.value = child is not None
        if child is not None:
            dut.n8.value, dut.w8.value, dut.explore.value = child[:3]
        else:
            dut.n8.value, dut.w8.value = random.getrandbits(30), random.getrandbits(29)
        sent.append(child)
        await RisingEdge(dut.clk)
    assert compared == len(children), (compared, len(children))
    dut._log.info("%s: %d children compared", what, compared)
    mismatches.check()


def tree_children(rng, searches, least=0, most=20):
    """Every child of every expanded node of golden's trees, with its parent's
    explore: `searches` searches, and more (up to `most`) until more than
    `least` children are in."""
    out, i = [], 0
    while i < most and (i < searches or len(out) <= least):
        i += 1
        pos = blokus_game_position(rng, rng.randrange(0, 20))
        found = {}

        def keep(tree, node):
            found[node] = tree
            return select(tree, node)
        select = M.select
        M.select = keep
        try:
            M.search(pos, max_playouts=rng.randrange(40, 300))
        finally:
            M.select = select
        for node, tree in found.items():
            explore = M.explore_q16(tree.real[node])
            out += [(tree.n8[c], tree.w8[c], explore, "search %d node %d child %d" % (i, node, c))
                    for c in tree.children(node)]
    return out


@cocotb.test()
async def golden_trees(dut):
    """The children of golden's trees, as the selections read them at the search's end."""
    await start_unit(dut, low=INPUTS)
    # three searches, then more until 300 children: three alone gave fewer
    # on about 1 seed in 100
    children = tree_children(random, 3, least=300)
    assert len(children) > 300, "%d children in 20 searches" % len(children)
    await stream(dut, children, "golden's trees")


@cocotb.test()
async def random_values(dut):
    """Random n8 over every bit length up to 2^30, w8 <= n8, any explore."""
    await start_unit(dut, low=INPUTS)
    children = []
    for i in range(600):
        n8 = random.getrandbits(random.randrange(1, 31)) or 1
        w8 = random.choice((0, n8, random.randrange(n8 + 1)))
        children.append((n8, w8, random.randrange(EXPLORE_MAX + 1), "random %d" % i))
    await stream(dut, children, "random values", pauses=0.3)


@cocotb.test()
async def edges(dut):
    """n8 where the table's cut changes, w8 at 0 and n8, n8 == 0, explore at its ends."""
    await start_unit(dut, low=INPUTS)
    n8s = {1, 255, 256, 257, 2 ** 30 - 1, 2 ** 30}
    for b in range(1, 31):
        n8s |= {2 ** b - 1, 2 ** b, 2 ** b + 1}
    children = []
    for n8 in sorted(n8s):
        for w8 in (0, n8 // 2, n8):
            for explore in (0, EXPLORE_MAX, (1 << EXPLORE_BITS) - 1):
                children.append((n8, w8, explore, "edge"))
    children += [(0, 0, EXPLORE_MAX, "n8 0"), (0, 0, 0, "n8 0")]
    await stream(dut, children, "edges", pauses=0)
