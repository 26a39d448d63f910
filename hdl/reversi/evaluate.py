"""The Reversi search's static evaluation and disc difference, combinational."""
from myhdl import Signal, always_comb, always_seq, block, intbv

from golden.reversi.search import MOBILITY_WEIGHT
from hdl.adder_tree import adder_tree, pipelined_adder_tree, tree_levels
from hdl.rom import rom
from hdl.reversi.tables import SizeTables, sizes


TREE_STAGES = 3     # pipelined: the stages of each adder tree, every side


def evaluate_latency(clk):
    """Cycles from the inputs to `value` and `diff` (0: combinational); see
    reversi_evaluate for which inputs."""
    return 0 if clk is None else 1 + TREE_STAGES


def tree_levels_per_stage(side):
    """Adder levels between two registers of a pipelined tree over side * side
    terms: TREE_STAGES stages or fewer (2 levels a stage at 8x8, 3 at 16x16)."""
    return -(-tree_levels(side * side) // TREE_STAGES)


@block
def reversi_evaluate(me, opp, my_moves, their_moves, size, value, diff, side, clk=None):
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
        clk           None: combinational; a clock: pipelined, `value`
                      valid evaluate_latency(clk) cycles after my_moves and
                      their_moves (which must come one cycle after me and
                      opp, as from registered move generators), `diff` the
                      same number of cycles after me and opp. me and opp
                      must be held while the moves come: `dead` is
                      registered from their first cycle, the terms read
                      them again in the second (the search holds them;
                      verif/units/reversi_evaluate drives them so)

    Pipelined, every stage a register: `dead` and the signs (from me and
    opp); the terms (a cycle later, with the moves); then each sum through
    a pipelined adder tree of TREE_STAGES stages (hdl/adder_tree.py).
    A cell's weight is a ROM of the sizes; the three neighbours of an
    occupied corner weigh 0 (`dead`); each cell gives one term (its weight
    for a disc of me, minus it for one of opp, plus or minus
    MOBILITY_WEIGHT for a move of either), summed by a balanced adder tree.
    A term is a choice among constants (+w, -w or 0, from two ROMs) plus the
    mobility (+10, -10 or 0).
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
    dead_in = Signal(intbv(0)[n:])        # combinational; `dead` is it, or its register
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
        dead_in.next = d

    if clk is None:
        @always_comb
        def dead_out():
            dead.next = dead_in
    else:
        @always_seq(clk.posedge, reset=None)
        def dead_out():
            dead.next = dead_in

    # the terms as wide as the sums (sign extension costs nothing; the adder
    # tree's nodes are the sum's width, and lint wants the operands so too)
    terms = [Signal(intbv(0, min=value.min, max=value.max)) for _ in range(n)]
    signs = [Signal(intbv(0, min=diff.min, max=diff.max)) for _ in range(n)]
    cells = [_cell(me, opp, my_moves, their_moves, dead, size, c,
                   tuple(t.weight[c] for t in all_sizes), terms[c], signs[c], clk)
             for c in range(n)]
    if clk is None:
        value_tree = adder_tree(terms, value)
        diff_tree = adder_tree(signs, diff)
    else:
        levels = tree_levels_per_stage(side)
        value_tree = pipelined_adder_tree(clk, terms, value, levels)
        diff_tree = pipelined_adder_tree(clk, signs, diff, levels)
    return roms, discs, corner_rule, dead_out, cells, value_tree, diff_tree


@block
def _cell(me, opp, my_moves, their_moves, dead, size, c, weights, term, sign, clk):
    """One cell's evaluation term and its disc sign (+1 me, -1 opp), both
    registered with clk."""
    # a ROM even where every size has the same weight: MyHDL writes an
    # undriven negative constant as 8'd-20, which is not Verilog
    # and -w from a ROM too: no negation in the cell's logic
    weight = Signal(intbv(0, min=term.min, max=term.max))
    negated = Signal(intbv(0, min=term.min, max=term.max))
    lookup = rom(size, weights, weight)
    lookup_neg = rom(size, tuple(-w for w in weights), negated)
    term_in = Signal(intbv(0, min=term.min, max=term.max))
    sign_in = Signal(intbv(0, min=sign.min, max=sign.max))

    @always_comb
    def combine():
        t = intbv(0, min=term.min, max=term.max)
        if me[c] and not dead[c]:
            t[:] = weight
        elif opp[c] and not dead[c]:
            t[:] = negated
        else:
            t[:] = 0
        if my_moves[c] and not their_moves[c]:
            t[:] = t + MOBILITY_WEIGHT
        elif their_moves[c] and not my_moves[c]:
            t[:] = t - MOBILITY_WEIGHT
        term_in.next = t
        if me[c]:
            sign_in.next = 1
        elif opp[c]:
            sign_in.next = -1
        else:
            sign_in.next = 0

    if clk is None:
        @always_comb
        def out():
            term.next = term_in
            sign.next = sign_in
    else:
        @always_seq(clk.posedge, reset=None)
        def out():
            term.next = term_in
            sign.next = sign_in

    return lookup, lookup_neg, combine, out
