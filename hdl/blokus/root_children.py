"""The root's children's keys and summaries, kept on chip: two RAMs."""
from myhdl import Signal, always_seq, block, intbv

from hdl.blokus.child_select import CHILD_BITS
from hdl.blokus.child_summary import SUMMARY_BITS
from hdl.blokus.rave_match import KEY_WORD_BITS


@block
def blokus_root_children(clk, key_we, summary_we, wr_addr, wr_key, wr_summary, rd_addr, rd_key,
                         rd_summary):
    """The root's copy of its children's KEY and SUMMARY words, so that a
    choice at the root reads a summary a cycle and RAVE a key a cycle
    (docs/blokus-mcts.md, "The tree unit's operations").

    Ports:
        clk         in   clock
        key_we      in   write `wr_key` to child `wr_addr` at this edge (an expansion
                         of the root; a back-up that sets the child's flag)
        summary_we  in   write `wr_summary` to child `wr_addr` at this edge
                         (whoever writes a root child's SUMMARY in the SDRAM)
        wr_addr     in   CHILD_BITS: the child's place among the root's children
        wr_key      in   KEY_WORD_BITS: its KEY word (golden's key_word: the
                         key, KEY_PASS for a pass, and the saturated flag)
        wr_summary  in   SUMMARY_BITS: its child_summary
        rd_addr     in   CHILD_BITS: the child read
        rd_key, rd_summary  out  child `rd_addr` of two edges ago, as it
                         stood before that edge (read latency 2)
    One child for each of golden's MAX_CHILDREN (a node's first 1,023
    moves): 45 bits a child (16 + 29), 12 M4K on the EP2C35. Synchronous RAMs with no reset, so that synthesis maps
    them to block RAM (a child is read only after its expansion wrote it),
    each with an output register: a block RAM's data come late in the cycle,
    and RAVE's match decoded them in the same cycle at 59.0 MHz (the Fmax
    proxy of blokus_tree_rave's first version). Its users present the
    address a cycle early (from their `start`), so the register costs no
    cycle of golden's.
    """
    for name, port, bits in (("wr_addr", wr_addr, CHILD_BITS), ("rd_addr", rd_addr, CHILD_BITS),
                             ("wr_key", wr_key, KEY_WORD_BITS), ("rd_key", rd_key, KEY_WORD_BITS),
                             ("wr_summary", wr_summary, SUMMARY_BITS),
                             ("rd_summary", rd_summary, SUMMARY_BITS)):
        if len(port) != bits:
            raise ValueError("blokus_root_children: %s must have %d bits, has %d"
                             % (name, bits, len(port)))
    depth = 1 << CHILD_BITS
    keys = [Signal(intbv(0)[KEY_WORD_BITS:]) for _ in range(depth)]
    summaries = [Signal(intbv(0)[SUMMARY_BITS:]) for _ in range(depth)]
    key_read, summary_read = Signal(intbv(0)[KEY_WORD_BITS:]), Signal(intbv(0)[SUMMARY_BITS:])

    @always_seq(clk.posedge, reset=None)
    def key_ram():
        if key_we:
            keys[wr_addr].next = wr_key
        key_read.next = keys[rd_addr]

    @always_seq(clk.posedge, reset=None)
    def summary_ram():
        if summary_we:
            summaries[wr_addr].next = wr_summary
        summary_read.next = summaries[rd_addr]

    @always_seq(clk.posedge, reset=None)
    def output_registers():
        rd_key.next = key_read
        rd_summary.next = summary_read

    return key_ram, summary_ram, output_registers
