"""Unit bench of the Score-4 search's next move slot, hdl/score4/select.py
(combinational).

Reference: golden.score4.search's move list at a node (its `node`): the
hash move A if it is free, then the killer B if it is free and not A, then
every other free post in SEARCH_ORDER. The block's slots are that list laid
out in SLOTS places: slot 0 holds A (when a_open), slot 1 holds B (when
b_open), slot k + 2 holds SEARCH_ORDER[k]; a post is in one slot only
(`slots`, checked against golden's list built the way `node` builds it).
The slots below `below` (a thermometer: the slots already tried) are
skipped; the block must give the first open slot: `has`, `sel`, its
`post` and `post_onehot` (all zero when none is open).

Tests: every thermometer `below` for random tops (from empty to one free
post), hash moves and killers free, taken, equal to each other or absent;
tops with only late posts of the order free, so that a hash move or killer
sits next to the last slots. And every top with one or two free posts, with
those posts as hash move or killer or neither, at every `below`: each slot
alone with each lower one open, so each bit of the lowest-slot logic is
looked at on its own.
"""
import random

import cocotb
from cocotb.triggers import Timer

from golden.score4.encoding import NUM_POSTS, SEARCH_ORDER
from hdl.score4.select import SLOTS
from verif.units.common import Mismatches


def golden_moves(top, a, b):
    """The posts golden's `node` tries, in order: hash move a (None: none),
    killer b (None: none), then the order (free posts: bit 0 in top)."""
    free = [p for p in SEARCH_ORDER if not top >> p & 1]
    first = [] if a is None else [a]
    if b is not None and b not in first:
        first.append(b)
    return [p for f in first for p in free if p == f] + [p for p in free if p not in first]


def slots(top, a, b):
    """The post in each of the SLOTS places (None: closed), from the
    block's docstring."""
    free = lambda p: not top >> p & 1
    out = [a if a is not None and free(a) else None,
           b if b is not None and free(b) and b != a else None]
    out += [p if free(p) and p != a and p != b else None for p in SEARCH_ORDER]
    return out


def expected(top, below, a, b):
    open_slots = [(k, p) for k, p in enumerate(slots(top, a, b)) if p is not None and k >= below]
    if not open_slots:
        return {"has": 0, "post_onehot": 0}
    k, p = open_slots[0]
    return {"has": 1, "sel": k, "post": p, "post_onehot": 1 << p}


async def apply(dut, top, below, a, b):
    dut.top.value = top
    dut.below.value = (1 << below) - 1
    dut.a_open.value = a is not None
    dut.a_post.value = a or 0
    dut.a_onehot.value = 0 if a is None else 1 << a
    dut.b_open.value = b is not None
    dut.b_post.value = b or 0
    dut.b_onehot.value = 0 if b is None else 1 << b
    await Timer(1, unit="ns")
    return {name: int(getattr(dut, name).value) for name in ("has", "sel", "post", "post_onehot")}


def random_top(rng):
    kind = rng.choice(("random", "empty", "one free", "late free"))
    if kind == "empty":
        return 0
    if kind == "one free":
        return ((1 << NUM_POSTS) - 1) ^ (1 << rng.randrange(NUM_POSTS))
    if kind == "late free":                  # only the last few posts of the order free
        late = SEARCH_ORDER[rng.randint(6, 15):]
        return ((1 << NUM_POSTS) - 1) ^ sum(1 << p for p in late)
    return rng.getrandbits(NUM_POSTS)


async def compare(dut, mismatches, top, a, b):
    """Every `below` for one (top, a, b); False once a mismatch is found."""
    tried = [p for p in slots(top, a, b) if p is not None]
    assert tried == golden_moves(top, a, b), (top, a, b)
    for below in range(SLOTS + 1):
        want = expected(top, below, a, b)
        got = await apply(dut, top, below, a, b)
        got = {k: v for k, v in got.items() if k in want}
        if not mismatches.expect("top %04x below %d A %s B %s" % (top, below, a, b), want, got):
            return False
    return True


@cocotb.test()
async def one_or_two_free_posts(dut):
    mismatches = Mismatches("score4_select, one or two free posts")
    full = (1 << NUM_POSTS) - 1
    for p in range(NUM_POSTS):
        for q in range(p, NUM_POSTS):
            top = full & ~(1 << p) & ~(1 << q)
            for a, b in ((None, None), (p, None), (None, p), (q, None), (None, q), (p, q),
                         (q, p), (p, p)):
                if not await compare(dut, mismatches, top, a, b):
                    mismatches.check()
    mismatches.check()


@cocotb.test()
async def every_slot_against_golden(dut):
    rng = random.Random(cocotb.RANDOM_SEED)
    mismatches = Mismatches("score4_select")
    for i in range(600):
        top = random_top(rng)
        a = rng.choice((None, rng.randrange(NUM_POSTS)))
        b = rng.choice((None, a, rng.randrange(NUM_POSTS)))
        if not await compare(dut, mismatches, top, a, b):
            break
    mismatches.check()
