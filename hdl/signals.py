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


def check_widths(block_name, ports):
    """Raise a ValueError naming the first of `ports` ((name, signal, bits)
    each) whose width is not its bits: a block's port check at build time."""
    for name, port, bits in ports:
        if len(port) != bits:
            raise ValueError("%s: %s must have %d bits, has %d"
                             % (block_name, name, bits, len(port)))
