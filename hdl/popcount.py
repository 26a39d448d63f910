"""Number of set bits of a wide vector: a pipelined carry-save adder tree."""
from myhdl import ConcatSignal, Signal, always_comb, always_seq, block, concat, intbv

from hdl.register import register


def csa_plan(n, per_stage=3, first=None, combinational=False):
    """The shape of the tree for n bits: a list of layers, each a list of
    bucket widths (bucket w holds bits of weight 2**w) before that layer, and
    the layers after which the buckets are registered: after the first
    `first` layers (default per_stage), then every `per_stage` (none when
    `combinational`).

    One layer splits every bucket of 3m + r bits into three m-bit thirds a,
    b, c: a ^ b ^ c stays in the bucket (m bits, with the r left over), the
    majority goes up one bucket (m bits): m full adders side by side, each
    turning three bits into two. Layers run until no bucket has more than 2
    bits; a final adder then sums the two numbers the buckets form."""
    widths = [n]
    layers = []
    while max(widths) > 2:
        layers.append(list(widths))
        new = [0] * (len(widths) + 1)
        for w, k in enumerate(widths):
            m = k // 3
            new[w] += m + k % 3
            new[w + 1] += m
        while new and new[-1] == 0:
            new.pop()
        widths = new
    layers.append(list(widths))
    if combinational:
        return layers, set()
    first = per_stage if first is None else first
    regs = set(range(first - 1, len(layers) - 1, per_stage))
    return layers, regs


def latency(n, per_stage=3, first=None, combinational=False):
    """Clock cycles from vec to count (the registers between layers and the
    final adder's register; 0 when `combinational`)."""
    if combinational:
        return 0
    layers, regs = csa_plan(n, per_stage, first)
    return len(regs) + 1


@block
def popcount(clk, rst, vec, count, per_stage=3, first=None, combinational=False):
    """count = number of ones of `vec`, latency(len(vec), per_stage, first,
    combinational) cycles later.

    Ports:
        clk, rst   in   clock, synchronous reset
        vec        in   the vector (any width >= 3)
        count      out  wide enough for len(vec) ones
    Settings:
        per_stage  carry-save layers per pipeline stage
        first      layers before the first register (default per_stage: fewer
                   when logic before `vec` shares the first cycle)
        combinational  no register at all: count in vec's cycle, about
                   log1.5(n) full adders deep and the final adder (a
                   chain of n incrementers, what `for` + `if` writes, is n
                   adders deep: the whole search's worst path at 28 MHz)
    A carry-save tree (csa_plan): about one full adder per input bit, all of
    one layer side by side, ending in one binary adder; a register after every
    `per_stage` layers and after the adder.
    """
    n = len(vec)
    if n < 3:
        raise ValueError("popcount: a vector of %d bits needs no tree" % n)
    if count.max < n + 1:
        raise ValueError("popcount: a count below %d cannot hold %d ones" % (count.max, n))
    layers, regs = csa_plan(n, per_stage, first, combinational)
    if len(count) <= len(layers[-1]):
        raise ValueError("popcount: count needs more than %d bits" % len(layers[-1]))
    parts = []
    cur = [vec]                                   # bucket signals before the layer
    for li, widths in enumerate(layers[:-1]):
        after = layers[li + 1]
        nxt = [Signal(intbv(0)[k:]) for k in after]
        carries = [Signal(intbv(0)[max(1, widths[w] // 3):]) for w in range(len(widths))]
        for w, k in enumerate(widths):
            m = k // 3
            cin = carries[w - 1] if w > 0 and widths[w - 1] // 3 else None
            parts.append(_bucket(cur[w], cin, nxt[w], carries[w], k, m))
        if len(after) > len(widths):              # a new top bucket: the carries alone
            parts.append(passthrough(carries[len(widths) - 1], nxt[len(widths)]))
        if li in regs:
            held = [Signal(intbv(0)[k:]) for k in after]
            parts += [register(clk, rst, nxt[w], held[w]) for w in range(len(after))]
            nxt = held
        cur = nxt
    # the final adder: bit 0 of every bucket is one number, bit 1 the other
    final = layers[-1]
    lo = [Signal(bool(0)) for _ in final]
    hi = [Signal(bool(0)) for _ in final]
    parts += [_split(cur[w], lo[w], hi[w], final[w]) for w in range(len(final))]
    pad = len(count) - len(final)
    x = ConcatSignal(intbv(0)[pad:], *reversed(lo))      # as wide as count
    y = ConcatSignal(intbv(0)[pad:], *reversed(hi))

    if combinational:
        @always_comb
        def add_now():
            count.next = x + y
        return parts, add_now

    @always_seq(clk.posedge, reset=rst)
    def add():
        count.next = x + y

    return parts, add


@block
def _bucket(v, cin, vout, cout, k, m):
    """One bucket of one layer: vout = (a ^ b ^ c, the k - 3m left over, cin)
    low bits first; cout = majority(a, b, c)."""
    if m == 0:
        if cin is None:
            @always_comb
            def keep():
                vout.next = v
            return keep

        @always_comb
        def keep_cin():
            vout.next = concat(cin, v)
        return keep_cin
    r = k - 3 * m
    sm = Signal(intbv(0)[m:])

    @always_comb
    def majority():
        cout.next = ((v[m:0] & v[2 * m:m]) | (v[m:0] & v[3 * m:2 * m])
                     | (v[2 * m:m] & v[3 * m:2 * m]))

    @always_comb
    def parity():
        sm.next = v[m:0] ^ v[2 * m:m] ^ v[3 * m:2 * m]

    if r == 0 and cin is None:
        @always_comb
        def out0():
            vout.next = sm
        return majority, parity, out0
    if r == 0:
        @always_comb
        def out1():
            vout.next = concat(cin, sm)
        return majority, parity, out1
    if cin is None:
        @always_comb
        def out2():
            vout.next = concat(v[k:3 * m], sm)
        return majority, parity, out2

    @always_comb
    def out3():
        vout.next = concat(cin, v[k:3 * m], sm)
    return majority, parity, out3


@block
def passthrough(a, b):
    """b = a: a wire between two signals (a tree's node without an adder)."""
    @always_comb
    def p():
        b.next = a
    return p


@block
def _split(v, lo, hi, k):
    """lo, hi = bits 0 and 1 of a bucket of k <= 2 bits (0 where absent)."""
    if k == 0:
        @always_comb
        def none():
            lo.next = 0
            hi.next = 0
        return none
    if k == 1:
        @always_comb
        def one():
            lo.next = v[0]
            hi.next = 0
        return one

    @always_comb
    def two():
        lo.next = v[0]
        hi.next = v[1]
    return two
