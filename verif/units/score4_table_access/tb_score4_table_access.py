"""Unit bench of hdl/score4/table_access.py: the transposition table as the
search uses it.

Reference: `TableModel`, the block's docstring as a cycle model built on
golden: the read address is the hash of the child the chosen post makes
from the node of the cycle before (golden's Zobrist rule, `node_hash ^
ZOBRIST[colour][cell]`); at each edge the entry there is read (before that
edge's write), the child's hash registered, the entry read the edge before
registered again, and a clear writes 0 or a store writes the node's entry
(golden's step d: LOWER when best >= beta, UPPER when best <= alpha0, else
EXACT; depth: dleft's low DEPTH_BITS bits) at the node's index. The outputs:
`read_move` from the entry read, and found / usable / hash_move /
table_score / keep from the entry registered, by golden's steps a and d
(verif/units/score4_probe's reference).

Tests: every entry cleared first (the memory starts undefined), then visits
shaped like the search's (a node of one of 25 random games' positions, so
that nodes come back and find their children's entries; a free post chosen, the
child's entry read and probed with the child's hash and a random window and
depth, stored again with a best on, next to or far from beta and alpha0,
where the bound's kind changes; a third of them after another position's
entry was stored at the child's index, so that the probe's `keep` is seen
both ways), mixed with random stores,
clears of single entries and idle cycles; every output every cycle.
"""
import random

import cocotb
from cocotb.clock import Clock

from golden.score4.board import landing_cells
from golden.score4.encoding import NUM_POSTS, POST_MASK
from golden.score4.search import DEPTH_BITS, EXACT, LOWER, TT_BITS, UPPER, ZOBRIST, position_hash
from hdl.score4.checker import SCORE_MAX, SCORE_MIN
from hdl.score4.table import ENTRIES
from verif import tb
from verif.units.common import CycleBench, Mismatches, score4_game_position
from verif.units.score4_probe.tb_score4_probe import pack, probe_reference

OUTPUTS = ("child_hash", "read_move", "found", "usable", "hash_move", "table_score", "keep")
IDLE = {"clearing": 0, "clear_addr": 0, "store": 0, "node_hash": 0, "dleft": 1, "alpha": 0,
        "beta": 0, "best": 0, "alpha0": 0, "best_move": 0, "occ": 0, "colour": 0, "chosen": 0}
SCORE_FIELD = (1 << 14) - 1


def unpack(word):
    """(check, depth, bound, score, move) of a packed entry."""
    move, word = word & 15, word >> 4
    score, word = word & SCORE_FIELD, word >> 14
    bound, word = word & 3, word >> 2
    depth, check = word & ((1 << DEPTH_BITS) - 1), word >> DEPTH_BITS
    return check, depth, bound, score - (1 << 14) if score >> 13 else score, move


class TableModel:
    def __init__(self):
        self.mem = [None] * ENTRIES
        self.prev = None          # (occ, colour, node_hash) of the cycle before
        self.rdata = self.entry_q = self.child_hash = None

    def next_hash(self, chosen):
        if not chosen or self.prev is None:
            return 0
        occ, colour, node_hash = self.prev
        post = chosen.bit_length() - 1
        cell = (landing_cells(occ) & POST_MASK[post]).bit_length() - 1
        return node_hash ^ ZOBRIST[colour][cell]

    def outputs(self, inputs):
        out = {"child_hash": self.child_hash}
        if self.rdata is not None:
            out["read_move"] = self.rdata & 15
        if self.entry_q is not None:
            found, usable, move, score, keep = probe_reference(
                unpack(self.entry_q), inputs["node_hash"] >> TT_BITS,
                inputs["dleft"] & ((1 << DEPTH_BITS) - 1), inputs["alpha"], inputs["beta"])
            out.update(found=int(found), usable=int(usable), hash_move=move, table_score=score,
                       keep=int(keep))
        return out

    def edge(self, inputs):
        nxt = self.next_hash(inputs["chosen"])
        old = self.mem[nxt % ENTRIES]
        self.entry_q, self.rdata, self.child_hash = self.rdata, old, nxt
        if inputs["clearing"]:
            self.mem[inputs["clear_addr"]] = 0
        elif inputs["store"]:
            h, best = inputs["node_hash"], inputs["best"]
            bound = LOWER if best >= inputs["beta"] else UPPER if best <= inputs["alpha0"] \
                else EXACT
            self.mem[h % ENTRIES] = pack(h >> TT_BITS, inputs["dleft"] & ((1 << DEPTH_BITS) - 1),
                                         bound, best, inputs["best_move"])
        self.prev = (inputs["occ"], inputs["colour"], inputs["node_hash"])


def score(rng):
    return rng.randrange(SCORE_MIN, SCORE_MAX)


def search_like(rng, pool):
    """The cycles of one visit of a node of `pool`: the node, GEN, EVAL,
    PROBE, RETURN (the nodes come back, so their children's entries are found)."""
    x, y = rng.choice(pool)
    occ = x | y
    free = [p for p in range(NUM_POSTS) if landing_cells(occ) & POST_MASK[p]]
    if not free:
        return []
    colour = bin(occ).count("1") & 1
    post = rng.choice(free)
    bead = landing_cells(occ) & POST_MASK[post]
    child = position_hash(y, x | bead)
    node = dict(IDLE, occ=occ, colour=colour, node_hash=position_hash(x, y))
    alpha = score(rng)
    window = dict(alpha=alpha, beta=min(SCORE_MAX - 1, alpha + rng.randint(0, 400)),
                  dleft=rng.randint(1, 12))
    probe = dict(IDLE, node_hash=child, **window)
    store = dict(probe, store=1, best=edge_or_random(rng, window["beta"], alpha), alpha0=alpha,
                 best_move=rng.randrange(16))
    visit = [node, dict(node, chosen=1 << post), dict(node), probe, store]
    if rng.random() < 0.3:
        # another position's entry at the child's index, shallower, as deep
        # or deeper than the child: the probe's `keep` either way
        other = child ^ rng.randrange(1, 1 << (28 - TT_BITS)) << TT_BITS
        dleft = max(1, min(63, window["dleft"] + rng.choice((-1, 0, 1, 5))))
        visit.insert(0, dict(IDLE, store=1, node_hash=other, dleft=dleft, alpha=alpha,
                             beta=window["beta"], best=score(rng), alpha0=alpha,
                             best_move=rng.randrange(16)))
    return visit


def edge_or_random(rng, beta, alpha0):
    """A stored best: on, just below or just above beta or alpha0 (where the
    bound's kind changes: LOWER from best >= beta, UPPER at best <= alpha0)
    half the time, else anywhere."""
    if rng.random() < 0.5:
        return score(rng)
    edge = rng.choice((beta, alpha0)) + rng.choice((-1, 0, 0, 1))
    return max(SCORE_MIN, min(SCORE_MAX - 1, edge))


@cocotb.test()
async def clears_probes_and_stores(dut):
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    rng = random.Random(int(tb.seed()))
    steps = [dict(IDLE, clearing=1, clear_addr=a) for a in range(ENTRIES)]
    pool = [score4_game_position(rng, rng.randint(0, 56)) for _ in range(25)]
    for _ in range(700):
        r = rng.random()
        if r < 0.6:
            steps += search_like(rng, pool)
        elif r < 0.8:
            steps.append(dict(IDLE, store=1, node_hash=rng.getrandbits(28), dleft=rng.randint(0, 64),
                              alpha=score(rng), beta=score(rng), best=score(rng),
                              alpha0=score(rng), best_move=rng.randrange(16)))
            steps[-1]["best"] = edge_or_random(rng, steps[-1]["beta"], steps[-1]["alpha0"])
        elif r < 0.85:
            steps.append(dict(IDLE, clearing=1, clear_addr=rng.randrange(ENTRIES)))
        else:
            steps.append(dict(IDLE))
    model = TableModel()
    benches = {}
    mismatches = Mismatches("score4_table_access")
    hits = {"found": 0, "usable": 0, "keep": 0}
    for k, inputs in enumerate(steps):
        want = model.outputs(inputs)
        ports = tuple(p for p in OUTPUTS if want.get(p) is not None)
        bench = benches.setdefault(ports, CycleBench(dut, ports, signed=("table_score",)))
        got = await bench.step(inputs)
        for port in ports:
            mismatches.expect("cycle %d %s" % (k, port), want[port], got[port])
        for flag in hits:
            hits[flag] += want.get(flag, 0)
        model.edge(inputs)
    dut._log.info("%d cycles; probes found %d, usable %d, keep %d", len(steps), hits["found"],
                  hits["usable"], hits["keep"])
    mismatches.check()
    assert hits["found"] > 50 and hits["usable"] > 10 and hits["keep"] > 10, hits
