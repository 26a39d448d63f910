"""Whether a transposition table entry is the node's, and deep enough."""
from myhdl import Signal, always_comb, block, intbv

from golden.score4.search import CHECK_BITS, DEPTH_BITS
from hdl.score4.table import ENTRY


@block
def score4_probe(entry, check, dleft, found, deep, keep):
    """The first half of golden.score4.search's step a: is the entry the node's?

    Ports:
        entry   in   ENTRY_BITS bits: the entry at the node's index
        check   in   CHECK_BITS bits: the node's hash >> TT_BITS
        dleft   in   DEPTH_BITS bits: plies left at the node (d, >= 1)
        found   out  the entry is the node's: depth != 0 and its check matches
                     (its move is then the hash move)
        deep    out  found, and its depth >= dleft: its bound may end the node
                     (score4_cut says whether it does)
        keep    out  the entry is another position's (depth != 0, check
                     differs) of depth > dleft: the node's store must not
                     replace it (step d, depth-preferred)
    Three comparisons straight from the memory's output, registered by the
    search before anything else looks at them (see score4_search).
    """
    e_check = Signal(intbv(0)[CHECK_BITS:])
    e_depth = Signal(intbv(0)[DEPTH_BITS:])
    hc, lc = ENTRY["check"]
    hd, ld = ENTRY["depth"]
    is_found = Signal(bool(0))

    @always_comb
    def fields():
        e_check.next = entry[hc:lc]
        e_depth.next = entry[hd:ld]

    @always_comb
    def match():
        is_found.next = e_depth != 0 and e_check == check

    @always_comb
    def outputs():
        found.next = is_found
        deep.next = is_found and e_depth >= dleft
        keep.next = e_depth != 0 and e_check != check and e_depth > dleft

    return fields, match, outputs
