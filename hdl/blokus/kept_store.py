"""The kept moves of every frame of the Blokus search: one small RAM."""
from myhdl import Signal, always_seq, block, intbv


@block
def blokus_kept_store(clk, we, wr_addr, wr_data, rd_addr, rd_data, depth):
    """`depth` words of len(wr_data) bits, one write and one read a cycle, two cycles of read latency.

    Ports:
        clk       in   clock
        we        in   write `wr_data` to `wr_addr` at this edge
        wr_addr   in   the word written
        wr_data   in   the word's new value
        rd_addr   in   the word read
        rd_data   out  word `rd_addr` of two edges ago, as it stood before
                       that edge (a read and a write of the same word in one
                       cycle read the old value)
    The search keeps frame f's TOP_K moves (score, step, shape) at words
    f * TOP_K .. f * TOP_K + TOP_K - 1. No reset: a word is read only after
    it was written (a frame's list is copied before its moves are visited).
    Written as a synchronous RAM so that synthesis may map it to M4K blocks,
    with an output register after it: a block RAM's read data arrive late
    in the cycle (5.6 ns of the ECP5 proxy's 14), and the search's control
    once decoded them in the same cycle (the critical path at 70.6 MHz).
    """
    mem = [Signal(intbv(0)[len(wr_data):]) for _ in range(depth)]
    read_word = Signal(intbv(0)[len(wr_data):])

    @always_seq(clk.posedge, reset=None)
    def ram():
        if we:
            mem[wr_addr].next = wr_data
        read_word.next = mem[rd_addr]

    @always_seq(clk.posedge, reset=None)
    def output_register():
        rd_data.next = read_word

    return ram, output_register
