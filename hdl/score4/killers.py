"""The Score-4 search's killer moves: one post per ply."""
from myhdl import Signal, always, always_comb, block, intbv

PLIES = 64


@block
def score4_killers(clk, clear, rply, wply, we, post, killer, valid):
    """killer[ply] of golden.score4.search: the move of the last cut-off at each ply.

    Ports:
        clk     in   clock
        clear   in   unset every ply's killer at this clock edge (a new search)
        rply    in   6 bits: the ply read
        wply    in   6 bits: the ply written
        we      in   killer[wply] = post at this clock edge
        post    in   4 bits
        killer  out  4 bits: killer[rply] (combinational)
        valid   out  killer[rply] is set
    Registers, not memory: the search reads the killer of the ply it is at in
    the same cycle as the slot choice (score4_select).
    """
    posts = [Signal(intbv(0)[4:]) for _ in range(PLIES)]
    sets = [Signal(bool(0)) for _ in range(PLIES)]

    @always(clk.posedge)
    def write():
        if clear:
            for i in range(PLIES):
                sets[i].next = 0
        elif we:
            posts[wply].next = post
            sets[wply].next = 1

    @always_comb
    def read():
        killer.next = posts[rply]
        valid.next = sets[rply]

    return write, read
