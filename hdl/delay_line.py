"""A fixed delay of a wide word, in a RAM instead of a chain of registers."""
from myhdl import Signal, always_seq, block, intbv, modbv

MIN_CYCLES = 3
"""The RAM's read takes two edges (the read and its output register) and the
word must be written at an edge before the one that reads it."""


def depth_for(cycles):
    """The RAM's words: the smallest power of two that holds `cycles` - 1
    words in flight (at least 4)."""
    depth = 4
    while depth < cycles - 1:
        depth *= 2
    return depth


@block
def delay_line(clk, rst, data_in, data_out, cycles):
    """data_out = data_in of `cycles` edges before: as `cycles` registers in a
    row (`hdl.register`), but held in one RAM.

    Ports:
        clk       in   clock
        rst       in   synchronous reset: the pointers only (the words in
                       flight are not cleared; a user reads data_out only
                       with its own valid, delayed by registers)
        data_in   in   the word, taken at every edge
        data_out  out  the word taken `cycles` edges ago (a register: the
                       RAM's output register)
    Settings:
        cycles    the delay, at least MIN_CYCLES
    Why: blokus_stats_update delayed 85 bits of sums beside its summary's
    19 cycles in registers, 1,615 flip-flops that no LUT feeds: each takes
    a logic element of its own on the Cyclone II (a LUT and its flip-flop
    share one only when the LUT feeds it; synth.fit counts them). 53 of
    those bits now wait here, in two M4K blocks (n8 stays in registers,
    which synthesis merges with the divider's own row of it).
    How: the word is written at `wr_ptr` every edge; the read pointer runs
    `cycles` - 2 words behind, the RAM's read is registered (so that
    synthesis may map it to M4K) and so is its output.
    """
    if cycles < MIN_CYCLES:
        raise ValueError("delay_line: cycles = %d, at least %d (the RAM's read takes two "
                         "edges); use hdl.register for a shorter delay" % (cycles, MIN_CYCLES))
    if len(data_out) != len(data_in):
        raise ValueError("delay_line: data_out has %d bits, data_in %d"
                         % (len(data_out), len(data_in)))
    depth = depth_for(cycles)
    behind = cycles - 2
    addr_bits = (depth - 1).bit_length()
    mem = [Signal(intbv(0)[len(data_in):]) for _ in range(depth)]
    wr_ptr = Signal(modbv(0)[addr_bits:])
    rd_ptr = Signal(modbv(depth - behind)[addr_bits:])
    read_word = Signal(intbv(0)[len(data_in):])

    @always_seq(clk.posedge, reset=rst)
    def pointers():
        wr_ptr.next = wr_ptr + 1
        rd_ptr.next = rd_ptr + 1

    @always_seq(clk.posedge, reset=None)
    def ram():
        mem[wr_ptr].next = data_in
        read_word.next = mem[rd_ptr]

    @always_seq(clk.posedge, reset=None)
    def output_register():
        data_out.next = read_word

    return pointers, ram, output_register
