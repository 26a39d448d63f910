"""Unit bench of the phase-1 candidate list, hdl/blokus/topk.py (K = the
search's TOP_K, the score, window and shape widths of hdl/blokus/search.py,
as hdl/units.py builds it).

Reference: `TopKReference`, the rule golden.blokus.search states and uses
for phase 1: the TOP_K best candidates by score, equal scores in arrival
order (`sorted(scored, key=lambda vi: (-vi[0], vi[1]))[:TOP_K]` there);
`clear` empties the list and wins over an `insert` in the same cycle.

Every clock cycle `count` must equal the model's list length, and, when the
entry asked for one cycle earlier exists, (`out_v`, `out_j`, `out_s`) must
be that entry as it stood then (the read is registered).

Tests: random inserts, clears and reads with scores drawn to tie often and
from the extremes of the score range; equal scores only (arrival order, the
late ones fall off); rising and falling runs; a clear and an insert in the
same cycle; every entry read back after each burst.
"""
import random

import cocotb

from golden.blokus.search import TOP_K
from hdl.blokus.search import SCORE_MAX, SCORE_MIN
from hdl.blokus.tables import J_BITS, N_SHAPES
from verif.units.common import CycleBench, Mismatches, start_unit


class TopKReference:
    """The kept candidates as golden's phase 1 ranks them."""

    def __init__(self, k=TOP_K):
        self.k = k
        self.kept = []             # (score, arrival, j, s), best first
        self.arrivals = 0

    def entry(self, q):
        """(score, j, s) of entry q, None when there is no such entry."""
        if q >= len(self.kept):
            return None
        v, _, j, s = self.kept[q]
        return (v, j, s)

    def clock(self, clear, insert, v, j, s):
        if clear:
            self.kept = []
        elif insert:
            self.kept.append((v, self.arrivals, j, s))
            self.kept = sorted(self.kept, key=lambda e: (-e[0], e[1]))[:self.k]
            self.arrivals += 1


def random_score(style):
    if style == "ties":
        return random.randint(-2, 2)
    if style == "extremes":
        return random.choice((SCORE_MIN, SCORE_MIN + 1, -1, 0, 1, SCORE_MAX - 2, SCORE_MAX - 1))
    return random.randint(SCORE_MIN, SCORE_MAX - 1)


class TopKBench:
    """DUT and model side by side, compared every cycle."""

    def __init__(self, dut, name):
        self.bench = CycleBench(dut, ("count", "out_v", "out_j", "out_s"), signed=("out_v",))
        self.model = TopKReference()
        self.mismatches = Mismatches("blokus_topk, " + name)
        self.asked = None          # the entry asked for at the previous edge, as it stood

    async def cycle(self, insert=0, v=0, clear=0, q=None, j=None, s=None):
        q = random.randint(0, TOP_K) if q is None else q
        j = random.getrandbits(J_BITS) if j is None else j
        s = random.randrange(N_SHAPES) if s is None else s
        out = await self.bench.step({"clear": clear, "insert": insert, "v": v, "j": j, "s": s,
                                     "q": q})
        where = "cycle %d (%d kept)" % (self.bench.cycle, len(self.model.kept))
        self.mismatches.expect("count at " + where, len(self.model.kept), out["count"])
        if self.asked is not None:
            self.mismatches.expect("entry %d read at %s" % (self.asked[0], where), self.asked[1],
                                   (out["out_v"], out["out_j"], out["out_s"]))
        entry = self.model.entry(q)
        self.asked = None if entry is None else (q, entry)
        self.model.clock(clear, insert, v, j, s)

    async def read_all(self):
        """Read back every entry, and one past the end."""
        for q in range(TOP_K + 1):
            await self.cycle(q=q)
        await self.cycle()


@cocotb.test()
async def random_stream(dut):
    """Random inserts (sparse to every cycle), rare clears, random reads;
    scores tying often, from the whole range, or at its extremes."""
    await start_unit(dut, low=("clear", "insert"))
    topk = TopKBench(dut, "random stream")
    for _ in range(30):
        style = random.choice(("ties", "wide", "extremes"))
        rate = random.choice((0.3, 0.9, 1.0))
        for _ in range(random.randint(10, 100)):
            await topk.cycle(insert=int(random.random() < rate), v=random_score(style),
                             clear=int(random.random() < 0.01))
        await topk.read_all()
    topk.mismatches.check()


@cocotb.test()
async def equal_scores(dut):
    """Only equal scores: the first K stay in arrival order, later ones fall
    off; a better one goes on top and pushes the K-th out; a worse one is
    dropped."""
    await start_unit(dut, low=("clear", "insert"))
    topk = TopKBench(dut, "equal scores")
    score = random_score("wide") // 2
    for _ in range(TOP_K + 4):
        await topk.cycle(insert=1, v=score)
    await topk.read_all()
    await topk.cycle(insert=1, v=score + 1)
    await topk.cycle(insert=1, v=score - 1)
    await topk.read_all()
    topk.mismatches.check()


@cocotb.test()
async def runs_and_clear(dut):
    """A rising run (each new one goes on top), a falling run (each new one
    goes to the end, then falls off), a clear with an insert in the same
    cycle (the clear wins), and inserts after it."""
    await start_unit(dut, low=("clear", "insert"))
    topk = TopKBench(dut, "runs and clear")
    base = random.randint(SCORE_MIN, SCORE_MAX - 4 * TOP_K)
    for k in range(2 * TOP_K):
        await topk.cycle(insert=1, v=base + 2 * k)
    await topk.read_all()
    await topk.cycle(clear=1)
    for k in range(2 * TOP_K):
        await topk.cycle(insert=1, v=base + 4 * TOP_K - 2 * k)
    await topk.read_all()
    await topk.cycle(clear=1, insert=1, v=SCORE_MAX - 1)
    await topk.read_all()
    for _ in range(3):
        await topk.cycle(insert=1, v=random_score("extremes"))
    await topk.read_all()
    topk.mismatches.check()
