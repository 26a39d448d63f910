"""One player's reach: its legal placements of the small tiles, counted."""
from myhdl import ConcatSignal, Signal, always_comb, block, intbv

from golden.blokus.encoding import SHAPES, SIZE
from golden.blokus.search import MAX_REACH, REACH_TILES
from hdl.blokus.popcount import latency, popcount
from hdl.blokus.tables import EXT0, EXT_BITS

REACH_OFFS = tuple(sh.offs for t in REACH_TILES for sh in SHAPES[t])
"""Ext offsets of the squares of the 9 shapes reach counts (top-left = 0)."""
REACH_LATENCY = latency(MAX_REACH)
"""Cycles from the maps to `count`: the placement tests feed the popcount's
carry-save tree directly; it registers every three layers and its sum."""
assert len(REACH_OFFS) * SIZE * SIZE == MAX_REACH


@block
def blokus_reach(clk, rst, forb, anch, count):
    """count = golden.blokus.search.reach of the player with these maps.

    Ports:
        clk, rst   in   clock, synchronous reset
        forb, anch in   the player's forbidden and anchor maps (320-bit ext
                        layout of hdl.blokus.tables, as blokus_maps gives them)
        count      out  0..MAX_REACH: the (shape, top-left) pairs over the 9
                        shapes of REACH_TILES with every square free and one on
                        an anchor, REACH_LATENCY cycles after the maps
    All MAX_REACH = 9 x 196 placement tests run in parallel: for a shape with
    squares at offsets o, the legal top-left cells are AND(free >> o) &
    OR(anch >> o) (free = ~forb); a legal top-left is always a board cell
    (the shape covers its bounding box's top row and left column), so only
    the 196 board bits of each shape are counted.
    """
    n = len(REACH_OFFS)
    oks = [Signal(intbv(0)[EXT_BITS:]) for _ in range(n)]
    tests = [_placements(forb, anch, oks[i], REACH_OFFS[i]) for i in range(n)]
    board = [Signal(intbv(0)[SIZE:]) for _ in range(n * SIZE)]
    rows = [_row(oks[i], board[i * SIZE + y], EXT0 + (y + 1) * 16 + 1)
            for i in range(n) for y in range(SIZE)]
    flat = ConcatSignal(*reversed(board))
    pop = popcount(clk, rst, flat, count)
    return tests, rows, pop


@block
def _placements(forb, anch, ok, offs):
    """ok[p]: the shape with squares at p + offs is free there and touches an anchor."""
    if len(offs) == 1:
        o0, = offs

        @always_comb
        def one():
            ok.next = (~forb >> o0) & (anch >> o0)
        return one
    if len(offs) == 2:
        o0, o1 = offs

        @always_comb
        def two():
            ok.next = ((~forb >> o0) & (~forb >> o1)) & ((anch >> o0) | (anch >> o1))
        return two
    o0, o1, o2 = offs

    @always_comb
    def three():
        ok.next = (((~forb >> o0) & (~forb >> o1) & (~forb >> o2))
                   & ((anch >> o0) | (anch >> o1) | (anch >> o2)))
    return three


@block
def _row(ok, out, lo):
    """out = the 14 bits of one board row of ok."""
    hi = lo + SIZE

    @always_comb
    def take():
        out.next = ok[hi:lo]
    return take
