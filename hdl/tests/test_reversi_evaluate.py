"""hdl/reversi/evaluate.py's arithmetic, without simulation: the counts it
builds (mine + ~theirs over each feature's cells), times feature_weights,
plus the stage's constant, plus the pattern tables' entries at the addresses
hdl/reversi/patterns.py makes, equal golden's evaluate; and weights too wide
for its registers stop the build with a message."""
import random

import pytest

from golden.reversi.board import legal
from golden.reversi.encoding import geometry
from golden.reversi.search import C_DEAD, STAGES, evaluate
from golden.reversi.patterns import EDGE_CELLS, ENTRIES, RECT_CELLS
from golden.reversi import patterns as GP
from golden.reversi.search import PATTERNS
from hdl.reversi import evaluate as E
from hdl.reversi import patterns as P
from hdl.reversi.tables import premasks, sizes, to_max
from verif.reversi.tb_search import random_position

SIDE = 8


def counts(me, opp, my_moves, their_moves, width, height):
    """The RTL's feature counts for a golden position of a width x height game."""
    g = geometry(width, height)
    n = SIDE * SIDE
    put = lambda b: to_max(b, width, SIDE)
    me, opp, my_moves, their_moves = put(me), put(opp), put(my_moves), put(their_moves)
    cand = E.candidates(SIDE)
    classes, _, _ = E.eval_masks(g)
    dead = 0
    for corner, zone in g.corner_zones:
        if (me | opp) & put(corner):
            dead |= put(zone)

    def near(b):
        out = 0
        for amount, pre in premasks(SIDE):
            t = b & pre
            out |= (t << amount) & ((1 << n) - 1) if amount > 0 else t >> -amount
        return out
    empty = put(g.full) & ~(me | opp)
    out = []
    for f, cells in enumerate(cand):
        if f < E.N_CLASSES:
            mask = put(classes[f])
        else:
            mask = dead
        out.append(sum((me & mask) >> c & 1 for c in cells)
                   + sum(1 - ((opp & mask) >> c & 1) for c in cells))
    for mine, theirs in ((my_moves, their_moves), (empty & near(opp), empty & near(me))):
        out.append(bin(mine).count("1") + n - bin(theirs).count("1"))
    return out


def tables_term(me, opp, width, height, stage):
    """The pattern unit's sum for golden boards: each instance's address from
    its max-layout cells through the two digit ROMs, plus the group's base."""
    if (width, height) != (8, 8) or not P.built(SIDE):
        return 0
    put = lambda b: to_max(b, width, SIDE)
    me, opp = put(me), put(opp)
    groups, _, edges, rects = PATTERNS
    base = ENTRIES * GP.group_of(stage, groups, STAGES)
    lo, hi = P.digits_table(True), P.digits_table(False)
    total = 0
    for table, instances in ((edges, EDGE_CELLS), (rects, RECT_CELLS)):
        flat = [v for row in table for v in row]
        for cells in instances:
            keys = []
            for part in (0, 1):
                half = P.cells_in(cells, SIDE)[part * P.HALF:(part + 1) * P.HALF]
                mine = sum((me >> c & 1) << j for j, c in enumerate(half))
                theirs = sum((opp >> c & 1) << j for j, c in enumerate(half))
                keys.append(theirs << P.HALF | mine)
            total += flat[base + lo[keys[0]] + hi[keys[1]]]
    return total


def test_counts_times_the_weights_equal_golden():
    rng = random.Random(31)
    table, _ = E.feature_weights(SIDE)
    seen_dead = 0
    for width, height in sizes(SIDE):
        g = geometry(width, height)
        for _ in range(25):
            pos = random_position(rng, width, height, rng.randint(0, g.cells))
            me, opp = (pos.black, pos.white) if pos.to_move == 1 else (pos.white, pos.black)
            my_moves, their_moves = legal(me, opp, g), legal(opp, me, g)
            got = counts(me, opp, my_moves, their_moves, width, height)
            seen_dead += got[C_DEAD] != len(E.candidates(SIDE)[C_DEAD])
            for stage in range(STAGES):
                weights, constant = table[stage]
                value = (sum(w * c for w, c in zip(weights, got)) + constant
                         + tables_term(me, opp, width, height, stage))
                assert value == evaluate(me, opp, my_moves, their_moves, g, stage), \
                    (width, height, stage, pos)
    assert seen_dead > 20, "too few positions with a dead C-square: %d" % seen_dead


def test_weights_too_wide_for_the_registers_stop_the_build(monkeypatch):
    monkeypatch.setattr(E, "WEIGHT_WIDTH", 9)
    with pytest.raises(ValueError, match="9-bit weight registers"):
        E.feature_weights(SIDE)
