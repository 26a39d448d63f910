"""Constructors of fresh Signals, by what they hold (for port bundles and tests)."""
from myhdl import Signal, intbv


def unsigned(width, value=0):
    """A `width`-bit unsigned Signal."""
    return Signal(intbv(value)[width:])


def signed(low, high):
    """A signed Signal holding low .. high - 1 (MyHDL's min/max)."""
    return Signal(intbv(0, min=low, max=high))


def flag(value=0):
    """A 1-bit Signal."""
    return Signal(bool(value))
