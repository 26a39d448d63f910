"""Reversi search: equal to an independent re-implementation written from the
docstring (move, score, node count, depth, stop), each iteration's score
equal to plain negamax, the budget, passes, forced moves and exact endgames."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from golden.reversi import BLACK, WHITE, Position, start
from golden.reversi import encoding as E
from golden.reversi import patterns as P
from golden.reversi import search as S
from golden.tests import reversi_ref as R

SMALL_SIZES = [(4, 4), (6, 4), (4, 6), (6, 6), (8, 6), (8, 8)]


def position_of(cells, w, h, me):
    black, white = E.cells_to_bitboards(cells)
    return Position(w, h, black, white, me)


def test_constants():
    assert S.WIN == R.WIN and S.INF == R.INF and S.STAGES == R.STAGES
    assert (S.ENDGAME_EMPTIES, S.ENDGAME_AFTER) == (R.ENDGAME_EMPTIES, R.ENDGAME_AFTER)
    assert S.CYCLES_PER_NODE == 17 and S.SEARCH_FIXED_CYCLES == 17 and S.CLOCK_HZ == 50000000
    assert E.TIME_LIMIT_MS == 1000
    cycles = S.OVERHEAD_CYCLES + S.SEARCH_FIXED_CYCLES + S.CYCLES_PER_NODE * S.DEFAULT_BUDGET
    assert cycles <= 0.8 * S.CLOCK_HZ * E.TIME_LIMIT_MS / 1000
    assert cycles + S.CYCLES_PER_NODE > 0.8 * S.CLOCK_HZ * E.TIME_LIMIT_MS / 1000
    assert S.DEFAULT_BUDGET == 2322099 and S.MAX_BUDGET == (1 << 24) - 1
    # the longest Next Turn (16 x 16: 69 bytes) plus the answer (3 bytes)
    # at 10 bits a byte, 115200 baud, fits OVERHEAD_CYCLES at 50 MHz
    assert (69 + 3) * 10 * S.CLOCK_HZ // E.BAUD < S.OVERHEAD_CYCLES
    # value bounds: every evaluation below WIN, every value within INF
    assert S.EVAL_BOUND < S.WIN and S.WIN + 256 < S.INF


@pytest.mark.parametrize("budget", [0, -1, S.MAX_BUDGET + 1, True, 1.5, None])
def test_bad_budgets(budget):
    with pytest.raises(ValueError):
        S.search(start(8, 8), budget)


@settings(max_examples=100)
@given(st.sampled_from(SMALL_SIZES), st.integers(0, 60), st.integers(1, 400),
       st.randoms(use_true_random=False))
def test_search_equals_reference(size, plies, budget, rng):
    w, h = size
    cells, me = R.random_cells(rng, w, h, plies)
    p = position_of(cells, w, h, me)
    got, its = S.explain(p, budget)
    ref = R.RefSearch(w, h, budget).run(cells, me)
    assert tuple(got) == ref[:5]
    assert its == ref[5]
    assert got.nodes <= budget


def test_search_equals_reference_fixed_cases():
    # deeper trees than the property test, with a few thousand nodes
    rng = random.Random(11)
    killer_hits = 0
    for w, h, plies, budget in [(8, 8, 10, 1500), (8, 8, 30, 1500), (6, 6, 20, 2500),
                                (4, 4, 3, 100000), (8, 8, 50, 2500)]:
        cells, me = R.random_cells(rng, w, h, plies)
        got, its = S.explain(position_of(cells, w, h, me), budget)
        ref_search = R.RefSearch(w, h, budget)
        ref = ref_search.run(cells, me)
        assert (tuple(got), its) == (ref[:5], ref[5]), (w, h, plies)
        killer_hits += ref_search.killer_hits
    assert killer_hits >= 100           # the killers changed the order, many times


@settings(max_examples=25)
@given(st.sampled_from([(4, 4), (6, 4), (6, 6), (8, 8)]), st.integers(0, 40),
       st.randoms(use_true_random=False))
def test_iteration_scores_are_negamax_values(size, plies, rng):
    w, h = size
    cells, me = R.random_cells(rng, w, h, plies)
    p = position_of(cells, w, h, me)
    _, its = S.explain(p, 3000)
    for d, _, score, move in its:
        if d > (3 if w * h <= 36 else 2):
            break
        assert score == R.minimax(cells, w, h, me, d)
        # the chosen move is worth the root value
        child = R.play(cells, w, h, move, me)
        assert -R.minimax(child, w, h, 3 - me, d - 1) == score


def test_budget_one_plays_first_legal_move_in_order():
    rng = random.Random(2)
    for _ in range(30):
        w, h = rng.choice(SMALL_SIZES + [(16, 16), (10, 12)])
        cells, me = R.random_cells(rng, w, h, rng.randrange(0, 40))
        p = position_of(cells, w, h, me)
        r = S.search(p, 1)
        legal = p.legal_moves()
        if len(legal) >= 2:
            assert r.move == [c for c in R.order(w, h) if c in legal][0]
            assert r.nodes == 1 and r.depth == 0 and r.stop == "budget"


def test_start_8x8_known_answers():
    # the 4 openings are symmetric; the first in move order (index) is D3 (19)
    r = S.search(start(8, 8), 1000)
    assert r.move == 19 and r.nodes == 1000 and r.stop == "budget"
    assert S.search(start(8, 8), 1000) == r                 # deterministic
    # budget 4 completes iteration 1 (4 root moves, all worth the same by
    # symmetry: the tie keeps D3); iteration 2 then stops before its first node
    cells = R.start_cells(8, 8)
    value = -R.evaluate(R.play(cells, 8, 8, 19, 1), 8, 8, 2, R.stage_of(5, 8, 8))
    assert value == -68             # the weights and tables of record (golden/reversi/evaluation.json)
    assert S.search(start(8, 8), 4) == S.SearchResult(19, value, 4, 1, "budget")


def test_pass_and_forced():
    cells = [1, 1, 2, 0] + [0] * 12
    p = position_of(cells, 4, 4, WHITE)
    assert S.search(p, 100) == S.SearchResult(None, None, 0, 0, "pass")
    q = p.play(None)
    assert S.search(q, 100) == S.SearchResult(3, None, 0, 0, "forced")
    over = position_of([1, 2] * 8, 4, 4, BLACK)
    assert S.search(over, 100).move is None


def test_pass_inside_the_tree_is_a_node():
    # 4 x 4, Black to move: the tree holds hundreds of forced passes; 12
    # empties, so after 8 iterations the solver proves a win (move 15, 743
    # nodes) and then its margin (+14)
    cells = [0, 1, 1, 1,
             0, 1, 1, 0,
             2, 2, 2, 0,
             0, 0, 0, 0]
    p = position_of(cells, 4, 4, BLACK)
    ref_search = R.RefSearch(4, 4, 100000)
    ref = ref_search.run(cells, BLACK)
    assert ref_search.passes > 100
    got, its = S.explain(p, 100000)
    assert (tuple(got), its) == (ref[:5], ref[5])
    assert got == S.SearchResult(15, S.WIN + 14, 1096, 63, "exact")
    assert [it[:2] for it in its[-3:]] == [(8, 734), (63, 743), (63, 1096)]
    # every budget below the full tree stops at the same node as the
    # reference: in the midgame, in the win/loss/draw solve, in the exact one
    stops = set()
    for budget in (50, 742, 743, 900, 1095):
        r = S.search(p, budget)
        assert tuple(r) == R.RefSearch(4, 4, budget).run(cells, BLACK)[:5]
        stops.add((r.stop, r.depth, r.move))
    assert stops == {("budget", 3, 15), ("budget", 8, 15), ("wld", 63, 15)}, stops


def test_exact_endgame_stops_and_is_right():
    rng = random.Random(7)
    found = 0
    while found < 6:
        cells, me = R.random_cells(rng, 6, 6, 26)
        p = position_of(cells, 6, 6, me)
        if len(p.legal_moves()) < 2:
            continue
        found += 1
        r = S.search(p, 200000)
        assert r.stop == "exact"
        # the exact game value by brute force (plain negamax to the end)
        assert r.score == R.minimax(cells, 6, 6, me, 40)


def test_exact_value_scores_disc_lead():
    assert S.terminal_value(0b111, 0b1) == S.WIN + 2
    assert S.terminal_value(0b1, 0b111) == -S.WIN - 2
    assert S.terminal_value(0b11, 0b1100) == 0


def test_evaluate_by_hand():
    g = E.geometry(8, 8)
    for stage in range(S.STAGES):
        w = S.EVAL_WEIGHTS[stage]
        # the pattern tables of the stage's group (golden/reversi/patterns.py)
        groups, _, edges, rects = S.PATTERNS
        k = P.group_of(stage, groups, S.STAGES)
        ed, rc = edges[k], rects[k]
        corner, c_sq, x_sq, c_dead, x_dead, mob, pot, const = (w[0], w[1], w[4], w[10], w[11],
                                                                w[12], w[13], w[14])
        p = start(8, 8)
        # start: the same discs on each side's classes, mobility 4 - 4, as
        # many empty cells next to only Black as next to only White
        # (no disc on an edge or a rectangle: every instance's index is 0)
        assert S.evaluate(p.mine, p.theirs, p.legal_mask(), p.legal_mask(WHITE), g,
                          stage) == const + 4 * ed[0] + 8 * rc[0]
        # my corner A1, their X-square B2 (dead: A1 is taken); my move C3 (bit 18)
        # A2 B1 are next to both; A3 B3 C1 C2 C3 next to B2 only (theirs)
        me, opp = 1 << 0, 1 << 9
        # the tables: A1 is digit 0 of the top edge and the left one (index
        # 1); in both top-left rectangles A1 is digit 0 and B2 digit 5
        # (1 + 2 * 3^5 = 487); the other instances are empty
        tables = 2 * ed[1] + 2 * ed[0] + 2 * rc[487] + 6 * rc[0]
        assert S.evaluate(me, opp, 1 << 18, 0, g, stage) == (corner - x_dead + mob + 5 * pot
                                                             + const + tables)
        # my C-square B1 (A1 empty), their corner H8; their move A1 (a mask given
        # by hand: mobility counts whatever masks it is given)
        me, opp = 1 << 1, 1 << 63
        # empty next to B1 only: A1 C1 A2 B2 C2 (5); next to H8 only: G8 G7 H7 (3)
        # the tables: B1 is digit 1 of the top edge (3), digit 1 of the
        # top-left rectangle along the row (3) and digit 4 of the one along
        # the column (81); H8 is digit 7 of the bottom edge and the right
        # one (2 * 3^7 = 4374) and digit 0 of both bottom-right rectangles (2)
        tables = (ed[3] + 2 * ed[4374] + ed[0] + rc[3] + rc[81] + 2 * rc[2] + 4 * rc[0])
        assert S.evaluate(me, opp, 0, 0b1, g, stage) == (c_sq - corner - mob - 5 * pot + 3 * pot
                                                         + const + tables)
    # the weights reach the evaluation: the X-square live and dead differ
    assert any(w[4] != w[11] for w in S.EVAL_WEIGHTS) and x_sq == S.EVAL_WEIGHTS[-1][4]


def test_evaluation_equals_reference_cell_by_cell():
    rng = random.Random(7)
    for _ in range(300):
        w, h = rng.choice(SMALL_SIZES + [(16, 16), (10, 12)])
        cells, me = R.random_cells(rng, w, h, rng.randrange(0, w * h))
        p = position_of(cells, w, h, me)
        stage = rng.randrange(S.STAGES)
        got = S.evaluate(p.mine, p.theirs, p.legal_mask(), p.legal_mask(3 - p.to_move), p.g,
                         stage)
        assert got == R.evaluate(cells, w, h, me, stage)


def test_stage_of_steps_by_tenths_at_8x8():
    g = E.geometry(8, 8)
    assert [S.stage_of(d, g) for d in (0, 4, 13, 14, 23, 24, 54, 63, 64)] == [0, 0, 0, 1, 1, 2,
                                                                              5, 5, 5]


def test_nodes_never_exceed_budget_and_moves_are_legal():
    rng = random.Random(4)
    for _ in range(25):
        w, h = rng.choice([(8, 8), (10, 10), (16, 16), (6, 12)])
        cells, me = R.random_cells(rng, w, h, rng.randrange(0, 120))
        p = position_of(cells, w, h, me)
        budget = rng.randrange(1, 700)
        r = S.search(p, budget)
        assert r.nodes <= budget
        assert p.is_legal(r.move)
        assert r.stop in S.STOPS


def test_more_budget_never_less_depth():
    p = start(8, 8).play(19).play(18)
    depths = [S.search(p, b).depth for b in (10, 100, 1000, 5000)]
    assert depths == sorted(depths) and depths[-1] >= 4


def test_choose_uses_default_budget(monkeypatch):
    seen = []

    def fake(position, budget):
        seen.append(budget)
        return S.SearchResult(19, 0, 0, 0, "budget")
    monkeypatch.setattr(S, "search", fake)
    assert S.choose(start(8, 8)) == 19 and seen == [S.DEFAULT_BUDGET]
