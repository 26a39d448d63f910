"""Whether a found, deep enough table entry ends the node."""
from myhdl import Signal, always_comb, block, intbv

from golden.score4.search import EXACT, LOWER, UPPER
from hdl.score4.table import CUT


@block
def score4_cut(entry, deep, alpha, beta, usable, move, score):
    """The second half of golden.score4.search's step a: does the entry's bound
    end the node?

    Ports:
        entry   in   CUT_BITS bits: the low fields of the node's entry (bound,
                     score, move; score4_probe matched the rest)
        deep    in   score4_probe's `deep`: found, and searched deep enough
        alpha   in   14-bit signed: the node's window
        beta    in   14-bit signed
        usable  out  deep, and the bound ends the node: EXACT, LOWER with
                     score >= beta, or UPPER with score <= alpha
        move    out  4 bits: the entry's move (the hash move when found)
        score   out  14-bit signed: the entry's score (the node's value when usable)
    """
    e_bound = Signal(intbv(0)[2:])
    hb, lb = CUT["bound"]
    hs, ls = CUT["score"]
    hm, lm = CUT["move"]

    @always_comb
    def fields():
        e_bound.next = entry[hb:lb]
        score.next = entry[hs:ls].signed()
        move.next = entry[hm:lm]

    @always_comb
    def decide():
        usable.next = 0
        if deep:
            if e_bound == EXACT:
                usable.next = 1
            elif e_bound == LOWER and score >= beta:
                usable.next = 1
            elif e_bound == UPPER and score <= alpha:
                usable.next = 1

    return fields, decide
