"""A child's selection value of golden's Monte-Carlo tree search: one child a cycle, pipelined."""
from myhdl import Signal, always_comb, always_seq, block, downrange, intbv

from golden.blokus.mcts import (BACKUP_NODE_WORK, BATCH, INV_SQRT, MAX_BUDGET, PRIOR_VISITS,
                                RAVE_W8, ROOT_CHILD_WORK, SELECT_NODE_WORK)
from hdl.pipelined_divider import pipelined_divider
from hdl.register import register
from hdl.signals import flag, unsigned

VISIT_BITS = 32
"""n8 and w8 (visits and results in 1/256 of a visit). A descent keeps the
tree unit busy for at least SELECT_NODE_WORK + ROOT_CHILD_WORK (a root
child read) + 2 * BACKUP_NODE_WORK (the root and one node backed up)
cycles, and jobs start only before the budget, so a search of MAX_BUDGET
cycles starts fewer than MAX_DESCENTS descents; a node's n8 grows by at most
256 + RAVE_W8 a descent from the prior's PRIOR_VISITS * 256: n8 < 2^30."""
MAX_DESCENTS = MAX_BUDGET // (SELECT_NODE_WORK + ROOT_CHILD_WORK + 2 * BACKUP_NODE_WORK) + BATCH
if PRIOR_VISITS * 256 + (256 + RAVE_W8) * MAX_DESCENTS >= 1 << 30:
    raise ValueError("blokus_uct_score: golden's MAX_BUDGET lets n8 reach 2^30; lower it or "
                     "widen VISIT_BITS and the bench's range")
EXPLORE_BITS = 16            # explore_q16(N) = isqrt(EXPLORE_K * log2_q4(N + 1)) < 2^16
MEAN_BITS = 17               # (w8 << 16) // n8 <= 2^16, as w8 <= n8
INV_BITS = max(INV_SQRT).bit_length()                     # 21
BONUS_BITS = EXPLORE_BITS + INV_BITS - 16                 # (explore * inv) >> 16
SCORE_BITS = max(MEAN_BITS, BONUS_BITS) + 1
DIVIDER_LATENCY = MEAN_BITS + 1
LATENCY = DIVIDER_LATENCY + 1
"""Cycles from a child on the inputs to its score on the outputs."""
BONUS_STAGES = 4             # the cuts' tests, the index, the table and shift, the product


@block
def blokus_uct_score(clk, rst, valid_in, n8, w8, explore, valid_out, fresh, score):
    """The value golden.blokus.mcts.select compares for one child.

    Ports:
        clk, rst     in   clock, synchronous reset
        valid_in     in   a child enters: its n8, w8 and its parent's explore
        n8, w8       in   VISIT_BITS each: the child's visits and results in
                          1/256 of a visit, w8 <= n8 (golden's tree keeps it so)
        explore      in   EXPLORE_BITS: golden's explore_q16 of the parent's
                          descents
        valid_out    out  the child that entered LATENCY cycles ago leaves
        fresh        out  its n8 is 0 (golden takes such a child at once;
                          `score` is then meaningless)
        score        out  SCORE_BITS: (w8 << 16) // n8 + ((explore *
                          inv_sqrt_q16(n8)) >> 16)
    How: the mean through a pipelined restoring divider (a quotient bit a
    stage); beside it, n8's 8 leading bits (cut at an even shift) index
    golden's INV_SQRT table, shifted right by half the cut, times explore,
    in BONUS_STAGES registered stages (the cuts' tests, the index, the table,
    the product), then delayed to meet the mean; the sum registered. A new
    child every cycle.
    """
    for name, port, bits in (("n8", n8, VISIT_BITS), ("w8", w8, VISIT_BITS),
                             ("explore", explore, EXPLORE_BITS), ("score", score, SCORE_BITS)):
        if len(port) != bits:
            raise ValueError("blokus_uct_score: %s must have %d bits, not %d"
                             % (name, bits, len(port)))
    numerator = unsigned(VISIT_BITS + 16)
    mean, mean_valid = unsigned(MEAN_BITS), flag()
    divider = pipelined_divider(clk, rst, valid_in, numerator, n8, mean_valid, mean)

    @always_comb
    def shift_up():
        numerator.next = w8 << 16

    # the bonus: stage 1 which cuts leave fewer than 8 bits, 2 the table's
    # index, 3 the table and the shift back, 4 the product
    cuts = (VISIT_BITS - 8 + 1) // 2 + 1          # k = 0, 2, ..., 24
    fits_comb, fits = unsigned(cuts), unsigned(cuts)
    n8_s1 = unsigned(VISIT_BITS)
    index, index_comb = unsigned(8), unsigned(8)
    half_cut, half_cut_comb = unsigned(4), unsigned(4)
    explore_s1, explore_s2, explore_s3 = (unsigned(EXPLORE_BITS), unsigned(EXPLORE_BITS),
                                          unsigned(EXPLORE_BITS))
    inv_entry, inv_s3 = unsigned(INV_BITS), unsigned(INV_BITS)
    product = unsigned(EXPLORE_BITS + INV_BITS)    # as wide as the product, so that Verilog keeps its top
    bonus_s4 = unsigned(BONUS_BITS)
    fresh_in = flag()

    @always_comb
    def cut_fits():
        # golden cuts n8 at the least even k that leaves it under 8 bits
        # (k = e - 8 + (e & 1) for a bit length e > 8): each k's test is an
        # OR of n8's bits from k + 8 up, all in parallel (a 32-step priority
        # chain for e in the first version held the proxy at 66.1 MHz)
        f = intbv(0)[cuts:]
        for j in range(cuts):
            f[j] = (n8 >> (2 * j + 8)) == 0
        fits_comb.next = f
        fresh_in.next = n8 == 0

    @always_comb
    def cut_index():
        # the least fitting cut (every variable set on every path: a latch otherwise)
        j = intbv(0)[4:]
        k = intbv(0)[6:]
        kept = intbv(0)[VISIT_BITS:]
        for i in downrange(cuts):
            if fits[i]:
                j[:] = i
        k[:] = j + j         # in a 6-bit variable: Verilog sizes a shift's amount by itself
        kept[:] = n8_s1 >> k
        index_comb.next = kept[8:0]
        half_cut_comb.next = j

    @always_comb
    def inv_table():
        inv_entry.next = INV_SQRT[index]

    @always_seq(clk.posedge, reset=rst)
    def bonus_stages():
        fits.next = fits_comb
        n8_s1.next = n8
        explore_s1.next = explore
        index.next = index_comb
        half_cut.next = half_cut_comb
        explore_s2.next = explore_s1
        inv_s3.next = inv_entry >> half_cut
        explore_s3.next = explore_s2
        product.next = explore_s3 * inv_s3

    @always_comb
    def bonus():
        bonus_s4.next = product[EXPLORE_BITS + INV_BITS:16]

    # the bonus waits for the mean: DIVIDER_LATENCY - BONUS_STAGES more stages
    wait = DIVIDER_LATENCY - BONUS_STAGES
    bonus_line = [bonus_s4] + [unsigned(BONUS_BITS) for _ in range(wait)]
    fresh_line = [fresh_in] + [flag() for _ in range(DIVIDER_LATENCY)]
    delays = ([register(clk, rst, bonus_line[i], bonus_line[i + 1]) for i in range(wait)]
              + [register(clk, rst, fresh_line[i], fresh_line[i + 1])
                 for i in range(DIVIDER_LATENCY)])
    bonus_due, fresh_due = bonus_line[wait], fresh_line[DIVIDER_LATENCY]

    @always_seq(clk.posedge, reset=rst)
    def total():
        score.next = mean + bonus_due
        valid_out.next = mean_valid
        fresh.next = fresh_due

    return divider, shift_up, cut_fits, cut_index, inv_table, bonus_stages, bonus, delays, total
