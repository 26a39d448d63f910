"""blokus_reach (MyHDL simulation) against golden.blokus.search.reach, a
position a cycle through its pipeline."""
import random

from myhdl import Signal, ResetSignal, block, delay, instance, intbv

from golden.blokus import board as B
from golden.blokus.search import MAX_REACH, reach
from hdl.blokus.reach import REACH_LATENCY, blokus_reach
from hdl.blokus.tables import EXT0, EXT_BITS

ALL = (1 << EXT_BITS) - 1


def random_positions(seed, n):
    """(position, player) pairs from random games, first moves included."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        pos = B.Position(rng.choice("5A"))
        player = B.ME
        for _ in range(rng.randrange(0, 40)):
            if B.game_over(pos):
                break
            moves = B.legal_moves(pos, player)
            pos.apply(player, rng.choice(moves) if moves else None)
            player ^= 1
        out.append((pos, rng.choice((B.ME, B.OPP))))
    return out


def ext_maps(pos, player):
    """The player's forbidden and anchor maps in the RTL's ext layout."""
    return ALL ^ (B.free_map(pos, player) << EXT0), B.anchor_map(pos, player) << EXT0


def run(cases):
    """Counts the block gives for [(forb, anch)], one pair a cycle."""
    got = []

    @block
    def bench():
        clk = Signal(bool(0))
        rst = ResetSignal(0, active=1, isasync=False)
        forb = Signal(intbv(ALL)[EXT_BITS:])
        anch = Signal(intbv(0)[EXT_BITS:])
        count = Signal(intbv(0, min=0, max=1 << 12))
        dut = blokus_reach(clk, rst, forb, anch, count)

        @instance
        def drive():
            for i in range(len(cases) + REACH_LATENCY):
                if i < len(cases):
                    forb.next, anch.next = cases[i]
                yield delay(5)
                clk.next = 1
                yield delay(5)
                clk.next = 0
                if i >= REACH_LATENCY - 1:
                    got.append(int(count))
        return dut, drive

    b = bench()
    b.run_sim(quiet=1)
    b.quit_sim()
    return got[:len(cases)]


def test_reach_equals_golden():
    cases = random_positions(2026, 40)
    want = [reach(pos, p) for pos, p in cases]
    assert len(set(want)) > 10, "positions too alike to test anything"
    assert run([ext_maps(pos, p) for pos, p in cases]) == want


def test_reach_extremes():
    # an empty board seen from a player on its start cell, nothing at all, everything
    pos = B.Position("5")
    empty = ext_maps(pos, B.ME)
    nothing = (ALL, 0)
    every = (0, ALL)                      # all cells free and anchors: every test passes
    got = run([empty, nothing, every])
    assert got[0] == reach(pos, B.ME) > 0
    assert got[1] == 0
    assert got[2] == MAX_REACH
