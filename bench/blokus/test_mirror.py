"""The C Blokus mirror equals the golden search on every field.

``bench.blokus.mirror.search(position, budget)`` must return the same
SearchResult (move, score, nodes, moves, depth, stop) as
``golden.blokus.search.search``: the iterative-deepening alpha-beta search
over the ``TOP_K`` best at every ply (phase 1 evaluates the M legal moves,
then iterations 2 .. ``MAX_DEPTH``, ``SCAN_NODES`` charged per position
expanded), for every position and budget.

The golden search runs in CPython at about 50-100 k nodes/s, so a search
at ``DEFAULT_BUDGET`` (20 M nodes) takes minutes there, except where it
finishes early (every iteration up to ``MAX_DEPTH`` done: late positions
with few moves, where the nodes are mostly expansion charges). The plan
therefore compares every position at budgets up to some tens of thousands
of nodes, which reach every place the budget can run out (``stop``: phase
1, a position's expansion, a leaf of a depth-2 scan, a node of a deeper
scan) in the first iterations, and compares the default budget (and
``MAX_BUDGET``) only where the search finishes: the mirror is asked first
(it only plans: the reference is always golden's answer), and golden runs
at the default budget when the mirror's search at ``FULL_NODES`` (300 k)
nodes finished (stop None).

The budgets of one position with M legal moves (``plan``):

* 1, 2, a random one log-uniform in 1..``SMALL_TOP`` (1,000) and one
  log-uniform in 1..``RANDOM_TOP`` (50,000: any iteration those reach);
* around phase 1's end: M - 1 (the last candidate missing: stop phase1),
  M, M + 1, M + SCAN_NODES - 1 (the first expansion does not fit: stop
  enter), M + SCAN_NODES (it fits, no leaf does: stop leaves), M +
  SCAN_NODES + 1;
* around the end E of iteration 2 and of the deepest iteration that ends
  within ``ITERATION_TOP`` (20,000) nodes (E: the least budget at which the
  mirror's search has finished that iteration, found by bisection; depth
  is monotonic in the budget): E - 1, E, E + SCAN_NODES (the next
  iteration's first frame entered, none of its nodes: stop inner for a
  frame that keeps its best moves);
* when the mirror's search at ``FULL_NODES`` finished with N nodes: the
  default budget (golden runs it: cheap there), N - 1 and N, and
  ``MAX_BUDGET``.

Budgets >= N are compared with golden's default-budget result without
running golden again: golden reads the budget only in ``nodes >= budget``
before a node and ``nodes + SCAN_NODES > budget`` before an expansion,
neither of which holds in a search that finishes with N nodes when the
budget is >= N, so its result is the same for every such budget.

The positions, per run:

* R random positions (``mirror_positions.random_position``: random legal
  play of 0..``MAX_PLIES`` plies, either seat, either side to move; the
  empty board, openings, mid-games, late positions with few or no moves),
  each with the plan; ``mirror.reach`` (the evaluation's term) is also
  compared with golden ``reach`` for both players;
* one endgame position per chunk (random play of ``LATE_PLIES``, drawn
  until the mirror's search finishes within ``FULL_NODES`` with at least 2
  legal moves), with the plan: every chunk compares a finished search;
* every position of G games (``mirror_positions.golden_game``: the core's
  search for both sides after a random first move each, played by the
  mirror at ``GAME_BUDGET`` = ``FULL_NODES``; seats and first mover vary
  with the game's seed), from the side to move, at budgets 1 and one
  log-uniform in 1..``RANDOM_TOP``; when the game's search finished (it is
  then also the default-budget search) it is compared with golden at the
  default budget;
* the positions of ``mirror_positions.BIG`` (800 to 870 legal moves, the
  largest met in real games), at 1, M + 1, M + SCAN_NODES, one
  log-uniform in 1..``RANDOM_TOP`` and around iteration 2's end (E - 1, E,
  E + SCAN_NODES); in a proof run also one uniform in
  ``RANDOM_TOP``..``BIG_PROOF_TOP`` (1 M nodes, about 20 s of golden);
  on three of them every candidate's phase-1 score is also compared with
  golden ``evaluate`` (``mirror.candidates``).

Every chunk counts the stop kinds of the results it compared and its
finished searches (stop None at depth ``MAX_DEPTH``) and fails unless it
compared all four stops and at least one finished search: a change of the
plan that stops reaching one of them fails the test. The plan above
reaches all of them in about 999 chunks in 1000 (measured over 100 seeds
with the mirror standing in for golden); a chunk that misses one (a few
small random positions where no depth-3 frame has a reply to scan: no
inner stop) draws extra random positions of ``EXTRA_PLIES`` plies with
the plan, up to ``MAX_EXTRA``, until it has them all.
``test_reach_equals_golden`` and ``test_mobility_equals_golden`` check
reach (also with the used tiles changed, which reach ignores) and mobility
on more positions.

R is 50 and G is 2 per commit (about 16 s of CPU, 25 s on a busy machine);
``MIRROR_POSITIONS=R`` above 50 (``make bench-proof-blokus``: 3000) runs the
proof for the benchmark with G = R // 15 and the BIG positions' proof
budgets. The positions come from the run's seed ($SEED, as the rest of the
regression; printed, and in each failure message), split into chunks so
pytest-xdist spreads them. Every chunk that passes records itself under
build/bench/blokus/proof/; ``mirror.proof_status()`` (and the strength
report) count a run only when all its chunks passed on the current sources.

    .venv/bin/python -m pytest bench/blokus/test_mirror.py
    MIRROR_POSITIONS=3000 .venv/bin/python -m pytest -n 2 bench/blokus/test_mirror.py
    SEED=123 .venv/bin/python -m pytest bench/blokus/test_mirror.py     # replay
"""
import random
from collections import Counter

import pytest

from golden.blokus import board as B
from golden.blokus import search as S
from golden.blokus.encoding import ALL_TILES
from simulation.seed import run_seed

from bench.blokus import mirror
from bench.common.mirror import log_uniform_budget, planned_positions, proof_run_id
from bench.blokus import mirror_positions as P

CHUNKS = 10
MAX_PLIES = 36                 # random positions: plies uniform in 0..this (games end near 30)
LATE_PLIES = (18, 30)          # the endgame position: plies uniform in this range
EXTRA_PLIES = (8, 30)          # the extra positions: plies uniform in this range
MAX_EXTRA = 20                 # extra positions a chunk may draw
SMALL_TOP = 1000               # a random budget log-uniform in 1..this
RANDOM_TOP = 50000             # and one in 1..this (golden: about 1 s at worst)
ITERATION_TOP = 20000          # iteration ends searched up to this budget
FULL_NODES = 300000            # a search finishing within this: golden at the default budget
GAME_BUDGET = FULL_NODES       # the games' players (the mirror)
BIG_PROOF_TOP = 1000000        # a BIG position's proof-run budget: RANDOM_TOP..this
DEFAULT_POSITIONS = 50         # R per commit
GAMES = 2                      # G per commit
POSITIONS_PER_GAME = 15        # G = max(GAMES, R // this) in a proof run
BIG_MOVES = 780                # every BIG position has at least this many moves
SCAN = S.SCAN_NODES


def proof_run(n):
    """A proof run (more than the per-commit positions): more games, the BIG
    positions' proof budgets."""
    return n > DEFAULT_POSITIONS


def num_games(n):
    return max(GAMES, n // POSITIONS_PER_GAME) if proof_run(n) else GAMES


class Tally(object):
    """What one chunk compared: searches, their stop kinds, finished searches."""

    def __init__(self):
        self.searches = 0
        self.stops = Counter()
        self.finished = 0              # stop None at depth MAX_DEPTH (a move found)
        self.defaults = 0              # golden run at DEFAULT_BUDGET
        self.deepest = 0

    def add(self, r):
        self.searches += 1
        if r.stop is not None:
            self.stops[r.stop] += 1
        elif r.move is not None and r.depth == S.MAX_DEPTH:
            self.finished += 1
        self.deepest = max(self.deepest, r.depth)

    def missing(self):
        """What the chunk should have compared and did not."""
        out = [s for s in S.STOPS if not self.stops[s]]
        return out + ([] if self.finished else ["a finished depth-%d search" % S.MAX_DEPTH])

    def __str__(self):
        return ("%d searches: stops %s, %d finished at depth %d, %d golden at the default "
                "budget, deepest %d" % (self.searches, dict(self.stops), self.finished,
                                        S.MAX_DEPTH, self.defaults, self.deepest))


def check(pos, budget, where, tally, full=None):
    """mirror == golden at budget; returns the golden result. ``full``: golden's
    result of a search that finished (stop None), which is golden's result at
    every budget >= full.nodes (module doc)."""
    if full is not None and full.stop is None and budget >= full.nodes:
        want = full
    else:
        want = S.search(pos, budget)
        tally.defaults += budget == S.DEFAULT_BUDGET
    got = mirror.search(pos, budget)
    assert got == want, (
        "mirror differs from golden at %s, budget %d\n"
        "  golden (move, score, nodes, moves, depth, stop) = %r\n"
        "  mirror                                          = %r\n%r"
        % (where, budget, tuple(want), tuple(got), pos))
    tally.add(want)
    return want


def iteration_end(pos, depth, lo, hi):
    """The least budget in lo..hi at which the mirror's search has finished
    iteration ``depth`` (its nodes when the iteration ends), or None."""
    if lo > hi or mirror.search(pos, hi).depth < depth:
        return None
    while lo < hi:
        mid = (lo + hi) // 2
        if mirror.search(pos, mid).depth >= depth:
            hi = mid
        else:
            lo = mid + 1
    return lo


def iteration_budgets(pos, moves, deepest=True):
    """E - 1, E, E + SCAN_NODES around the end E of iteration 2 and (``deepest``)
    of the deepest iteration ending within ITERATION_TOP nodes."""
    depths = {2}
    if deepest:
        depths.add(mirror.search(pos, ITERATION_TOP).depth)
    out = set()
    for d in sorted(x for x in depths if x >= 2):
        end = iteration_end(pos, d, moves + SCAN, ITERATION_TOP)
        if end is not None:
            out |= {end - 1, end, end + SCAN}
    return out


def phase1_budgets(moves):
    """Around phase 1's end (module doc)."""
    return {moves - 1, moves, moves + 1, moves + SCAN - 1, moves + SCAN, moves + SCAN + 1}


def plan(rng, pos, where, tally):
    """The module doc's budgets for one position, compared; returns the
    mirror's search at FULL_NODES (the plan's probe)."""
    probe = mirror.search(pos, FULL_NODES)
    moves = probe.moves
    budgets = {1, 2, log_uniform_budget(rng, SMALL_TOP), log_uniform_budget(rng, RANDOM_TOP)}
    full = None
    if moves:
        budgets |= phase1_budgets(moves) | iteration_budgets(pos, moves)
    if probe.stop is None:            # it finished: golden is cheap at the default budget
        full = check(pos, S.DEFAULT_BUDGET, where, tally)
        budgets |= {full.nodes - 1, full.nodes, S.MAX_BUDGET}
    for budget in sorted(budgets):
        if 1 <= budget <= S.MAX_BUDGET:
            check(pos, budget, where, tally, full)
    return probe


def endgame_position(rng, where):
    """A late position of random play whose search finishes within FULL_NODES
    nodes, with at least 2 legal moves (module doc)."""
    for _ in range(200):
        pos = P.random_position(rng, rng.randint(*LATE_PLIES))
        r = mirror.search(pos, FULL_NODES)
        if r.moves >= 2 and r.stop is None:
            return pos
    raise AssertionError("%s: no endgame position in 200 random games" % where)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_mirror_equals_golden(chunk):
    seed, n = run_seed(), planned_positions(DEFAULT_POSITIONS)
    print("mirror vs golden: seed %d, %d random positions, %d games, chunk %d/%d "
          "(replay: SEED=%d)" % (seed, n, num_games(n), chunk, CHUNKS, seed))
    mirror.record_proof_chunk(proof_run_id(seed, n, CHUNKS), chunk, CHUNKS, seed=seed,
                              planned=n, **check_chunk(seed, n, chunk))


def check_chunk(seed, n, chunk):
    """Chunk ``chunk`` of a run of ``n`` random positions: AssertionError at
    the first difference or a stop it never met, else what it checked (the
    proof record's counts). Also run by ``python -m bench.blokus.mirror
    --prove N``, on a Dask cluster if asked."""
    games = num_games(n)
    proof = proof_run(n)
    tally = Tally()
    positions = randoms = most = 0
    seats = set()
    for i in range(chunk, n, CHUNKS):
        rng = random.Random("blokus-mirror:%d:%d" % (seed, i))
        pos = P.random_position(rng, rng.randint(0, MAX_PLIES))
        where = "seed %d random position %d" % (seed, i)
        for player in (B.ME, B.OPP):
            assert mirror.reach(pos, player) == S.reach(pos, player), (where, player, pos)
        most = max(most, plan(rng, pos, where, tally).moves)
        positions += 1
        randoms += 1
        seats.add(pos.seat)
    rng = random.Random("blokus-mirror-endgame:%d:%d" % (seed, chunk))
    where = "seed %d chunk %d endgame position" % (seed, chunk)
    pos = endgame_position(rng, where)
    plan(rng, pos, where, tally)
    positions += 1
    seats.add(pos.seat)
    for g in range(chunk, games, CHUNKS):
        rng = random.Random("blokus-mirror-game:%d:%d" % (seed, g))
        for ply, pos, played in P.golden_game("%d:%d" % (seed, g), mirror.search, GAME_BUDGET):
            where = "seed %d game %d ply %d" % (seed, g, ply)
            full = None
            if played is not None and played.stop is None:     # the default budget's search
                full = check(pos, S.DEFAULT_BUDGET, where, tally)
                assert played == full, (where, played, full)
            for budget in (1, log_uniform_budget(rng, RANDOM_TOP)):
                r = check(pos, budget, where, tally, full)
            most = max(most, r.moves)
            positions += 1
            seats.add(pos.seat)
    for k in range(CHUNKS - 1 - chunk, len(P.BIG), CHUNKS):   # from the last chunk:
        name, pos = P.big_positions()[k]                         # not with the games
        rng = random.Random("blokus-mirror-big:%d:%d" % (seed, k))
        where = "seed %d %s" % (seed, name)
        moves = check(pos, 1, where, tally).moves
        assert moves >= BIG_MOVES, (name, moves)
        budgets = {moves + 1, moves + SCAN, log_uniform_budget(rng, RANDOM_TOP)}
        budgets |= iteration_budgets(pos, moves, deepest=False)
        if proof:
            budgets.add(rng.randint(RANDOM_TOP, BIG_PROOF_TOP))
        for budget in sorted(budgets):
            check(pos, budget, where, tally)
        most = max(most, moves)
        positions += 1
        seats.add(pos.seat)
    rng = random.Random("blokus-mirror-extra:%d:%d" % (seed, chunk))
    extra = 0
    while tally.missing() and extra < MAX_EXTRA:             # rare: see the module doc
        pos = P.random_position(rng, rng.randint(*EXTRA_PLIES))
        where = "seed %d chunk %d extra position %d" % (seed, chunk, extra)
        most = max(most, plan(rng, pos, where, tally).moves)
        positions += 1
        extra += 1
        seats.add(pos.seat)
    print("  %d positions (%d extra), %s, most legal moves %d, seats to move %s"
          % (positions, extra, tally, most, sorted(seats)))
    assert not tally.missing(), (
        "seed %d chunk %d compared no %s: the plan no longer reaches it (%s)"
        % (seed, chunk, ", ".join(tally.missing()), tally))
    return dict(random_positions=randoms, positions=positions, searches=tally.searches)


def test_constants_come_from_golden():
    assert mirror.constants() == mirror.golden_constants()
    for name in ("TOP_K", "DEFAULT_BUDGET", "MAX_BUDGET", "MAX_REACH", "MAX_DEPTH",
                 "SCAN_NODES", "INF"):
        assert mirror.constants()[name] == getattr(S, name), name
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
    """A pass (no legal move: depth 0, even at MAX_BUDGET), the empty board of
    either seat around phase 1's end and past iteration 2 (its default-budget
    search is 20 M nodes: golden cannot run it here), bad budgets refused."""
    done = B.Position("5")
    done.used[B.ME] = ALL_TILES
    passed = S.SearchResult(None, 0, 0, 0, 0, None)
    for budget in (1, S.MAX_BUDGET):
        assert mirror.search(done, budget) == S.search(done, budget) == passed
    for seat in ("5", "A"):
        pos = B.Position(seat)
        moves = len(S.candidates(pos))
        for budget in sorted({1, 3} | phase1_budgets(moves) | {moves + 8 * SCAN + 500}):
            assert mirror.search(pos, budget) == S.search(pos, budget), (seat, budget)
        assert mirror.choose(pos, 3000) == S.choose(pos, 3000)
    for bad in (0, -1, S.MAX_BUDGET + 1, 1.5, None, True):
        with pytest.raises(ValueError, match="budget"):
            mirror.search(B.Position("5"), bad)
    clash = B.Position("5")
    clash.cells = [1 << 17, 1 << 17]
    with pytest.raises(ValueError, match="refused"):
        mirror.search(clash, 1)
