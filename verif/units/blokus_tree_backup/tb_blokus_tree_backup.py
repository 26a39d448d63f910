"""Unit bench of hdl/blokus/tree_backup.py: the tree unit's back-up of a
descent (each path node's update, then RAVE's match and updates at the path
nodes from the leaf's parent up), on the SDRAM controller, a model of the
chip (verif/sdram_model.py), the tree unit's blokus_stats_update and the
root's RAM (blokus_root_children).

Each case is one of golden's back-ups (golden/blokus/mcts.py,
``_Search.back_up``), caught with its tree and descent in golden's searches
of random positions, sometimes with the descents of the path's nodes raised
(the top levels past RAVE_PARENT_MAX, where RAVE stops; a node at
RAVE_CHILD_MAX, whose KEY word's flag the back-up sets), and golden's
back-up run again on that tree. The bench puts the path's nodes and their
children in the model's memory (KEY, STATS and SUMMARY words), the root's
children in the RAM on chip, the descent's path in a model of the store the
descent will write (a level's node, key, LINK and mover, two cycles after
its address) and its placements in a model of the playout unit's record.
For each:
- ``done`` comes exactly golden's cost after ``start`` (the operations run
  back to back, each started in the last cycle of the one before), ``last``
  in the cycle before it only, and ``overrun`` never rises;
- every loaded node's STATS, SUMMARY and KEY words afterwards are golden's
  (the nodes golden did not update unchanged);
- the RAM on chip is given exactly the new SUMMARY of each root child golden
  updated and the flagged KEY word of each whose flag it set;
- the model finds no broken rule of the data sheet.
The descent's inputs are changed at random right after the edge that took
``start``, as the block takes them with it. Every case must occur at least
MINIMUM times a run (see ``seen``).
"""
import random

import cocotb
from cocotb.triggers import RisingEdge

from golden.blokus import mcts as M
from hdl.blokus.tree_layout import (KEY_BASE, STATS_BASE, STATS_WORDS, SUMMARY_BASE,
                                    SUMMARY_WORDS, stats_words, summary_words)
from verif import tb
from verif.units.common import (Mismatches, blokus_game_position, blokus_record_model,
                                blokus_record_words)
from verif.units.tree_ops import LastCycle, random_gap, start_on_sdram, timed_operation

INPUTS = ("start", "path_len", "result_me", "moves", "placed_me", "placed_opp", "path_node",
          "path_key", "path_first", "path_count", "path_mover_opp", "record_data",
          "load_key_we", "load_summary_we", "load_addr", "load_key", "load_summary", "sd_dq_i")
MINIMUM = 8
CASES = 70
TREE = ("key", "first", "count", "n8", "w8", "real")


class Snapshot:
    """A copy of golden's tree (the arrays back_up reads and writes)."""

    def __init__(self, tree):
        for name in TREE:
            setattr(self, name, list(getattr(tree, name)))

    def children(self, node):
        return range(self.first[node], self.first[node] + self.count[node])


def caught_backups(rng, least, keep=0.08):
    """(tree before, descent) of some of golden's back-ups (at least `least`)
    in searches of random positions with a few hundred playouts."""
    out = []
    back_up = M._Search.back_up

    def catch(self, d):
        if rng.random() < keep:
            out.append((Snapshot(self.tree), d.path[:], d.keys[:], d.movers[:], d.result))
        return back_up(self, d)
    M._Search.back_up = catch
    try:
        while len(out) < least:
            M.search(blokus_game_position(rng, rng.randrange(0, 24)),
                     max_playouts=rng.randrange(100, 400))
    finally:
        M._Search.back_up = back_up
    return out


def raised(rng, tree, path, n):
    """The tree with some path nodes' descents raised, every fourth case the
    top levels past RAVE_PARENT_MAX and every second one node at
    RAVE_CHILD_MAX, keeping a node's descents at most its parent's (as every
    tree of golden's). Returns (tree, what was done)."""
    where = []
    real = tree.real
    if n % 2 == 1 and len(path) > 1:
        f = rng.randrange(2 if len(path) > 2 and rng.random() < 0.85 else 1, len(path))
        real[path[f]] = M.RAVE_CHILD_MAX
        for k in range(f - 1, -1, -1):
            real[path[k]] = max(real[path[k]], real[path[k + 1]] + rng.randrange(0, 3))
        where.append("level %d at RAVE_CHILD_MAX" % f)
    if n % 4 == 2:
        m = rng.randrange(1, len(path))
        for k in range(m - 1, -1, -1):
            real[path[k]] = max(real[path[k]], M.RAVE_PARENT_MAX + (m - k) * rng.randrange(0, 3)
                                + (1 if k == m - 1 else 0))
            if k < m - 1:
                real[path[k]] = max(real[path[k]], real[path[k + 1]])
        where.append("levels 0-%d past RAVE_PARENT_MAX" % (m - 1))
    return tree, ", ".join(where) or "as golden left it"


def golden_backup(tree, path, keys, movers, result):
    """golden's back-up on a copy of `tree`: (tree after, its cost)."""
    after = Snapshot(tree)
    search = M._Search.__new__(M._Search)
    search.tree = after
    d = M._Descent()
    d.path, d.keys, d.movers, d.result = list(path), list(keys), list(movers), result
    return after, search.back_up(d)


def node_words(tree, node):
    """The node's KEY word, STATS and SUMMARY words as the tree keeps them."""
    n8, w8, real = tree.n8[node], tree.w8[node], tree.real[node]
    summary = summary_words(M.child_summary(n8, w8)) if n8 else [0, 0]
    return [M.key_word(tree.key[node], real)], stats_words(n8, w8, real), summary


def node_in_memory(model, node):
    return ([model.mem.get(KEY_BASE + node)],
            [model.mem.get(STATS_BASE + STATS_WORDS * node + k) for k in range(STATS_WORDS)],
            [model.mem.get(SUMMARY_BASE + SUMMARY_WORDS * node + k) for k in range(SUMMARY_WORDS)])


def path_entries(tree, path, movers):
    """The path store's levels: (node, key, first, count, mover_opp)."""
    out = []
    for k, node in enumerate(path):
        expanded = tree.first[node] >= 0
        out.append((node, M.key_word(tree.key[node], 0), tree.first[node] if expanded else 0,
                    tree.count[node] if expanded else 0, movers[k] if k < len(movers) else 0))
    return out


async def path_store_model(dut, box):
    """The descent's path: the level at the address of each edge, two edges later."""
    pending = (0, 0, 0, 0, 0)
    while True:
        await RisingEdge(dut.clk)
        (dut.path_node.value, dut.path_key.value, dut.path_first.value, dut.path_count.value,
         dut.path_mover_opp.value) = pending
        level = int(dut.path_addr.value)
        pending = box[0][level] if level < len(box[0]) else (0, 0, 0, 0, 0)


@cocotb.test()
async def backups_are_goldens(dut):
    rng = random.Random(int(tb.seed()))
    model, t = await start_on_sdram(dut, INPUTS, rng)
    record, path_box = [[0] * 64], [[]]
    cocotb.start_soon(blokus_record_model(dut, record))
    cocotb.start_soon(path_store_model(dut, path_box))
    backups = caught_backups(rng, 2 * CASES)
    rng.shuffle(backups)
    mismatches = Mismatches("blokus_tree_backup")
    seen = {"RAVE at the root": 0, "RAVE below the root": 0, "children kept by RAVE": 0,
            "levels past RAVE_PARENT_MAX": 0, "no RAVE": 0, "flag at a root child": 0,
            "flag below": 0, "a refresh inside": 0, "back to back": 0}
    for n, (tree, path, keys, movers, result) in enumerate(backups[:CASES]):
        tree, where = raised(rng, tree, path, n)
        after, cost = golden_backup(tree, path, keys, movers, result)
        # the memory: every node of the path and every child of one
        loaded = set(path)
        for node in path:
            loaded.update(tree.children(node))
        for node in loaded:
            key, stats, summary = node_words(tree, node)
            model.mem[KEY_BASE + node] = key[0]
            for k, word in enumerate(stats):
                model.mem[STATS_BASE + STATS_WORDS * node + k] = word
            for k, word in enumerate(summary):
                model.mem[SUMMARY_BASE + SUMMARY_WORDS * node + k] = word
        # the root's children on chip
        dut.load_key_we.value, dut.load_summary_we.value = 1, 1
        for c in tree.children(0):
            key, _, summary = node_words(tree, c)
            dut.load_addr.value, dut.load_key.value = c - 1, key[0]
            dut.load_summary.value = summary[0] | summary[1] << 16
            await RisingEdge(dut.clk)
        dut.load_key_we.value, dut.load_summary_we.value = 0, 0
        path_box[0] = path_entries(tree, path, movers)
        placed = M.rave_placements(keys, movers)
        record[0] = blokus_record_words(rng, placed)
        masks = [0, 0]
        for side, tile in placed:
            masks[side] |= 1 << tile
        dut.path_len.value, dut.result_me.value, dut.moves.value = len(path), result, len(keys)
        dut.placed_me.value, dut.placed_opp.value = masks
        root_writes = {}

        last = LastCycle(dut)

        def watch():
            last()
            if int(dut.root_summary_we.value):
                root_writes[("summary", int(dut.root_wr_addr.value))] = \
                    int(dut.root_wr_summary.value)
            if int(dut.root_key_we.value):
                root_writes[("key", int(dut.root_wr_addr.value))] = int(dut.root_wr_key.value)

        def scramble():                  # taken with start
            dut.path_len.value, dut.result_me.value = rng.getrandbits(7), rng.getrandbits(9)
        refreshes = model.refreshes
        what = "back-up %d (%s; path %s, result %d, %d moves)" % (n, where, path, result,
                                                                  len(keys))
        mismatches.expect(what + ": cycles", cost,
                          await timed_operation(dut, cost, each_cycle=watch, after_start=scramble))
        mismatches.expect(what + ": the cycles of last", last.expected(), last.lasts)
        for _ in range(3):               # the last root write comes a cycle after done
            await RisingEdge(dut.clk)
            watch()
        mismatches.expect(what + ": overrun", 0, int(dut.overrun.value))
        for node in sorted(loaded):
            want_words = node_words(after, node)
            if node == 0:                # the root's KEY word: no move's, never written
                want_words = (node_words(tree, 0)[0],) + want_words[1:]
            mismatches.expect(what + ": node %d's KEY, STATS and SUMMARY words" % node,
                              want_words, node_in_memory(model, node))
        want = {}
        updated_root_children = [c for c in tree.children(0) if c in path or (
            after.n8[c], after.w8[c]) != (tree.n8[c], tree.w8[c])]
        for c in updated_root_children:
            key, _, summary = node_words(after, c)
            want[("summary", c - 1)] = summary[0] | summary[1] << 16
            if after.real[c] == M.RAVE_CHILD_MAX + 1 and tree.real[c] == M.RAVE_CHILD_MAX:
                want[("key", c - 1)] = key[0]
        mismatches.expect(what + ": the root's RAM's writes", want, root_writes)
        if mismatches.errors:
            break
        rave_levels = [i for i in range(len(path) - 1) if after.real[path[i]] <= M.RAVE_PARENT_MAX]
        kept = sum(1 for node in loaded - set(path) if after.n8[node] != tree.n8[node])
        seen["RAVE at the root"] += 0 in rave_levels
        seen["RAVE below the root"] += any(rave_levels)
        seen["children kept by RAVE"] += kept > 0
        seen["levels past RAVE_PARENT_MAX"] += after.real[path[0]] > M.RAVE_PARENT_MAX
        seen["no RAVE"] += not rave_levels
        seen["flag at a root child"] += ("key", path[1] - 1) in want if len(path) > 1 else 0
        seen["flag below"] += any(after.real[node] == M.RAVE_CHILD_MAX + 1
                                  and tree.real[node] == M.RAVE_CHILD_MAX for node in path[2:])
        seen["a refresh inside"] += model.refreshes > refreshes
        seen["back to back"] += await random_gap(dut, rng, t) == 0
    mismatches.check()
    model.check()
    dut._log.info("seed %s, %d back-ups caught, cases: %s", tb.seed(), len(backups), seen)
    short = {k: v for k, v in seen.items() if v < MINIMUM}
    assert not short, "seed %s: too few cases %s (at least %d each)" % (tb.seed(), short, MINIMUM)
