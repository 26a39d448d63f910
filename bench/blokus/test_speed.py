"""The Blokus speed report, from a fake RTL (no Verilator): the checks stop a
wrong answer or a cycle count over the bound, and the report is complete."""
import pytest

from golden.blokus.search import search
from hdl.blokus import worst_case_cycles

from bench.blokus import positions, rtl_search, speed


def fake_rtl(jobs, progress=None, slow=0, wrong_at=None):
    """What the harness would say if the RTL equalled golden: cycles just under
    the bound (``slow`` more), split by state, a few cuts-free scans."""
    results = []
    for k, (position, _, budget) in enumerate(jobs):
        g = search(position, budget)
        cycles = worst_case_cycles(g.nodes) - 7 + slow
        r = {"move": g.move, "nodes": g.nodes + (k == wrong_at), "score": g.score,
             "cycles": cycles, "wall_s": 0.01, "entered1": min(g.moves, budget),
             "entered": g.nodes, "cuts": 0, "scans2": 3, "c_scan1": cycles // 2,
             "c_scan2": cycles // 4, "c_place": cycles // 8, "c_p2": cycles // 16}
        r["c_other"] = cycles - sum(r[k] for k in speed.SPLIT[:-1])
        results.append(r)
        if progress:
            progress(r)
    return results


ARGS = ["--positions", "5", "--games", "1", "--budgets", "1,100"]


@pytest.fixture(scope="module")
def one_game():
    return positions.pool(1, 2026)


@pytest.fixture(autouse=True)
def played_once(monkeypatch, one_game):
    """The game's positions, played once for all the tests of this file."""
    monkeypatch.setattr(positions, "pool", lambda games, seed, progress=None: one_game)


def test_report_of_a_faithful_rtl(tmp_path, monkeypatch):
    monkeypatch.setattr(rtl_search, "run_jobs", fake_rtl)
    out = tmp_path / "speed.md"
    assert speed.main(ARGS + ["--out", str(out)]) == 0
    text = out.read_text()
    for heading in ("## Speed (RTL, Verilator)", "### Positions", "### Move generation",
                    "### Cycles per move", "### Per node", "### Default budget",
                    "### Against the targets"):
        assert heading in text
    assert "15 searches on 5 positions at budgets 1, 100, %d" % speed.DEFAULT_BUDGET in text
    assert "Budget 1 (the first legal move" in text and "**no mismatch**" in text


@pytest.mark.parametrize("fake, message", [
    (lambda jobs, progress=None: fake_rtl(jobs, progress, wrong_at=3), "RTL and golden disagree"),
    (lambda jobs, progress=None: fake_rtl(jobs, progress, slow=8), "over the bound"),
])
def test_a_wrong_rtl_stops_the_run(tmp_path, monkeypatch, fake, message):
    monkeypatch.setattr(rtl_search, "run_jobs", fake)
    out = tmp_path / "speed.md"
    with pytest.raises(SystemExit) as e:
        speed.main(ARGS + ["--out", str(out)])
    assert message in str(e.value) and not out.exists()
