"""A read-only table indexed by a signal: one case statement (a few for wide entries)."""
from myhdl import ConcatSignal, Signal, always_comb, block, intbv

PART_BITS = 30      # MyHDL writes a constant of 2**30 or more as a sized literal: ROMs of 30 bits


@block
def rom(index, table, out):
    """out = table[index], combinational.

    Ports:
        index  in   the address
        out    out  the entry (signed when the table holds negative values)
    Settings:
        table  a tuple of ints, one per address

    An unsigned `out` wider than PART_BITS is read as several ROMs of
    PART_BITS-bit slices: MyHDL writes a constant of 2**30 or more as a sized
    literal of its own width (42'h...), which lint flags against a wider
    target; slices of 30 bits are plain numbers.
    """
    width = len(out)
    if width <= PART_BITS or min(table) < 0:
        @always_comb
        def read():
            out.next = table[index]
        return read
    parts = []
    blocks = []
    for low in range(0, width, PART_BITS):
        bits = min(PART_BITS, width - low)
        part = Signal(intbv(0)[bits:])
        blocks.append(rom(index, tuple((v >> low) & ((1 << bits) - 1) for v in table), part))
        parts.append(part)
    whole = ConcatSignal(*reversed(parts))

    @always_comb
    def join():
        out.next = whole
    return blocks, join
