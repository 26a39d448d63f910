"""Signed sum of many terms, as a balanced tree of adders."""
from myhdl import Signal, always_comb, block, intbv


@block
def adder_tree(terms, total):
    """total = sum(terms), combinational.

    Ports:
        terms  in   a Python list of signed Signals (each passed on individually)
        total  out  signed, wide enough for the sum
    Every internal node has the width of `total`.
    """
    n = len(terms)
    if n == 1:
        t = terms[0]

        @always_comb
        def one():
            total.next = t
        return one
    if n == 2:
        a, b = terms

        @always_comb
        def two():
            total.next = a + b
        return two
    lo = Signal(intbv(0, min=total.min, max=total.max))
    hi = Signal(intbv(0, min=total.min, max=total.max))
    left = adder_tree(terms[:n // 2], lo)
    right = adder_tree(terms[n // 2:], hi)

    @always_comb
    def add():
        total.next = lo + hi
    return left, right, add
