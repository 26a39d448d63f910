"""Unit bench of hdl/score4/probe.py and cut.py, joined as hdl/units.py builds
them (combinational): what a transposition table entry says about the node
being entered.

Reference: `probe_reference`, written from golden.score4.search's docstring
(step a): the entry is *found* when its depth is not 0 and its check equals
the node's; *usable* when found, its depth >= the node's and its bound ends
the node (EXACT; LOWER with score >= beta; UPPER with score <= alpha). The
entry's fields are packed as ENTRY_FIELDS lists them (check, depth, bound,
score, move; most significant first).

Step d's verdict, *keep*: the entry is another position's (depth not 0,
check not the node's) and deeper than the node: the node's store leaves it.

Tests: every bound against windows just below, at and above the entry's
score and depths just below, at and above the node's; a cleared entry;
a wrong check by one bit, shallower, as deep and deeper than the node;
random entries with the check matching half the time.
"""
import random

import cocotb
from cocotb.triggers import Timer

from golden.score4.search import CHECK_BITS, DEPTH_BITS, EXACT, LOWER, UPPER
from hdl.score4.table import ENTRY_FIELDS
from verif import tb
from verif.units.common import Mismatches

SCORE_BITS = dict(ENTRY_FIELDS)["score"]


def pack(check, depth, bound, score, move):
    word = 0
    for name, width in ENTRY_FIELDS:
        value = {"check": check, "depth": depth, "bound": bound, "score": score,
                 "move": move}[name]
        word = word << width | value & ((1 << width) - 1)
    return word


def probe_reference(entry, check, dleft, alpha, beta):
    """(found, usable, move, score, keep) of the docstring's steps a and d
    (keep: the entry is another position's, deeper than the node, and the
    node's store must leave it)."""
    e_check, e_depth, e_bound, e_score, e_move = entry
    found = e_depth != 0 and e_check == check
    usable = found and e_depth >= dleft and (
        e_bound == EXACT or (e_bound == LOWER and e_score >= beta)
        or (e_bound == UPPER and e_score <= alpha))
    keep = e_depth != 0 and e_check != check and e_depth > dleft
    return found, usable, e_move, e_score, keep


async def check_cases(dut, cases, what):
    mismatches = Mismatches("score4_probe, %s" % what)
    for entry, check, dleft, alpha, beta in cases:
        dut.entry.value = pack(*entry)
        dut.check.value = check
        dut.dleft.value = dleft
        dut.alpha.value = alpha
        dut.beta.value = beta
        await Timer(1, unit="ns")
        found, usable, move, score, keep = probe_reference(entry, check, dleft, alpha, beta)
        where = "entry %r, check %#x, d %d, window (%d, %d)" % (entry, check, dleft, alpha, beta)
        mismatches.expect(where + ": found", found, bool(dut.found.value))
        mismatches.expect(where + ": usable", usable, bool(dut.usable.value))
        mismatches.expect(where + ": keep", keep, bool(dut.keep.value))
        if found:
            mismatches.expect(where + ": move", move, int(dut.move.value))
            mismatches.expect(where + ": score", score, dut.score.value.to_signed())
    dut._log.info("%s: %d cases", what, len(cases))
    mismatches.check()


@cocotb.test()
async def edge_cases(dut):
    """Each bound, window and depth around the entry's; cleared; check off by one bit."""
    cases = []
    for bound in (LOWER, UPPER, EXACT):
        for score in (-4090, -7, 0, 12, 4093):
            for alpha, beta in ((score - 2, score - 1), (score - 1, score), (score, score + 1),
                                (score + 1, score + 2), (-8191, 8191)):
                for depth, dleft in ((3, 4), (4, 4), (5, 4), (63, 1), (1, 63)):
                    cases.append(((0xBEEF, depth, bound, score, 9), 0xBEEF, dleft, alpha, beta))
    cases.append(((0, 0, 0, 0, 0), 0, 1, -8191, 8191))              # cleared: never found
    cases += [((0xBEEF ^ 1 << b, depth, EXACT, 5, 3), 0xBEEF, 4, -8191, 8191)
              for b in range(CHECK_BITS)
              for depth in (3, 4, 5)]                 # one check bit off: kept if deeper
    await check_cases(dut, cases, "edge cases")


@cocotb.test()
async def random_entries(dut):
    """Random entries and nodes; the check matches half the time."""
    rng = random.Random(int(tb.seed()))
    lim = 1 << (SCORE_BITS - 1)
    cases = []
    for _ in range(3000):
        check = rng.getrandbits(CHECK_BITS)
        entry = (check if rng.random() < 0.5 else rng.getrandbits(CHECK_BITS),
                 rng.randrange(1 << DEPTH_BITS), rng.randrange(4),
                 rng.randrange(-lim, lim), rng.randrange(16))
        alpha = rng.randrange(-lim, lim - 1)
        beta = rng.randrange(alpha + 1, lim)
        cases.append((entry, check, rng.randrange(1, 1 << DEPTH_BITS), alpha, beta))
    await check_cases(dut, cases, "random entries")
