"""Number of set bits of a wide vector, in two pipeline stages."""
from myhdl import Signal, always_comb, always_seq, block, concat, intbv

from hdl.adder_tree import adder_tree

CHUNK = 7
POP7 = tuple(bin(v).count("1") for v in range(1 << CHUNK))


@block
def popcount(clk, rst, vec, count):
    """count = number of ones of `vec`, two clock cycles later.

    Ports:
        clk, rst  in   clock, synchronous reset
        vec       in   the vector (any width)
        count     out  wide enough for len(vec)
    Stage 1 counts each 7-bit chunk with a table and registers the counts;
    stage 2 adds them with a balanced tree and registers the sum.
    """
    n = len(vec)
    if n % CHUNK:
        raise ValueError("popcount: width %d is not a multiple of %d" % (n, CHUNK))
    chunks = n // CHUNK
    parts = [Signal(intbv(0, min=0, max=CHUNK + 1)) for _ in range(chunks)]
    units = [_chunk(clk, rst, vec, parts[i], i * CHUNK, (i + 1) * CHUNK)
             for i in range(chunks)]
    total = Signal(intbv(0, min=0, max=count.max))
    terms = [Signal(intbv(0, min=0, max=count.max)) for _ in range(chunks)]
    widen = [_widen(parts[i], terms[i]) for i in range(chunks)]
    tree = adder_tree(terms, total)

    @always_seq(clk.posedge, reset=rst)
    def reg():
        count.next = total

    return units, widen, tree, reg


@block
def _chunk(clk, rst, vec, part, lo, hi):
    """part <= ones of vec[hi:lo] (registered)."""
    bits = Signal(intbv(0)[CHUNK:])
    ones = Signal(intbv(0, min=0, max=CHUNK + 1))

    @always_comb
    def take():
        bits.next = vec[hi:lo]

    @always_comb
    def lookup():
        ones.next = POP7[bits]

    @always_seq(clk.posedge, reset=rst)
    def reg():
        part.next = ones

    return take, lookup, reg


@block
def _widen(a, b):
    """b = a, zero-extended."""
    pad = len(b) - len(a)

    @always_comb
    def w():
        b.next = concat(intbv(0)[pad:], a)
    return w
