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
back-up run again on that tree. The bench puts the whole tree in the model's
memory (each node's KEY, SUMMARY, STATS and LINK words) and nothing else, the
root's children in the RAM on chip, the descent's path in a model of the store the
descent will write (a level's node, key, LINK and mover, two cycles after
its address) and its placements in a model of the playout unit's record.
For each:
- ``done`` comes exactly golden's cost after ``start`` (the operations run
  back to back, each started in the last cycle of the one before), ``last``
  in the cycle before it only, and ``overrun`` never rises;
- the memory afterwards holds golden's tree after its back-up, every word
  of every node (the nodes golden did not update unchanged), and no word
  was written outside the tree;
- the RAM on chip is given exactly the new SUMMARY of each root child golden
  updated and the flagged KEY word of each whose flag it set;
- the model finds no broken rule of the data sheet.
The descent's inputs are changed at random right after the edge that took
``start``, as the block takes them with it. Every case must occur at least
MINIMUM times a run (see ``seen``): after CASES back-ups the bench plays more
until it has (LIMIT at most).
"""
import random

import cocotb
from cocotb.triggers import RisingEdge

from golden.blokus import mcts as M
from verif import tb
from verif.units.common import (Mismatches, blokus_game_position, blokus_record_model,
                                blokus_record_words)
from verif.units.tree_ops import (LastCycle, check_cases, copy_tree, load_root_children,
                                  load_tree, memory_words, more_cases, node_words, random_gap,
                                  start_on_sdram, timed_operation, tree_arrays)

INPUTS = ("start", "path_len", "result_me", "moves", "placed_me", "placed_opp", "path_node",
          "path_key", "path_first", "path_count", "path_mover_opp", "record_data",
          "load_key_we", "load_summary_we", "load_addr", "load_key", "load_summary", "sd_dq_i")
CASES = 70
LIMIT = 6 * CASES                    # the most back-ups a run plays to see every case
TREE = ("key", "first", "count", "n8", "w8", "real")


def caught_backups(rng, least, keep=0.08):
    """(tree before, descent) of some of golden's back-ups (at least `least`)
    in searches of random positions with a few hundred playouts."""
    out = []
    back_up = M._Search.back_up

    def catch(self, d):
        if rng.random() < keep:
            out.append((copy_tree(self.tree), d.path[:], d.keys[:], d.movers[:], d.result))
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
    after = copy_tree(tree)
    search = M._Search.__new__(M._Search)
    search.tree = after
    d = M._Descent()
    d.path, d.keys, d.movers, d.result = list(path), list(keys), list(movers), result
    return after, search.back_up(d)


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
    n = 0
    while more_cases(n, CASES, LIMIT, seen):
        # CASES back-ups, then more until every case was seen (seed 76 saw RAVE
        # below the root 4 times and a flag below 3 in 70)
        if n == len(backups):
            more = caught_backups(rng, CASES)
            rng.shuffle(more)
            backups += more
        tree, path, keys, movers, result = backups[n]
        tree, where = raised(rng, tree, path, n)
        after, cost = golden_backup(tree, path, keys, movers, result)
        # the memory: the whole tree, nothing else; the root's children on chip too
        loaded = set(path)               # the nodes the back-up may change
        for node in path:
            loaded.update(tree.children(node))
        model.mem.clear()
        load_tree(model, tree)
        dut.load_summary_we.value = 1
        await load_root_children(dut, tree, "load_key_we", "load_addr", "load_key", "load_summary")
        dut.load_summary_we.value = 0
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
        want_memory, wrong = {}, []
        for node in range(len(after)):
            want_words = node_words(after, node)
            if node == 0:                # the root's KEY word: no move's, never written
                want_words = (node_words(tree, 0)[0],) + want_words[1:]
            for (base, size), block in zip(tree_arrays(), want_words):
                for k, word in enumerate(block):
                    want_memory[base + size * node + k] = word
            if memory_words(model, node) != want_words:
                wrong.append((node, want_words, memory_words(model, node)))
        for node, want_words, got_words in wrong[:4]:
            mismatches.expect(what + ": node %d's KEY, SUMMARY, STATS and LINK words (%d nodes "
                              "wrong)" % (node, len(wrong)), want_words, got_words)
        mismatches.expect(what + ": the words written outside the tree",
                          {}, {a: w for a, w in model.mem.items() if a not in want_memory})
        want = {}
        updated_root_children = [c for c in tree.children(0) if c in path or (
            after.n8[c], after.w8[c]) != (tree.n8[c], tree.w8[c])]
        for c in updated_root_children:
            key, summary = node_words(after, c)[:2]
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
        n += 1
    mismatches.check()
    model.check()
    dut._log.info("seed %s, %d back-ups played, cases: %s", tb.seed(), n, seen)
    check_cases(seen, tb.seed())
