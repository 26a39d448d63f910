"""The Score-4 search's step w: whether the child GEN makes is won at once."""
from myhdl import Signal, always, always_comb, block, concat, intbv

from golden.score4.encoding import NUM_CELLS, NUM_POSTS


@block
def score4_win_now(clk, occ_r, y_wins, g_onehot, dleft, stop, deep_win):
    """Golden's step w for the child GEN makes: can its mover win at once?

    The child is the node (x to move, y the other side) with x's bead on
    GEN's post. Its mover is y, and golden's step w ends it when a bead of y
    completes a line on one of its landing cells: on every other post the
    node's own landing cell, on GEN's post the cell above the bead (none
    when the bead fills the post).

    Ports:
        clk       in   clock
        occ_r     in   64 bits: the node's beads, x | y (registered)
        y_wins    in   64 bits: the cells where a bead of y completes a line
                       (score4_prescan's register, for the node's x and y)
        g_onehot  in   16 bits: GEN's post, one-hot
        dleft     in   plies left at the node (1: its children are leaves)
        stop      out  registered: the child is not descended into, for its
                       depth (dleft == 1) or a win at once
        deep_win  out  registered: a win at once in a child that would be
                       descended into (dleft != 1): EVAL scores it as that
                       win, -(WIN - (ply + 2)), at a leaf's cost

    Timing: the outputs are registered at every edge, so in EVAL they hold
    what GEN saw. Post by post, "y wins on the landing cell" and "y wins on
    the cell above it" are worked out from registers only (occ_r, y_wins),
    so GEN's one-hot post meets 32 two-input gates and an OR, not the 64
    cells' logic: the search's control then decides the descent from three
    registered bits (won, full, stop), a LUT in front of its state.
    """
    node_land = Signal(intbv(0)[NUM_CELLS:])   # free, on level 1 or above a bead
    y_land = Signal(intbv(0)[NUM_CELLS:])      # y wins on a landing cell
    y_above = Signal(intbv(0)[NUM_CELLS:])     # y wins on the cell above a landing cell
    threat_posts = Signal(intbv(0)[NUM_POSTS:])
    above_posts = Signal(intbv(0)[NUM_POSTS:])
    win_now = Signal(bool(0))

    @always_comb
    def node_landing():
        node_land.next = concat(occ_r[48:], intbv(0xFFFF)[16:]) & ~occ_r

    @always_comb
    def cell_wins():
        y_land.next = y_wins & node_land
        y_above.next = y_wins & concat(node_land[48:], intbv(0)[16:])

    @always_comb
    def post_wins():
        for p in range(NUM_POSTS):
            threat_posts.next[p] = y_land[p] | y_land[p + 16] | y_land[p + 32] | y_land[p + 48]
            above_posts.next[p] = y_above[p] | y_above[p + 16] | y_above[p + 32] | y_above[p + 48]

    @always_comb
    def child_wins():
        win_now.next = (threat_posts & ~g_onehot) != 0 or (above_posts & g_onehot) != 0

    @always(clk.posedge)
    def registered():
        stop.next = dleft == 1 or win_now
        deep_win.next = dleft != 1 and win_now

    return node_landing, cell_wins, post_wins, child_wins, registered
