"""Unit bench of hdl/score4/win_now.py: golden's step w for the child GEN makes.

Reference: the child of the node (x to move, y the other side) with x's bead
on post p is (y, x | bead); golden.score4.search ends it by step w when a
bead of its mover y completes a line (golden.score4.board.completes_line) on
one of its landing cells (golden.score4.board.landing_cells). Then
stop = dleft == 1 or that win, deep_win = dleft != 1 and that win, one clock
edge after the inputs (the outputs are registered). y_wins is the pre-scan's
register for (x, y): every cell where completes_line(y, cell).

Tests: every free post of positions from random games at every stage, with
depths left of 1 (the children are leaves), 2 and random; the bench counts
the three ways the answer can turn (y wins on another post's landing cell,
on the cell above the bead, and a win of y's that the bead blocks) and
fails unless each occurred, with a win at once both at dleft == 1 and above.
"""
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import RisingEdge

from golden.score4.board import completes_line, landing_cells
from golden.score4.encoding import NUM_CELLS, NUM_POSTS
from verif import tb
from verif.units.common import CycleBench, Mismatches, score4_game_position

MIN_EACH = 20       # cases of each way the answer turns, at least


def win_map(beads):
    return sum(1 << c for c in range(NUM_CELLS) if completes_line(beads, c))


def landing_bit(occupied, post):
    """The landing cell of `post` as a one-bit mask (0: the post is full)."""
    return landing_cells(occupied) & sum(1 << (post + 16 * level) for level in range(4))


def step_w_reference(x, y, post, dleft):
    """{stop, deep_win} and the ways the child's mover wins (a set of names)."""
    bead = landing_bit(x | y, post)
    child_occ = x | y | bead
    free = landing_cells(child_occ)
    ways = set()
    for c in range(NUM_CELLS):
        if free >> c & 1 and completes_line(y, c):
            ways.add("above the bead" if 1 << c == bead << 16 else "another post")
    if completes_line(y, bead.bit_length() - 1):
        ways.add("blocked by the bead")
    win = bool(ways - {"blocked by the bead"})
    return {"stop": int(dleft == 1 or win), "deep_win": int(dleft != 1 and win)}, ways, win


def cases(rng):
    out = []
    for _ in range(700):
        x, y = score4_game_position(rng, rng.randrange(0, 64))
        for post in range(NUM_POSTS):
            if landing_bit(x | y, post) and rng.random() < 0.5:
                dleft = rng.choice((1, 2, rng.randrange(1, 65)))
                out.append((x, y, post, dleft))
    return out


@cocotb.test()
async def step_w_matches_golden(dut):
    dut.occ_r.value, dut.y_wins.value, dut.g_onehot.value, dut.dleft.value = 0, 0, 1, 1
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    await RisingEdge(dut.clk)
    rng = random.Random(int(tb.seed()))
    todo = cases(rng)
    bench = CycleBench(dut, ("stop", "deep_win"))
    mismatches = Mismatches("score4_win_now")
    seen = {"another post": 0, "above the bead": 0, "blocked by the bead": 0,
            "win, dleft 1": 0, "win, dleft > 1": 0, "no win": 0}

    def inputs(case):
        x, y, post, dleft = case
        return {"occ_r": x | y, "y_wins": win_map(y), "g_onehot": 1 << post, "dleft": dleft}

    await bench.step(inputs(todo[0]))                 # edge 1 stores case 0
    for n, case in enumerate(todo):
        nxt = todo[n + 1] if n + 1 < len(todo) else todo[0]
        got = await bench.step(inputs(nxt))           # sampled: case n
        want, ways, win = step_w_reference(*case)
        for way in ways:
            seen[way] += 1
        seen["no win" if not win else "win, dleft 1" if case[3] == 1 else "win, dleft > 1"] += 1
        where = "x=%#018x y=%#018x post %d dleft %d" % case
        for port in want:
            mismatches.expect("%s: %s" % (where, port), want[port], got[port])
    dut._log.info("%d children: %s", len(todo), seen)
    for way, count in seen.items():
        if count < MIN_EACH:
            mismatches.add("only %d case(s) of '%s' (at least %d wanted): the bench's positions "
                           "do not exercise it" % (count, way, MIN_EACH))
    mismatches.check()
