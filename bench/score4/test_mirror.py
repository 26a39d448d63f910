"""The C mirror equals the golden search on every field.

For N random reachable positions (random legal play from the empty board,
0..50 beads, play going on after a four as the protocol does, so some
positions already hold 4 in a line; half of them quiet, see
chunk_positions) and every budget in BUDGETS plus one random budget per
position (plus BIG_BUDGET and HUGE_BUDGET for a few positions of long runs),
``bench.score4.mirror.search`` must return the same move, node count,
completed depth, score and reason as ``golden.score4.search.search``. Each
chunk does the same on LATE_POSITIONS / CHUNKS late positions (51..64 beads:
full posts, the full-board score 0, proven scores, deepening stopped by
``d >= empties``, the "full" answer).

N is 300 (about 10 s of CPU, under 10 s on 2 workers);
``MIRROR_POSITIONS=10000`` runs the proof for the benchmark. The positions come from the run's seed ($SEED, as
the rest of the regression; printed, and in each failure message), split into
chunks so pytest-xdist spreads them. Every chunk that passes records itself
under build/bench/score4/proof/; ``mirror.proof_status()`` (and the strength
report) count a run only when all its chunks passed on the current sources.

    .venv/bin/python -m pytest -n 2 bench/score4/test_mirror.py
    MIRROR_POSITIONS=10000 .venv/bin/python -m pytest -n 2 bench/score4/test_mirror.py
    SEED=123 .venv/bin/python -m pytest bench/score4/test_mirror.py     # replay
"""
import random

import pytest

from golden.score4 import search as S
from golden.score4.board import EMPTY, Position, completes_line, landing_cells
from golden.score4.encoding import NUM_POSTS, POST_MASK
from simulation.seed import run_seed

from bench.common.mirror import log_uniform_budget, planned_positions, proof_run_id
from bench.score4 import mirror

BUDGETS = (1, 7, 100, 1000, 5000)
DEFAULT_POSITIONS = 300             # per commit; MIRROR_POSITIONS=10000 for the proof
RANDOM_BUDGET_MAX = 20000          # the extra budget: log-uniform in 1..this
CHUNKS = 10                         # test items the positions are split into
LATE_POSITIONS = 40                 # positions of 51..64 beads per run
QUIET_TRIES = 20                    # see chunk_positions
BIG_BUDGET = 100000                 # position i also gets this budget when
BIG_EVERY = 50                      #   (i // CHUNKS) % BIG_EVERY == BIG_EVERY - 1 (deeper
                                    #   iterations; not in the default 300)
HUGE_BUDGET = 1000000               # and this one (depth 7 or so, ~6 s of golden) when
HUGE_EVERY = 500                    #   (i // CHUNKS) % HUGE_EVERY == HUGE_EVERY // 2


def random_position(rng, beads):
    """Random legal play from the empty board for `beads` beads; the side to
    move is `mine`. Returns (position, someone already has a four)."""
    pos, four = EMPTY, False
    for _ in range(beads):
        occ = pos.mine | pos.theirs
        land = landing_cells(occ)
        posts = [p for p in range(NUM_POSTS) if land & POST_MASK[p]]
        if not posts:
            break
        p = rng.choice(posts)
        cell = (land & POST_MASK[p]).bit_length() - 1
        four = four or completes_line(pos.mine, cell)
        pos = pos.play_mine(p).swapped()        # the other side moves next
    return pos, four


def check(pos, budget, where):
    g = S.search(pos, budget)
    want = (g.move, g.nodes, g.depth, g.score, g.reason)
    got = mirror.search(pos.mine, pos.theirs, budget)
    assert got == want, (
        "mirror differs from golden at %s, budget %d, %r\n"
        "  golden (move, nodes, depth, score, reason) = %r\n"
        "  mirror                                      = %r\n%s"
        % (where, budget, pos, want, got, pos.render()))
    return g


def has_win_or_block(pos):
    land = landing_cells(pos.mine | pos.theirs)
    while land:
        c = (land & -land).bit_length() - 1
        if completes_line(pos.mine, c) or completes_line(pos.theirs, c):
            return True
        land &= land - 1
    return False


def chunk_positions(seed, n, chunk, lo, hi):
    """The positions of one chunk: chunk k holds positions i = k, k + CHUNKS, ...

    Position i is random play of a uniform number of beads in lo..hi. When
    i // CHUNKS is odd it is drawn again (up to QUIET_TRIES times) while the
    side to move has an immediate win or block, so that about half the
    positions reach the search itself rather than the pre-checks of steps
    2-3."""
    for i in range(chunk, n, CHUNKS):
        rng = random.Random("score4-mirror:%d:%d:%d:%d" % (seed, lo, hi, i))
        for _ in range(QUIET_TRIES if (i // CHUNKS) % 2 else 1):
            pos, four = random_position(rng, rng.randint(lo, hi))
            if not has_win_or_block(pos):
                break
        yield i, rng, pos, four


def budgets(i, rng):
    """The budgets position i is searched at."""
    extra = (BIG_BUDGET,) if (i // CHUNKS) % BIG_EVERY == BIG_EVERY - 1 else ()
    if (i // CHUNKS) % HUGE_EVERY == HUGE_EVERY // 2:
        extra += (HUGE_BUDGET,)
    return BUDGETS + (log_uniform_budget(rng, RANDOM_BUDGET_MAX),) + extra


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_mirror_equals_golden(chunk):
    seed, n = run_seed(), planned_positions(DEFAULT_POSITIONS)
    print("mirror vs golden: seed %d, %d positions, chunk %d/%d (replay: SEED=%d)"
          % (seed, n, chunk, CHUNKS, seed))
    mirror.record_proof_chunk(proof_run_id(seed, n, CHUNKS), chunk, CHUNKS, seed=seed,
                              planned=n, **check_chunk(seed, n, chunk))


def check_chunk(seed, n, chunk):
    """Chunk ``chunk`` of a run of ``n`` random positions: AssertionError at
    the first difference, else what it checked (random_positions,
    positions, searches: the proof record's counts). Also run by ``python
    -m bench.score4.mirror --prove N``, on a Dask cluster if asked."""
    positions = searches = fours = 0
    reasons, depths = {}, {}
    for i, rng, pos, four in chunk_positions(seed, n, chunk, 0, 50):
        fours += four
        for budget in budgets(i, rng):
            g = check(pos, budget, "seed %d position %d" % (seed, i))
            reasons[g.reason] = reasons.get(g.reason, 0) + 1
            depths[g.depth] = depths.get(g.depth, 0) + 1
            searches += 1
        positions += 1
    print("  %d positions (%d with a four already), %d searches, reasons %r, "
          "completed depths %r" % (positions, fours, searches, reasons, sorted(depths.items())))
    if n >= 100 * CHUNKS:      # enough positions that each kind must occur
        assert fours and set(reasons) >= {"win", "block", "search", "fallback"}, reasons
    late = 0
    for i, rng, pos, _ in chunk_positions(seed, LATE_POSITIONS, chunk, 51, 64):
        for budget in budgets(i, rng):
            check(pos, budget, "seed %d late position %d" % (seed, i))
            searches += 1
        late += 1
    return dict(random_positions=positions, positions=positions + late, searches=searches)


def test_full_board_and_extremes():
    full = (1 << 64) - 1
    mine = sum(1 << c for c in range(64) if (c ^ (c >> 4)) & 1)
    pos = Position(mine, full & ~mine).check()
    for budget in (1, S.MAX_BUDGET):
        assert mirror.search(pos.mine, pos.theirs, budget) == (None, 0, 0, None, "full")
        assert S.search(pos, budget).reason == "full"
    for bad in (0, S.MAX_BUDGET + 1, -1, 1.5, True):
        with pytest.raises(ValueError):
            mirror.search(0, 0, bad)


def test_evaluate_equals_golden():
    rng = random.Random(run_seed())
    for _ in range(2000):
        pos, _ = random_position(rng, rng.randint(0, 64))
        assert mirror.evaluate(pos.mine, pos.theirs) == S.evaluate(pos.mine, pos.theirs)


def test_book_positions_equal_golden():
    """Every position the book answers (all images), and as many of as few
    beads outside it, equal golden; tree_search is golden's use_book=False."""
    from golden.score4 import book

    rng = random.Random(run_seed())
    seen = set()
    for _, _, m, t in book.entries():
        g = check(Position(m, t), rng.choice((1, 1000)), "book position")
        seen.add(g.reason)
    assert seen == {"book"}, seen
    outside = 0
    while outside < 200:
        pos, _ = random_position(rng, rng.randint(0, book.PLIES))
        if rng.random() < 0.5:
            pos = pos.swapped()                  # a pass: mostly outside the book
        g = check(pos, 500, "a position of at most %d beads" % book.PLIES)
        outside += g.reason != "book"
    for _, _, m, t in rng.sample(book.entries(), 5):
        g, _ = S.explain(Position(m, t), 3000, use_book=False)
        assert mirror.tree_search(m, t, 3000) == (g.move, g.nodes, g.depth, g.score, g.reason)
    for bad in (0, mirror.TREE_BUDGET_MAX + 1, 1.5, True):
        with pytest.raises(ValueError):
            mirror.tree_search(0, 0, bad)


def test_warm_table_study_entry_point():
    """mirror.WarmTable (bench/score4/warm_table.py's study): its first search
    is the search (a fresh table); later ones keep the table, so some of
    them spend their nodes differently from a cleared table's search."""
    from bench.score4.positions import positions

    rng = random.Random(run_seed())
    differs = 0
    starts = positions()
    rng.shuffle(starts)
    for pos in starts:                          # until one differs (most do within 4)
        if differs:
            break
        warm = mirror.WarmTable()
        first = warm.search(pos.mine, pos.theirs, 20000)
        assert first == mirror.search(pos.mine, pos.theirs, 20000)
        for _ in range(3):
            if first[0] is None:
                break
            pos = pos.play_mine(first[0]).swapped()
            reply = mirror.search(pos.mine, pos.theirs, 2000)[0]
            if reply is None:
                break
            pos = pos.play_mine(reply).swapped()
            first = warm.search(pos.mine, pos.theirs, 20000)
            differs += first != mirror.search(pos.mine, pos.theirs, 20000)
        warm.close()
    assert differs > 0


@pytest.mark.parametrize("rules, stat", [(mirror.ALWAYS_REPLACE, "kept"),
                                         (mirror.NO_WIN_STEP, "wins")],
                         ids=["always-replace", "no-win-step"])
def test_study_entry_point(rules, stat):
    """mirror.study_search (the studies bench/score4/replacement.py and
    win_step.py) is the search with a rule taken back: every entry written
    (ALWAYS_REPLACE), or no step w (NO_WIN_STEP). Where golden's search never
    used the rule (its stats' "kept" or "wins" is 0) the two are one and must
    agree on every field; where it did, the study's search spends its nodes
    otherwise on some position."""
    from bench.score4.positions import positions

    rng = random.Random(run_seed())
    starts = positions()
    rng.shuffle(starts)
    same = differs = 0
    for pos in starts:
        for budget in (300, 20000):
            g, how = S.explain(pos, budget)
            got = mirror.study_search(pos.mine, pos.theirs, budget, rules)
            if how["table"].get(stat, 0) == 0:
                assert got == (g.move, g.nodes, g.depth, g.score, g.reason), (pos, budget)
                same += 1
            else:
                differs += got != (g.move, g.nodes, g.depth, g.score, g.reason)
        if same and differs:
            break
    assert same and differs, (same, differs)
    assert mirror.study_search(0, 0, 3000, rules)[4] == "book"
    assert mirror.study_search(0, 0, 3000, rules, use_book=False)[4] == "search"
    for bad in (0, S.MAX_BUDGET + 1):
        with pytest.raises(ValueError):
            mirror.study_search(0, 0, bad, rules)
    with pytest.raises(ValueError):
        mirror.study_search(0, 0, 3000, 4)
