"""The hashes of a position's children, one per post, a cycle ahead."""
from myhdl import Signal, always, always_comb, block, concat, intbv

from golden.score4.encoding import NUM_POSTS
from golden.score4.search import HASH_BITS, ZOBRIST


@block
def score4_child_hash(clk, occ, colour, node_hash, chosen, child_hash):
    """child_hash = position_hash of the child the chosen post makes.

    Ports:
        clk         in   clock
        occ         in   64 bits: the beads of both sides (the position)
        colour      in   the colour of the side to move (golden ZOBRIST's index)
        node_hash   in   HASH_BITS bits: position_hash of the position
        chosen      in   16 bits, one-hot: the post the child is made on
        child_hash  out  HASH_BITS bits: node_hash ^ ZOBRIST[colour][the
                         post's landing cell], for the position of one clock
                         edge earlier (zero when `chosen` is zero)

    At every edge the 16 children's hashes of the current position are
    registered (the landing level of each post is its bead count, so each
    hash bit is a function of four bits: colour, two of the level, the
    parent's bit); `chosen` then only picks one. The search's GEN makes the
    child of the post chosen a cycle earlier and addresses the transposition
    table with its hash; the position never changes between that cycle and
    GEN. Worked out in GEN from the landing cell, through a 128-entry key ROM
    and the XOR, the table's address was the core's slowest path (60.7 MHz
    proxy).
    """
    masked = [Signal(intbv(0)[HASH_BITS:]) for _ in range(NUM_POSTS)]
    posts = [_post_child(clk, occ, colour, node_hash, chosen(p), p, masked[p])
             for p in range(NUM_POSTS)]
    tree = _or_tree(masked, child_hash)
    return posts, tree


@block
def _post_child(clk, occ, colour, node_hash, chosen, post, out):
    """The registered child hash of one post; out is it when `chosen`, else 0."""
    keys = tuple(ZOBRIST[c][level * NUM_POSTS + post] for c in (0, 1) for level in range(4))
    level = Signal(intbv(0)[2:])
    key = Signal(intbv(0)[HASH_BITS:])
    child = Signal(intbv(0)[HASH_BITS:])
    on0, on1, on2 = post, post + NUM_POSTS, post + 2 * NUM_POSTS

    @always_comb
    def landing_level():
        # a post fills from the floor up: its landing level is its bead count
        # (a full post is never chosen)
        if occ[on2]:
            level.next = 3
        elif occ[on1]:
            level.next = 2
        elif occ[on0]:
            level.next = 1
        else:
            level.next = 0

    @always_comb
    def rom():
        key.next = keys[concat(colour, level)]

    @always(clk.posedge)
    def register():
        child.next = node_hash ^ key

    @always_comb
    def gate():
        if chosen:
            out.next = child
        else:
            out.next = 0

    return landing_level, rom, register, gate


@block
def _or_tree(values, out):
    """out = the OR of a list of equal-width signals (a balanced tree)."""
    if len(values) == 1:
        only = values[0]

        @always_comb
        def wire():
            out.next = only
        return wire
    half = len(values) // 2
    left = Signal(intbv(0)[len(out):])
    right = Signal(intbv(0)[len(out):])
    subtrees = (_or_tree(values[:half], left), _or_tree(values[half:], right))

    @always_comb
    def join():
        out.next = left | right
    return subtrees, join
