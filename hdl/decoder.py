"""Binary to one-hot decoder."""
from myhdl import ConcatSignal, Signal, always_comb, block


@block
def decoder(sel, onehot):
    """onehot[i] = (sel == i) for every bit i of `onehot`.

    Ports:
        sel     in   binary index
        onehot  out  len(onehot) bits, exactly one set when sel < len(onehot)
    Built as one comparison with a constant per bit, so that no integer loop
    variable meets a narrow signal in the Verilog (lint-clean).
    """
    bits = [Signal(bool(0)) for _ in range(len(onehot))]
    cmps = [_is(sel, bits[i], i) for i in range(len(onehot))]
    vec = ConcatSignal(*reversed(bits))

    @always_comb
    def out():
        onehot.next = vec
    return cmps, out


@block
def _is(sel, bit, value):
    @always_comb
    def cmp():
        bit.next = sel == value
    return cmp
