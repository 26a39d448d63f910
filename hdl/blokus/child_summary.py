"""The two words the Monte-Carlo tree keeps of a child for its selection: pipelined, one a cycle."""
from myhdl import always_comb, always_seq, block, concat, downrange, intbv

from golden.blokus.mcts import (BACKUP_NODE_WORK, BATCH, MAX_BUDGET, PRIOR_VISITS, RAVE_W8,
                                SUMMARY_HALF_BITS, SUMMARY_LEAD_BITS, select_work)
from hdl.pipelined_divider import pipelined_divider
from hdl.register import register
from hdl.signals import flag, unsigned

VISIT_BITS = 32
"""n8 and w8 (visits and results in 1/256 of a visit). A descent keeps the
tree unit busy for at least select_work(0, 1) (a choice at the root, one
child read) + 2 * BACKUP_NODE_WORK (the root and one node backed up)
cycles, and jobs start only before the budget, so a search of MAX_BUDGET
cycles starts fewer than MAX_DESCENTS descents; a node's n8 grows by at most
256 + RAVE_W8 a descent from the prior's PRIOR_VISITS * 256: n8 < 2^30."""
MAX_DESCENTS = MAX_BUDGET // (select_work(0, 1) + 2 * BACKUP_NODE_WORK) + BATCH
if PRIOR_VISITS * 256 + (256 + RAVE_W8) * MAX_DESCENTS >= 1 << 30:
    raise ValueError("blokus_child_summary: golden's MAX_BUDGET lets n8 reach 2^30; lower it "
                     "or widen VISIT_BITS and the benches' range")
MEAN_BITS = 17               # (w8 << 16) // n8 <= 2^16, as w8 <= n8
LEAD_BITS, HALF_BITS = SUMMARY_LEAD_BITS, SUMMARY_HALF_BITS
SUMMARY_BITS = MEAN_BITS + HALF_BITS + LEAD_BITS          # 29: two 16-bit words
CUTS = (VISIT_BITS - LEAD_BITS + 1) // 2 + 1              # even cuts k = 0, 2, ..., 24
if CUTS > 1 << HALF_BITS:
    raise ValueError("blokus_child_summary: half a cut of n8 < 2^%d needs more than golden's "
                     "%d bits (SUMMARY_HALF_BITS)" % (VISIT_BITS, HALF_BITS))
DIVIDER_LATENCY = MEAN_BITS + 1
LATENCY = DIVIDER_LATENCY + 1
"""Cycles from a child on the inputs to its summary on the outputs."""
CUT_STAGES = 2               # the cuts' tests, then the lead and half


@block
def blokus_child_summary(clk, rst, valid_in, n8, w8, valid_out, summary):
    """golden.blokus.mcts.child_summary of a child: what the tree's SUMMARY
    array holds, written by the back-up and by RAVE, read by the selection.

    Ports:
        clk, rst     in   clock, synchronous reset
        valid_in     in   a child enters: its n8 and w8
        n8, w8       in   VISIT_BITS each: visits and results in 1/256 of a
                          visit, w8 <= n8 (golden's tree keeps it so)
        valid_out    out  the child that entered LATENCY cycles ago leaves
        summary      out  SUMMARY_BITS: mean << 12 | half << 8 | lead, the
                          mean (w8 << 16) // n8, lead n8's 8 leading bits cut
                          at golden's even shift, half that shift's half; 0
                          for n8 == 0
    How: the mean through a pipelined restoring divider (a quotient bit a
    stage); beside it the cut in CUT_STAGES registered stages (which even
    cuts leave n8 under 8 bits, all in parallel; then the least of them and
    n8 shifted by it), delayed to meet the mean; the summary registered. A
    new child every cycle.
    """
    for name, port, bits in (("n8", n8, VISIT_BITS), ("w8", w8, VISIT_BITS),
                             ("summary", summary, SUMMARY_BITS)):
        if len(port) != bits:
            raise ValueError("blokus_child_summary: %s must have %d bits, not %d"
                             % (name, bits, len(port)))
    numerator = unsigned(VISIT_BITS + 16)
    mean, mean_valid = unsigned(MEAN_BITS), flag()
    divider = pipelined_divider(clk, rst, valid_in, numerator, n8, mean_valid, mean)

    @always_comb
    def shift_up():
        numerator.next = w8 << 16

    fits_comb, fits = unsigned(CUTS), unsigned(CUTS)
    n8_s1 = unsigned(VISIT_BITS)
    lead, lead_comb = unsigned(LEAD_BITS), unsigned(LEAD_BITS)
    half, half_comb = unsigned(HALF_BITS), unsigned(HALF_BITS)

    @always_comb
    def cut_fits():
        # golden cuts n8 at the least even k that leaves it under 8 bits
        # (k = e - 8 + (e & 1) for a bit length e > 8): each k's test is an
        # OR of n8's bits from k + 8 up, all in parallel (a 32-step priority
        # chain for e in the first version held the proxy at 66.1 MHz)
        f = intbv(0)[CUTS:]
        for j in range(CUTS):
            f[j] = (n8 >> (2 * j + LEAD_BITS)) == 0
        fits_comb.next = f

    @always_comb
    def cut_lead():
        # the least fitting cut (every variable set on every path: a latch otherwise)
        j = intbv(0)[HALF_BITS:]
        k = intbv(0)[HALF_BITS + 2:]
        kept = intbv(0)[VISIT_BITS:]
        for i in downrange(CUTS):
            if fits[i]:
                j[:] = i
        k[:] = j + j         # in its own variable: Verilog sizes a shift's amount by itself
        kept[:] = n8_s1 >> k
        lead_comb.next = kept[LEAD_BITS:0]
        half_comb.next = j

    @always_seq(clk.posedge, reset=rst)
    def cut_stages():
        fits.next = fits_comb
        n8_s1.next = n8
        lead.next = lead_comb
        half.next = half_comb

    # the cut waits for the mean: DIVIDER_LATENCY - CUT_STAGES more stages
    wait = DIVIDER_LATENCY - CUT_STAGES
    lead_line = [lead] + [unsigned(LEAD_BITS) for _ in range(wait)]
    half_line = [half] + [unsigned(HALF_BITS) for _ in range(wait)]
    delays = ([register(clk, rst, lead_line[i], lead_line[i + 1]) for i in range(wait)]
              + [register(clk, rst, half_line[i], half_line[i + 1]) for i in range(wait)])
    lead_due, half_due = lead_line[wait], half_line[wait]
    mean_kept = unsigned(MEAN_BITS)

    @always_comb
    def fresh_mean():
        # golden's summary of n8 == 0 is 0: the divider's quotient by 0 is not
        if lead_due == 0:
            mean_kept.next = 0
        else:
            mean_kept.next = mean

    @always_seq(clk.posedge, reset=rst)
    def total():
        summary.next = concat(mean_kept, half_due, lead_due)
        valid_out.next = mean_valid

    return divider, shift_up, cut_fits, cut_lead, cut_stages, delays, fresh_mean, total
