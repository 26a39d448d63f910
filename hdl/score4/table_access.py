"""The Score-4 search's use of its transposition table: clear, probe, store."""
from myhdl import Signal, always, always_comb, block, intbv

from golden.score4.search import DEPTH_BITS, HASH_BITS, TT_BITS
from hdl.score4.child_hash import score4_child_hash
from hdl.score4.cut import score4_cut
from hdl.score4.entry import score4_entry
from hdl.score4.probe import score4_probe
from hdl.score4.table import CUT_BITS, ENTRY, ENTRY_BITS, score4_table


@block
def score4_table_access(clk, clearing, clear_addr, store, node_hash, dleft, alpha, beta, best,
                        alpha0, best_move, occ, colour, chosen, child_hash, read_move, found,
                        usable, hash_move, table_score, keep):
    """The transposition table (score4_table, M4K) as the search uses it.

    Ports:
        clk          in   clock
        clearing     in   write a zero entry at clear_addr at this edge (CLEAR)
        clear_addr   in   0 .. 2**TT_BITS - 1
        store        in   else: write the entry of the node (score4_entry, the
                          fields below) at its index (RETURN of a node that
                          was searched, not cut by its entry, whose probe
                          did not say `keep`)
        node_hash    in   HASH_BITS bits: the node's position_hash
        dleft        in   DEPTH_BITS + 1 bits: plies left at the node (its low
                          DEPTH_BITS bits are the entry's depth)
        alpha, beta  in   14-bit signed: the node's window
        best         in   14-bit signed: its value
        alpha0       in   14-bit signed: the alpha it was entered with
        best_move    in   4 bits: its best move
        occ, colour  in   the node's beads (64 bits) and x's colour: with
        chosen       in   16 bits, one-hot, the child a cycle later's GEN makes
                          (score4_child_hash), whose entry is read at the
                          edge ending that GEN
        child_hash   out  HASH_BITS bits, registered: that child's hash
                          (valid in EVAL, with `read_move`)
        read_move    out  4 bits: the move of the entry read (EVAL)
        found        out  in PROBE (a cycle after EVAL): the entry read is the
                          node's, the child EVAL descended into (score4_probe
                          on the registered entry against node_hash and dleft,
                          the child's by then)
        usable       out  with it: the entry ends the node in its window
                          (score4_cut)
        hash_move    out  4 bits: the entry's move
        table_score  out  14-bit signed: its score
        keep         out  with them: the entry is another position's and
                          deeper than the node (score4_probe): the node's
                          store must not replace it
    Nothing runs from the memory's output through more than two compares in
    a cycle: the entry is registered (entry_q) before score4_probe looks at
    it, and score4_cut looks at probe's verdict of the cycle before.
    """
    we = Signal(bool(0))
    waddr = Signal(intbv(0)[TT_BITS:])
    wdata = Signal(intbv(0)[ENTRY_BITS:])
    raddr = Signal(intbv(0)[TT_BITS:])
    rdata = Signal(intbv(0)[ENTRY_BITS:])
    check = Signal(intbv(0)[HASH_BITS - TT_BITS:])   # node_hash >> TT_BITS
    index = Signal(intbv(0)[TT_BITS:])               # node_hash's low bits
    store_entry = Signal(intbv(0)[ENTRY_BITS:])
    next_hash = Signal(intbv(0)[HASH_BITS:])   # the hash of the child GEN makes (the address)
    entry_q = Signal(intbv(0)[ENTRY_BITS:])   # the child's entry, as read (registered)
    entry_low = Signal(intbv(0)[CUT_BITS:])   # its bound, score and move
    deep = Signal(bool(0))
    depth = dleft(DEPTH_BITS, 0)
    table = score4_table(clk, we, waddr, wdata, raddr, rdata)
    probe = score4_probe(entry_q, check, depth, found, deep, keep)
    cut = score4_cut(entry_low, deep, alpha, beta, usable, hash_move, table_score)
    entry = score4_entry(check, depth, best, alpha0, beta, best_move, store_entry)
    children = score4_child_hash(clk, occ, colour, node_hash, chosen, next_hash)
    em_h, em_l = ENTRY["move"]

    @always_comb
    def fields():
        check.next = node_hash[HASH_BITS:TT_BITS]
        index.next = node_hash[TT_BITS:]
        entry_low.next = entry_q[CUT_BITS:]
        read_move.next = rdata[em_h:em_l]

    @always_comb
    def ports():
        # read: the entry of the child GEN makes (used if EVAL descends into it)
        raddr.next = next_hash[TT_BITS:]
        # write: CLEAR's zeros, or the entry of the node RETURN finishes
        if clearing:
            we.next = 1
            waddr.next = clear_addr
            wdata.next = 0
        else:
            we.next = store
            waddr.next = index
            wdata.next = store_entry

    @always(clk.posedge)
    def registers():
        child_hash.next = next_hash
        entry_q.next = rdata

    return table, probe, cut, entry, children, fields, ports, registers
