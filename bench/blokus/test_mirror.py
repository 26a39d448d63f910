"""The C Blokus mirror equals the golden search on every field.

``bench.blokus.mirror.search(position, budget)`` must return the same
SearchResult (move, score, nodes, moves) as ``golden.blokus.search.search``
(the two-phase search: phase 1 evaluates the M legal moves, phase 2 the
opponent's replies to the ``TOP_K`` best, N nodes in all at the default
budget) on, per run:

* R random positions (``mirror_positions.random_position``: random legal play
  of 0..44 plies, either seat, either side to move; empty board, openings,
  mid-games, late positions with few or no moves), each at budgets 1, 2, a
  random one (log-uniform in 1..1000), ``DEFAULT_BUDGET`` and, around the
  phases' ends: M (phase 1 exactly), M + 1 (one phase-2 node), M + a random
  2..400, a random one in M..N, N - 1 (the last node missing) and N;
* every position of G games between two golden players
  (``mirror_positions.golden_game``: golden search at ``DEFAULT_BUDGET`` for both
  sides after a random first move each; seats and first mover vary with the
  game's seed), from the side to move: the golden result the game computed
  is the default-budget reference, plus budgets 1 and a random one in 1..N;
* the positions of ``mirror_positions.BIG`` (800 to 870 legal moves, the largest
  met in real games), at budgets 1, M + 1 and a random one in M..N; the
  first ``BIG_FULL`` of them (all in a proof run) also at ``DEFAULT_BUDGET``,
  N - 1 and ``MAX_BUDGET``; on three of them every candidate's phase-1 score
  is also compared with golden ``evaluate`` (``mirror.candidates``).

On every random position ``mirror.reach`` (the evaluation's term) is also
compared with golden ``reach`` for both players; ``test_reach_equals_golden``
and ``test_mobility_equals_golden`` check reach (also with the used tiles
changed, which reach ignores) and mobility on more positions.

Budgets >= N are compared with the golden default-budget result without
running the golden search again: the golden search reads the budget only in
``nodes >= budget`` before a node, which never holds in a search that ends
with N nodes when budget >= N, so its result is the same for every such budget.

R is 50 and G is 2 per commit (about 15 s on 2 workers; the golden search
costs 0.04 to 0.1 s at the default budget on a big position);
``MIRROR_POSITIONS=R`` above 50 (``make bench-proof-blokus``: 3000) runs the
proof for the benchmark with G = R // 15 and every BIG position in full. The positions
come from the run's seed ($SEED, as the rest of the regression; printed, and
in each failure message), split into chunks so pytest-xdist spreads them.
Every chunk that passes records itself under build/bench/blokus/proof/;
``mirror.proof_status()`` (and the strength report) count a run only when all
its chunks passed on the current sources.

    .venv/bin/python -m pytest -n 2 bench/blokus/test_mirror.py
    MIRROR_POSITIONS=3000 .venv/bin/python -m pytest -n 2 bench/blokus/test_mirror.py
    SEED=123 .venv/bin/python -m pytest bench/blokus/test_mirror.py     # replay
"""
import random

import pytest

from golden.blokus import board as B
from golden.blokus import search as S
from golden.blokus.encoding import ALL_TILES
from simulation.seed import run_seed

from bench.blokus import mirror
from bench.common.mirror import log_uniform_budget, planned_positions, proof_run_id
from bench.blokus import mirror_positions as P

CHUNKS = 10
MAX_PLIES = 44                 # random positions: plies uniform in 0..this
RANDOM_BUDGET_MAX = 1000
DEFAULT_POSITIONS = 50         # R per commit
GAMES = 2                      # G per commit
POSITIONS_PER_GAME = 15        # G = max(GAMES, R // this) in a proof run
BIG_MOVES = 780                # every BIG position has at least this many moves
BIG_FULL = 2                   # BIG positions searched in full per commit
PHASE2_STEP = 400              # M + a random 2..this


def proof_run(n):
    """A proof run (more than the per-commit positions): more games, every
    BIG in full."""
    return n > DEFAULT_POSITIONS


def num_games(n):
    return max(GAMES, n // POSITIONS_PER_GAME) if proof_run(n) else GAMES


def phase2_budgets(rng, full):
    """Budgets ending at or inside phase 2, from the default-budget result
    ``full`` (M = full.moves, N = full.nodes): M, M + 1, M + a random
    2..PHASE2_STEP, a random one in M..N, N - 1, N (those < N + 1 and >= 1)."""
    m, n = full.moves, full.nodes
    out = {m, m + 1, m + rng.randint(2, PHASE2_STEP), rng.randint(m, max(m, n)), n - 1, n}
    return sorted(b for b in out if 1 <= b <= n)


def check(pos, budget, where, want=None, full=None):
    """mirror == golden at budget (want: the golden result if already known;
    full: the golden default-budget result, which is also golden's result
    at any budget >= full.nodes). Returns the golden result."""
    if want is None:
        if full is not None and budget >= full.nodes:
            want = full
        else:
            want = S.search(pos, budget)
    got = mirror.search(pos, budget)
    assert got == want, (
        "mirror differs from golden at %s, budget %d\n"
        "  golden (move, score, nodes, moves) = %r\n"
        "  mirror                             = %r\n%r"
        % (where, budget, tuple(want), tuple(got), pos))
    return want


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_mirror_equals_golden(chunk):
    seed, n = run_seed(), planned_positions(DEFAULT_POSITIONS)
    games = num_games(n)
    big_full = len(P.BIG) if proof_run(n) else BIG_FULL
    print("mirror vs golden: seed %d, %d random positions, %d golden games, chunk %d/%d "
          "(replay: SEED=%d)" % (seed, n, games, chunk, CHUNKS, seed))
    positions = searches = randoms = phase2 = 0
    most = 0
    seats = set()
    for i in range(chunk, n, CHUNKS):
        rng = random.Random("blokus-mirror:%d:%d" % (seed, i))
        pos = P.random_position(rng, rng.randint(0, MAX_PLIES))
        where = "seed %d random position %d" % (seed, i)
        for player in (B.ME, B.OPP):
            assert mirror.reach(pos, player) == S.reach(pos, player), (where, player, pos)
        full = check(pos, S.DEFAULT_BUDGET, where)
        searches += 1
        budgets = [1, 2, log_uniform_budget(rng, RANDOM_BUDGET_MAX)] + phase2_budgets(rng, full)
        for budget in budgets:
            r = check(pos, budget, where, full=full)
            phase2 += r.nodes > r.moves
            searches += 1
        most = max(most, full.moves)
        positions += 1
        randoms += 1
        seats.add(pos.seat)
    for g in range(chunk, games, CHUNKS):
        rng = random.Random("blokus-mirror-game:%d:%d" % (seed, g))
        for ply, pos, full in P.golden_game("%d:%d" % (seed, g)):
            where = "seed %d golden game %d ply %d" % (seed, g, ply)
            if full is None:                     # a random first move
                full = check(pos, S.DEFAULT_BUDGET, where)
            else:
                check(pos, S.DEFAULT_BUDGET, where, full)
            for budget in (1, rng.randint(1, max(1, full.nodes))):
                r = check(pos, budget, where, full=full)
                phase2 += r.nodes > r.moves
            most = max(most, full.moves)
            searches += 3
            positions += 1
            seats.add(pos.seat)
    for k in range(CHUNKS - 1 - chunk, len(P.BIG), CHUNKS):   # from the last chunk:
        name, pos = P.big_positions()[k]                         # not with the games
        rng = random.Random("blokus-mirror-big:%d:%d" % (seed, k))
        where = "seed %d %s" % (seed, name)
        moves = check(pos, 1, where).moves
        assert moves >= BIG_MOVES, (name, moves)
        check(pos, moves + 1, where)
        searches += 2
        if k < big_full:
            full = check(pos, S.DEFAULT_BUDGET, where)
            budgets = [rng.randint(moves, full.nodes), full.nodes - 1, S.MAX_BUDGET]
        else:
            full = None                          # N unknown: a guess at phase 2
            budgets = [moves + rng.randint(2, 3 * moves)]
        for budget in budgets:
            r = check(pos, budget, where, full=full)
            phase2 += r.nodes > r.moves
            searches += 1
        most = max(most, moves)
        positions += 1
        seats.add(pos.seat)
    print("  %d positions, %d searches (%d ending in phase 2), most legal moves %d, "
          "seats to move %s" % (positions, searches, phase2, most, sorted(seats)))
    assert positions and searches
    mirror.record_proof_chunk(proof_run_id(seed, n, CHUNKS), chunk, CHUNKS, seed=seed,
                              planned=n, random_positions=randoms, positions=positions,
                              searches=searches)


def test_constants_come_from_golden():
    assert mirror.constants() == mirror.golden_constants()
    assert mirror.constants()["TOP_K"] == S.TOP_K
    assert mirror.constants()["DEFAULT_BUDGET"] == S.DEFAULT_BUDGET
    assert mirror.constants()["MAX_REACH"] == S.MAX_REACH
    assert mirror.constants()["REACH_TILES"] == tuple(sorted(S.REACH_TILES))


def test_every_candidate_score_on_big_positions():
    """Scan order and every candidate's phase-1 score, not only the chosen one."""
    for name, pos in P.big_positions()[:3]:
        want = [(m, S.evaluate(pos, m)) for m in S.candidates(pos)]
        got = mirror.candidates(pos)
        assert len(got) == len(want) >= BIG_MOVES, name
        for i, (g, w) in enumerate(zip(got, want)):
            assert g == w, "%s candidate %d: mirror %r, golden %r" % (name, i, g, w)


def test_mobility_equals_golden():
    rng = random.Random(run_seed())
    for _ in range(150):
        pos = P.random_position(rng, rng.randint(0, 50))
        for player in (B.ME, B.OPP):
            assert mirror.mobility(pos, player) == S.mobility(pos, player), (player, pos)


def test_reach_equals_golden():
    """Reach in C equals golden on random positions, with the player's used
    tiles as played and with a, b, c, d flipped (reach ignores them: the C
    must read the used set only for "first tile down")."""
    rng = random.Random(run_seed())
    for _ in range(150):
        pos = P.random_position(rng, rng.randint(0, 50))
        for player in (B.ME, B.OPP):
            want = S.reach(pos, player)
            assert mirror.reach(pos, player) == want, (player, pos)
            assert 0 <= want <= S.MAX_REACH
            if pos.used[player]:
                q = pos.copy()
                q.used[player] ^= 0b1111
                q.used[player] |= 1 << 20
                assert mirror.reach(q, player) == S.reach(q, player) == want, (player, pos)
    for seat in ("5", "A"):
        pos = B.Position(seat)
        assert mirror.reach(pos, B.ME) == mirror.reach(pos, B.OPP) == S.reach(pos, B.ME) > 0
        pos.apply(B.OPP, (5, 5, 0, 0) if seat == "5" else (10, 10, 0, 0))   # start taken
        assert mirror.reach(pos, B.ME) == S.reach(pos, B.ME) == 0


def test_pass_empty_board_and_budgets():
    done = B.Position("5")
    done.used[B.ME] = ALL_TILES
    assert mirror.search(done, 1) == S.search(done, 1) == S.SearchResult(None, 0, 0, 0)
    for seat in ("5", "A"):
        pos = B.Position(seat)
        for budget in (1, 3, S.MAX_BUDGET):
            assert mirror.search(pos, budget) == S.search(pos, budget)
        assert mirror.choose(pos) == S.choose(pos)
    for bad in (0, -1, S.MAX_BUDGET + 1, 1.5, None, True):
        with pytest.raises(ValueError, match="budget"):
            mirror.search(B.Position("5"), bad)
    clash = B.Position("5")
    clash.cells = [1 << 17, 1 << 17]
    with pytest.raises(ValueError, match="refused"):
        mirror.search(clash, 1)
