"""A register: one pipeline stage."""
from myhdl import always_seq, block


@block
def register(clk, rst, d, q):
    """q <= d every clock.

    Ports:
        clk, rst   in   clock, synchronous reset (q = its initial value)
        d          in   any Signal
        q          out  a Signal of d's type
    """
    @always_seq(clk.posedge, reset=rst)
    def stage():
        q.next = d
    return stage
