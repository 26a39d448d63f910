"""Small first-in first-out buffer of bytes."""
from myhdl import Signal, always_comb, always_seq, block, intbv


@block
def byte_fifo(clk, rst, din, push, dout, pop, empty, full, depth=16):
    """A FIFO of `depth` bytes (a power of two).

    Ports:
        clk, rst  in   clock, synchronous reset (active high)
        din       in   8 bits written when `push` is high and `full` is low
        push      in   write request (ignored when full)
        dout      out  8 bits, the oldest byte, valid while `empty` is low
        pop       in   remove the oldest byte (ignored when empty)
        empty     out  no byte stored
        full      out  `depth` bytes stored
    """
    if depth < 2 or depth & (depth - 1):
        raise ValueError("byte_fifo: depth must be a power of two >= 2, got %r" % depth)
    aw = depth.bit_length() - 1
    mem = [Signal(intbv(0)[8:]) for _ in range(depth)]
    wr = Signal(intbv(0)[aw + 1:])
    rd = Signal(intbv(0)[aw + 1:])

    @always_seq(clk.posedge, reset=rst)
    def seq():
        if push and not full:
            mem[wr[aw:]].next = din
            wr.next = (wr + 1) % (2 * depth)
        if pop and not empty:
            rd.next = (rd + 1) % (2 * depth)

    @always_comb
    def flags():
        empty.next = wr == rd
        full.next = (wr[aw] != rd[aw]) and (wr[aw:] == rd[aw:])
        dout.next = mem[rd[aw:]]

    return seq, flags
