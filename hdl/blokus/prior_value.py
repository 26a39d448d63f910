"""A new child's prior value in the Monte-Carlo tree: its w8 and summary from its heuristic, one a cycle."""
from myhdl import always_comb, always_seq, block

from golden.blokus.mcts import PRIOR_V8, PRIOR_VISITS, child_summary, prior_w8
from hdl.blokus.child_summary import SUMMARY_BITS
from hdl.blokus.prior_score import HEURISTIC_BITS, HEURISTIC_MAX
from hdl.signals import flag, unsigned

GAP_MAX = len(PRIOR_V8) - 1            # golden's min(best - h, 63)
GAP_BITS = GAP_MAX.bit_length()
if HEURISTIC_MAX > GAP_MAX:
    raise ValueError("blokus_prior_value: a heuristic reaches %d, so golden's cap of the gap at "
                     "%d can act: the block has no cap; add one" % (HEURISTIC_MAX, GAP_MAX))
PRIOR_N8 = PRIOR_VISITS * 256
W8_BITS = max(prior_w8(g, 0) for g in range(GAP_MAX + 1)).bit_length()
# the two ROMs, by the gap: golden's prior_w8 and the summary the tree keeps of it
W8_ROM = tuple(prior_w8(g, 0) for g in range(GAP_MAX + 1))
SUMMARY_ROM = tuple(child_summary(PRIOR_N8, w8) for w8 in W8_ROM)
LATENCY = 2
"""Cycles from a child's heuristic on the inputs to its values: the gap, the ROMs."""


@block
def blokus_prior_value(clk, rst, valid_in, heuristic, best, valid_out, w8, summary):
    """golden.blokus.mcts.prior_w8(best, h) of a child an expansion writes,
    and golden's child_summary of it (n8 = PRIOR_VISITS * 256 for every new
    child): what its STATS and SUMMARY words start with.

    Ports:
        clk, rst     in   clock, synchronous reset
        valid_in     in   a child enters: its heuristic
        heuristic    in   HEURISTIC_BITS: its h (blokus_expand_scan's); give
                          `best` for a node's one PASS child (golden's prior
                          of a pass is that of a gap of 0)
        best         in   HEURISTIC_BITS: the node's best h, >= heuristic
                          (held while its children enter)
        valid_out    out  the child that entered LATENCY cycles ago leaves
        w8           out  W8_BITS: its prior w8
        summary      out  SUMMARY_BITS: child_summary(PRIOR_N8, w8)
    How: the gap best - h registered (every heuristic is at most
    HEURISTIC_MAX <= GAP_MAX, so golden's cap never acts: checked at build
    time), then two ROMs of
    GAP_MAX + 1 entries registered (the summary's division done at build
    time: every new child has the same n8). A new child every cycle.
    """
    for name, port, bits in (("heuristic", heuristic, HEURISTIC_BITS),
                             ("best", best, HEURISTIC_BITS), ("w8", w8, W8_BITS),
                             ("summary", summary, SUMMARY_BITS)):
        if len(port) != bits:
            raise ValueError("blokus_prior_value: %s must have %d bits, not %d"
                             % (name, bits, len(port)))
    gap, gap_comb = unsigned(GAP_BITS), unsigned(GAP_BITS)
    valid_gap = flag()
    w8_entry, summary_entry = unsigned(W8_BITS), unsigned(SUMMARY_BITS)

    @always_comb
    def gap_of():
        gap_comb.next = best - heuristic

    @always_comb
    def w8_rom():
        w8_entry.next = W8_ROM[gap]

    @always_comb
    def summary_rom():
        summary_entry.next = SUMMARY_ROM[gap]

    @always_seq(clk.posedge, reset=rst)
    def stages():
        gap.next = gap_comb
        valid_gap.next = valid_in
        w8.next = w8_entry
        summary.next = summary_entry
        valid_out.next = valid_gap

    return gap_of, w8_rom, summary_rom, stages
