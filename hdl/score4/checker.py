"""All 76 Score-4 lines at once."""
from myhdl import ConcatSignal, Signal, always, always_comb, block, intbv

from golden.score4.encoding import LINE_CELLS, NUM_CELLS
from hdl.score4.adder_tree import adder_tree
from hdl.score4.line import score4_line

SCORE_BITS = 14                      # scores are 14-bit signed (golden search.INF = 8191)
SCORE_MIN, SCORE_MAX = -(1 << (SCORE_BITS - 1)), 1 << (SCORE_BITS - 1)
GROUPS = 8                           # partial sums registered between the two stages


@block
def score4_checker(clk, x, y, land, won, full, score):
    """Win, full board and evaluation of a position where x has just moved.

    Ports:
        clk    in   clock (the evaluation is pipelined)
        x      in   64 bits: the mover's beads, the new bead included
        y      in   64 bits: the other player's beads
        land   in   6 bits: the cell the new bead landed on
        won    out  the new bead completes a line of x through `land` (same cycle)
        full   out  every land is taken (same cycle)
        score  out  14-bit signed golden `search.evaluate(x, y)`, ONE CYCLE
                    LATER: x, y must hold for two cycles
    """
    terms = [Signal(intbv(0, min=SCORE_MIN, max=SCORE_MAX)) for _ in LINE_CELLS]
    wons = [Signal(bool(0)) for _ in LINE_CELLS]
    lines = [score4_line(x, y, land, terms[i], wons[i], cells)
             for i, cells in enumerate(LINE_CELLS)]
    won_vec = ConcatSignal(*wons)
    empty_cells = Signal(intbv(0)[NUM_CELLS:])

    size = (len(terms) + GROUPS - 1) // GROUPS
    parts = [Signal(intbv(0, min=SCORE_MIN, max=SCORE_MAX)) for _ in range(GROUPS)]
    parts_q = [Signal(intbv(0, min=SCORE_MIN, max=SCORE_MAX)) for _ in range(GROUPS)]
    trees = [adder_tree(terms[g * size:(g + 1) * size], parts[g]) for g in range(GROUPS)]
    regs = [_reg(clk, parts[g], parts_q[g]) for g in range(GROUPS)]
    final = adder_tree(parts_q, score)

    @always_comb
    def flags():
        empty_cells.next = ~(x | y)
        won.next = won_vec != 0

    @always_comb
    def full_flag():
        full.next = empty_cells == 0

    return lines, trees, regs, final, flags, full_flag


@block
def _reg(clk, d, q):
    @always(clk.posedge)
    def r():
        q.next = d
    return r
