"""The Blokus search: scan order, mobility, reach, score, tie-break, budget.

The reference implementations here are written independently of
golden/blokus/search.py: brute force over (centre, tile, digit) with the
rules checker (reach: with the board's edge and corner maps, the tile-used
rule left out), so a slip in the bitboard code cannot hide in both.
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


def fits(pos, player, m):
    """Would ``m`` be legal for ``player`` if it still held the tile? The
    rules of ``B.check`` after the tile-used one, written again from the
    board's edge and corner maps."""
    mask = E.placement_mask(m)
    if mask is None or mask & (pos.cells[ME] | pos.cells[OPP]):
        return False
    own = pos.cells[player]
    if mask & B.edge_map(own):
        return False
    if pos.first_done(player):
        return bool(mask & B.corner_map(own))
    return bool(mask & pos.start_bit[player])


def brute_reach(pos, player):
    """Distinct placements (tile, cells) of tiles a, b, c, d that ``fits``:
    one per shape and centre, whether or not ``player`` holds the tile."""
    seen = set()
    for y in range(1, 15):
        for x in range(1, 15):
            for t in range(4):
                for r in range(8):
                    m = (x, y, t, r)
                    if fits(pos, player, m):
                        seen.add((t, frozenset(E.move_cells(m))))
    return len(seen)


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
    return (100 * E.TILE_SIZE[m[2]] + brute_reach(after, ME)
            - brute_reach(after, OPP))


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


def test_fits_is_the_rules_checker_for_held_tiles():
    """The brute-force reach's legality equals B.check for tiles not used."""
    rng = random.Random(17)
    for plies in (0, 3, 9, 20):
        pos = random_position(rng, plies)
        for player in (ME, OPP):
            legal = B.legal_moves(pos, player)
            assert all(fits(pos, player, m) for m in legal)
            for _ in range(400):
                m = (rng.randint(0, 15), rng.randint(0, 15), rng.randrange(21), rng.randrange(8))
                if (pos.used[player] >> m[2]) & 1:
                    continue
                assert fits(pos, player, m) == (B.check(pos, player, m) is None), (m, pos)


def test_reach_tiles_and_bound():
    assert S.REACH_TILES == (0, 1, 2, 3)
    assert [E.TILE_SIZE[t] for t in S.REACH_TILES] == [1, 2, 3, 3]
    assert sum(len(E.SHAPES[t]) for t in S.REACH_TILES) == 9
    assert S.MAX_REACH == 9 * 14 * 14 == 1764


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10 ** 6), plies=st.integers(0, 30),
       player=st.sampled_from((ME, OPP)))
def test_reach_equals_brute_force(seed, plies, player):
    pos = random_position(random.Random(seed), plies)
    n = S.reach(pos, player)
    assert n == brute_reach(pos, player)
    assert 0 <= n <= S.MAX_REACH


def test_reach_of_the_empty_board():
    """Before its first tile a player's only anchor is its start cell, 4
    cells from the edges: every shape of a, b, c, d fits once per square
    (1 + 2 * 2 + 2 * 3 + 4 * 3 = 23), whoever moves first."""
    for seat in ("5", "A"):
        pos = B.Position(seat)
        assert S.reach(pos, ME) == S.reach(pos, OPP) == 23


def test_reach_ignores_the_used_tiles():
    """Reach counts a, b, c, d whether or not they are held: the used set
    changes mobility, never reach (as long as the first tile is down)."""
    rng = random.Random(23)
    checked = 0
    for plies in (4, 8, 12, 16, 20):
        pos = random_position(rng, plies)
        for player in (ME, OPP):
            if not pos.first_done(player):
                continue
            want = S.reach(pos, player)
            assert want == brute_reach(pos, player)
            for small in (0, 0b1111, 0b0101, 0b1010):
                q = pos.copy()
                # keep a big tile used: the first tile stays placed
                q.used[player] = (pos.used[player] & ~0b1111) | small | (1 << 20)
                assert S.reach(q, player) == want, (player, small, pos)
            q = pos.copy()
            q.used[player] ^= 0b1111                 # a, b, c, d: held <-> played
            q.used[player] |= 1 << 20
            assert S.reach(q, player) == want
            checked += S.mobility(q, player) != S.mobility(pos, player)
    assert checked >= 5                          # and mobility did see the change


def test_reach_is_zero_without_an_anchor():
    pos = B.Position("5")
    # OPP on ME's start cell before ME's first tile: no anchor, no placement
    pos.apply(OPP, (5, 5, 0, 0))
    assert B.anchor_map(pos, ME) == 0
    assert S.reach(pos, ME) == brute_reach(pos, ME) == 0
    assert S.reach(pos, OPP) == brute_reach(pos, OPP) > 0
    # a player boxed in: every corner cell of its squares taken or edge-adjacent
    box = B.Position("5")
    box.apply(ME, (5, 5, 0, 0))
    for x, y in ((4, 4), (6, 4), (4, 6), (6, 6)):
        box.apply(OPP, (x, y, 0, 0))
    assert B.anchor_map(box, ME) == 0 and B.free_map(box, ME) != 0
    assert S.reach(box, ME) == brute_reach(box, ME) == 0


def test_evaluate_is_size_and_reach():
    """evaluate = W_SIZE * squares + reach(after, P) - W_OPP * reach(after,
    other), for either mover, and it differs from the mobility evaluation."""
    rng = random.Random(41)
    differs = 0
    for plies in (2, 7, 13):
        pos = random_position(rng, plies)
        for player in (ME, OPP):
            moves = S.candidates(pos, player)
            for m in moves[:: max(1, len(moves) // 5)]:
                after = pos.copy()
                after.apply(player, m)
                want = (S.W_SIZE * E.TILE_SIZE[m[2]] + brute_reach(after, player)
                        - S.W_OPP * brute_reach(after, 1 - player))
                assert S.evaluate(pos, m, player) == want, (player, m, pos)
                differs += want != (S.W_SIZE * E.TILE_SIZE[m[2]] + S.mobility(after, player)
                                    - S.W_OPP * S.mobility(after, 1 - player))
    assert differs


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
