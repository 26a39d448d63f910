"""Index of the lowest set bit."""
from myhdl import Signal, always_comb, block, intbv


@block
def priority_encoder(bits, index):
    """index = the lowest i with bits[i] set, or len(bits) when none is.

    Ports:
        bits   in   request vector
        index  out  wide enough for len(bits)
    A chain of constant-index stages (lint-clean, no loop variables).
    """
    n = len(bits)
    stage = [Signal(intbv(n, min=0, max=index.max)) for _ in range(n)]
    links = [_link(bits, stage[i + 1], stage[i], i) for i in range(n - 1)]
    links.append(_last(bits, stage[n - 1], n - 1))

    first = stage[0]      # a name, not a list index: the list must not become a memory

    @always_comb
    def out():
        index.next = first
    return links, out


@block
def _link(bits, below, here, i):
    """here = i if bits[i] else below."""
    @always_comb
    def pick():
        if bits[i]:
            here.next = i
        else:
            here.next = below
    return pick


@block
def _last(bits, here, i):
    """here = i if bits[i] else i + 1 (none set)."""
    @always_comb
    def pick():
        if bits[i]:
            here.next = i
        else:
            here.next = i + 1
    return pick
