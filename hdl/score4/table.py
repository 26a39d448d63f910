"""The Score-4 search's transposition table: its memory and entry layout."""
from myhdl import Signal, always, block, intbv

from golden.score4.search import CHECK_BITS, DEPTH_BITS, HASH_BITS, TT_BITS
from hdl.score4.checker import SCORE_BITS

ENTRIES = 1 << TT_BITS
# An entry, most significant field first (golden.score4.search's docstring):
# check | depth | bound | score | move. All zeros is a cleared entry.
ENTRY_FIELDS = (("check", CHECK_BITS), ("depth", DEPTH_BITS), ("bound", 2),
                ("score", SCORE_BITS), ("move", 4))
ENTRY_BITS = sum(w for _, w in ENTRY_FIELDS)


def field_slices(fields):
    """{name: (high, low)} of a packed word whose fields are listed most
    significant first."""
    out, top = {}, sum(w for _, w in fields)
    for name, width in fields:
        out[name] = (top, top - width)
        top -= width
    return out


ENTRY = field_slices(ENTRY_FIELDS)
# The low fields, all score4_cut needs once score4_probe has matched the entry.
CUT_FIELDS = ENTRY_FIELDS[2:]
CUT_BITS = sum(w for _, w in CUT_FIELDS)
CUT = field_slices(CUT_FIELDS)
assert [name for name, _ in CUT_FIELDS] == ["bound", "score", "move"]
assert HASH_BITS == TT_BITS + CHECK_BITS


@block
def score4_table(clk, we, waddr, wdata, raddr, rdata):
    """2**TT_BITS entries of ENTRY_BITS: one write port, one registered read port.

    Ports:
        clk     in   clock
        we      in   write wdata at waddr at this clock edge
        waddr   in   TT_BITS bits
        wdata   in   ENTRY_BITS bits
        raddr   in   TT_BITS bits
        rdata   out  ENTRY_BITS bits: the entry at raddr at the last clock edge
                     (before that edge's write: the search never reads an entry
                     in the cycle it writes one)
    The shape Quartus maps to M4K blocks (simple dual port, registered read);
    its contents are undefined until the search clears them (score4_search's
    CLEAR state writes every entry once before the first probe).
    """
    mem = [Signal(intbv(0)[ENTRY_BITS:]) for _ in range(ENTRIES)]

    @always(clk.posedge)
    def ram():
        if we:
            mem[waddr].next = wdata
        rdata.next = mem[raddr]

    return ram
