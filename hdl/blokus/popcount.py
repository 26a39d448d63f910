"""Number of set bits of a wide vector, in two or three pipeline stages."""
from myhdl import Signal, always_comb, always_seq, block, concat, intbv

from hdl.adder_tree import adder_tree

CHUNK = 7
POP7 = tuple(bin(v).count("1") for v in range(1 << CHUNK))


@block
def popcount(clk, rst, vec, count, group=None):
    """count = number of ones of `vec`, two (three with `group`) cycles later.

    Ports:
        clk, rst  in   clock, synchronous reset
        vec       in   the vector (any width, a multiple of 7)
        count     out  wide enough for len(vec)
    Settings:
        group     None, or a number of chunks added per group in a stage of
                  its own (for wide vectors: shorter adder trees per cycle)
    Stage 1 counts each 7-bit chunk with a table and registers the counts;
    [stage 2 adds each group of `group` chunk counts and registers the sums;]
    the last stage adds them with a balanced tree and registers the sum.
    """
    n = len(vec)
    if n % CHUNK:
        raise ValueError("popcount: width %d is not a multiple of %d" % (n, CHUNK))
    if count.max < n + 1:
        raise ValueError("popcount: a count below %d cannot hold %d ones" % (count.max, n))
    if group is not None and group < 2:
        raise ValueError("popcount: group must be at least 2, not %r" % (group,))
    chunks = n // CHUNK
    parts = [Signal(intbv(0, min=0, max=CHUNK + 1)) for _ in range(chunks)]
    units = [_chunk(clk, rst, vec, parts[i], i * CHUNK, (i + 1) * CHUNK)
             for i in range(chunks)]
    if group is None:
        sums = parts
        grouping = []
    else:
        groups = [parts[i:i + group] for i in range(0, chunks, group)]
        sums = [Signal(intbv(0, min=0, max=CHUNK * len(g) + 1)) for g in groups]
        grouping = [_group(clk, rst, g, sums[i]) for i, g in enumerate(groups)]
    total = Signal(intbv(0, min=0, max=count.max))
    terms = [Signal(intbv(0, min=0, max=count.max)) for _ in sums]
    widen = [_widen(sums[i], terms[i]) for i in range(len(sums))]
    tree = adder_tree(terms, total)

    @always_seq(clk.posedge, reset=rst)
    def reg():
        count.next = total

    return units, grouping, widen, tree, reg


@block
def _group(clk, rst, parts, out):
    """out <= the sum of a few chunk counts (registered)."""
    terms = [Signal(intbv(0, min=0, max=out.max)) for _ in parts]
    widen = [_widen(parts[i], terms[i]) for i in range(len(parts))]
    total = Signal(intbv(0, min=0, max=out.max))
    tree = adder_tree(terms, total)

    @always_seq(clk.posedge, reset=rst)
    def reg():
        out.next = total

    return widen, tree, reg


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
