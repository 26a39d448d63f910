"""Unit bench of hdl/blokus/tree_expand.py: the tree unit's writes of an
expansion, on the SDRAM controller and a model of the chip
(verif/sdram_model.py), the scan's list of moves in a RAM the bench loads.

Each expansion is golden's (golden/blokus/mcts.py, ``expand`` then, on a
descent's way, ``select`` at the node and the virtual loss): a node's
children with their keys in scan order and their heuristics, their priors
``prior_w8(best, h)``. For each:
- every new child's KEY, SUMMARY, STATS and LINK words in the model's memory
  afterwards are golden's (``key_word``, ``child_summary``, n8 768 or 1024
  for the child chosen when the virtual loss is written, w8, descents 0, no
  LINK), and the node's LINK names them; the words around are untouched;
- ``chosen`` is the child golden's ``select`` takes among them, and
  ``chosen_key`` its key, already in the cycle of ``last``;
- the root's RAM is given each child's KEY word and summary once;
- ``done`` comes exactly ``write_work(count)`` after ``start``, ``last`` in
  the cycle before it only, ``overrun`` never rises, and the model finds no
  broken rule of the data sheet.
The inputs are changed at random right after the edge that took ``start``:
the block takes them with it.
Counts run from 1 (a pass) to MAX_CHILDREN (1,023); nodes with several children at the
best h (the first is chosen). Every case must occur at least MINIMUM times
a run: at the root, with the virtual loss, without it below the root, one
child, writes of more than 1,024 words (several runs), ties at the best,
a refresh inside. (Expansions are never back to back here: the list of the
next one is loaded first, while refreshes fall due.)
"""
import random

import cocotb
from cocotb.triggers import RisingEdge

from golden.blokus import mcts as M
from hdl.blokus.child_select import CHILD_BITS
from hdl.blokus.prior_score import HEURISTIC_MAX
from hdl.blokus.tree_layout import (KEY_BASE, LINK_BASE, STATS_BASE, SUMMARY_BASE, link_words,
                                    stats_words, summary_words)
from hdl.sdram_timing import MAX_WORDS
from verif import tb
from verif.units.common import Mismatches
from verif.units.tree_ops import LastCycle, random_gap, start_on_sdram, timed_operation

INPUTS = ("start", "node", "first", "count", "best", "loss", "load_we", "load_addr", "load_key",
          "load_heuristic", "sd_dq_i")
MINIMUM = 8
MOST = (1 << CHILD_BITS) - 1
UNTOUCHED = 0xBEEF


def random_children(rng, n):
    """[(key word, h)] of expansion n: a pass every tenth, else moves (keys in
    scan order), every eighth beyond 1,024 words of STATS (once MAX_CHILDREN)."""
    if n % 10 == 4:
        return [(M.KEY_PASS, 0)]
    if n % 8 == 1:                           # the most children once a run
        count = MOST if n == 1 else rng.randrange(MAX_WORDS // 6 + 1, MOST)
    else:
        count = rng.choice((1, rng.randrange(2, 40), rng.randrange(40, 400)))
    keys = sorted(rng.sample(range(2 << 7, 1 << 15), count))
    top = rng.randrange(HEURISTIC_MAX + 1)
    hs = [rng.randrange(top + 1) for _ in keys]
    if rng.random() < 0.3:                   # several at the best
        for k in rng.sample(range(count), min(count, rng.randrange(2, 5))):
            hs[k] = top
    return list(zip(keys, hs))


def golden_expansion(children, loss):
    """(the chosen place, [(n8, w8)] of each child after golden's expansion and,
    with `loss`, the virtual loss of select's child)."""
    best = max(h for _, h in children)
    tree = M.Tree()
    tree.add_children(0, [k for k, _ in children], [M.prior_w8(best, h) for _, h in children])
    place = M.select(tree, 0) - 1
    stats = [(tree.n8[1 + i] + (256 if loss and i == place else 0), tree.w8[1 + i])
             for i in range(len(children))]
    return place, stats


def region(node, first, count):
    """Every word the expansion writes (and one either side of each array's run)."""
    out = [LINK_BASE + 2 * node + k for k in (-1, 0, 1, 2)]
    for base, words in ((KEY_BASE, 1), (SUMMARY_BASE, 2), (STATS_BASE, 6), (LINK_BASE, 2)):
        out += range(base + words * first - 1, base + words * (first + count) + 1)
    return out


@cocotb.test()
async def writes_are_goldens(dut):
    rng = random.Random(int(tb.seed()))
    model, t = await start_on_sdram(dut, INPUTS, rng)
    mismatches = Mismatches("blokus_tree_expand")
    seen = {"root": 0, "virtual loss": 0, "no loss below the root": 0, "one child": 0,
            "several runs": 0, "ties at the best": 0, "a refresh inside": 0}
    for n in range(100):
        children = random_children(rng, n)
        count = len(children)
        at_root = n % 5 == 2
        # every tenth expansion (n % 10 == 9, never the root's) has no virtual
        # loss: 10 of "no loss below the root" whatever the seed (drawn alone,
        # the case fell short of MINIMUM about once in 250,000 runs)
        loss = not at_root and rng.random() < 0.7 and n % 10 != 9
        node = 0 if at_root else rng.randrange(M.TREE_NODES)
        first = 1 if at_root else rng.randrange(1, M.TREE_NODES - count)
        best = max(h for _, h in children)
        place, stats = golden_expansion(children, loss)
        words = region(node, first, count)
        for a in words:
            model.mem[a] = UNTOUCHED
        dut.load_we.value = 1
        for k, (key, h) in enumerate(children):
            dut.load_addr.value, dut.load_key.value, dut.load_heuristic.value = k, key, h
            await RisingEdge(dut.clk)
        dut.load_we.value = 0
        dut.node.value, dut.first.value, dut.count.value = node, first, count
        dut.best.value, dut.loss.value = best, int(loss)
        cost = M.write_work(count)
        refreshes = model.refreshes
        what = "expansion %d (%s, node %d, first %d, %d children, best %d, loss %d)" % (
            n, "root" if at_root else "below", node, first, count, best, loss)
        ram_keys, ram_summaries = {}, {}

        last = LastCycle(dut, lambda: (int(dut.chosen.value), int(dut.chosen_key.value)))

        def watch():
            last()
            addr = int(dut.root_wr_addr.value)
            if int(dut.root_key_we.value):
                ram_keys.setdefault(addr, []).append(int(dut.root_wr_key.value))
            if int(dut.root_summary_we.value):
                ram_summaries.setdefault(addr, []).append(int(dut.root_wr_summary.value))
        def scramble():                  # the inputs are taken with start
            dut.node.value, dut.first.value = rng.randrange(M.TREE_NODES), rng.randrange(M.TREE_NODES)
            dut.count.value, dut.best.value = rng.randrange(1, 1 << len(dut.count)), rng.getrandbits(
                len(dut.best))
            dut.loss.value = rng.getrandbits(1)
        mismatches.expect(what + ": cycles", cost, await timed_operation(dut, cost, watch,
                                                                         after_start=scramble))
        mismatches.expect(what + ": the cycles of last", last.expected(), last.lasts)
        mismatches.expect(what + ": overrun", 0, int(dut.overrun.value))
        mismatches.expect(what + ": chosen and its key (in the cycle of last)",
                          (place, children[place][0]), last.value)
        want = {}
        for i, ((key, _), (n8, w8)) in enumerate(zip(children, stats)):
            c = first + i
            want[KEY_BASE + c] = key
            for k, word in enumerate(summary_words(M.child_summary(n8, w8))):
                want[SUMMARY_BASE + 2 * c + k] = word
            for k, word in enumerate(stats_words(n8, w8, 0)):
                want[STATS_BASE + 6 * c + k] = word
            want[LINK_BASE + 2 * c] = want[LINK_BASE + 2 * c + 1] = 0
        for k, word in enumerate(link_words(first, count)):
            want[LINK_BASE + 2 * node + k] = word
        wrong = [(a, want.get(a, UNTOUCHED), model.mem.get(a)) for a in words
                 if model.mem.get(a) != want.get(a, UNTOUCHED)]
        mismatches.expect(what + ": words in memory wrong (address, golden, memory), the first 6",
                          [], wrong[:6])
        mismatches.expect(what + ": the root's RAM given each KEY word once",
                          {i: [key] for i, (key, _) in enumerate(children)}, ram_keys)
        mismatches.expect(what + ": the root's RAM given each summary once",
                          {i: [M.child_summary(*stats[i])] for i in range(count)}, ram_summaries)
        if mismatches.errors:
            break
        seen["root" if at_root else "virtual loss" if loss else "no loss below the root"] += 1
        seen["one child"] += count == 1
        seen["several runs"] += 6 * count > MAX_WORDS
        seen["ties at the best"] += sum(h == best for _, h in children) > 1
        seen["a refresh inside"] += model.refreshes > refreshes
        await random_gap(dut, rng, t)
    mismatches.check()
    model.check()
    dut._log.info("seed %s, cases: %s", tb.seed(), seen)
    short = {k: v for k, v in seen.items() if v < MINIMUM}
    assert not short, "seed %s: too few cases %s (at least %d each)" % (tb.seed(), short, MINIMUM)
