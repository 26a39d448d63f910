"""The Score-4 search's frame stack: each ply's frame below the current one."""
from myhdl import Signal, always, always_comb, block, concat, intbv

from golden.score4.encoding import NUM_CELLS
from golden.score4.search import HASH_BITS
from hdl.score4.checker import SCORE_BITS
from hdl.score4.select import SLOTS
from hdl.score4.table import field_slices
from hdl.score4.tried import score4_tried

STACK_DEPTH = 64
# A frame pushed when the search descends (most significant first): the
# parent's slot counter, window, best score and best move, the alpha it was
# entered with, its move A, the post of the move being searched and its
# landing cell (one-hot: RETURN takes the bead off with an AND, no decoder
# behind the stack memory's output), its hash, and its probe's verdict that
# its store must keep the table's deeper entry. The RAM word holds one more
# field, the slot thermometer of fidx (STORED_FIELDS): computed on the way in,
# so that nothing but the bypass mux lies between the RAM's output and the
# search's `tried` register (computed on the way out, it was the critical
# path under yosys 0.70: 66.3 MHz proxy against 75.6 with it stored).
FRAME_FIELDS = (("fidx", 5), ("alpha", SCORE_BITS), ("beta", SCORE_BITS), ("best", SCORE_BITS),
                ("alpha0", SCORE_BITS), ("best_move", 4), ("hm_valid", 1), ("hm", 4),
                ("post", 4), ("cell", NUM_CELLS), ("hash", HASH_BITS), ("keep", 1))
STORED_FIELDS = FRAME_FIELDS + (("tried", SLOTS),)
FRAME = field_slices(STORED_FIELDS)
FRAME_BITS = sum(w for _, w in STORED_FIELDS)
SIGNED_FIELDS = ("alpha", "beta", "best", "alpha0")


@block
def score4_frame_stack(clk, push, ply, bypass,
                       fidx, alpha, beta, best, alpha0, best_move, hm_valid, hm, post, bead, hash,
                       keep, pop_fidx, pop_alpha, pop_beta, pop_best, pop_alpha0, pop_best_move,
                       pop_hm_valid, pop_hm, pop_post, pop_bead, pop_hash, pop_keep, pop_tried):
    """The frames of the plies above the node being searched, in a RAM.

    Ports:
        clk          in   clock
        push         in   at this edge, the frame (the fields below) is taken
                          to be written at `ply` (the write itself happens
                          at the next edge, from registers)
        ply          in   6 bits: the ply the search is at; the frame read is
                          that of ply - 1 (ply 0: frame 0)
        bypass       in   read the frame being written (the registered push)
                          instead of the RAM's output: a node that ends the
                          cycle after it was entered pops its frame while
                          the write is still under way
        fidx .. keep in   the frame pushed (FRAME_FIELDS): slot counter 0 ..
                          SLOTS, alpha, beta, best, alpha0 (14-bit signed),
                          best move, hash move valid and post, the post
                          being searched, its bead (the landing cell,
                          one-hot, 64 bits: field `cell`), the node's hash
                          (HASH_BITS), its store kept back (1 bit)
        pop_*        out  the fields of the frame read, combinationally from
                          the RAM's registered output (or the pushed frame
                          with `bypass`): the RAM is read every edge at
                          ply - 1, so the frame of ply p is there from the
                          second edge after `ply` becomes p + 1
        pop_tried    out  SLOTS bits: the popped frame's slots tried (bit j =
                          j < pop_fidx, score4_tried of the pushed fidx, kept
                          in the RAM word beside it)
    """
    stack = [Signal(intbv(0)[FRAME_BITS:]) for _ in range(STACK_DEPTH)]
    we = Signal(bool(0))                       # the registered push
    waddr = Signal(intbv(0)[6:])
    wdata = Signal(intbv(0)[FRAME_BITS:])
    raddr = Signal(intbv(0)[6:])
    rdata = Signal(intbv(0)[FRAME_BITS:])
    frame = Signal(intbv(0)[FRAME_BITS:])      # the frame popped
    push_tried = Signal(intbv(0)[SLOTS:])
    tried = score4_tried(fidx, push_tried, first=0)

    @always(clk.posedge)
    def push_regs():
        we.next = push
        if push:
            waddr.next = ply
            wdata.next = concat(fidx[5:], alpha[SCORE_BITS:], beta[SCORE_BITS:],
                                best[SCORE_BITS:], alpha0[SCORE_BITS:], best_move,
                                hm_valid, hm, post, bead, hash, keep, push_tried)

    @always_comb
    def read_addr():
        if ply == 0:
            raddr.next = 0
        else:
            raddr.next = ply - 1

    @always(clk.posedge)
    def ram():
        if we:
            stack[waddr].next = wdata
        rdata.next = stack[raddr]

    @always_comb
    def top_frame():
        if bypass:
            frame.next = wdata
        else:
            frame.next = rdata

    fi_h, fi_l = FRAME["fidx"]
    fa_h, fa_l = FRAME["alpha"]
    fb_h, fb_l = FRAME["beta"]
    fe_h, fe_l = FRAME["best"]
    f0_h, f0_l = FRAME["alpha0"]
    fm_h, fm_l = FRAME["best_move"]
    fv_l = FRAME["hm_valid"][1]
    fh_h, fh_l = FRAME["hm"]
    fp_h, fp_l = FRAME["post"]
    fc_h, fc_l = FRAME["cell"]
    fk_h, fk_l = FRAME["hash"]
    fq_l = FRAME["keep"][1]
    ft_h, ft_l = FRAME["tried"]

    @always_comb
    def unpack():
        pop_fidx.next = frame[fi_h:fi_l]
        pop_alpha.next = frame[fa_h:fa_l].signed()
        pop_beta.next = frame[fb_h:fb_l].signed()
        pop_best.next = frame[fe_h:fe_l].signed()
        pop_alpha0.next = frame[f0_h:f0_l].signed()
        pop_best_move.next = frame[fm_h:fm_l]
        pop_hm_valid.next = frame[fv_l]
        pop_hm.next = frame[fh_h:fh_l]
        pop_post.next = frame[fp_h:fp_l]
        pop_bead.next = frame[fc_h:fc_l]
        pop_hash.next = frame[fk_h:fk_l]
        pop_keep.next = frame[fq_l]
        pop_tried.next = frame[ft_h:ft_l]

    return tried, push_regs, read_addr, ram, top_frame, unpack


assert FRAME["fidx"][0] - FRAME["fidx"][1] >= (SLOTS).bit_length()
