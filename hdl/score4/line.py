"""One Score-4 line."""
from myhdl import Signal, always_comb, block, concat, intbv

from golden.score4.search import W

# W by the 4-bit pattern of one side's beads on a line
W_BY_PATTERN = tuple(W[bin(v).count("1")] for v in range(16))


@block
def score4_line(x, y, land, term, won, cells):
    """One of the 76 lines, for a position where x has just moved.

    Ports:
        x     in   64 bits: the beads of the player who just moved (with the new bead)
        y     in   64 bits: the other player's beads
        land  in   6 bits: the cell the new bead landed on
        term  out  signed: this line's evaluation term for x (golden
                   search.evaluate: +W[k] if only x is on the line, -W[k] if only y)
        won   out  the line is all x's and passes through `land`
    Settings:
        cells  the line's 4 cell indices (elaboration-time constants)
    """
    c0, c1, c2, c3 = cells
    xa = Signal(intbv(0)[4:])
    yb = Signal(intbv(0)[4:])
    wa = Signal(intbv(0, min=term.min, max=term.max))   # as wide as `term`
    wb = Signal(intbv(0, min=term.min, max=term.max))

    @always_comb
    def pattern():
        xa.next = concat(x[c3], x[c2], x[c1], x[c0])
        yb.next = concat(y[c3], y[c2], y[c1], y[c0])

    @always_comb
    def weight_x():
        wa.next = W_BY_PATTERN[xa]

    @always_comb
    def weight_y():
        wb.next = W_BY_PATTERN[yb]

    @always_comb
    def result():
        if yb == 0:
            term.next = wa
        elif xa == 0:
            term.next = -wb
        else:
            term.next = 0
        won.next = (xa == 15) and (land == c0 or land == c1 or land == c2 or land == c3)

    return pattern, weight_x, weight_y, result
