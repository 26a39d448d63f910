"""Unit bench of hdl/blokus/tree_select.py: the tree unit's choice at a node
and the virtual loss on the child chosen, on the SDRAM controller, a model of
the chip (verif/sdram_model.py) and the root's RAM (blokus_root_children).

Each choice is one of golden's (golden/blokus/mcts.py, ``_Search.down``):
``select`` at a node whose children the bench puts in the model's memory
(their KEY, SUMMARY, STATS and LINK words, at the root also in the RAM on
chip, KEY words with and without the saturated flag), then ``n8 += 256`` on the child chosen. For each:
- the block's child is golden's, with its key (the KEY word's flag left
  out), its LINK (first child and count) and its descents, already in the
  cycle of ``last`` (the tree unit's control decides the next operation
  then);
- the chosen child's STATS and SUMMARY words in the memory afterwards are
  golden's n8 + 256, w8 and real and ``child_summary`` of them; at the root
  the block gives the RAM the same summary, once, at the chosen place;
- ``done`` comes exactly ``select_work`` after ``start``, ``last`` in the
  cycle before it only, and ``overrun`` never rises: golden's cost covers the accesses (bench/blokus/tree_costs.py's
  plan, here on the RTL);
- the model finds no broken rule of the data sheet.
The inputs are changed at random right after the edge that took ``start``:
the block takes them with it.
Children counts run from 1 to MAX_CHILDREN, 1,023 (below the root more
than 512 take two reads); nodes are drawn with fresh children (n8 0) anywhere and with
ties (the first of equals wins); choices come back to back and after gaps
long enough for refreshes to fall inside them. Every such case must occur at
least MINIMUM times a run: one child, more than one read's worth below the
root and fresh children are each drawn at every tenth choice (12 of 120),
besides at random (fresh children at random only, 15 % of the choices, left
seed 1203 with 5).
"""
import random

import cocotb
from cocotb.triggers import RisingEdge

from golden.blokus import mcts as M
from hdl.blokus.child_select import CHILD_BITS
from hdl.blokus.stats_update import REAL_BITS
from hdl.blokus.tree_layout import (KEY_BASE, LINK_BASE, STATS_BASE, STATS_WORDS, SUMMARY_BASE,
                                    link_words, stats_words, summary_words)
from hdl.blokus.tree_select import MAX_WORDS
from hdl.sdram_timing import COL_BITS
from verif import tb
from verif.units.common import Mismatches
from verif.units.tree_ops import LastCycle, random_gap, start_on_sdram, timed_operation

INPUTS = ("start", "at_root", "first", "count", "explore", "load_key_we", "load_summary_we",
          "load_addr", "load_key", "load_summary", "sd_dq_i")
MINIMUM = 8
ROW = 1 << COL_BITS
MOST = (1 << CHILD_BITS) - 1
PIECE = MAX_WORDS // 2                   # children a read of the SUMMARY words holds


def random_count(rng, n, at_root):
    """Children of choice n: one child every tenth choice, more than one
    read's worth below the root every tenth, else drawn."""
    if n % 10 == 5:
        return 1
    if n % 10 == 0 and not at_root:
        return rng.choice((MOST, PIECE + 1, rng.randrange(PIECE + 1, MOST)))
    kind = rng.random()
    if kind < 0.1:
        return 1
    if kind < 0.55:
        return rng.randrange(2, 40)
    if kind < 0.85:
        return rng.randrange(40, 520)
    return rng.choice((MOST, PIECE, PIECE + 1, rng.randrange(520, MOST)))


def random_children(rng, count, fresh=False):
    """[(n8, w8, real, KEY word, LINK (first, count))] and what was drawn:
    fresh children (always with ``fresh``), ties."""
    out = []
    for _ in range(count):
        n8 = rng.choice((3 * 256, rng.randrange(256, 1 << 16), rng.randrange(256, 1 << 29)))
        w8 = rng.choice((0, n8, rng.randrange(n8 + 1)))
        real = rng.choice((0, rng.randrange(1 << 12), rng.randrange(1 << (REAL_BITS - 1))))
        key = rng.choice((M.KEY_PASS, rng.getrandbits(15))) | rng.choice((0, M.KEY_SATURATED))
        link = (rng.randrange(M.TREE_NODES), rng.randrange(1 << CHILD_BITS)) \
            if rng.random() < 0.7 else (0, 0)
        out.append([n8, w8, real, key, link])
    drawn = rng.random()
    if drawn < 0.2 and count > 1:         # ties: copies of one child's n8 and w8
        model = rng.choice(out)
        for child in rng.sample(out, rng.randrange(2, count + 1)):
            child[0], child[1] = model[0], model[1]
    if drawn > 0.85 or fresh:             # fresh children: select takes the first
        for child in rng.sample(out, rng.randrange(1, min(count, 4) + 1)):
            child[0], child[1] = 0, 0
    return out


def golden_choice(children, parent_real):
    """golden's select at a node with these children: the chosen place and
    whether another child has the same value (the first of equals chosen)."""
    tree = M.Tree()
    tree.real[0] = parent_real
    tree.add_children(0, [M.PASS] * len(children), [c[1] for c in children])
    for i, c in enumerate(children):
        tree.n8[1 + i] = c[0]
    place = M.select(tree, 0) - 1
    c_n = M.explore_q16(parent_real)
    values = [M.summary_value(M.child_summary(c[0], c[1]), c_n) for c in children]
    return place, values.count(values[place]) > 1


def random_first(rng, count):
    if rng.random() < 0.3:             # the SUMMARY words start at a row's end
        while True:
            first = rng.randrange(M.TREE_NODES - count)
            if (SUMMARY_BASE + 2 * first) % ROW >= ROW - 4:
                return first
    return rng.randrange(1, M.TREE_NODES - count)


@cocotb.test()
async def choices_match_golden(dut):
    rng = random.Random(int(tb.seed()))
    model, t = await start_on_sdram(dut, INPUTS, rng)
    mismatches = Mismatches("blokus_tree_select")
    seen = {"root": 0, "below": 0, "one child": 0, "several reads": 0, "fresh chosen": 0,
            "tie": 0, "a refresh inside": 0, "back to back": 0}
    for n in range(120):
        at_root = n % 5 in (1, 3) or (n % 10 != 0 and rng.random() < 0.2)
        count = random_count(rng, n, at_root)
        first = 1 if at_root else random_first(rng, count)
        children = random_children(rng, count, fresh=n % 10 == 7)
        parent_real = rng.choice((0, 1, rng.randrange(1 << 12), rng.randrange(1 << (REAL_BITS - 1))))
        place, tie = golden_choice(children, parent_real)
        for i, (n8, w8, real, key, link) in enumerate(children):
            node = first + i
            for k, word in enumerate(stats_words(n8, w8, real)):
                model.mem[STATS_BASE + STATS_WORDS * node + k] = word
            for k, word in enumerate(summary_words(M.child_summary(n8, w8))):
                model.mem[SUMMARY_BASE + 2 * node + k] = word
            for k, word in enumerate(link_words(*link)):
                model.mem[LINK_BASE + 2 * node + k] = word
            model.mem[KEY_BASE + node] = key
        if at_root:                        # the RAM on chip, as the root's expansion leaves it
            dut.load_key_we.value, dut.load_summary_we.value = 1, 1
            for i, (n8, w8, _, key, _) in enumerate(children):
                dut.load_addr.value = i
                dut.load_key.value = key
                dut.load_summary.value = M.child_summary(n8, w8)
                await RisingEdge(dut.clk)
            dut.load_key_we.value, dut.load_summary_we.value = 0, 0
        n8, w8, real, key, link = children[place]
        chosen = first + place
        cost = M.select_work(0 if at_root else 1, count)
        dut.at_root.value, dut.first.value, dut.count.value = int(at_root), first, count
        dut.explore.value = M.explore_q16(parent_real)
        refreshes = model.refreshes
        what = "choice %d (%s, first %d, %d children, parent real %d, golden's place %d)" % (
            n, "root" if at_root else "below", first, count, parent_real, place)
        ram_writes = []

        last = LastCycle(dut, lambda: (int(dut.chosen.value), int(dut.chosen_key.value),
                                       int(dut.chosen_first.value), int(dut.chosen_count.value),
                                       int(dut.chosen_real.value)))

        def watch():
            last()
            if int(dut.root_we.value):
                ram_writes.append((int(dut.root_wr_addr.value), int(dut.root_wr_summary.value)))

        def scramble():                  # the inputs are taken with start
            dut.at_root.value, dut.first.value = rng.getrandbits(1), rng.randrange(M.TREE_NODES)
            dut.count.value = rng.randrange(1, 1 << len(dut.count))
            dut.explore.value = rng.getrandbits(len(dut.explore))
        mismatches.expect(what + ": cycles", cost, await timed_operation(dut, cost, watch,
                                                                         after_start=scramble))
        mismatches.expect(what + ": the cycles of last", last.expected(), last.lasts)
        mismatches.expect(what + ": in the cycle of last, the child, its key, LINK and descents",
                          (chosen, key & ~M.KEY_SATURATED) + tuple(link) + (real,), last.value)
        mismatches.expect(what + ": overrun", 0, int(dut.overrun.value))
        mismatches.expect(what + ": child", chosen, int(dut.chosen.value))
        mismatches.expect(what + ": key", key & ~M.KEY_SATURATED, int(dut.chosen_key.value))
        mismatches.expect(what + ": LINK", link,
                          (int(dut.chosen_first.value), int(dut.chosen_count.value)))
        mismatches.expect(what + ": descents", real, int(dut.chosen_real.value))
        summary = M.child_summary(n8 + 256, w8)
        mismatches.expect(what + ": STATS", stats_words(n8 + 256, w8, real),
                          [model.mem.get(STATS_BASE + STATS_WORDS * chosen + k)
                           for k in range(STATS_WORDS)])
        mismatches.expect(what + ": SUMMARY", summary_words(summary),
                          [model.mem.get(SUMMARY_BASE + 2 * chosen + k) for k in range(2)])
        mismatches.expect(what + ": the root's RAM written", [(place, summary)] if at_root else [],
                          ram_writes)
        others = [i for i in rng.sample(range(count), min(count, 8)) if i != place]
        mismatches.expect(what + ": other children's STATS",
                          [stats_words(*children[i][:3]) for i in others],
                          [[model.mem.get(STATS_BASE + STATS_WORDS * (first + i) + k)
                            for k in range(STATS_WORDS)] for i in others])
        if mismatches.errors:
            break
        seen["root" if at_root else "below"] += 1
        seen["one child"] += count == 1
        seen["several reads"] += not at_root and count > PIECE
        seen["fresh chosen"] += n8 == 0
        seen["tie"] += tie and n8 != 0
        seen["a refresh inside"] += model.refreshes > refreshes
        seen["back to back"] += await random_gap(dut, rng, t) == 0 and not at_root
    mismatches.check()
    model.check()
    dut._log.info("seed %s, cases: %s", tb.seed(), seen)
    short = {k: v for k, v in seen.items() if v < MINIMUM}
    assert not short, "seed %s: too few cases %s (at least %d each)" % (tb.seed(), short, MINIMUM)
