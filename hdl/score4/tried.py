"""Which of a node's move slots have been tried, as a thermometer."""
from myhdl import ConcatSignal, Signal, always_comb, block, intbv

from hdl.score4.select import SLOTS


def tried_bits(count, first):
    """The thermometer `score4_tried` drives: bit j set when j < count + first
    (slots 0 .. count + first - 1 tried)."""
    return sum(1 << j for j in range(SLOTS) if j < count + first)


@block
def score4_tried(count, bits, first=0):
    """The slots tried, from a slot counter, without an adder.

    Ports:
        count  in   0 .. SLOTS: a slot counter
        bits   out  SLOTS bits: bit j = j < count + first, one compare of
                    `count` with a constant each (bits below `first` are 1)

    Parameter:
        first  0 (the counter is the next slot: a popped frame's) or 1 (it is
               the slot just chosen, as score4_select's `sel`)
    """
    above = [Signal(bool(0)) for _ in range(first, SLOTS)]
    compares = [_above(count, i, above[i]) for i in range(len(above))]
    packed = ConcatSignal(*(list(reversed(above)) + [intbv(1)[1:] for _ in range(first)]))

    @always_comb
    def drive():
        bits.next = packed

    return compares, drive


@block
def _above(count, i, bit):
    """bit = count > i (a compare with a constant)."""
    @always_comb
    def compare():
        bit.next = count > i
    return compare
