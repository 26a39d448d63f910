"""One Score-4 line: its evaluation term, and whether a new bead completes it."""
from myhdl import Signal, always_comb, block, concat, intbv

from golden.score4.search import line_value


@block
def score4_line_term(x, y, term, cells):
    """The evaluation term of one line (score4_line's `term` alone).

    One table indexed by both sides' 4-bit patterns, holding the term's bits
    (two's complement): a few LUT levels, no negation carry chain.
    """
    c0, c1, c2, c3 = cells
    n = len(term)
    table = tuple(_term(xa, yb, cells) & ((1 << n) - 1) for xa in range(16) for yb in range(16))
    both = Signal(intbv(0)[8:])
    bits = Signal(intbv(0)[n:])

    @always_comb
    def pattern():
        both.next = concat(x[c3], x[c2], x[c1], x[c0], y[c3], y[c2], y[c1], y[c0])

    @always_comb
    def lookup():
        bits.next = table[both]

    @always_comb
    def result():
        term.next = bits.signed()

    return pattern, lookup, result


def _term(xa, yb, cells):
    """golden search.evaluate's term of the line through `cells` with these
    4-bit patterns of x and y (bit t: x's bead on cells[t])."""
    line = sum(1 << c for c in cells)

    def beads(pattern):
        return sum(1 << c for t, c in enumerate(cells) if pattern >> t & 1)
    if xa and not yb:
        return line_value(beads(xa), line)
    if yb and not xa:
        return -line_value(beads(yb), line)
    return 0


@block
def score4_line_won_at(x, cell, won, cells):
    """won = the line is all x's and passes through the one-hot `cell` (64 bits)."""
    c0, c1, c2, c3 = cells

    @always_comb
    def result():
        won.next = (x[c0] and x[c1] and x[c2] and x[c3]) and (
            cell[c0] or cell[c1] or cell[c2] or cell[c3])

    return result
