"""A child's selection value of golden's Monte-Carlo tree search from its summary: one child a cycle, pipelined."""
from myhdl import always_comb, always_seq, block

from golden.blokus.mcts import INV_SQRT
from hdl.blokus.child_summary import HALF_BITS, LEAD_BITS, MEAN_BITS, SUMMARY_BITS
from hdl.signals import flag, unsigned

EXPLORE_BITS = 16            # explore_q16(N) = isqrt(EXPLORE_K * log2_q4(N + 1)) < 2^16
INV_BITS = max(INV_SQRT).bit_length()                     # 21
BONUS_BITS = EXPLORE_BITS + INV_BITS - 16                 # (explore * inv) >> 16
SCORE_BITS = max(MEAN_BITS, BONUS_BITS) + 1
LATENCY = 4
"""Cycles from a child on the inputs to its score on the outputs: the table,
the shift, the product, the sum."""


@block
def blokus_uct_score(clk, rst, valid_in, summary, explore, valid_out, fresh, score):
    """The value golden.blokus.mcts.select compares for one child, from the
    two words the tree keeps of it (golden's summary_value).

    Ports:
        clk, rst     in   clock, synchronous reset
        valid_in     in   a child enters: its summary and its parent's explore
        summary      in   SUMMARY_BITS: golden's child_summary(n8, w8) (what
                          blokus_child_summary writes), mean << 12 | half << 8
                          | lead
        explore      in   EXPLORE_BITS: golden's explore_q16 of the parent's
                          descents
        valid_out    out  the child that entered LATENCY cycles ago leaves
        fresh        out  its n8 is 0 (lead 0: golden takes such a child at
                          once; `score` is then meaningless)
        score        out  SCORE_BITS: mean + ((explore * (INV_SQRT[lead] >>
                          half)) >> 16), golden's (w8 << 16) // n8 +
                          ((explore * inv_sqrt_q16(n8)) >> 16)
    How: LATENCY registered stages: golden's INV_SQRT table at the lead, the
    shift by the half, the product with explore, its top bits added to the
    mean. A new child every cycle. The division is done when the summary is
    written (blokus_child_summary), not here: a selection reads two words a
    child and waits LATENCY cycles, not the divider's 19.
    """
    for name, port, bits in (("summary", summary, SUMMARY_BITS),
                             ("explore", explore, EXPLORE_BITS), ("score", score, SCORE_BITS)):
        if len(port) != bits:
            raise ValueError("blokus_uct_score: %s must have %d bits, not %d"
                             % (name, bits, len(port)))
    lead_in, half_in, mean_in = unsigned(LEAD_BITS), unsigned(HALF_BITS), unsigned(MEAN_BITS)
    inv_entry, inv_s1, inv_s2 = unsigned(INV_BITS), unsigned(INV_BITS), unsigned(INV_BITS)
    half_s1 = unsigned(HALF_BITS)
    mean_s1, mean_s2, mean_s3 = unsigned(MEAN_BITS), unsigned(MEAN_BITS), unsigned(MEAN_BITS)
    explore_s1, explore_s2 = unsigned(EXPLORE_BITS), unsigned(EXPLORE_BITS)
    product = unsigned(EXPLORE_BITS + INV_BITS)    # as wide as the product: Verilog keeps its top
    valid_s = [flag() for _ in range(3)]
    fresh_s = [flag() for _ in range(3)]
    valid_s1, valid_s2, valid_s3 = valid_s
    fresh_s1, fresh_s2, fresh_s3 = fresh_s

    @always_comb
    def fields():
        lead_in.next = summary[LEAD_BITS:0]
        half_in.next = summary[LEAD_BITS + HALF_BITS:LEAD_BITS]
        mean_in.next = summary[SUMMARY_BITS:LEAD_BITS + HALF_BITS]

    @always_comb
    def inv_table():
        inv_entry.next = INV_SQRT[lead_in]

    @always_seq(clk.posedge, reset=rst)
    def stages():
        # 1: the table
        inv_s1.next = inv_entry
        half_s1.next = half_in
        mean_s1.next = mean_in
        explore_s1.next = explore
        valid_s1.next = valid_in
        fresh_s1.next = lead_in == 0
        # 2: the shift
        inv_s2.next = inv_s1 >> half_s1
        mean_s2.next = mean_s1
        explore_s2.next = explore_s1
        valid_s2.next = valid_s1
        fresh_s2.next = fresh_s1
        # 3: the product
        product.next = explore_s2 * inv_s2
        mean_s3.next = mean_s2
        valid_s3.next = valid_s2
        fresh_s3.next = fresh_s2
        # 4: the sum
        score.next = mean_s3 + product[EXPLORE_BITS + INV_BITS:16]
        valid_out.next = valid_s3
        fresh.next = fresh_s3

    return fields, inv_table, stages
