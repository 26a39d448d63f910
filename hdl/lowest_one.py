"""The lowest set bit of a wide vector, in logarithmic depth."""
from myhdl import ConcatSignal, Signal, always_comb, block, intbv


@block
def lowest_one(vec, index, rest):
    """index = the lowest i with vec[i] set; rest = vec without that bit.

    Ports:
        vec    in   the request vector
        index  out  wide enough for len(vec) - 1; meaningless when vec == 0
        rest   out  len(vec) bits: vec with its lowest set bit cleared
    vec - 1 isolates the lowest one (a carry chain, not a chain of muxes:
    x & ~(x - 1) is that bit alone, x & (x - 1) the rest), and each index bit
    is an OR of the one-hot vector under a constant mask.
    """
    n = len(vec)
    width = len(index)
    if (1 << width) < n:
        raise ValueError("lowest_one: index of %d bits cannot number %d bits" % (width, n))
    dec = Signal(intbv(0)[n:])
    hot = Signal(intbv(0)[n:])
    enc = onehot_index(hot, index)

    @always_comb
    def isolate():
        dec.next = vec - 1
        hot.next = vec & ~dec
        rest.next = vec & dec

    return enc, isolate


@block
def onehot_index(hot, index):
    """index = the position of the one set bit of `hot` (0 when none).

    Ports:
        hot    in   a one-hot (or zero) vector
        index  out  wide enough for len(hot) - 1
    Each index bit is an OR of `hot` under a constant mask (onehot_table).
    """
    n = len(hot)
    width = len(index)
    if (1 << width) < n:
        raise ValueError("onehot_index: index of %d bits cannot number %d bits" % (width, n))
    return onehot_table(hot, index, range(n))


@block
def onehot_table(hot, value, table):
    """value = table[i] for the one set bit i of `hot` (0 when none).

    Ports:
        hot    in   a one-hot (or zero) vector
        value  out  wide enough for every entry of `table`
    Settings:
        table  len(hot) non-negative integers (a constant ROM)
    Each bit k of `value` is an OR of `hot` under the constant mask of the
    entries whose bit k is set: no binary address and no multiplexer between
    the one-hot vector and the entry.
    """
    n = len(hot)
    width = len(value)
    table = list(table)
    if len(table) != n or min(table) < 0 or max(table) >= 1 << width:
        raise ValueError("onehot_table: %d entries of 0 .. 2**%d - 1 needed, not %r"
                         % (n, width, table))
    bits = [Signal(bool(0)) for _ in range(width)]
    masks = [Signal(intbv(sum(1 << i for i in range(n) if (table[i] >> k) & 1))[n:])
             for k in range(width)]                                  # constants
    enc = [_any(hot, masks[k], bits[k]) for k in range(width)]
    packed = ConcatSignal(*reversed(bits))

    @always_comb
    def out():
        value.next = packed

    return enc, out


@block
def _any(hot, mask, bit):
    """bit = any one of hot under mask."""
    @always_comb
    def test():
        bit.next = (hot & mask) != 0
    return test
