"""Which of a node's move slots have been tried, as a thermometer."""
from myhdl import always_comb, block, intbv

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
    @always_comb
    def thermometer():
        t = intbv(0)[SLOTS:]
        for j in range(SLOTS):
            if j < first:
                t[j] = 1
            else:
                t[j] = count > j - first
        bits.next = t

    return thermometer
