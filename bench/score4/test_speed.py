"""The Score-4 speed report, from a fake RTL (no Verilator): every result is
checked against golden, and the report is complete."""
import pytest

from golden.score4.board import Position
from golden.score4.search import search

from bench.score4 import rtl_search, speed


def fake_rtl(jobs, progress=None, wrong_at=None):
    """What the harness would say if the RTL equalled golden, 3 cycles a node."""
    results = []
    for k, (mine, theirs, budget) in enumerate(jobs):
        g = search(Position(mine, theirs), budget)
        r = {"move": 0 if g.move is None else g.move, "nodes": g.nodes + (k == wrong_at),
             "depth": g.depth, "score": g.score or 0, "reason": g.reason,
             "cycles": 262 + 3 * g.nodes, "wall_s": 0.5}
        results.append(r)
        if progress:
            progress(r)
    return results


ARGS = ["--positions", "3", "--budgets", "100,1000", "--default-runs", "0"]


def test_report_of_a_faithful_rtl(tmp_path, monkeypatch):
    monkeypatch.setattr(rtl_search, "run_jobs", fake_rtl)
    out = tmp_path / "speed.md"
    assert speed.main(ARGS + ["--out", str(out)]) == 0
    text = out.read_text()
    assert "| 100 | 562 | 562 | 100 | 5.620 |" in text and "| 3 golden |" in text
    assert "### Default budget" in text and "| run |" not in text


def test_a_wrong_rtl_stops_the_run(tmp_path, monkeypatch):
    monkeypatch.setattr(rtl_search, "run_jobs",
                        lambda jobs, progress=None: fake_rtl(jobs, progress, wrong_at=1))
    out = tmp_path / "speed.md"
    with pytest.raises(SystemExit) as e:
        speed.main(ARGS + ["--out", str(out)])
    assert "RTL and golden disagree" in str(e.value) and not out.exists()
