"""The Blokus speed report, from a fake RTL (no Verilator): the checks stop a
wrong answer, a cycle count over the bound or a cut that discards too many
nodes, and the report is complete. Fast: one game of cheap players, and the
default budget lowered to TEST_DEFAULT (the real one is 20 M nodes a search)."""
import pytest

from golden.blokus.search import SCAN_NODES
from hdl.blokus import worst_case_cycles

from bench.blokus import mirror, positions, rtl_search, speed

TEST_DEFAULT = 30000


def fake_rtl(jobs, progress=None, slow=0, wrong_at=None, dropped=0):
    """What the harness would say if the RTL equalled the mirror: cycles just
    under the bound (``slow`` more), split by state, one frame entered per
    SCAN_NODES nodes past the legal moves, no cut (``dropped`` more nodes
    entered than evaluated)."""
    results = []
    for k, (position, _, budget) in enumerate(jobs):
        g = mirror.search(position, budget)
        cycles = worst_case_cycles(g.nodes) - 7 + slow
        frames = max(0, g.nodes - g.moves) // (2 * SCAN_NODES)
        evals = g.nodes - SCAN_NODES * frames
        r = {"move": g.move, "nodes": g.nodes + (k == wrong_at), "score": g.score,
             "depth": g.depth, "cycles": cycles, "wall_s": 0.01, "entered": evals + dropped,
             "entered1": min(g.moves, budget), "cuts": 0, "scans2": frames,
             "c_scan1": cycles // 2, "c_scan2": cycles // 4, "c_place": cycles // 8,
             "c_p2": cycles // 16}
        r["c_other"] = cycles - sum(r[k] for k in speed.SPLIT[:-1])
        results.append(r)
        if progress:
            progress(r)
    return results


ARGS = ["--positions", "6", "--games", "1", "--budgets", "1,100,5000", "--default-runs", "3"]


@pytest.fixture(scope="module")
def one_game():
    return positions.play("search-100", "greedy", 2026)


@pytest.fixture(autouse=True)
def played_once(monkeypatch, one_game):
    """The game's positions, played once for all the tests of this file; the
    default budget small."""
    monkeypatch.setattr(positions, "pool", lambda games, seed, progress=None: one_game)
    monkeypatch.setattr(speed, "DEFAULT_BUDGET", TEST_DEFAULT)


def test_report_of_a_faithful_rtl(tmp_path, monkeypatch):
    monkeypatch.setattr(rtl_search, "run_jobs", fake_rtl)
    out = tmp_path / "speed.md"
    assert speed.main(ARGS + ["--out", str(out)]) == 0
    text = out.read_text()
    for heading in ("## Speed (RTL, Verilator)", "### Positions", "### Move generation",
                    "### Cycles per answer", "### Nodes per second",
                    "### Depth reached at the default budget", "### Default budget",
                    "### Against the targets"):
        assert heading in text
    assert "27 searches on 6 positions: each at budgets 1, 100, 5000" in text
    assert "3 at the default budget %d" % TEST_DEFAULT in text
    assert "Budget 1 (the first legal move" in text and "**no mismatch**" in text
    assert "PER_KEPT" not in text and "phase 2" not in text


def test_default_picks():
    class R(object):
        def __init__(self, moves):
            self.moves = moves

    class F(object):
        def __init__(self, nodes):
            self.nodes = nodes

    recs = [R(m) for m in (300, 20, 800, 100, 150, 5, 400, 200)]
    full = [F(n) for n in (9, 7, 9, 9, 12, 8, 9, 12)]
    # the largest, the longest (ties: the larger), the median of the rest with 60+ moves,
    # the endgame with most nodes, the next largest
    assert speed.default_picks(recs, full, 5) == [2, 7, 4, 5, 6]
    assert speed.default_picks(recs, full, 2) == [2, 7]
    full[2] = F(12)
    assert speed.default_picks(recs, full, 3) == [2, 7, 5]     # the largest is the longest
    assert speed.default_picks(recs, full, 0) == []


@pytest.mark.parametrize("fake, message", [
    (lambda jobs, progress=None: fake_rtl(jobs, progress, wrong_at=3),
     "RTL and mirror disagree"),
    (lambda jobs, progress=None: fake_rtl(jobs, progress, slow=8), "over the bound"),
    (lambda jobs, progress=None: fake_rtl(jobs, progress, dropped=1), "leaf cuts"),
])
def test_a_wrong_rtl_stops_the_run(tmp_path, monkeypatch, fake, message):
    monkeypatch.setattr(rtl_search, "run_jobs", fake)
    out = tmp_path / "speed.md"
    with pytest.raises(SystemExit) as e:
        speed.main(ARGS + ["--out", str(out)])
    assert message in str(e.value) and not out.exists()
