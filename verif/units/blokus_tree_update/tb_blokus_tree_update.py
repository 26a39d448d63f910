"""Unit bench of hdl/blokus/tree_update.py: the tree unit's update of a node,
on the SDRAM controller and a model of the chip (verif/sdram_model.py).

Each update is one of golden's (golden/blokus/mcts.py, ``_Search.back_up``):
a back-up at the root (n8 + 256, w8 + r, real + 1), a back-up below it (w8 +
r, real + 1, the KEY word's flag written when real becomes RAVE_CHILD_MAX +
1) or a RAVE update (n8 + wgt, w8 + (wgt r) >> 8). For each, on a node whose
STATS the bench puts in the model's memory:
- the six STATS words and the two SUMMARY words in the memory afterwards are
  golden's new n8, w8 and real and ``child_summary`` of them; the KEY word
  carries the flag exactly when golden writes it;
- ``done`` comes exactly golden's cost after ``start`` (BACKUP_NODE_WORK, or
  with KEY_FLAG_WORK), ``last`` in the cycle before it only, and
  ``overrun`` never rises: golden's cost covers
  the accesses (bench/blokus/tree_costs.py's plan, here on the RTL);
- the model finds no broken rule of the data sheet.
The inputs are changed at random right after the edge that took `start`:
the block takes them with it.
Nodes are drawn so that their STATS often cross a row, updates come back to
back and after gaps long enough for refreshes to fall inside them, and
descents sit at RAVE_CHILD_MAX so that the flag is written. Every such case
must occur at least MINIMUM times: after CASES updates the bench plays more
until it has (LIMIT at most).
"""
import random

import cocotb

from golden.blokus.mcts import (BACKUP_NODE_WORK, KEY_FLAG_WORK, RAVE_CHILD_MAX, RAVE_W8,
                                TREE_NODES, child_summary)
from hdl.blokus.stats_update import REAL_BITS
from hdl.blokus.tree_layout import (KEY_BASE, STATS_BASE, STATS_WORDS, SUMMARY_BASE,
                                    stats_words, summary_words)
from hdl.sdram_timing import COL_BITS
from verif import tb
from verif.sdram_model import initial_word
from verif.units.common import Mismatches
from verif.units.tree_ops import (LastCycle, check_cases, more_cases, random_gap, start_on_sdram,
                                  timed_operation)

INPUTS = ("start", "node", "stats_addr", "n8_add", "w8_add", "descent_add", "flag_enable", "key", "sd_dq_i")
CASES = 160
LIMIT = 6 * CASES                    # the most updates a run plays to see every case
ROW = 1 << COL_BITS


def random_node(rng):
    kind = rng.random()
    if kind < 0.3:                       # STATS across a row's end
        while True:
            n = rng.randrange(TREE_NODES)
            if (STATS_BASE + STATS_WORDS * n) % ROW > ROW - STATS_WORDS:
                return n
    if kind < 0.4:
        return rng.choice((0, 1, TREE_NODES - 1))
    return rng.randrange(TREE_NODES)


def random_stats(rng):
    n8 = rng.choice((768, 1024, rng.randrange(768, 1 << 16), rng.randrange(768, 1 << 29)))
    w8 = rng.choice((0, n8, rng.randrange(n8 + 1)))
    real = rng.choice((0, 1, RAVE_CHILD_MAX, RAVE_CHILD_MAX + 1,
                       rng.randrange((1 << (REAL_BITS - 1)))))
    return n8, w8, real


def golden_update(kind, n8, w8, real, r, wgt):
    """(n8, w8, real, flag written) after golden's update of this kind."""
    if kind == "root":
        return n8 + 256, w8 + r, real + 1, False
    if kind == "below":
        return n8, w8 + r, real + 1, real + 1 == RAVE_CHILD_MAX + 1
    return n8 + wgt, w8 + ((wgt * r) >> 8), real, False


@cocotb.test()
async def updates_match_golden(dut):
    rng = random.Random(int(tb.seed()))
    model, t = await start_on_sdram(dut, INPUTS, rng)
    mismatches = Mismatches("blokus_tree_update")
    seen = {"flag written": 0, "STATS across a row": 0, "back to back": 0,
            "a refresh inside": 0, "root": 0, "below": 0, "rave": 0}
    n = 0
    while more_cases(n, CASES, LIMIT, seen):
        # CASES updates, then more until every case was seen: a refresh falls
        # due inside about 1 update in 12 (after a gap of nearly a refresh
        # interval, a quarter of the gaps), and seed 231 saw 7 in 160
        kind = rng.choice(("root", "below", "below", "rave"))
        node = random_node(rng)
        n8, w8, real = random_stats(rng)
        if kind == "below" and rng.random() < 0.3:
            real = RAVE_CHILD_MAX
        r = rng.choice((0, 128, 256))
        wgt = rng.randrange(1, RAVE_W8)
        key = rng.getrandbits(15)
        new_n8, new_w8, new_real, flagged = golden_update(kind, n8, w8, real, r, wgt)
        base = STATS_BASE + STATS_WORDS * node
        for k, word in enumerate(stats_words(n8, w8, real)):
            model.mem[base + k] = word
        key_before = model.mem.get(KEY_BASE + node, initial_word(KEY_BASE + node))
        dut.node.value, dut.key.value = node, key
        dut.stats_addr.value = base
        dut.n8_add.value = 256 if kind == "root" else wgt if kind == "rave" else 0
        dut.w8_add.value = (wgt * r) >> 8 if kind == "rave" else r
        dut.descent_add.value = int(kind != "rave")
        dut.flag_enable.value = int(kind == "below")
        refreshes = model.refreshes
        cost = BACKUP_NODE_WORK + (KEY_FLAG_WORK if flagged else 0)
        what = "update %d (%s, node %d, n8 %d, w8 %d, real %d, r %d, wgt %d)" % (
            n, kind, node, n8, w8, real, r, wgt)

        def scramble():                  # the inputs are taken with start
            dut.node.value, dut.key.value = rng.randrange(TREE_NODES), rng.getrandbits(15)
            dut.stats_addr.value = rng.getrandbits(len(dut.stats_addr))
            dut.n8_add.value, dut.w8_add.value = rng.getrandbits(9), rng.getrandbits(9)
            dut.descent_add.value, dut.flag_enable.value = rng.getrandbits(1), rng.getrandbits(1)
        last = LastCycle(dut)
        mismatches.expect(what + ": cycles", cost, await timed_operation(
            dut, cost, each_cycle=last, after_start=scramble))
        mismatches.expect(what + ": the cycles of last", last.expected(), last.lasts)
        mismatches.expect(what + ": overrun", 0, int(dut.overrun.value))
        mismatches.expect(what + ": STATS", stats_words(new_n8, new_w8, new_real),
                          [model.mem.get(base + k) for k in range(STATS_WORDS)])
        mismatches.expect(what + ": SUMMARY", summary_words(child_summary(new_n8, new_w8)),
                          [model.mem.get(SUMMARY_BASE + 2 * node + k) for k in range(2)])
        mismatches.expect(what + ": KEY word", (key | 1 << 15) if flagged else key_before,
                          model.mem.get(KEY_BASE + node, initial_word(KEY_BASE + node)))
        if mismatches.errors:
            break
        seen[kind] += 1
        seen["flag written"] += flagged
        seen["STATS across a row"] += base % ROW > ROW - STATS_WORDS
        seen["a refresh inside"] += model.refreshes > refreshes
        seen["back to back"] += await random_gap(dut, rng, t) == 0
        n += 1
    mismatches.check()
    model.check()
    dut._log.info("seed %s, cases: %s", tb.seed(), seen)
    check_cases(seen, tb.seed())
