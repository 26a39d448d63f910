"""The frames of the Blokus search's line: one per ply, its window, best value and list position."""
from myhdl import Signal, always_comb, always_seq, block, intbv

from golden.blokus.search import INF, MAX_DEPTH, TOP_K
from hdl.blokus.tables import J_BITS, N_SHAPES


@block
def blokus_ply_stack(clk, rst, ply, push, pop, push_base, push_alpha, push_beta, push_cut,
                     push_score1, push_step, push_shape, root_init, leaf_take, leaf_score,
                     child_done, child_value, list_done, list_count, base, idx, count, step,
                     shape, frame_any, frame_best, frame_value, child_alpha, child_beta,
                     frame_cuts, improves, root_count, root_any, root_best):
    """MAX_DEPTH frames; the current one in registers.

    A frame is the search's state at one ply of the line (golden.blokus.search
    `_value`): frame 0 the root, frame q >= 1 the q-th move of the line. The
    current frame is the one last pushed, popped to or root-initialised
    (frame 0 after the reset); the outputs show it, whatever `ply` holds.

    Ports (in, acting at the edge; at most one of push, pop, root_init,
    child_done, list_done, leaf_take a cycle: a later one in this list with
    an earlier one is dropped; the search never asks two):
        clk, rst      clock, synchronous reset (every field 0)
        ply           the frame pushed, popped from or written
        push          frame `ply` is entered and becomes current: its move
                      (push_step, push_shape), evaluation push_score1, base
                      (W_SIZE * squares), window (push_alpha, push_beta) and
                      cut threshold push_cut = push_base - push_alpha (the
                      frame keeps push_cut and base - beta, not the window:
                      no subtraction stands between the frame and a compare;
                      push_alpha gives the values' width); no child value
                      yet; its list position and length kept
        pop           frame `ply` is left (ply >= 1): frame ply - 1 becomes
                      current, as it was last written
        root_init     frame 0 starts an iteration and becomes current: base
                      0, window (-INF, INF), no child value, first list
                      entry (its length, move and evaluation kept)
        leaf_take     a leaf's score leaf_score leaves the pipeline: the
                      best of frame `ply` becomes the larger of the two
        child_done    a child's value child_value returns: best as for a
                      leaf (a later child replaces only a strictly better
                      one), and the next list entry
        list_done     the kept list of frame `ply` is written: list_count
                      entries, the first one next
        leaf_take, child_done and list_done write frame `ply` from the
        current frame's fields and write the current frame too: ply must be
        the current frame, except that list_done may write frame 0 before a
        root_init (the current frame's position and length are then lost
        until a push, pop or root_init)
    Ports (out, combinational, the current frame; frame 0's from the saved
    frames):
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
    base_sig = lambda: Signal(intbv(0, min=0, max=push_base.max))
    entry = lambda: Signal(intbv(0, min=0, max=TOP_K + 1))
    step_sig = lambda: Signal(intbv(0)[J_BITS:])
    shape_sig = lambda: Signal(intbv(0, min=0, max=N_SHAPES))
    # the saved frames, written through with every write to the current one
    f_base = [base_sig() for _ in range(MAX_DEPTH)]
    f_low = [value() for _ in range(MAX_DEPTH)]     # base - beta
    f_best = [value() for _ in range(MAX_DEPTH)]
    f_score1 = [value() for _ in range(MAX_DEPTH)]
    f_cut = [value() for _ in range(MAX_DEPTH)]
    f_any = [Signal(bool(0)) for _ in range(MAX_DEPTH)]
    f_idx = [entry() for _ in range(MAX_DEPTH)]
    f_count = [entry() for _ in range(MAX_DEPTH)]
    f_step = [step_sig() for _ in range(MAX_DEPTH)]
    f_shape = [shape_sig() for _ in range(MAX_DEPTH)]
    # the current frame, in registers: no ply-indexed read stands between a
    # frame's fields and the compares of a leaf or child value (the path
    # ply -> 8-way read -> compare -> write held the Fmax proxy at 62 MHz)
    cur_base, cur_low, cur_best, cur_score1, cur_cut = (
        base_sig(), value(), value(), value(), value())
    cur_any = Signal(bool(0))
    cur_idx, cur_count = entry(), entry()
    cur_step, cur_shape = step_sig(), shape_sig()
    parent = Signal(intbv(0, min=0, max=MAX_DEPTH))     # ply - 1, the frame a pop makes current
    best_new = value()              # the best with leaf_score
    push_low = value()              # push_base - push_beta
    assert push_alpha.max > 3 * INF

    @always_comb
    def read():
        base.next = cur_base
        frame_best.next = cur_best
        frame_any.next = cur_any
        idx.next = cur_idx
        count.next = cur_count
        step.next = cur_step
        shape.next = cur_shape

    @always_comb
    def root():
        root_count.next = f_count[0]
        root_any.next = f_any[0]
        root_best.next = f_best[0]

    @always_comb
    def parent_frame():
        if ply == 0:
            parent.next = 0
        else:
            parent.next = ply - 1

    @always_comb
    def values():
        # from the current frame's outputs (read above from its registers)
        push_low.next = push_base - push_beta
        if frame_any and frame_best >= leaf_score:
            best_new.next = frame_best
        else:
            best_new.next = leaf_score
        improves.next = not frame_any or child_value > frame_best
        if frame_any:
            frame_value.next = base - frame_best
        else:
            frame_value.next = cur_score1
        child_beta.next = cur_cut
        if frame_any and frame_best > cur_low:
            child_alpha.next = frame_best
        else:
            child_alpha.next = cur_low
        frame_cuts.next = frame_best >= cur_cut

    @always_seq(clk.posedge, reset=rst)
    def write():
        if push:
            f_base[ply].next = push_base
            f_low[ply].next = push_low
            f_cut[ply].next = push_cut
            f_best[ply].next = 0
            f_any[ply].next = 0
            f_score1[ply].next = push_score1
            f_step[ply].next = push_step
            f_shape[ply].next = push_shape
            cur_base.next = push_base
            cur_low.next = push_low
            cur_cut.next = push_cut
            cur_best.next = 0
            cur_any.next = 0
            cur_score1.next = push_score1
            cur_step.next = push_step
            cur_shape.next = push_shape
            cur_idx.next = f_idx[ply]
            cur_count.next = f_count[ply]
        elif pop:
            cur_base.next = f_base[parent]
            cur_low.next = f_low[parent]
            cur_cut.next = f_cut[parent]
            cur_best.next = f_best[parent]
            cur_any.next = f_any[parent]
            cur_score1.next = f_score1[parent]
            cur_step.next = f_step[parent]
            cur_shape.next = f_shape[parent]
            cur_idx.next = f_idx[parent]
            cur_count.next = f_count[parent]
        elif root_init:
            f_idx[0].next = 0
            f_any[0].next = 0
            f_best[0].next = 0
            f_base[0].next = 0
            f_low[0].next = -INF            # 0 - INF
            f_cut[0].next = INF             # 0 - (-INF)
            cur_idx.next = 0
            cur_any.next = 0
            cur_best.next = 0
            cur_base.next = 0
            cur_low.next = -INF
            cur_cut.next = INF
            cur_score1.next = f_score1[0]
            cur_step.next = f_step[0]
            cur_shape.next = f_shape[0]
            cur_count.next = f_count[0]
        elif child_done:
            if improves:
                f_best[ply].next = child_value
                f_any[ply].next = 1
                cur_best.next = child_value
                cur_any.next = 1
            f_idx[ply].next = cur_idx + 1
            cur_idx.next = cur_idx + 1
        elif list_done:
            f_count[ply].next = list_count
            f_idx[ply].next = 0
            cur_count.next = list_count
            cur_idx.next = 0
        elif leaf_take:
            f_best[ply].next = best_new
            f_any[ply].next = 1
            cur_best.next = best_new
            cur_any.next = 1

    return read, root, parent_frame, values, write
