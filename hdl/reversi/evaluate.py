"""The Reversi search's static evaluation and disc difference, combinational."""
from myhdl import Signal, always_comb, block, intbv

from golden.reversi.search import MOBILITY_WEIGHT
from hdl.adder_tree import adder_tree
from hdl.rom import rom
from hdl.reversi.tables import SizeTables, sizes


@block
def reversi_evaluate(me, opp, my_moves, their_moves, size, value, diff, side):
    """value = golden.reversi.search.evaluate(me, opp, my_moves, their_moves);
    diff = popcount(me) - popcount(opp).

    Ports (boards side * side bits, the max layout of hdl/reversi/tables.py):
        me, opp       in   the discs of the side to move and of the other
        my_moves      in   the legal moves of each (hdl/reversi/moves.py)
        their_moves   in
        size          in   the game's size (tables.size_index)
        value         out  signed: live weights of me minus those of opp, plus
                           MOBILITY_WEIGHT times the difference of the moves
        diff          out  signed: the disc difference
    Settings:
        side          the largest board side the core is built for

    A cell's weight is a ROM of the sizes; the three neighbours of an
    occupied corner weigh 0 (`dead`); each cell gives one term (its weight
    for a disc of me, minus it for one of opp, plus or minus
    MOBILITY_WEIGHT for a move of either), summed by a balanced adder tree.
    """
    n = side * side
    all_sizes = [SizeTables(w, h, side) for (w, h) in sizes(side)]
    corner_roms = [tuple(t.corners[k] for t in all_sizes) for k in range(4)]
    zone_roms = [tuple(t.zones[k] for t in all_sizes) for k in range(4)]
    corners = [Signal(intbv(0)[n:]) for _ in range(4)]
    zones = [Signal(intbv(0)[n:]) for _ in range(4)]
    roms = [rom(size, corner_roms[k], corners[k]) for k in range(4)]
    roms += [rom(size, zone_roms[k], zones[k]) for k in range(4)]
    dead = Signal(intbv(0)[n:])
    c0, c1, c2, c3 = corners
    z0, z1, z2, z3 = zones

    occupied = Signal(intbv(0)[n:])

    @always_comb
    def discs():
        occupied.next = me | opp

    @always_comb
    def corner_rule():
        # (a local `occupied = me | opp` would be a 32-bit Verilog integer)
        d = intbv(0)[n:]
        if (occupied & c0) != 0:
            d[:] = d | z0
        if (occupied & c1) != 0:
            d[:] = d | z1
        if (occupied & c2) != 0:
            d[:] = d | z2
        if (occupied & c3) != 0:
            d[:] = d | z3
        dead.next = d

    # the terms as wide as the sums (sign extension costs nothing; the adder
    # tree's nodes are the sum's width, and lint wants the operands so too)
    terms = [Signal(intbv(0, min=value.min, max=value.max)) for _ in range(n)]
    signs = [Signal(intbv(0, min=diff.min, max=diff.max)) for _ in range(n)]
    cells = [_cell(me, opp, my_moves, their_moves, dead, size, c,
                   tuple(t.weight[c] for t in all_sizes), terms[c], signs[c]) for c in range(n)]
    value_tree = adder_tree(terms, value)
    diff_tree = adder_tree(signs, diff)
    return roms, discs, corner_rule, cells, value_tree, diff_tree


@block
def _cell(me, opp, my_moves, their_moves, dead, size, c, weights, term, sign):
    """One cell's evaluation term and its disc sign (+1 me, -1 opp)."""
    # a ROM even where every size has the same weight: MyHDL writes an
    # undriven negative constant as 8'd-20, which is not Verilog
    weight = Signal(intbv(0, min=term.min, max=term.max))
    lookup = rom(size, weights, weight)

    @always_comb
    def combine():
        t = intbv(0, min=term.min, max=term.max)
        if me[c] and not dead[c]:
            t[:] = weight
        elif opp[c] and not dead[c]:
            t[:] = -weight
        else:
            t[:] = 0
        if my_moves[c]:
            t[:] = t + MOBILITY_WEIGHT
        if their_moves[c]:
            t[:] = t - MOBILITY_WEIGHT
        term.next = t
        if me[c]:
            sign.next = 1
        elif opp[c]:
            sign.next = -1
        else:
            sign.next = 0

    return lookup, combine
