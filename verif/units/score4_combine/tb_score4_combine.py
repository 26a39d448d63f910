"""Unit bench of hdl/score4/combine.py (combinational): the score COMB
combines into a node, and what it does to the window.

Reference: `combine_reference`, golden.score4.search's loop body once a move
is scored: the score is the child's (from_child), else a win's (won), else 0
(full), else the evaluation's (leaf); alpha becomes max(alpha, score), the
node is cut off when that is >= beta, and the score is a new best when it is
> best.

Tests: every source of the score (each flag alone and with the lower ones
also set, which the source above must win over) against windows where the
score is one below, equal to and one above alpha, beta and best; random
scores over the whole 14-bit range and around 0 (the board-full score).
"""
import itertools
import random

import cocotb
from cocotb.triggers import Timer

from hdl.score4.checker import SCORE_MAX, SCORE_MIN
from verif import tb
from verif.units.common import Mismatches

SOURCES = ("child", "win", "leaf")


def combine_reference(from_child, won, full, child, win, leaf, alpha, beta, best):
    """{value, new_alpha, cutoff, better} of the docstring."""
    if from_child:
        value = child
    elif won:
        value = win
    elif full:
        value = 0
    else:
        value = leaf
    new_alpha = max(alpha, value)
    return {"value": value, "new_alpha": new_alpha, "cutoff": int(new_alpha >= beta),
            "better": int(value > best)}


def clamp(v):
    return max(SCORE_MIN, min(SCORE_MAX - 1, v))


async def check_cases(dut, cases, what):
    mismatches = Mismatches("score4_combine, %s" % what)
    for case in cases:
        for name, v in zip(("from_child", "won", "full", "child", "win", "leaf", "alpha", "beta",
                            "best"), case):
            getattr(dut, name).value = v
        await Timer(1, unit="ns")
        want = combine_reference(*case)
        got = {"value": dut.value.value.to_signed(), "new_alpha": dut.new_alpha.value.to_signed(),
               "cutoff": int(dut.cutoff.value), "better": int(dut.better.value)}
        for port in want:
            mismatches.expect("%r: %s" % (case, port), want[port], got[port])
    dut._log.info("%s: %d cases", what, len(cases))
    mismatches.check()


def flag_sets():
    """(from_child, won, full) with each source picked, lower ones set or not."""
    return [f for f in itertools.product((0, 1), repeat=3)]


@cocotb.test()
async def every_source_at_the_window_edges(dut):
    rng = random.Random(int(tb.seed()))
    cases = []
    for flags in flag_sets():
        for _ in range(12):
            child, win, leaf = (rng.randrange(SCORE_MIN + 2, SCORE_MAX - 2) for _ in range(3))
            value = combine_reference(*flags, child, win, leaf, 0, 0, 0)["value"]
            for da, db, de in itertools.product((-1, 0, 1), repeat=3):
                alpha, beta, best = clamp(value + da), clamp(value + db), clamp(value + de)
                cases.append(flags + (child, win, leaf, alpha, beta, best))
    await check_cases(dut, cases, "window edges")


@cocotb.test()
async def random_scores(dut):
    rng = random.Random(int(tb.seed()) + 1)
    cases = []
    for _ in range(3000):
        flags = tuple(int(rng.random() < 0.4) for _ in range(3))
        near = rng.random() < 0.3                      # around 0, the board-full score
        pick = (lambda: rng.randint(-3, 3)) if near else \
            (lambda: rng.randrange(SCORE_MIN, SCORE_MAX))
        cases.append(flags + tuple(pick() for _ in range(6)))
    await check_cases(dut, cases, "random scores")
