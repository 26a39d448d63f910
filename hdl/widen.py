"""Signed widths made equal, as lint wants them: sign- or zero-extension
and the low bits of a value known to fit."""
from myhdl import Signal, always_comb, block, concat, intbv


@block
def widen(narrow, wide):
    """wide = narrow, sign-extended (both signed)."""
    top = len(narrow) - 1
    extra = len(wide) - len(narrow)
    ones = Signal(intbv((1 << extra) - 1)[extra:])    # constant
    zeros = Signal(intbv(0)[extra:])                  # constant
    ext = Signal(intbv(0)[extra:])

    @always_comb
    def sign_bits():
        if narrow[top]:
            ext.next = ones
        else:
            ext.next = zeros

    @always_comb
    def join():
        wide.next = concat(ext, narrow[top + 1:]).signed()
    return sign_bits, join


@block
def fit(source, out):
    """out = source (both signed; the value fits out): sign-extended, or its
    low bits."""
    if len(out) > len(source):
        return widen(source, out)
    width = len(out)

    @always_comb
    def low_bits():
        out.next = source[width:].signed()
    return low_bits


@block
def widen_unsigned(narrow, wide):
    """wide (signed) = narrow (unsigned), zero-extended."""
    extra = len(wide) - len(narrow)
    zeros = Signal(intbv(0)[extra:])                  # constant

    @always_comb
    def join():
        wide.next = concat(zeros, narrow).signed()
    return join
