"""A read-only table indexed by a signal: one case statement."""
from myhdl import always_comb, block


@block
def rom(index, table, out):
    """out = table[index], combinational.

    Ports:
        index  in   the address
        out    out  the entry (signed when the table holds negative values)
    Settings:
        table  a tuple of ints, one per address
    """
    @always_comb
    def read():
        out.next = table[index]
    return read
