"""All 76 Score-4 lines at once."""
from myhdl import ConcatSignal, Signal, always, always_comb, block, intbv

from golden.score4.encoding import LINE_CELLS, NUM_CELLS
from golden.score4.search import THREAT_PARITY, W
from hdl.adder_tree import adder_tree
from hdl.score4.line import score4_line_term, score4_line_won_at

SCORE_BITS = 14                      # scores are 14-bit signed (golden search.INF = 8191)
SCORE_MIN, SCORE_MAX = -(1 << (SCORE_BITS - 1)), 1 << (SCORE_BITS - 1)
GROUPS = 32                          # partial sums registered between the two stages
EVAL_BITS = 12                       # the evaluation's sum: |evaluate| <= 76 * 26 = 1976
PART_BITS = 9                        # a line's term and a group's sum (5 terms of +-26)
PART_MIN, PART_MAX = -(1 << (PART_BITS - 1)), 1 << (PART_BITS - 1)


@block
def score4_checker(clk, next_x, next_y, next_cell, won_r, full_r, score):
    """Win, full board and evaluation of a position where x has just moved.

    Ports:
        clk     in   clock (the evaluation is pipelined)
        next_x  in   64 bits: the mover's beads, the new bead included, as they
                     are one clock edge before the outputs below
        next_y  in   64 bits: likewise for the other player's beads
        next_cell in 64 bits: the landing cell of next_x's new bead, one-hot
        won_r   out  the new bead completes a line of next_x (worked out the
                     cycle before, registered)
        full_r  out  every cell of that position is taken (likewise)
        score   out  14-bit signed golden `search.evaluate(next_x, next_y)`
                     of that position: the line terms and GROUPS partial
                     sums are computed in the cycle before and registered;
                     only their sum is left for this one
    """
    terms = [Signal(intbv(0, min=PART_MIN, max=PART_MAX)) for _ in LINE_CELLS]
    lines = [score4_line_term(next_x, next_y, terms[i], cells) for i, cells in enumerate(LINE_CELLS)]
    wons_next = [Signal(bool(0)) for _ in LINE_CELLS]
    checks_next = [score4_line_won_at(next_x, next_cell, wons_next[i], cells)
                   for i, cells in enumerate(LINE_CELLS)]
    won_next_vec = ConcatSignal(*wons_next)
    empty_cells = Signal(intbv(0)[NUM_CELLS:])

    # 76 terms in groups of 4 or 5: none of one term alone, whose table
    # lookup and register synthesis would turn into a block-RAM ROM with a
    # slow output in front of the final sum (the 60-65 MHz proxy path)
    bounds = [g * len(terms) // GROUPS for g in range(GROUPS + 1)]
    sizes = [bounds[g + 1] - bounds[g] for g in range(GROUPS)]
    assert min(sizes) > 1 and max(sizes) * (max(W) + THREAT_PARITY) < PART_MAX
    parts = [Signal(intbv(0, min=PART_MIN, max=PART_MAX)) for _ in range(GROUPS)]
    # the second stage adds EVAL_BITS-wide numbers, not the score's 14 bits:
    # shorter carry chains on the core's slowest path (the parts' sum into
    # ev_q: 74.9 MHz in the proxy with 14-bit adders, 30 Nov 2026)
    assert len(LINE_CELLS) * (max(W) + THREAT_PARITY) < 1 << (EVAL_BITS - 1) <= -SCORE_MIN
    parts_q = [Signal(intbv(0, min=-(1 << (EVAL_BITS - 1)), max=1 << (EVAL_BITS - 1)))
               for _ in range(GROUPS)]
    total = Signal(intbv(0, min=-(1 << (EVAL_BITS - 1)), max=1 << (EVAL_BITS - 1)))
    trees = [adder_tree(terms[bounds[g]:bounds[g + 1]], parts[g]) for g in range(GROUPS)]
    regs = [_reg(clk, parts[g], parts_q[g]) for g in range(GROUPS)]
    final = adder_tree(parts_q, total)
    total_ext = ConcatSignal(*([total(EVAL_BITS - 1)] * (len(score) - EVAL_BITS)
                               + [total(EVAL_BITS, 0)]))

    @always_comb
    def widen():
        score.next = total_ext.signed()

    @always_comb
    def flags():
        empty_cells.next = ~(next_x | next_y)

    @always(clk.posedge)
    def ahead():
        won_r.next = won_next_vec != 0
        full_r.next = empty_cells == 0

    return lines, checks_next, trees, regs, final, widen, flags, ahead


@block
def _reg(clk, d, q):
    """q = d at the clock edge, sign-extended from len(d) to len(q) bits."""
    n, m = len(d), len(q)
    ext = ConcatSignal(*([d(n - 1)] * (m - n) + [d(n, 0)]))

    @always(clk.posedge)
    def r():
        q.next = ext.signed()
    return r
