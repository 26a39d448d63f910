"""A read-only table indexed by a signal: one case statement (a few for wide entries)."""
from myhdl import ConcatSignal, Signal, always, always_comb, always_seq, block, intbv

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


@block
def dual_port_rom(clk, addr_a, addr_b, q_a, q_b, table):
    """q_a = table[addr_a] and q_b = table[addr_b], each registered: one
    memory read by two ports (the M4K's true dual-port mode; synth/m4k.txt's
    ROM block), its contents in an initial block.

    Ports:
        clk             in   the clock
        addr_a, addr_b  in   the addresses (0 .. len(table) - 1)
        q_a, q_b        out  the entries a cycle later (signed when the table
                             holds negative values; as wide as each other)
    Settings:
        table  a tuple of ints, one per address

    Written as Verilog of its own (below; a generate block, so that each
    instance's memory has a scope of its own in the flat module MyHDL
    writes): a tuple read in two processes
    converts to two case statements, two ROMs and twice the M4K; a MyHDL
    list of signals that nothing drives converts to one memory, but its
    initial block assigns with `<=`, which Verilator's lint rejects
    (INITIALDLY).
    """
    width = len(q_a)
    assert len(q_b) == width and all(-(1 << (width - 1)) <= v < (1 << width) for v in table)
    rom_signed = "signed " if min(table) < 0 else ""
    rom_top = width - 1
    rom_last = len(table) - 1
    mask = (1 << width) - 1
    rom_init = "\n".join("        ROM[%d] = %d'h%x;" % (k, width, v & mask)
                         for k, v in enumerate(table))

    @always(clk.posedge)
    def read():
        q_a.next = table[int(addr_a)]
        q_b.next = table[int(addr_b)]

    q_a.driven = "reg"
    q_b.driven = "reg"
    clk.read = addr_a.read = addr_b.read = True
    return read


dual_port_rom.verilog_code = """
generate if (1) begin: ${q_a}_ROM
    reg ${rom_signed}[${rom_top}:0] ROM [0:${rom_last}];
    initial begin
${rom_init}
    end
    always @(posedge ${clk}) begin
        ${q_a} <= ROM[${addr_a}];
        ${q_b} <= ROM[${addr_b}];
    end
end endgenerate
"""
