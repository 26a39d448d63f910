"""The kept moves of every frame of the Blokus search: one small RAM."""
from myhdl import Signal, always_seq, block, intbv


@block
def blokus_kept_store(clk, we, wr_addr, wr_data, rd_addr, rd_data, depth):
    """`depth` words of len(wr_data) bits, one write and one registered read a cycle.

    Ports:
        clk       in   clock
        we        in   write `wr_data` to `wr_addr` at this edge
        wr_addr   in   the word written
        wr_data   in   the word's new value
        rd_addr   in   the word read
        rd_data   out  word `rd_addr` as it stood before this edge (a read and
                       a write of the same word in one cycle read the old value)
    The search keeps frame f's TOP_K moves (score, step, shape) at words
    f * TOP_K .. f * TOP_K + TOP_K - 1. No reset: a word is read only after
    it was written (a frame's list is copied before its moves are visited).
    Written as a synchronous RAM so that synthesis may map it to M4K blocks.
    """
    mem = [Signal(intbv(0)[len(wr_data):]) for _ in range(depth)]

    @always_seq(clk.posedge, reset=None)
    def ram():
        if we:
            mem[wr_addr].next = wr_data
        rd_data.next = mem[rd_addr]

    return ram
