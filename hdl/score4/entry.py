"""The transposition table entry a finished node stores."""
from myhdl import Signal, always_comb, block, concat, intbv

from golden.score4.search import EXACT, LOWER, UPPER
from hdl.score4.checker import SCORE_BITS


@block
def score4_entry(check, dleft, best, alpha0, beta, best_move, entry):
    """The entry a finished node stores (golden.score4.search's step d).

    Ports:
        check      in   CHECK_BITS bits: the node's hash >> TT_BITS
        dleft      in   DEPTH_BITS bits: plies left at the node
        best       in   14-bit signed: the node's value
        alpha0     in   14-bit signed: the alpha it was entered with
        beta       in   14-bit signed: its beta
        best_move  in   4 bits: its best move
        entry      out  ENTRY_BITS bits
    """
    bound = Signal(intbv(0)[2:])

    @always_comb
    def bound_of():
        if best >= beta:
            bound.next = LOWER
        elif best <= alpha0:
            bound.next = UPPER
        else:
            bound.next = EXACT

    @always_comb
    def pack():
        entry.next = concat(check, dleft, bound, best[SCORE_BITS:], best_move)

    return bound_of, pack
