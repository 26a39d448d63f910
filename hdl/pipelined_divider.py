"""A restoring divider, one quotient bit a registered stage: a new division every cycle."""
from myhdl import Signal, always_comb, always_seq, block, concat, intbv


@block
def pipelined_divider(clk, rst, valid_in, numerator, denominator, valid_out, quotient):
    """quotient = numerator // denominator, len(quotient) + 1 cycles later.

    Ports:
        clk, rst     in   clock, synchronous reset
        valid_in     in   a division enters (its operands on the inputs)
        numerator    in   N bits
        denominator  in   D bits, not 0
        valid_out    out  the division that entered len(quotient) + 1 cycles ago
                          leaves
        quotient     out  Q = len(quotient) bits: its quotient
    The caller guarantees numerator < denominator << Q (the quotient fits Q
    bits): the remainder then starts as numerator >> Q, below the
    denominator, and each stage shifts in the next numerator bit and
    subtracts the denominator when it can (restoring division). Stage k
    registers the remainder, the quotient's bits so far, the numerator's
    bits still to come and the denominator. A constant numerator bit (a
    shifted operand's zeros) costs no flip-flops once synthesis sees it.
    """
    q_bits, n_bits, d_bits = len(quotient), len(numerator), len(denominator)
    if n_bits <= q_bits:
        raise ValueError("pipelined_divider: a numerator of %d bits needs fewer than %d "
                         "quotient bits" % (n_bits, n_bits))
    rem = [Signal(intbv(0)[d_bits:]) for _ in range(q_bits + 1)]
    den = [Signal(intbv(0)[d_bits:]) for _ in range(q_bits + 1)]
    low = [Signal(intbv(0)[q_bits:]) for _ in range(q_bits + 1)]     # numerator bits to come
    quo = [Signal(intbv(0)[q_bits:]) for _ in range(q_bits + 1)]
    valid = [Signal(bool(0)) for _ in range(q_bits + 1)]

    rem0, den0, low0, quo0, valid0 = rem[0], den[0], low[0], quo[0], valid[0]

    @always_seq(clk.posedge, reset=rst)
    def load():
        rem0.next = numerator[n_bits:q_bits]
        den0.next = denominator
        low0.next = numerator[q_bits:0]
        quo0.next = 0
        valid0.next = valid_in

    stages = [divider_stage(clk, rst, rem[k], den[k], low[k], quo[k], valid[k], rem[k + 1],
                            den[k + 1], low[k + 1], quo[k + 1], valid[k + 1])
              for k in range(q_bits)]
    quo_last, valid_last = quo[q_bits], valid[q_bits]

    @always_comb
    def outputs():
        quotient.next = quo_last
        valid_out.next = valid_last

    return load, stages, outputs


@block
def divider_stage(clk, rst, rem_in, den_in, low_in, quo_in, valid_in, rem_out, den_out, low_out,
                  quo_out, valid_out):
    """One stage of pipelined_divider: the next numerator bit shifted into the
    remainder, the denominator subtracted when it fits, one quotient bit.

    Ports: the stage's registers in (remainder, denominator, numerator bits
    to come, quotient so far, valid) and out, a cycle later. The remainder is
    below the denominator before the shift, so the shifted one fits one bit
    more than the denominator.
    """
    d_bits, q_bits = len(den_in), len(quo_in)

    @always_seq(clk.posedge, reset=rst)
    def step():
        shifted = intbv(0)[d_bits + 1:]
        shifted[:] = concat(rem_in, low_in[q_bits - 1])
        if shifted >= den_in:
            rem_out.next = shifted - den_in
            quo_out.next = concat(quo_in[q_bits - 1:0], True)
        else:
            rem_out.next = shifted[d_bits:]
            quo_out.next = concat(quo_in[q_bits - 1:0], False)
        low_out.next = concat(low_in[q_bits - 1:0], False)
        den_out.next = den_in
        valid_out.next = valid_in

    return step
