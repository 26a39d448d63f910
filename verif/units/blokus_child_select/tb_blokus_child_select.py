"""Unit bench of a node's child selection, hdl/blokus/child_select.py.

Reference: golden.blokus.mcts.select(tree, node) on the node's children
(n8, w8) and its descents (the explore term): the first child with n8 == 0,
else the first child with the largest value. The block gets each child's
golden child_summary (the two words the tree keeps); its `chosen` is that
child's place among the node's children.

A node: `start`, then its children one a cycle from the next cycle on, with
random pauses (child_valid low, a random summary on the pins) in some
tests; `done` must rise exactly LATENCY cycles after the last child entered
(and not before), with the choice; the next node's `start` comes the cycle
`done` is high or later.

Tests: every expanded node of golden's own trees (searches of random
positions with a few hundred playouts); nodes made to tie (children with
equal values: the first wins), with fresh children (n8 == 0) anywhere among
them, of one child, and with values at the ends of their range.
"""
import random

import cocotb
from cocotb.triggers import FallingEdge, RisingEdge

from golden.blokus import mcts as M
from hdl.blokus.child_select import LATENCY
from verif.units.common import Mismatches, blokus_game_position, start_unit

INPUTS = ("start", "explore", "child_valid", "last", "summary")


def node_case(children, real, where):
    """(children [(n8, w8)], explore, golden's choice, where) of a node whose
    descents are `real`: golden's select on a tree holding just this node."""
    tree = M.Tree()
    tree.real[0] = real
    tree.add_children(0, [M.PASS] * len(children), [w for _, w in children])
    for i, (n8, _) in enumerate(children):
        tree.n8[1 + i] = n8
    return children, M.explore_q16(real), M.select(tree, 0) - 1, where


def golden_nodes(rng, searches, below_root, most=40):
    """Every expanded node of golden's trees at the end of a search (each
    tree caught as golden hashes it for its result): `searches` searches, and
    more (up to `most`) until `below_root` nodes below their roots are in."""
    trees, digest = [], M.tree_digest
    M.tree_digest = lambda tree: trees.append(tree) or digest(tree)
    out, deeper = [], 0
    try:
        while len(trees) < most and (len(trees) < searches or deeper < below_root):
            pos = blokus_game_position(rng, rng.randrange(0, 24))
            M.search(pos, max_playouts=rng.randrange(60, 300))
            tree = trees[-1]
            for node in range(len(tree)):
                if tree.first[node] >= 0:
                    kids = [(tree.n8[c], tree.w8[c]) for c in tree.children(node)]
                    out.append(node_case(kids, tree.real[node],
                                         "search %d node %d" % (len(trees) - 1, node)))
                    deeper += node > 0
    finally:
        M.tree_digest = digest
    return out, deeper


def crafted_nodes(rng, count):
    """Ties, fresh children anywhere, single children, the ends of the range."""
    out = []
    for i in range(count):
        kind = i % 4
        size = 1 if kind == 3 else rng.randrange(2, 40)
        if kind == 0:                # every child alike: the first wins
            n8 = rng.randrange(1, 1 << 20)
            kids = [(n8, rng.randrange(n8 + 1))] * size
        elif kind == 1:              # a few values repeated in random places
            vals = [(n8, rng.randrange(n8 + 1)) for n8 in
                    (rng.randrange(1, 5000) for _ in range(3))]
            kids = [rng.choice(vals) for _ in range(size)]
        else:                        # random, fresh ones (n8 == 0) among them
            kids = []
            for _ in range(size):
                n8 = rng.choice((0, 1, 768, (1 << 30) - 1, rng.randrange(1, 1 << 30)))
                kids.append((n8, rng.choice((0, n8, rng.randrange(n8 + 1)))))
        real = rng.choice((0, 1, 31, 32, 25000, (1 << 24) - 1, rng.randrange(1 << 20)))
        out.append(node_case(kids, real, "crafted %d (%s)" % (i, ("alike", "repeats", "random",
                                                                   "one child")[kind])))
    return out


async def select_nodes(dut, nodes, what, pauses=0.0):
    mismatches = Mismatches("blokus_child_select, %s" % what)
    for children, explore, want, where in nodes:
        await FallingEdge(dut.clk)
        dut.start.value = 1
        dut.explore.value = explore
        dut.child_valid.value = 0
        await RisingEdge(dut.clk)
        await FallingEdge(dut.clk)
        dut.start.value = 0
        queue = list(children)
        while queue:
            if pauses and random.random() < pauses:
                dut.child_valid.value = 0
                dut.summary.value = random.getrandbits(29)
            else:
                n8, w8 = queue.pop(0)
                dut.child_valid.value, dut.last.value = 1, int(not queue)
                dut.summary.value = M.child_summary(n8, w8)
            mismatches.expect(where + ": done before the last child", 0, int(dut.done.value))
            await RisingEdge(dut.clk)
            await FallingEdge(dut.clk)
        dut.child_valid.value = 0
        dut.last.value = 0
        waited = 1
        while not int(dut.done.value) and waited < LATENCY + 5:
            await RisingEdge(dut.clk)
            await FallingEdge(dut.clk)
            waited += 1
        mismatches.expect(where + ": cycles from the last child to done", LATENCY, waited)
        mismatches.expect(where + ": chosen (%d children)" % len(children), want,
                          int(dut.chosen.value))
    dut._log.info("%s: %d nodes compared (%d children)", what, len(nodes),
                  sum(len(n[0]) for n in nodes))
    mismatches.check()


@cocotb.test()
async def golden_trees(dut):
    """Every expanded node of golden's trees."""
    await start_unit(dut, low=INPUTS)
    nodes, deeper = golden_nodes(random, 4, 6)
    assert deeper >= 6, "only %d nodes below the roots in 40 searches" % deeper
    await select_nodes(dut, nodes, "golden's trees")


@cocotb.test()
async def crafted(dut):
    """Ties, fresh children, single children, range ends; pauses between children."""
    await start_unit(dut, low=INPUTS)
    await select_nodes(dut, crafted_nodes(random, 80), "crafted nodes", pauses=0.2)
