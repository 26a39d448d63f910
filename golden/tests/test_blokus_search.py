"""The Blokus search: scan order, mobility, reach, score, tie-break, the
iterative-deepening alpha-beta search, node count and budget.

The reference implementations here are written independently of
golden/blokus/search.py: brute force over (centre, tile, digit) with the
rules checker (reach: with the board's edge and corner maps, the tile-used
rule left out), so a slip in the bitboard code cannot hide in both; the
search's value by plain negamax of the kept trees (no alpha-beta), its node
count and budget rules by a recorded run of the module doc's alpha-beta.
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
    assert r.nodes == r.moves == len(cands) and r.depth == 1


def test_budget_limits_candidates_in_scan_order():
    pos = random_position(random.Random(9), 5)
    cands = S.candidates(pos)
    assert len(cands) > 10
    scores = [S.evaluate(pos, m) for m in cands]
    for budget in (1, 2, 7, len(cands) - 1, len(cands)):
        k = min(budget, len(cands))
        r = S.search(pos, budget)
        assert r.nodes == k and r.depth == 1
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
    assert r == S.SearchResult(None, 0, 0, 0, 0)
    assert (r.move, r.nodes, r.depth) == (None, 0, 0)


def test_budget_constants():
    assert S.MAX_BUDGET == (1 << 25) - 1
    assert 1 <= S.DEFAULT_BUDGET <= S.MAX_BUDGET
    assert S.check_budget(S.DEFAULT_BUDGET) == S.DEFAULT_BUDGET
    assert S.check_budget(S.MAX_BUDGET) == S.MAX_BUDGET
    assert S.MAX_DEPTH >= 2 and S.TOP_K >= 1 and S.SCAN_NODES >= 1
    # every value is far inside the root window (module doc: bounds)
    assert 2 * S.MAX_REACH + S.MAX_DEPTH * 500 < S.INF
    assert S.SearchResult._fields[:5] == ("move", "score", "nodes", "moves", "depth")
    # the names of where the budget ran out, as the references below use them
    assert set(getattr(S, "STOPS", NODE_STOPS | {ENTER})) == NODE_STOPS | {ENTER}


# ------------------------------------------------ the search, written again
#
# Two references of the module doc's search, both written from the doc
# alone and in their own way (moves from the rules' generator sorted by
# (Y, X, tile, digit), TOP_K by a sort of indices), sharing only
# S.evaluate (tested against brute force above):
#
# * ref_iterations: plain negamax of the kept trees, no window, no cut and
#   no budget, and the iterations' choice (the previous best tried first, a
#   later move wins only when strictly better).  Alpha-beta must not change
#   the value of the root nor which move is chosen.
# * RefTrace: the doc's alpha-beta, recording every spend in order (a node
#   of phase 1, of a depth-2 or of a deeper scan; an expansion: the names of
#   SearchResult.stop) and when each root value was known; the
#   answer at any budget is then read off the record (the search at budget
#   b does exactly what the unlimited one does until the first spend that
#   does not fit in b).

NODE_STOPS = {"phase1", "leaves", "inner"}       # a node did not fit
ENTER = "enter"                                  # an expansion did not fit


def ref_moves(pos, player):
    return sorted(B.legal_moves(pos, player), key=lambda m: (m[1], m[0], m[2], m[3]))


def ref_kept(pos, player, moves):
    """[(move, evaluation)]: the TOP_K best of ``moves`` (scan order), ties
    to the earlier."""
    scores = [S.evaluate(pos, m, player) for m in moves]
    best = sorted(range(len(moves)), key=lambda i: (-scores[i], i))[:S.TOP_K]
    return [(moves[i], scores[i]) for i in best]


def ref_negamax(pos, player, m, e, d):
    """Value of ``player``'s move ``m`` (evaluation ``e``) searched ``d`` >= 2
    plies deep, without alpha-beta."""
    after = pos.copy()
    after.apply(player, m)
    other = 1 - player
    replies = ref_moves(after, other)
    if not replies:
        return e
    if d == 2:
        best = max(S.evaluate(after, r, other) for r in replies)
    else:
        best = max(ref_negamax(after, other, r, v, d - 1)
                   for r, v in ref_kept(after, other, replies))
    return S.W_SIZE * E.TILE_SIZE[m[2]] - best


def ref_iterations(pos, depth):
    """(kept root moves, [(chosen kept index, value, values of all kept)] for
    depth 1 (phase 1), 2, ..., ``depth``)."""
    kept = ref_kept(pos, ME, ref_moves(pos, ME))
    out = [(0, kept[0][1], [v for _, v in kept])]
    for d in range(2, depth + 1):
        values = [ref_negamax(pos, ME, m, e, d) for m, e in kept]
        top = max(values)
        prev = out[-1][0]
        order = [prev] + [k for k in range(len(kept)) if k != prev]
        out.append((next(k for k in order if values[k] == top), top, values))
    return kept, out


class RefTrace(object):
    """The doc's search run to ``depth`` with no budget: ``spends`` lists what
    each spend was ("phase1", "enter", "leaves", "inner"), ``roots`` each root
    value as (depth, kept index, value, spends made when it was known)."""

    def __init__(self, pos, depth):
        self.spends, self.roots = [], []
        self.moves = ref_moves(pos, ME)
        self.scores = []
        for m in self.moves:
            self.spends.append("phase1")
            self.scores.append(S.evaluate(pos, m, ME))
        self.kept = ref_kept(pos, ME, self.moves)
        prev = 0
        for d in range(2, depth + 1 if self.moves else 2):
            best = None
            for k in [prev] + [j for j in range(len(self.kept)) if j != prev]:
                m, e = self.kept[k]
                alpha = -S.INF if best is None else best[1]
                v = self.value(pos, ME, m, e, d, alpha, S.INF)
                self.roots.append((d, k, v, len(self.spends)))
                if best is None or v > best[1]:
                    best = (k, v)
            prev = best[0]
        self.total = self.cost(len(self.spends))

    def cost(self, count):
        return sum(S.SCAN_NODES if s == ENTER else 1 for s in self.spends[:count])

    def value(self, pos, player, m, e, d, alpha, beta):
        self.spends.append(ENTER)
        after = pos.copy()
        after.apply(player, m)
        other = 1 - player
        replies = ref_moves(after, other)
        base = S.W_SIZE * E.TILE_SIZE[m[2]]
        best = None
        if d == 2:
            for r in replies:
                self.spends.append("leaves")
                v = S.evaluate(after, r, other)
                best = v if best is None else max(best, v)
                if base - best <= alpha:
                    break
        else:
            scores = []
            for r in replies:
                self.spends.append("inner")
                scores.append(S.evaluate(after, r, other))
            for i in sorted(range(len(replies)), key=lambda i: (-scores[i], i))[:S.TOP_K]:
                low = base - beta if best is None else max(best, base - beta)
                v = self.value(after, other, replies[i], scores[i], d - 1, low, base - alpha)
                best = v if best is None else max(best, v)
                if base - best <= alpha:
                    break
        return e if best is None else base - best

    def answer(self, budget):
        """The SearchResult fields the doc gives at ``budget`` (a dict, plus
        "how": which budget rule chose the move), or None when the budget
        does not run out within the record."""
        nodes, out = 0, None
        for i, s in enumerate(self.spends):
            cost = S.SCAN_NODES if s == ENTER else 1
            if nodes + cost > budget:
                out = i
                break
            nodes += cost
        if not self.moves:
            return dict(move=None, score=0, nodes=0, moves=0, depth=0, how="pass")
        if out is None:
            return None
        want = dict(nodes=nodes, moves=len(self.moves), stop=self.spends[out])
        if out < len(self.moves):                  # phase 1 cut short
            head = self.scores[:out]
            j = head.index(max(head))
            want.update(move=self.moves[j], score=head[j], depth=1, how="phase 1 partial")
            return want
        done = (0, self.kept[0][1], 1)             # phase 1 counts as depth 1
        how = "phase 1"
        depth, best = None, None
        for d, k, v, known in self.roots + [(None, None, None, None)]:
            if d != depth:                         # iteration `depth` finished
                if best is not None:
                    done, how = (best[0], best[1], depth), "finished iteration"
                depth, best = d, None
            if known is None or known > out:       # budget out before v is known
                if best is not None:
                    how = ("iteration's new best" if best[0] != done[0]
                           else "iteration's best (the previous one)")
                    done = (best[0], best[1], done[2])
                break
            if best is None or v > best[1]:
                best = (k, v)
        want.update(move=self.kept[done[0]][0], score=done[1], depth=done[2], how=how)
        return want


def fields(r, want):
    """The fields of SearchResult ``r`` named in ``want`` (a dict)."""
    return {f: getattr(r, f) for f in want if f in r._fields}


def expect(r, want):
    want = {f: v for f, v in want.items() if f in S.SearchResult._fields}
    assert fields(r, want) == want


def coarse_evaluate(position, move, player=ME):
    """A stand-in evaluation with many equal scores (sizes and a small term
    of the move and the number of squares down), under which the order of
    equal values decides more often; the search only calls S.evaluate."""
    x, y, t, r = move
    n = bin(position.cells[ME]).count("1") + 2 * bin(position.cells[OPP]).count("1")
    return S.W_SIZE * E.TILE_SIZE[t] + (3 * x + 5 * y + 7 * t + r + n) % 11


# (seed, plies, deepest iteration tested, coarse evaluation?)
VALUE_CASES = [
    (5, 14, 3, False), (11, 10, 3, False), (20, 18, 3, False), (29, 12, 3, False),
    (6, 20, 3, False), (0, 8, 2, False), (19, 16, 3, False),
    (34, 20, 4, False), (47, 20, 4, False),          # the root order decides (below)
    (20, 16, 3, True), (35, 12, 3, True), (8, 4, 3, True),
]


@pytest.mark.parametrize("seed,plies,depth,coarse", VALUE_CASES)
def test_iterations_equal_plain_negamax(monkeypatch, seed, plies, depth, coarse):
    """At a budget that finishes iteration d (MAX_DEPTH = d, ample budget):
    the move chosen is the first in root order of the kept moves with the
    highest plain-negamax value, that value is its score, the depth is d."""
    if coarse:
        monkeypatch.setattr(S, "evaluate", coarse_evaluate)
    pos = random_position(random.Random(seed), plies)
    kept, its = ref_iterations(pos, depth)
    for d in range(2, depth + 1):
        monkeypatch.setattr(S, "MAX_DEPTH", d)
        r = S.search(pos, S.MAX_BUDGET)
        k, value, values = its[d - 1]
        expect(r, dict(move=kept[k][0], score=value, depth=d, moves=len(ref_moves(pos, ME)),
                       stop=None))
        assert r.nodes < S.MAX_BUDGET


@pytest.mark.parametrize("seed,plies,depth,coarse", [
    (34, 20, 4, False), (47, 20, 3, False), (47, 20, 4, False),
    (20, 16, 3, True), (35, 12, 3, True)])
def test_root_order_puts_the_previous_best_first(monkeypatch, seed, plies, depth, coarse):
    """Positions where two kept moves tie for the best value at depth d and
    the later in kept order was depth d - 1's best: it stays the choice."""
    if coarse:
        monkeypatch.setattr(S, "evaluate", coarse_evaluate)
    pos = random_position(random.Random(seed), plies)
    kept, its = ref_iterations(pos, depth)
    k, value, values = its[depth - 1]
    first = values.index(value)
    assert first != k == its[depth - 2][0], "the position no longer tests the root order"
    monkeypatch.setattr(S, "MAX_DEPTH", depth)
    r = S.search(pos, S.MAX_BUDGET)
    assert (r.move, r.score, r.depth) == (kept[k][0], value, depth)
    assert r.move != kept[first][0]


# Small positions: the real MAX_DEPTH is reached well within the default budget.
ENDGAMES = [(30, 24), (54, 22), (40, 26), (48, 24), (45, 24)]


@pytest.mark.parametrize("seed,plies", ENDGAMES)
def test_default_search_of_small_endgames(seed, plies):
    pos = random_position(random.Random(seed), plies)
    kept, its = ref_iterations(pos, S.MAX_DEPTH)
    trace = RefTrace(pos, S.MAX_DEPTH)
    r = S.search(pos)
    assert trace.total < S.DEFAULT_BUDGET
    k, value, _ = its[-1]
    expect(r, dict(move=kept[k][0], score=value, nodes=trace.total, moves=len(trace.moves),
                   depth=S.MAX_DEPTH, stop=None))
    assert S.search(pos, r.nodes) == r              # exactly enough: the same answer
    short = S.search(pos, r.nodes - 1)
    assert short.depth < S.MAX_DEPTH and short.nodes <= r.nodes - 1


def test_without_replies_each_iteration_scans_each_kept_move():
    """The opponent has no move: every value is the move's evaluation, and
    each iteration costs one expansion per kept move."""
    for seed, plies in ((3, 6), (8, 14)):
        pos = random_position(random.Random(seed), plies)
        pos.used[OPP] = E.ALL_TILES
        moves = ref_moves(pos, ME)
        scores = [S.evaluate(pos, m) for m in moves]
        best = scores.index(max(scores))
        r = S.search(pos)
        kept = min(len(moves), S.TOP_K)
        assert len(moves) > S.TOP_K
        expect(r, dict(move=moves[best], score=scores[best], moves=len(moves),
                       nodes=len(moves) + (S.MAX_DEPTH - 1) * kept * S.SCAN_NODES,
                       depth=S.MAX_DEPTH, stop=None))


# (seed, plies, depth of the recorded run): beyond its end MAX_DEPTH is set to
# that depth, within it the search runs as it is (MAX_DEPTH = 8).
TRACE_CASES = [(7, 18, 3), (8, 20, 3), (6, 16, 3), (47, 20, 4), (30, 24, 8), (54, 22, 8)]
_TRACES = {}


def trace_of(seed, plies, depth):
    key = (seed, plies, depth)
    if key not in _TRACES:
        pos = random_position(random.Random(seed), plies)
        _TRACES[key] = (pos, RefTrace(pos, depth))
    return _TRACES[key]


def search_at(pos, trace, depth, budget):
    """The golden search at ``budget`` and the reference's answer; with
    MAX_DEPTH as it is when the budget runs out within the trace, else with
    MAX_DEPTH = depth (the trace's)."""
    want = trace.answer(budget)
    if want is not None:
        return S.search(pos, budget), want
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(S, "MAX_DEPTH", depth)
        r = S.search(pos, budget)
    last = [x for x in trace.roots if x[0] == depth]
    d, k, v = max(last, key=lambda x: (x[2], -last.index(x)))[:3]
    return r, dict(move=trace.kept[k][0], score=v, nodes=trace.total,
                   moves=len(trace.moves), depth=depth, stop=None, how="all finished")


def check_budget_invariants(r, budget, max_depth):
    """Nodes never exceed the budget; either every iteration finished or the
    budget ran out, a node short (nodes == budget) or an expansion short."""
    assert 0 <= r.nodes <= budget
    if r.move is None:
        return
    stop = getattr(r, "stop", "no stop field")
    if stop == "no stop field":
        assert r.depth == max_depth or budget - r.nodes < S.SCAN_NODES
    elif stop is None:
        assert r.depth == max_depth
    else:
        assert 1 <= r.depth < max_depth
        assert budget - r.nodes < (S.SCAN_NODES if stop == ENTER else 1)


@pytest.mark.parametrize("seed,plies,depth", TRACE_CASES)
def test_budget_answers_equal_the_reference(seed, plies, depth):
    """Every budget where something changes: the ends of phase 1 and of
    every root value (one node more and one less), the edges of the first
    expansion, and budgets inside root values."""
    pos, trace = trace_of(seed, plies, depth)
    n = len(trace.moves)
    ends = sorted({trace.cost(known) for _, _, _, known in trace.roots})
    budgets = {1, 2, n - 1, n, n + 1, n + S.SCAN_NODES - 1, n + S.SCAN_NODES,
               n + S.SCAN_NODES + 1, trace.total - 1, trace.total, trace.total + 1}
    for c in ends:
        budgets |= {c - 1, c, c + 1}
    budgets |= {(a + b) // 2 for a, b in zip(ends, ends[1:])}
    budgets.add(trace.cost(trace.spends.index("inner")))    # a deeper scan's first node
    hows, stops = set(), set()
    for budget in sorted(b for b in budgets if b >= 1):
        r, want = search_at(pos, trace, depth, budget)
        hows.add(want.pop("how"))
        stops.add(want.get("stop"))
        expect(r, want)
        check_budget_invariants(r, budget, S.MAX_DEPTH if trace.answer(budget) else depth)
    assert {"phase 1 partial", "phase 1", "finished iteration",
            "iteration's best (the previous one)", "all finished"} <= hows, hows
    assert stops == {None, ENTER} | NODE_STOPS, stops


def test_budget_out_sends_a_new_best_of_the_unfinished_iteration():
    """Budgets that end an iteration d after a later root move proved better
    than the previous best (tried first): that move is sent with its value
    at depth d, and the depth field stays d - 1."""
    seen = 0
    for seed, plies, depth in TRACE_CASES:
        pos, trace = trace_of(seed, plies, depth)
        for d, k, v, known in trace.roots:
            budget = trace.cost(known)
            want = trace.answer(budget)
            if want is None or want["how"] != "iteration's new best":
                continue
            first = next(x for x in trace.roots if x[0] == d)
            r = S.search(pos, budget)
            assert r.move == want["move"] != trace.kept[first[1]][0]
            assert r.score == want["score"] > first[2]
            assert r.depth == d - 1
            seen += 1
    assert seen >= 2


@settings(max_examples=40, deadline=None)
@given(case=st.sampled_from(TRACE_CASES), where=st.floats(0, 1.05), shift=st.integers(-2, 2))
def test_any_budget_equals_the_reference(case, where, shift):
    pos, trace = trace_of(*case)
    budget = max(1, min(S.MAX_BUDGET, int(where * trace.total) + shift))
    r, want = search_at(pos, trace, case[2], budget)
    want.pop("how")
    expect(r, want)
    check_budget_invariants(r, budget, S.MAX_DEPTH if trace.answer(budget) else case[2])


def test_phase_1_edges():
    """Budget 1: the first legal move; budget n (the legal moves): phase 1's
    best at depth 1; up to n + SCAN_NODES - 1 the first expansion does not
    fit; n + SCAN_NODES pays it and runs out at the first leaf."""
    pos = random_position(random.Random(12), 10)
    moves = ref_moves(pos, ME)
    n = len(moves)
    scores = [S.evaluate(pos, m) for m in moves]
    best = dict(move=moves[scores.index(max(scores))], score=max(scores), moves=n, depth=1)
    expect(S.search(pos, 1), dict(move=moves[0], score=scores[0], nodes=1, moves=n, depth=1,
                                  stop="phase1"))
    expect(S.search(pos, n), dict(best, nodes=n, stop=ENTER))
    expect(S.search(pos, n + S.SCAN_NODES - 1), dict(best, nodes=n, stop=ENTER))
    expect(S.search(pos, n + S.SCAN_NODES), dict(best, nodes=n + S.SCAN_NODES, stop="leaves"))
    expect(S.search(pos, n - 1), dict(nodes=n - 1, depth=1, stop="phase1"))


@pytest.mark.parametrize("seed,plies,depth", [(6, 16, 3), (47, 20, 4)])
def test_nodes_are_evaluations_and_expansions(monkeypatch, seed, plies, depth):
    """nodes = evaluations + SCAN_NODES * positions expanded (the root's own
    scan is free), counted by spies on evaluate and candidates."""
    pos = random_position(random.Random(seed), plies)
    calls = {"evaluate": 0, "candidates": 0}
    evaluate, candidates = S.evaluate, S.candidates

    def spy_evaluate(*args, **kw):
        calls["evaluate"] += 1
        return evaluate(*args, **kw)

    def spy_candidates(*args, **kw):
        calls["candidates"] += 1
        return candidates(*args, **kw)

    monkeypatch.setattr(S, "evaluate", spy_evaluate)
    monkeypatch.setattr(S, "candidates", spy_candidates)
    monkeypatch.setattr(S, "MAX_DEPTH", depth)
    n = len(ref_moves(pos, ME))
    total = S.search(pos, S.MAX_BUDGET).nodes
    expansions = set()
    for budget in (1, n, n + S.SCAN_NODES, total // 3, total // 2, total, S.MAX_BUDGET):
        calls.update(evaluate=0, candidates=0)
        r = S.search(pos, budget)
        assert r.nodes == calls["evaluate"] + S.SCAN_NODES * (calls["candidates"] - 1)
        assert r.nodes <= budget
        expansions.add(calls["candidates"] - 1)
    assert len(expansions) >= 3 and 0 in expansions


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
