"""The Blokus search: scan order, mobility, score, tie-break, budget.

The reference implementations here are written independently of
golden/blokus/search.py: brute force over (centre, tile, digit) with the
rules checker, so a slip in the bitboard code cannot hide in both.
"""
import random

import pytest
from hypothesis import given, settings, strategies as st

from golden.blokus import board as B
from golden.blokus import encoding as E
from golden.blokus import search as S

ME, OPP = B.ME, B.OPP


def brute_moves(pos, player):
    """Every legal (x, y, t, lowest digit) by brute force over all codes."""
    seen = set()
    out = []
    for y in range(1, 15):
        for x in range(1, 15):
            for t in range(21):
                for r in range(8):
                    m = (x, y, t, r)
                    if B.check(pos, player, m) is not None:
                        continue
                    cells = frozenset(E.move_cells(m))
                    if (t, cells) in seen:
                        continue
                    seen.add((t, cells))
                    out.append(E.canonical_move(m))
    return out


def random_position(rng, plies):
    """A position reached by ``plies`` random legal moves (either seat)."""
    pos = B.Position(rng.choice("5A"))
    player = rng.randrange(2)
    for _ in range(plies):
        moves = B.legal_moves(pos, player)
        if moves:
            pos.apply(player, rng.choice(moves))
        elif pos.first_done(player):
            pos.apply(player, None)
        player ^= 1
    return pos


def brute_score(pos, m):
    after = pos.copy()
    after.apply(ME, m)
    return (100 * E.TILE_SIZE[m[2]] + len(brute_moves(after, ME))
            - len(brute_moves(after, OPP)))


@pytest.mark.parametrize("plies", [0, 1, 6, 14])
def test_mobility_and_candidates_equal_brute_force(plies):
    pos = random_position(random.Random(plies), plies)
    for player in (ME, OPP):
        assert S.mobility(pos, player) == len(brute_moves(pos, player))
    cands = S.candidates(pos)
    # scan order is (Y, X, shape index); brute force enumerates Y, X, t, r.
    assert [(m[1], m[0]) for m in cands] == sorted((m[1], m[0]) for m in cands)
    assert sorted(cands) == sorted(brute_moves(pos, ME))
    assert cands == sorted(cands, key=lambda m: (m[1], m[0], m[2], m[3]))


def test_scores_equal_brute_force_and_choice_is_first_best():
    rng = random.Random(5)
    pos = random_position(rng, 8)
    cands = S.candidates(pos)
    sample = cands[:: max(1, len(cands) // 12)]
    for m in sample:
        assert S.evaluate(pos, m) == brute_score(pos, m)
    scores = [S.evaluate(pos, m) for m in cands]
    best = max(scores)
    r = S.search(pos, len(cands))                # phase 1 only: no node left
    assert r.move == cands[scores.index(best)] and r.score == best
    assert r.nodes == r.moves == len(cands)


def test_budget_limits_candidates_in_scan_order():
    pos = random_position(random.Random(9), 5)
    cands = S.candidates(pos)
    assert len(cands) > 10
    scores = [S.evaluate(pos, m) for m in cands]
    for budget in (1, 2, 7, len(cands) - 1, len(cands)):
        k = min(budget, len(cands))
        r = S.search(pos, budget)
        assert r.nodes == k
        head = scores[:k]
        assert r.move == cands[head.index(max(head))]
    assert S.search(pos, 1).move == cands[0]


def test_ties_go_to_the_first_in_scan_order():
    """Find budgets whose candidates tie at the top; the first one wins."""
    ties = 0
    for seed in range(6):
        pos = random_position(random.Random(100 + seed), 2 + seed)
        cands = S.candidates(pos)
        scores = [S.evaluate(pos, m) for m in cands[:60]]
        for k in range(2, min(len(scores), len(cands) - 1) + 1):
            head = scores[:k]
            top = max(head)
            if head.count(top) >= 2:
                ties += 1
                assert S.search(pos, k).move == cands[head.index(top)]
    assert ties >= 3, "too few tied budgets to test the tie-break"


def test_first_move_covers_start_and_never_passes():
    for seat, cell in (("5", (5, 5)), ("A", (10, 10))):
        m = S.choose(B.Position(seat), 50)
        assert cell in E.move_cells(m)
        assert E.TILE_SIZE[m[2]] == 5            # big tiles first


def test_pass_only_without_legal_move():
    pos = B.Position("5")
    pos.used[ME] = E.ALL_TILES
    r = S.search(pos)
    assert r == S.SearchResult(None, 0, 0, 0)


def reference(pos, budget):
    """Phase 1 and 2 as the module doc says, written again: every reply of a
    kept candidate is evaluated (no alpha-beta), so only the budget can stop
    early; returns (move, value) and is compared where the budget is ample."""
    cands = S.candidates(pos)
    scored = [(S.evaluate(pos, m), i) for i, m in enumerate(cands)]
    if not scored:
        return None, 0
    kept = sorted(scored, key=lambda vi: (-vi[0], vi[1]))[:S.TOP_K]
    best = None
    for v1, i in kept:
        m = cands[i]
        after = pos.copy()
        after.apply(ME, m)
        replies = [S.evaluate(after, r, OPP) for r in B.legal_moves(after, OPP)]
        value = v1 if not replies else 100 * E.TILE_SIZE[m[2]] - max(replies)
        if best is None or value > best[1]:
            best = (m, value)
    return best


@pytest.mark.parametrize("seed,plies", [(1, 4), (2, 9), (3, 16), (4, 24)])
def test_phase_2_equals_the_reference(seed, plies):
    pos = random_position(random.Random(seed), plies)
    r = S.search(pos)
    move, value = reference(pos, S.DEFAULT_BUDGET)
    assert (r.move, r.score) == (move, value)
    assert r.nodes >= r.moves                     # phase 1 evaluated every candidate


def test_phase_2_budget_drops_the_unfinished_candidate():
    """Budgets that end inside phase 2: the answer is the best candidate
    finished so far (phase 1's best when none), never a partial one."""
    pos = random_position(random.Random(31), 10)
    full = S.search(pos)
    n = full.moves
    first = S.search(pos, n)                      # phase 1 only
    assert full.nodes > n + 1
    seen = set()
    for budget in range(n, full.nodes + 1, max(1, (full.nodes - n) // 25)):
        r = S.search(pos, budget)
        assert r.nodes <= budget
        seen.add(r.move)
        if r.move != first.move:                  # a finished phase-2 candidate
            after = pos.copy()
            after.apply(ME, r.move)
            replies = [S.evaluate(after, q, OPP) for q in B.legal_moves(after, OPP)]
            assert r.score == 100 * E.TILE_SIZE[r.move[2]] - max(replies)
    assert S.search(pos, full.nodes) == full
    assert first.move in seen


def test_choice_is_lowest_digit_and_legal():
    rng = random.Random(2)
    for plies in (0, 3, 10):
        pos = random_position(rng, plies)
        m = S.choose(pos, 30)
        if m is not None:
            assert B.check(pos, ME, m) is None and E.canonical_move(m) == m


def test_budget_validation():
    pos = B.Position("5")
    for bad in (0, -3, 2.0, None, True, S.MAX_BUDGET + 1):
        with pytest.raises(ValueError, match="budget"):
            S.search(pos, bad)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10 ** 6), plies=st.integers(0, 20),
       budget=st.integers(1, 6))
def test_small_budget_equals_first_k_by_brute_force(seed, plies, budget):
    pos = random_position(random.Random(seed), plies)
    cands = brute_moves(pos, ME)
    cands.sort(key=S.scan_key)
    head = cands[:budget]
    r = S.search(pos, budget)
    if not head:
        assert r.move is None
        return
    scores = [brute_score(pos, m) for m in head]
    assert r.move == head[scores.index(max(scores))]
    assert r.score == max(scores)
