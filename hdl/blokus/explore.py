"""A node's exploration factor for its children's selection (golden's
explore_q16) from its descents: one node a cycle, pipelined."""
from math import isqrt

from myhdl import always_comb, always_seq, block, concat, intbv

from golden.blokus.mcts import EXPLORE_K, LOG2_Q4, explore_q16
from hdl.blokus.stats_update import REAL_BITS
from hdl.blokus.uct_score import EXPLORE_BITS
from hdl.signals import flag, unsigned

COUNT_BITS = REAL_BITS + 1               # N + 1 for N < 2^REAL_BITS
SHIFT_MAX = COUNT_BITS - 8               # m >> k keeps m's 8 leading bits
# k = len(m >> 8): the bits above the 8 lowest, split in two halves, each's
# length from a small table (a priority encoder with no loop)
HALF = (SHIFT_MAX + 1) // 2
LEN_ROM = tuple(v.bit_length() for v in range(1 << HALF))
SHIFT_BITS = SHIFT_MAX.bit_length()
LOG_MAX = 16 * SHIFT_MAX + max(LOG2_Q4)
LOG_BITS = LOG_MAX.bit_length()
LOG2_ROM = tuple(LOG2_Q4)                # floor(16 log2 m) of an 8-bit m
EXPLORE_ROM = tuple(isqrt(EXPLORE_K * v) for v in range(LOG_MAX + 1))
if max(EXPLORE_ROM) >= 1 << EXPLORE_BITS:
    raise ValueError("blokus_explore: explore_q16 reaches %d, more than EXPLORE_BITS = %d hold"
                     % (max(EXPLORE_ROM), EXPLORE_BITS))
LATENCY = 5
"""Cycles from a node's descents on the inputs to its factor: N + 1, its
length, its 8 leading bits, golden's log2 table and the shift's 16 k, the
square root's table."""


def shift_of(m):
    """k = max(len(m) - 8, 0): log2_q4(m) = 16 k + LOG2_Q4[m >> k] (golden's log2_q4)."""
    return max(m.bit_length() - 8, 0)


if any(explore_q16(n) != EXPLORE_ROM[16 * shift_of(n + 1) + LOG2_ROM[(n + 1) >> shift_of(n + 1)]]
       for n in (0, 254, 255, 256, (1 << REAL_BITS) - 1)):
    raise ValueError("blokus_explore: its tables no longer give golden's explore_q16")


@block
def blokus_explore(clk, rst, valid_in, descents, valid_out, explore):
    """golden.blokus.mcts.explore_q16(N) = isqrt(EXPLORE_K * log2_q4(N + 1)),
    the exploration factor of a node's children's selection values (what
    blokus_child_select takes), from its descents N.

    Ports:
        clk, rst     in   clock, synchronous reset
        valid_in     in   a node's descents enter
        descents     in   REAL_BITS: N (golden's real)
        valid_out    out  the node that entered LATENCY cycles ago leaves
        explore      out  EXPLORE_BITS: explore_q16(N)
    How: five registered stages: m = N + 1; k = max(len(m) - 8, 0), the
    length of m's bits above its 8 lowest (two halves, each's length from a
    table); m >> k (its 8 leading bits); 16 k + golden's LOG2_Q4
    table at them (golden's log2_q4); the square root of EXPLORE_K times it
    from a table of LOG_MAX + 1 entries built from golden's constants. A new
    node every cycle. The tree unit has the chosen child's descents from
    blokus_tree_select 20 cycles before that choice ends (its update's
    output), so the next choice's factor is ready when it starts.
    """
    for name, port, bits in (("descents", descents, REAL_BITS),
                             ("explore", explore, EXPLORE_BITS)):
        if len(port) != bits:
            raise ValueError("blokus_explore: %s must have %d bits, not %d"
                             % (name, bits, len(port)))
    m1, m2 = unsigned(COUNT_BITS), unsigned(COUNT_BITS)
    shift_comb, shift2, shift3 = unsigned(SHIFT_BITS), unsigned(SHIFT_BITS), unsigned(SHIFT_BITS)
    lead_comb, lead3 = unsigned(8), unsigned(8)
    log_part, log4 = unsigned(LOG_BITS), unsigned(LOG_BITS)
    root_entry = unsigned(EXPLORE_BITS)
    upper_high, upper_low = unsigned(SHIFT_MAX - HALF), unsigned(HALF)
    len_high, len_low = unsigned(SHIFT_BITS), unsigned(SHIFT_BITS)
    v1, v2, v3, v4 = (flag() for _ in range(LATENCY - 1))

    @always_comb
    def halves():
        upper_high.next = m1[COUNT_BITS:8 + HALF]
        upper_low.next = m1[8 + HALF:8]

    @always_comb
    def length_high():
        len_high.next = LEN_ROM[upper_high]

    @always_comb
    def length_low():
        len_low.next = LEN_ROM[upper_low]

    @always_comb
    def length():
        if upper_high != 0:
            shift_comb.next = HALF + len_high
        else:
            shift_comb.next = len_low

    @always_comb
    def leading():
        lead_comb.next = (m2 >> shift2) & 255

    @always_comb
    def log_table():
        log_part.next = LOG2_ROM[lead3]

    @always_comb
    def root_table():
        root_entry.next = EXPLORE_ROM[log4]

    @always_seq(clk.posedge, reset=rst)
    def stages():
        m1.next = descents + 1
        v1.next = valid_in
        m2.next = m1
        shift2.next = shift_comb
        v2.next = v1
        lead3.next = lead_comb
        shift3.next = shift2
        v3.next = v2
        log4.next = concat(shift3, intbv(0)[4:]) + log_part
        v4.next = v3
        explore.next = root_entry
        valid_out.next = v4

    return halves, length_high, length_low, length, leading, log_table, root_table, stages
