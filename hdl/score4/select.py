"""The search's next move slot, as shallow logic."""
from myhdl import ConcatSignal, Signal, always_comb, block, concat, intbv

from golden.score4.encoding import NUM_POSTS, SEARCH_ORDER

SLOTS = NUM_POSTS + 2      # slot 0: move A, slot 1: move B, k + 2: ORDER[k]


@block
def score4_select(top, below, a_open, a_post, a_onehot, b_open, b_post, b_onehot, has, sel,
                  post, post_onehot):
    """The first move slot not yet tried, in the search's order.

    Ports:
        top          in   16 bits: the top level of the board (a post is free when its bit is 0)
        below        in   18 bits: slots already tried (a thermometer: slots 0..fidx-1)
        a_open       in   slot 0 holds move A (the previous iteration's best move at
                          the root, the hash move below it): A's own slot in the
                          order is then skipped
        a_post       in   4 bits: A's post
        a_onehot     in   16 bits: the same, one-hot
        b_open       in   slot 1 holds move B (the killer of the ply): skipped in
                          the order, and in slot 1 too when it is A
        b_post       in   4 bits: B's post
        b_onehot     in   16 bits: the same, one-hot
        has          out  some slot is open
        sel          out  the first open slot (0..17; undefined when none is)
        post         out  4 bits: its post
        post_onehot  out  16 bits: the same, one-hot (all zero when none is open)
    Same choice as golden.score4.search's move list (hash move, killer, ORDER;
    each free post once); the lowest open slot is isolated bit by bit (each
    bit looks at all the slots below it), so the logic is a few levels deep
    instead of an 18-step priority chain.
    """
    top_ord = ConcatSignal(*[top(SEARCH_ORDER[k]) for k in reversed(range(NUM_POSTS))])
    a_ord = ConcatSignal(*[a_onehot(SEARCH_ORDER[k]) for k in reversed(range(NUM_POSTS))])
    b_ord = ConcatSignal(*[b_onehot(SEARCH_ORDER[k]) for k in reversed(range(NUM_POSTS))])
    open_ord = Signal(intbv(0)[NUM_POSTS:])
    a_free, b_free, b_is_a = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    slot_a, slot_b = Signal(bool(0)), Signal(bool(0))
    cand = Signal(intbv(0)[SLOTS:])
    bits = [cand(i) for i in range(SLOTS)]
    first = [Signal(bool(0)) for _ in range(SLOTS)]          # first[i]: slot i is the lowest open one
    isolate = [_first(bits[i], bits[:i], first[i]) for i in range(SLOTS)]
    # post bit b = OR of first[k] over the slots k >= 2 whose post has bit b (A, B: muxed below)
    post_bits = [Signal(bool(0)) for _ in range(4)]
    posts = [_any([first[k] for k in range(2, SLOTS) if SEARCH_ORDER[k - 2] >> b & 1],
                  post_bits[b]) for b in range(4)]
    sel_bits = [Signal(bool(0)) for _ in range(5)]
    sels = [_any([first[k] for k in range(SLOTS) if k >> b & 1], sel_bits[b]) for b in range(5)]
    onehot = [Signal(bool(0)) for _ in range(NUM_POSTS)]
    onehots = [_post_bit(first[SEARCH_ORDER.index(p) + 2], first[0], a_onehot(p), first[1],
                         b_onehot(p), onehot[p])
               for p in range(NUM_POSTS)]
    post_vec = ConcatSignal(*reversed(post_bits))
    sel_vec = ConcatSignal(*reversed(sel_bits))
    onehot_vec = ConcatSignal(*reversed(onehot))
    a_first, b_first = first[0], first[1]
    top_vec = top

    @always_comb
    def special_free():
        a_free.next = (top_vec & a_onehot) == 0
        b_free.next = (top_vec & b_onehot) == 0
        b_is_a.next = a_open and a_post == b_post

    @always_comb
    def special_slots():
        slot_a.next = a_open and a_free
        slot_b.next = b_open and b_free and not b_is_a

    @always_comb
    def open_slots():
        if a_open and b_open:
            open_ord.next = ~top_ord & ~a_ord & ~b_ord
        elif a_open:
            open_ord.next = ~top_ord & ~a_ord
        elif b_open:
            open_ord.next = ~top_ord & ~b_ord
        else:
            open_ord.next = ~top_ord

    @always_comb
    def candidates():
        cand.next = concat(open_ord, slot_b, slot_a) & ~below

    @always_comb
    def outputs():
        has.next = cand != 0
        sel.next = sel_vec
        post_onehot.next = onehot_vec
        if a_first:
            post.next = a_post
        elif b_first:
            post.next = b_post
        else:
            post.next = post_vec

    return (isolate, posts, sels, onehots, special_free, special_slots, open_slots, candidates,
            outputs)


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
def _post_bit(in_order, a_first, is_a, b_first, is_b, out):
    """The post is chosen through its own slot, or as move A or B."""
    @always_comb
    def pick():
        out.next = in_order or (a_first and is_a) or (b_first and is_b)
    return pick
