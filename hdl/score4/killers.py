"""The Score-4 search's killer moves: one post per ply."""
from myhdl import Signal, always, always_comb, block, intbv

PLIES = 64
LAST_PLY = PLIES - 1


@block
def score4_killers(clk, clear, ply, down, up, wply, we, post, killer, valid):
    """killer[ply] of golden.score4.search: the move of the last cut-off at each ply.

    Ports:
        clk     in   clock
        clear   in   unset every ply's killer at this clock edge (a new search)
        ply     in   6 bits: the ply the search is at
        down    in   the search descends one ply at this clock edge
        up      in   it returns one ply at this clock edge (not with `down`)
        wply    in   6 bits: the ply written
        we      in   killer[wply] = post at this clock edge
        post    in   4 bits
        killer  out  4 bits, registered: see below
        valid   out  it is set

    Two register stages. At every edge the killers of `ply + 1`, `ply` and
    `ply - 1` are read into three registers (before that edge's write); at
    the next edge `killer` takes the one `down` / `up` pick. So when `ply`
    held still in the cycle before an edge, `killer` after it is the killer
    of the ply the search is at after that edge, as it was one edge earlier.
    The search needs it only in the cycles that choose a move (ITER_START,
    PROBE, COMB), each of which follows a cycle at the ply the one before it
    was at, and no killer it reads is written in between (docs/score4-core.md).

    Why: the search chooses a node's next move with the killer of its ply in
    the same cycle as the slot choice (score4_select). Read there, the
    64-to-1 pick was the core's slowest path (63.5 MHz proxy); read with an
    address that waits for the search's verdict (`down`), it still was
    (73 MHz); read from `ply` alone a cycle earlier, the verdict only picks
    one of three registers.
    """
    posts = [Signal(intbv(0)[4:]) for _ in range(PLIES)]
    sets = [Signal(bool(0)) for _ in range(PLIES)]
    ply_below = Signal(intbv(0, min=0, max=PLIES))   # ply + 1 and ply - 1, wrapping at
    ply_above = Signal(intbv(0, min=0, max=PLIES))   # the ends
    below_post, here_post, above_post = (Signal(intbv(0)[4:]) for _ in range(3))
    below_set, here_set, above_set = (Signal(bool(0)) for _ in range(3))

    @always_comb
    def neighbours():
        if ply == LAST_PLY:
            ply_below.next = 0
        else:
            ply_below.next = ply + 1
        if ply == 0:
            ply_above.next = LAST_PLY
        else:
            ply_above.next = ply - 1

    @always(clk.posedge)
    def write():
        if clear:
            for i in range(PLIES):
                sets[i].next = 0
        elif we:
            posts[wply].next = post
            sets[wply].next = 1

    @always(clk.posedge)
    def reads():
        below_post.next = posts[ply_below]
        below_set.next = sets[ply_below]
        here_post.next = posts[ply]
        here_set.next = sets[ply]
        above_post.next = posts[ply_above]
        above_set.next = sets[ply_above]

    @always(clk.posedge)
    def pick():
        if down:
            killer.next = below_post
            valid.next = below_set
        elif up:
            killer.next = above_post
            valid.next = above_set
        else:
            killer.next = here_post
            valid.next = here_set

    return neighbours, write, reads, pick
