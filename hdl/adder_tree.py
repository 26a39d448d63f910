"""Signed sum of many terms, as a balanced tree of adders."""
from myhdl import Signal, always_comb, always_seq, block, intbv


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


def tree_levels(n):
    """Adder levels of a balanced tree over n terms."""
    return max(0, (n - 1).bit_length())


def pipelined_latency(n, levels_per_stage):
    """Clock cycles from the terms to the total of pipelined_adder_tree."""
    return -(-tree_levels(n) // levels_per_stage) if n > 1 else 1


@block
def pipelined_adder_tree(clk, terms, total, levels_per_stage):
    """total = sum(terms), registered every `levels_per_stage` adder levels
    and at the end: pipelined_latency(len(terms), levels_per_stage) cycles
    after the terms (a new sum may start every cycle).

    Ports:
        clk    in   the clock (the pipeline registers have no reset)
        terms  in   a Python list of signed Signals
        total  out  signed, wide enough for the sum (a register)
    Every internal node has the width of `total`. An odd term out at a level
    passes on to the next (through the level's register if it has one), so
    every term reaches the total after the same number of registers.
    """
    if levels_per_stage < 1:
        raise ValueError("pipelined_adder_tree: levels_per_stage must be >= 1")
    level = list(terms)
    blocks = []
    depth = tree_levels(len(level))
    if depth == 0:
        blocks.append(_node(clk, level, None, total))
        return blocks
    for k in range(depth):
        registered = (k + 1) % levels_per_stage == 0 or k + 1 == depth
        nxt = []
        for i in range(0, len(level), 2):
            out = total if k + 1 == depth else \
                Signal(intbv(0, min=total.min, max=total.max))
            pair = level[i:i + 2]
            blocks.append(_node(clk if registered else None, pair[0],
                                pair[1] if len(pair) > 1 else None, out))
            nxt.append(out)
        level = nxt
    return blocks


@block
def _node(clk, a, b, out):
    """out = a + b (b None: a alone), registered on clk (None: combinational)."""
    if isinstance(a, list):            # a single term: the tree of one
        a = a[0]
    if clk is None:
        if b is None:
            @always_comb
            def copy():
                out.next = a
            return copy

        @always_comb
        def add():
            out.next = a + b
        return add
    if b is None:
        @always_seq(clk.posedge, reset=None)
        def copy_reg():
            out.next = a
        return copy_reg

    @always_seq(clk.posedge, reset=None)
    def add_reg():
        out.next = a + b
    return add_reg
