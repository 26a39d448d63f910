"""Small first-in first-out buffer of bytes."""
from myhdl import Signal, always_comb, always_seq, block, intbv


@block
def byte_fifo(clk, rst, din, push, dout, pop, empty, full, depth=16, width=8):
    """A FIFO of `depth` words of `width` bits (depth a power of two).

    Ports:
        clk, rst  in   clock, synchronous reset (active high)
        din       in   `width` bits written when `push` is high and `full` is low
        push      in   write request (ignored when full)
        dout      out  `width` bits, the oldest word, valid while `empty` is low
        pop       in   remove the oldest byte (ignored when empty)
        empty     out  no byte stored
        full      out  `depth` bytes stored
    """
    if depth < 2 or depth & (depth - 1):
        raise ValueError("byte_fifo: depth must be a power of two >= 2, got %r" % depth)
    aw = depth.bit_length() - 1
    mem = [Signal(intbv(0)[width:]) for _ in range(depth)]
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
