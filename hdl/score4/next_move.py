"""The Score-4 search's move generation: the move the next GEN makes, registered."""
from myhdl import Signal, always, always_comb, block, concat, intbv

from golden.score4.encoding import NUM_CELLS, NUM_POSTS
from hdl.decoder import decoder
from hdl.score4.select import SLOTS, score4_select
from hdl.score4.tried import score4_tried


@block
def score4_next_move(clk, x, occ, tried, fresh, probing, found, a_open, a_post, killer,
                     killer_valid, has, sel, post, onehot, cells, gen_x, gen_tried):
    """Chooses, a cycle ahead, the move GEN makes: the first open slot of the
    node GEN will see (score4_select), registered.

    Ports:
        clk           in   clock
        x             in   64 bits: the beads of the side to move (GEN's x)
        occ           in   64 bits: x | y of the node GEN will see, from
                           registers of few fan-out
        tried         in   SLOTS bits: its slots tried (a thermometer)
        fresh         in   the node is entered now (PROBE) or is a new
                           iteration's root (ITER_START): no slot tried yet
        probing       in   PROBE: choose as if the table's entry were found
                           and as if not, side by side, and take one by ...
        found         in   ... the probe's verdict (score4_probe)
        a_open        in   slot 0 holds move A (the hash move, or the previous
                           iteration's best at the root)
        a_post        in   4 bits: move A
        killer        in   4 bits: move B, the killer of the node's ply ...
        killer_valid  in   ... when set
        has           out  the node has an open slot (combinational: the
                           control's choice between GEN and RETURN)
        sel           out  0..SLOTS, registered: the slot chosen
        post          out  4 bits, registered: its post
        onehot        out  16 bits, registered: the same, one-hot
        cells         out  64 bits: the landing cell of `post`, one-hot (from
                           every post's landing cell, registered)
        gen_x         out  64 bits: x | cells, the checker's input
        gen_tried     out  SLOTS bits: slots 0 .. sel, the node's `tried`
                           after GEN
    The registered outputs take the choice at every edge; the control uses
    them in the GEN that follows a choosing cycle (ITER_START, PROBE, COMB),
    so no path runs from the slot counter through the choice and the landing
    cell into the checker in one cycle.
    """
    a_onehot = Signal(intbv(0)[NUM_POSTS:])
    b_onehot = Signal(intbv(0)[NUM_POSTS:])
    s_top = Signal(intbv(0)[NUM_POSTS:])       # the top level: a post is full when set
    s_below = Signal(intbv(0)[SLOTS:])         # the slots tried, as the choice sees them
    s_lands = Signal(intbv(0)[NUM_CELLS:])     # every post's landing cell
    hit_has, miss_has = Signal(bool(0)), Signal(bool(0))
    hit_sel, miss_sel = (Signal(intbv(0, min=0, max=SLOTS + 1)) for _ in range(2))
    hit_post, miss_post = Signal(intbv(0)[4:]), Signal(intbv(0)[4:])
    hit_onehot, miss_onehot = Signal(intbv(0)[NUM_POSTS:]), Signal(intbv(0)[NUM_POSTS:])
    no_a = Signal(bool(0))
    take_miss = Signal(bool(0))
    s_sel = Signal(intbv(0, min=0, max=SLOTS + 1))
    s_post = Signal(intbv(0)[4:])
    s_onehot = Signal(intbv(0)[NUM_POSTS:])
    g_lands = Signal(intbv(0)[NUM_CELLS:])
    full_level = Signal(intbv((1 << NUM_POSTS) - 1)[NUM_POSTS:])   # constant: the floor
    a_dec = decoder(a_post, a_onehot)
    b_dec = decoder(killer, b_onehot)
    selector = score4_select(s_top, s_below, a_open, a_post, a_onehot, killer_valid, killer,
                             b_onehot, hit_has, hit_sel, hit_post, hit_onehot)
    selector_miss = score4_select(s_top, s_below, no_a, a_post, a_onehot, killer_valid, killer,
                                  b_onehot, miss_has, miss_sel, miss_post, miss_onehot)
    thermometer = score4_tried(sel, gen_tried, first=1)

    @always_comb
    def choice():
        take_miss.next = probing and not found
        no_a.next = 0

    @always_comb
    def chosen_slot():
        if take_miss:
            has.next = miss_has
            s_sel.next = miss_sel
            s_post.next = miss_post
            s_onehot.next = miss_onehot
        else:
            has.next = hit_has
            s_sel.next = hit_sel
            s_post.next = hit_post
            s_onehot.next = hit_onehot

    @always_comb
    def position():
        if fresh:
            s_below.next = 0
        else:
            s_below.next = tried

    @always_comb
    def lands():
        s_top.next = occ[NUM_CELLS:NUM_CELLS - NUM_POSTS]
        # a landing cell is empty, and on the floor or on a bead
        s_lands.next = ~occ & concat(occ[NUM_CELLS - NUM_POSTS:0], full_level)

    @always(clk.posedge)
    def chosen():
        sel.next = s_sel
        post.next = s_post
        onehot.next = s_onehot
        g_lands.next = s_lands

    @always_comb
    def landing_cell():
        cells.next = g_lands & concat(onehot, onehot, onehot, onehot)

    @always_comb
    def gen_move():
        gen_x.next = x | cells

    return (a_dec, b_dec, selector, selector_miss, thermometer, choice, chosen_slot, position,
            lands, chosen, landing_cell, gen_move)
