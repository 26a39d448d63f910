"""A tree node's statistics updated and its summary made anew: one node a cycle, pipelined."""
from myhdl import always_comb, always_seq, block, concat

from golden.blokus.mcts import RAVE_CHILD_MAX, RAVE_PARENT_MAX, RAVE_W8
from hdl.blokus.child_summary import (LATENCY as SUMMARY_LATENCY, MAX_DESCENTS, SUMMARY_BITS,
                                      VISIT_BITS, blokus_child_summary)
from hdl.delay_line import delay_line
from hdl.register import register
from hdl.signals import flag, unsigned

REAL_BITS = MAX_DESCENTS.bit_length()
"""A node's descents (real): fewer than MAX_DESCENTS in a search."""
ADD_BITS = 9
"""What one operation adds to n8 or w8: 256 (a visit, a virtual loss, a win),
128 (a draw) or a RAVE weight below RAVE_W8."""
if max(256, RAVE_W8) >= 1 << ADD_BITS:
    raise ValueError("blokus_stats_update: golden's RAVE_W8 = %d needs more than %d bits"
                     % (RAVE_W8, ADD_BITS))
LATENCY = 1 + SUMMARY_LATENCY
"""Cycles from a node on the inputs to its new statistics on the outputs: the
sums registered, then blokus_child_summary."""


class StatsRequest:
    """A node's STATS and the update to make, as the tree unit's operations
    give them to the one blokus_stats_update they share (read on the cycle
    `valid` is high): valid, n8, w8, descents, n8_add, w8_add, descent_add
    (blokus_stats_update's inputs of those names)."""

    def __init__(self):
        self.valid = flag()
        self.n8, self.w8 = unsigned(VISIT_BITS), unsigned(VISIT_BITS)
        self.descents = unsigned(REAL_BITS)
        self.n8_add, self.w8_add = unsigned(ADD_BITS), unsigned(ADD_BITS)
        self.descent_add = flag()


class StatsResult:
    """blokus_stats_update's answer, LATENCY cycles after the request: valid,
    n8, w8, descents, summary, saturated, rave_parent."""

    def __init__(self):
        self.valid = flag()
        self.n8, self.w8 = unsigned(VISIT_BITS), unsigned(VISIT_BITS)
        self.descents = unsigned(REAL_BITS)
        self.summary = unsigned(SUMMARY_BITS)
        self.saturated, self.rave_parent = flag(), flag()


@block
def blokus_stats_update(clk, rst, valid_in, n8, w8, descents, n8_add, w8_add, descent_add,
                        valid_out, n8_out, w8_out, descents_out, summary, saturated, rave_parent):
    """A node's STATS after one of golden's updates, and what the tree keeps
    beside them: the virtual loss of a selection (n8 + 256), a back-up (w8 +
    r, real + 1; n8 + 256 at the root), a RAVE update (n8 + weight, w8 +
    its share).

    Ports:
        clk, rst       in   clock, synchronous reset
        valid_in       in   a node's STATS (as read) and the update enter
        n8, w8         in   VISIT_BITS each
        descents       in   REAL_BITS: its descents (golden's real)
        n8_add, w8_add in   ADD_BITS each: added to n8 and w8
        descent_add    in   a descent is added (a back-up)
        valid_out      out  the node that entered LATENCY cycles ago leaves
        n8_out, w8_out, descents_out  out  its new STATS, to be written
        summary        out  SUMMARY_BITS: golden's child_summary of the new
                            n8, w8 (its SUMMARY words)
        saturated      out  descents_out > RAVE_CHILD_MAX: its KEY word's flag
        rave_parent    out  descents_out <= RAVE_PARENT_MAX: RAVE visits its
                            children (when it is on the path)
    How: the sums and the two compares registered, then the summary of the
    new n8 and w8 through blokus_child_summary, the sums and flags delayed
    beside it (n8 in registers, the rest in one RAM: hdl/delay_line.py). A
    new node every cycle. Golden keeps w8 <= n8 and n8 < 2^30
    (child_summary.py checks the budget for the latter).
    """
    for name, port, bits in (("n8", n8, VISIT_BITS), ("w8", w8, VISIT_BITS),
                             ("descents", descents, REAL_BITS), ("n8_add", n8_add, ADD_BITS),
                             ("w8_add", w8_add, ADD_BITS), ("n8_out", n8_out, VISIT_BITS),
                             ("w8_out", w8_out, VISIT_BITS),
                             ("descents_out", descents_out, REAL_BITS),
                             ("summary", summary, SUMMARY_BITS)):
        if len(port) != bits:
            raise ValueError("blokus_stats_update: %s must have %d bits, not %d"
                             % (name, bits, len(port)))
    n8_sum, w8_sum, descents_sum = unsigned(VISIT_BITS), unsigned(VISIT_BITS), unsigned(REAL_BITS)
    sum_valid, sum_saturated, sum_parent = flag(), flag(), flag()

    @always_seq(clk.posedge, reset=rst)
    def sums():
        n8_sum.next = n8 + n8_add
        w8_sum.next = w8 + w8_add
        descents_sum.next = descents + descent_add
        sum_valid.next = valid_in
        # descent_add is 0 or 1: compare the old count, so the adder is not before the compares
        sum_saturated.next = descents > RAVE_CHILD_MAX - descent_add
        sum_parent.next = descents <= RAVE_PARENT_MAX - descent_add

    summarizer = blokus_child_summary(clk, rst, sum_valid, n8_sum, w8_sum, valid_out, summary)
    # the sums and the flags wait for the summary. n8 in registers: the
    # summary's divider carries it stage by stage as its denominator, and
    # synthesis merges the two rows (in the RAM it was a second copy, 576
    # flip-flops more in the whole search); the rest in one RAM
    # (hdl/delay_line.py says why)
    n8_line = [n8_sum] + [unsigned(VISIT_BITS) for _ in range(SUMMARY_LATENCY - 1)] + [n8_out]
    n8_delays = [register(clk, rst, n8_line[k], n8_line[k + 1]) for k in range(SUMMARY_LATENCY)]
    word_bits = VISIT_BITS + REAL_BITS + 2
    sum_word, late_word = unsigned(word_bits), unsigned(word_bits)
    delay = delay_line(clk, rst, sum_word, late_word, SUMMARY_LATENCY)

    @always_comb
    def pack():
        sum_word.next = concat(sum_parent, sum_saturated, descents_sum, w8_sum)

    @always_comb
    def unpack():
        w8_out.next = late_word[VISIT_BITS:0]
        descents_out.next = late_word[VISIT_BITS + REAL_BITS:VISIT_BITS]
        saturated.next = late_word[VISIT_BITS + REAL_BITS]
        rave_parent.next = late_word[VISIT_BITS + REAL_BITS + 1]

    return sums, summarizer, n8_delays, delay, pack, unpack


@block
def blokus_stats_updater(clk, rst, request, result):
    """blokus_stats_update between a StatsRequest and a StatsResult: the one
    the tree unit's operations share (each drives `request` only while it
    runs)."""
    return blokus_stats_update(clk, rst, request.valid, request.n8, request.w8, request.descents,
                               request.n8_add, request.w8_add, request.descent_add, result.valid,
                               result.n8, result.w8, result.descents, result.summary,
                               result.saturated, result.rave_parent)
