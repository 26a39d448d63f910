"""One player's reach: its legal placements of the small tiles, counted."""
from myhdl import ConcatSignal, Signal, always_comb, always_seq, block, intbv

from golden.blokus.encoding import SHAPES, SIZE
from golden.blokus.search import MAX_REACH, REACH_TILES
from hdl.popcount import latency, popcount
from hdl.blokus.tables import EXT0

REACH_OFFS = tuple(sh.offs for t in REACH_TILES for sh in SHAPES[t])
"""Ext offsets of the squares of the 9 shapes reach counts (top-left = 0)."""
REACH_LATENCY = 1 + latency(MAX_REACH)
"""Cycles from the maps to `count`: the placement tests are registered (one
vector: a simulator then runs the popcount once a cycle, not once per
changed row), then the popcount's carry-save tree, registered every three
layers, and its sum."""
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
    the 196 board cells of each shape are tested, a board row (14 cells) per
    test block; the popcount's carry-save tree adds the 1,764 results.
    """
    n = len(REACH_OFFS)
    board = [Signal(intbv(0)[SIZE:]) for _ in range(n * SIZE)]
    tests = [_placements(forb, anch, board[i * SIZE + y], EXT0 + (y + 1) * 16 + 1, REACH_OFFS[i])
             for i in range(n) for y in range(SIZE)]
    flat = ConcatSignal(*reversed(board))
    bits = Signal(intbv(0)[MAX_REACH:])

    @always_seq(clk.posedge, reset=rst)
    def reg_bits():
        bits.next = flat

    pop = popcount(clk, rst, bits, count)
    return tests, reg_bits, pop


@block
def _placements(forb, anch, ok, lo, offs):
    """ok[x]: the shape with its top-left on ext cell lo + x and squares at
    lo + x + offs is on free cells, one an anchor (one board row, 14 cells)."""
    w = len(ok)
    if len(offs) == 1:
        a0, = [lo + o for o in offs]

        @always_comb
        def one():
            ok.next = ~forb[a0 + w:a0] & anch[a0 + w:a0]
        return one
    if len(offs) == 2:
        a0, a1 = [lo + o for o in offs]

        @always_comb
        def two():
            ok.next = (~forb[a0 + w:a0] & ~forb[a1 + w:a1]) & (anch[a0 + w:a0] | anch[a1 + w:a1])
        return two
    a0, a1, a2 = [lo + o for o in offs]

    @always_comb
    def three():
        ok.next = ((~forb[a0 + w:a0] & ~forb[a1 + w:a1] & ~forb[a2 + w:a2])
                   & (anch[a0 + w:a0] | anch[a1 + w:a1] | anch[a2 + w:a2]))
    return three
