"""The Monte-Carlo tree's layout in the SDRAM: four arrays by node number
(docs/blokus-mcts.md, "The tree's layout in the SDRAM"), shared by the tree
unit's operations and their benches."""
from golden.blokus.mcts import TREE_NODES
from hdl.blokus.child_select import CHILD_BITS
from hdl.sdram_timing import ADDR_BITS, DATA_BITS

NODE_BITS = (TREE_NODES - 1).bit_length()
KEY_WORDS, SUMMARY_WORDS, STATS_WORDS, LINK_WORDS = 1, 2, 6, 2
KEY_BASE = 0
SUMMARY_BASE = KEY_BASE + KEY_WORDS * TREE_NODES
STATS_BASE = SUMMARY_BASE + SUMMARY_WORDS * TREE_NODES
LINK_BASE = STATS_BASE + STATS_WORDS * TREE_NODES
KEY_BITS = 15                        # a move's key (golden's KEY_PASS for a pass); bit 15 its flag
if LINK_BASE + LINK_WORDS * TREE_NODES > 1 << ADDR_BITS:
    raise ValueError("the Monte-Carlo tree: golden's TREE_NODES = %d does not fit the SDRAM's "
                     "%d words at 11 words a node; lower TREE_NODES" % (TREE_NODES, 1 << ADDR_BITS))
if NODE_BITS + CHILD_BITS > LINK_WORDS * DATA_BITS:
    raise ValueError("the Monte-Carlo tree: a LINK (first child, %d bits; count, %d bits) does not "
                     "fit its %d words; lower TREE_NODES" % (NODE_BITS, CHILD_BITS, LINK_WORDS))
LINK_HIGH_BITS = NODE_BITS - DATA_BITS   # the first child's bits in the LINK's second word


def stats_words(n8, w8, real):
    """A node's six STATS words as the tree keeps them: n8, w8, real, each low word first."""
    return [n8 & 0xFFFF, n8 >> 16, w8 & 0xFFFF, w8 >> 16, real & 0xFFFF, real >> 16]


def summary_words(summary):
    """A node's two SUMMARY words, the low one first."""
    return [summary & 0xFFFF, summary >> 16]


def link_words(first, count):
    """A node's two LINK words: its first child's node number (its low 16
    bits, then its high bits under the count in the second word) and its
    children (0: not expanded)."""
    return [first & 0xFFFF, count << LINK_HIGH_BITS | first >> DATA_BITS]
