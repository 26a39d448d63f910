"""The frames of the Blokus search's line: one per ply, its window, best value and list position."""
from myhdl import Signal, always_comb, always_seq, block, intbv

from golden.blokus.search import INF, MAX_DEPTH, TOP_K
from hdl.blokus.tables import J_BITS, N_SHAPES


@block
def blokus_ply_stack(clk, rst, ply, push, push_base, push_alpha, push_beta, push_cut,
                     push_score1, push_step, push_shape, root_init, leaf_take, leaf_score,
                     child_done, child_value, list_done, list_count, base, idx, count, step,
                     shape, frame_any, frame_best, frame_value, child_alpha, child_beta,
                     frame_cuts, improves, root_count, root_any, root_best):
    """MAX_DEPTH frames; frame `ply` is read and written.

    A frame is the search's state at one ply of the line (golden.blokus.search
    `_value`): frame 0 the root, frame q >= 1 the q-th move of the line.

    Ports (in, written at the edge; at most one of push, root_init,
    child_done, list_done, leaf_take a cycle: a leaf_take with another one
    is dropped; the search never asks two):
        clk, rst      clock, synchronous reset
        ply           the frame read and written
        push          a frame is entered: its move (push_step, push_shape),
                      evaluation push_score1, base (W_SIZE * squares),
                      window (push_alpha, push_beta) and cut threshold
                      push_cut = push_base - push_alpha (the frame keeps
                      push_cut, not alpha: no subtraction stands between the
                      frame's read and the cut test; push_alpha gives the
                      values' width); no child value yet
        root_init     frame 0 starts an iteration: base 0, window (-INF,
                      INF), no child value, first list entry
        leaf_take     a leaf's score leaf_score leaves the pipeline: the
                      frame's best becomes the larger of the two
        child_done    a child's value child_value returns: best as for a
                      leaf (a later child replaces only a strictly better
                      one), and the next list entry
        list_done     the frame's kept list is written: list_count entries,
                      the first one next
    Ports (out, frame `ply`, combinational):
        base, idx, count, step, shape, frame_any, frame_best  its fields
        frame_value   its value: base - best, or its evaluation without a child
        child_alpha, child_beta  the window of its next child:
                      (max(best, base - beta), base - alpha) (base - beta
                      while it has no child value)
        frame_cuts    best >= base - alpha (its kept threshold): its move
                      cannot change the parent
                      (meaningful once the frame has a child value)
        improves      child_value would replace its best (child_done)
        root_count, root_any, root_best  frame 0's count, any, best
    Widths: the scores and windows are signed as push_alpha; the sentinel
    INF stays far from every value (golden.blokus.search: bounds).
    """
    value = lambda: Signal(intbv(0, min=push_alpha.min, max=push_alpha.max))
    f_base = [Signal(intbv(0, min=0, max=push_base.max)) for _ in range(MAX_DEPTH)]
    f_beta = [value() for _ in range(MAX_DEPTH)]
    f_best = [value() for _ in range(MAX_DEPTH)]
    f_score1 = [value() for _ in range(MAX_DEPTH)]
    f_cut = [value() for _ in range(MAX_DEPTH)]
    f_any = [Signal(bool(0)) for _ in range(MAX_DEPTH)]
    f_idx = [Signal(intbv(0, min=0, max=TOP_K + 1)) for _ in range(MAX_DEPTH)]
    f_count = [Signal(intbv(0, min=0, max=TOP_K + 1)) for _ in range(MAX_DEPTH)]
    f_step = [Signal(intbv(0)[J_BITS:]) for _ in range(MAX_DEPTH)]
    f_shape = [Signal(intbv(0, min=0, max=N_SHAPES)) for _ in range(MAX_DEPTH)]
    beta, score1, cut = value(), value(), value()
    best_new = value()              # the best with leaf_score
    assert push_alpha.max > 3 * INF

    @always_comb
    def read():
        base.next = f_base[ply]
        beta.next = f_beta[ply]
        frame_best.next = f_best[ply]
        score1.next = f_score1[ply]
        cut.next = f_cut[ply]
        frame_any.next = f_any[ply]
        idx.next = f_idx[ply]
        count.next = f_count[ply]
        step.next = f_step[ply]
        shape.next = f_shape[ply]

    @always_comb
    def root():
        root_count.next = f_count[0]
        root_any.next = f_any[0]
        root_best.next = f_best[0]

    @always_comb
    def values():
        if frame_any and frame_best >= leaf_score:
            best_new.next = frame_best
        else:
            best_new.next = leaf_score
        improves.next = not frame_any or child_value > frame_best
        if frame_any:
            frame_value.next = base - frame_best
        else:
            frame_value.next = score1
        child_beta.next = cut
        if frame_any and frame_best > base - beta:
            child_alpha.next = frame_best
        else:
            child_alpha.next = base - beta
        frame_cuts.next = frame_best >= cut

    @always_seq(clk.posedge, reset=rst)
    def write():
        if push:
            f_base[ply].next = push_base
            f_beta[ply].next = push_beta
            f_cut[ply].next = push_cut
            f_best[ply].next = 0
            f_any[ply].next = 0
            f_score1[ply].next = push_score1
            f_step[ply].next = push_step
            f_shape[ply].next = push_shape
        elif root_init:
            f_idx[0].next = 0
            f_any[0].next = 0
            f_best[0].next = 0
            f_base[0].next = 0
            f_beta[0].next = INF
            f_cut[0].next = INF             # 0 - (-INF)
        elif child_done:
            if improves:
                f_best[ply].next = child_value
                f_any[ply].next = 1
            f_idx[ply].next = idx + 1
        elif list_done:
            f_count[ply].next = list_count
            f_idx[ply].next = 0
        elif leaf_take:
            f_best[ply].next = best_new
            f_any[ply].next = 1

    return read, root, values, write
