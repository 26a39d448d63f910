"""A counter of pulses that stops at its largest value."""
from myhdl import always_seq, block


@block
def saturating_counter(clk, rst, pulse, count):
    """count + 1 on every clock with `pulse` high, until count is all ones.

    Ports:
        clk, rst  in   clock, synchronous reset (count = 0)
        pulse     in   1 bit: one event this cycle
        count     out  the events so far; it holds at its largest value, so a
                       flood of faults reads "many", never a small number
    """
    top = count.max - 1

    @always_seq(clk.posedge, reset=rst)
    def step():
        if pulse and count != top:
            count.next = count + 1

    return step
