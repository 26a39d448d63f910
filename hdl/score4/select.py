"""The search's next move slot, as shallow logic."""
from myhdl import ConcatSignal, Signal, always_comb, block, concat, intbv

from golden.score4.encoding import NUM_POSTS, SEARCH_ORDER

SLOTS = NUM_POSTS + 1      # slot 0: the previous iteration's best move (root only); k + 1: ORDER[k]


@block
def score4_select(top, below, root_pv, pv, pv_onehot, has, sel, post, post_onehot):
    """The first move slot not yet tried, in the search's order.

    Ports:
        top          in   16 bits: the top level of the board (a post is free when its bit is 0)
        below        in   17 bits: slots already tried (a thermometer: slots 0..fidx-1)
        root_pv      in   slot 0 (the previous iteration's best move `pv`) is open:
                          then pv's own slot in the order is skipped
        pv           in   4 bits: that move's post
        pv_onehot    in   16 bits: the same, one-hot
        has          out  some slot is open
        sel          out  the first open slot (0..16; undefined when none is)
        post         out  4 bits: its post
        post_onehot  out  16 bits: the same, one-hot (all zero when none is open)
    Same choice as golden.score4.search's move loop; the lowest open slot is
    isolated bit by bit (each bit looks at all the slots below it), so the
    logic is a few levels deep instead of a 17-step priority chain.
    """
    top_ord = ConcatSignal(*[top(SEARCH_ORDER[k]) for k in reversed(range(NUM_POSTS))])
    pv_ord = ConcatSignal(*[pv_onehot(SEARCH_ORDER[k]) for k in reversed(range(NUM_POSTS))])
    open_ord = Signal(intbv(0)[NUM_POSTS:])
    cand = Signal(intbv(0)[SLOTS:])
    bits = [cand(i) for i in range(SLOTS)]
    first = [Signal(bool(0)) for _ in range(SLOTS)]          # first[i]: slot i is the lowest open one
    isolate = [_first(bits[i], bits[:i], first[i]) for i in range(SLOTS)]
    # post bit b = OR of first[k] over the slots k >= 1 whose post has bit b, or pv's bit for slot 0
    post_bits = [Signal(bool(0)) for _ in range(4)]
    posts = [_any([first[k] for k in range(1, SLOTS) if SEARCH_ORDER[k - 1] >> b & 1],
                  post_bits[b]) for b in range(4)]
    sel_bits = [Signal(bool(0)) for _ in range(5)]
    sels = [_any([first[k] for k in range(SLOTS) if k >> b & 1], sel_bits[b]) for b in range(5)]
    onehot = [Signal(bool(0)) for _ in range(NUM_POSTS)]
    onehots = [_post_bit(first[SEARCH_ORDER.index(p) + 1], first[0], pv_onehot(p), onehot[p])
               for p in range(NUM_POSTS)]
    post_vec = ConcatSignal(*reversed(post_bits))
    sel_vec = ConcatSignal(*reversed(sel_bits))
    onehot_vec = ConcatSignal(*reversed(onehot))
    pv_first = first[0]

    @always_comb
    def open_slots():
        if root_pv:
            open_ord.next = ~top_ord & ~pv_ord
        else:
            open_ord.next = ~top_ord

    @always_comb
    def candidates():
        cand.next = concat(open_ord, root_pv) & ~below

    @always_comb
    def outputs():
        has.next = cand != 0
        sel.next = sel_vec
        post_onehot.next = onehot_vec
        if pv_first:
            post.next = pv
        else:
            post.next = post_vec

    return (isolate, posts, sels, onehots, open_slots, candidates, outputs)


@block
def _first(bit, lower, out):
    """out = bit and none of `lower` (a list of bits) is set."""
    if not lower:
        @always_comb
        def only():
            out.next = bit
        return only
    if len(lower) == 1:
        low = lower[0]

        @always_comb
        def one():
            out.next = bit and not low
        return one
    vec = ConcatSignal(*lower)

    @always_comb
    def many():
        out.next = bit and vec == 0
    return many


@block
def _any(bits, out):
    """out = OR of a list of bits (False for an empty list)."""
    if not bits:
        @always_comb
        def none():
            out.next = 0
        return none
    if len(bits) == 1:
        b0 = bits[0]

        @always_comb
        def one():
            out.next = b0
        return one
    vec = ConcatSignal(*bits)

    @always_comb
    def many():
        out.next = vec != 0
    return many


@block
def _post_bit(in_order, pv_first, is_pv, out):
    """The post is chosen through its own slot or as the pv in slot 0."""
    @always_comb
    def pick():
        out.next = in_order or (pv_first and is_pv)
    return pick
