"""A read-only table indexed by a signal: one case statement (a few for wide entries)."""
from myhdl import ConcatSignal, Signal, always_comb, always_seq, block, intbv

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


@block
def registered_rom(clk, index, table, out):
    """out = table[index], registered (no reset): a table off the path of
    the logic that reads it, for an index that is steady (a size, a stage)."""
    ahead = Signal(intbv(0, min=out.min, max=out.max) if out.min is not None and out.min < 0
                   else intbv(0)[len(out):])

    @always_seq(clk.posedge, reset=None)
    def hold():
        out.next = ahead
    return rom(index, table, ahead), hold
