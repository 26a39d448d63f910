"""The Score-4 search's win and block pre-scan."""
from myhdl import Signal, always_comb, always_seq, block, intbv

from golden.score4.encoding import NUM_CELLS, NUM_POSTS, SEARCH_ORDER
from hdl.score4.landing import score4_landing
from hdl.score4.win_cells import score4_win_cells

# the `reason` output: indices into golden.score4.REASONS
REASON_FULL, REASON_WIN, REASON_BLOCK, REASON_FALLBACK = 0, 1, 2, 4


@block
def score4_prescan(clk, rst, start, x, y, occ, post, set_move, finish, search, reason, empties,
                   colour, y_wins):
    """Golden's steps before the tree search: no free post, a winning bead,
    a bead that blocks the opponent's win, else the first free post.

    Ports:
        clk, rst  in   clock, synchronous reset (active high)
        start     in   start a scan of (x, y) at this edge
        x, y      in   64 bits: the position, x to move, held while the scan
                       runs (from the edge after `start`)
        occ       in   64 bits: x | y
        post      out  4 bits: the post the scan is at (SEARCH_ORDER[i])
        set_move  out  `post` is the search's move so far: the first free
                       post (the fallback), or the winning / blocking post
                       (with `finish`)
        finish    out  the scan ends with an answer: reason REASON_FULL (no
                       free post) or REASON_WIN / REASON_BLOCK (`post`)
        search    out  the scan ends without one: the tree search follows
                       (reason REASON_FALLBACK)
        reason    out  3 bits, with finish or search (index into REASONS)
        empties   out  0..64, registered: the empty cells, final when the
                       scan ends
        colour    out  registered: empties' parity, the colour of x in the
                       Zobrist keys (the number of beads has the same parity)
        y_wins    out  64 bits, registered, at every edge (not only in a
                       scan): the cells where a bead of y would complete a
                       line of y, for the x, y of one edge earlier
                       (score4_win_cells); the search's step w reads it

    Timing: two passes over the posts in SEARCH_ORDER, pass 0 for a bead of
    x that wins, pass 1 for a bead of y; a post takes one cycle, two when it
    is free (the second checks the bead in score4_win_cells' registers). The
    outputs set_move / finish / search are valid in the cycles the scan
    runs, from the edge after `start` to the cycle of `finish` or `search`
    (both low outside it).
    """
    running = Signal(bool(0))
    checking = Signal(bool(0))                 # the cycle that checks a free post's bead
    pidx = Signal(intbv(0, min=0, max=NUM_POSTS))
    ppass = Signal(bool(0))                    # 0: can x win, 1: must x block
    have_fallback = Signal(bool(0))
    won = Signal(bool(0))                      # the bead being checked wins for its side
    x_wins = Signal(intbv(0)[NUM_CELLS:])      # cells where a bead of x would win
    bead = Signal(intbv(0)[NUM_CELLS:])        # the bead being checked, one-hot
    land_cell = Signal(intbv(0)[6:])
    land_onehot = Signal(intbv(0)[NUM_CELLS:])
    free = Signal(bool(0))
    free_cells = Signal(intbv(0, min=0, max=NUM_CELLS + 1))   # 4 - height, as wide as `empties`
    win_cells = score4_win_cells(clk, x, y, x_wins, y_wins)
    landing = score4_landing(occ, post, land_cell, land_onehot, free, free_cells)
    last = NUM_POSTS - 1

    @always_comb
    def order_lookup():
        post.next = SEARCH_ORDER[pidx]

    @always_comb
    def bead_wins():
        if ppass:
            won.next = (y_wins & bead) != 0
        else:
            won.next = (x_wins & bead) != 0

    @always_comb
    def verdict():
        set_move.next = 0
        finish.next = 0
        search.next = 0
        reason.next = REASON_FALLBACK
        if running and not checking:
            if free:
                set_move.next = not have_fallback
            elif pidx == last:
                if not have_fallback:
                    finish.next = 1
                    reason.next = REASON_FULL
                elif ppass:
                    search.next = 1
        elif running:
            if won:
                set_move.next = 1
                finish.next = 1
                if ppass:
                    reason.next = REASON_BLOCK
                else:
                    reason.next = REASON_WIN
            elif pidx == last and ppass:
                search.next = 1

    @always_seq(clk.posedge, reset=rst)
    def scan():
        if start:
            running.next = 1
            checking.next = 0
            empties.next = 0
            pidx.next = 0
            ppass.next = 0
            have_fallback.next = 0
        elif running and not checking:
            colour.next = empties[0]
            if not ppass and free:
                empties.next = empties + free_cells    # the first pass counts empty cells
            if free:
                have_fallback.next = 1
                bead.next = land_onehot
                checking.next = 1
            elif pidx == last:
                if not have_fallback or ppass:
                    running.next = 0
                else:
                    ppass.next = 1
                    pidx.next = 0
            else:
                pidx.next = pidx + 1
        elif running:
            checking.next = 0
            if won or (pidx == last and ppass):
                running.next = 0
            elif pidx == last:
                ppass.next = 1
                pidx.next = 0
            else:
                pidx.next = pidx + 1

    return win_cells, landing, order_lookup, bead_wins, verdict, scan
