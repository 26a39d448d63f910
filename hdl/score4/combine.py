"""The Score-4 search's COMB step: one child's score against the node's window."""
from myhdl import Signal, always_comb, block


@block
def score4_combine(from_child, won, full, child, win, leaf, alpha, beta, best,
                   value, new_alpha, cutoff, better):
    """The score COMB combines into the node, and what it does to the window
    (golden.score4.search's loop body after a move is scored).

    Ports:
        from_child  in   the score is a searched child's (`child`)
        won         in   else: the move won (`win`)
        full        in   else: it filled the board (score 0)
        child       in   14-bit signed: minus the child's value
        win         in   14-bit signed: the score of a win made at this ply
        leaf        in   14-bit signed: else the evaluation of the position
        alpha       in   14-bit signed: the node's window ...
        beta        in   14-bit signed
        best        in   14-bit signed: ... and its best score so far
        value       out  14-bit signed: the score picked (as listed above)
        new_alpha   out  14-bit signed: max(alpha, value)
        cutoff      out  new_alpha >= beta
        better      out  value > best

    Each source of `value` is compared with alpha, beta and best side by
    side and the results picked afterwards: no 14-bit mux in front of the
    compares that decide COMB's next state (once the core's slowest path).
    """
    child_gt_alpha, child_ge_beta, child_gt_best = (Signal(bool(0)) for _ in range(3))
    win_gt_alpha, win_ge_beta, win_gt_best = (Signal(bool(0)) for _ in range(3))
    leaf_gt_alpha, leaf_ge_beta, leaf_gt_best = (Signal(bool(0)) for _ in range(3))
    gt_alpha, ge_beta = Signal(bool(0)), Signal(bool(0))
    alpha_ge_beta = Signal(bool(0))

    @always_comb
    def pick_value():
        if from_child:
            value.next = child
        elif won:
            value.next = win
        elif full:
            value.next = 0
        else:
            value.next = leaf

    @always_comb
    def side_by_side():
        child_gt_alpha.next = child > alpha
        child_ge_beta.next = child >= beta
        child_gt_best.next = child > best
        win_gt_alpha.next = win > alpha
        win_ge_beta.next = win >= beta
        win_gt_best.next = win > best
        leaf_gt_alpha.next = leaf > alpha
        leaf_ge_beta.next = leaf >= beta
        leaf_gt_best.next = leaf > best

    @always_comb
    def pick_compares():
        # as pick_value picks `value`; the board-full score 0 by the signs
        if from_child:
            gt_alpha.next = child_gt_alpha
            ge_beta.next = child_ge_beta
            better.next = child_gt_best
        elif won:
            gt_alpha.next = win_gt_alpha
            ge_beta.next = win_ge_beta
            better.next = win_gt_best
        elif full:
            gt_alpha.next = alpha < 0
            ge_beta.next = beta <= 0
            better.next = best < 0
        else:
            gt_alpha.next = leaf_gt_alpha
            ge_beta.next = leaf_ge_beta
            better.next = leaf_gt_best
        alpha_ge_beta.next = alpha >= beta

    @always_comb
    def window():
        # the three comparisons run side by side: max(alpha, value) >= beta
        if gt_alpha:
            new_alpha.next = value
            cutoff.next = ge_beta
        else:
            new_alpha.next = alpha
            cutoff.next = alpha_ge_beta

    return pick_value, side_by_side, pick_compares, window
