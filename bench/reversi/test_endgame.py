"""The Reversi endgame reach benchmark (bench/reversi/endgame.py) and the
mirror's search_with that it uses."""
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from golden.reversi import search as S

from bench.reversi import endgame as EG
from bench.reversi import mirror

REPO = Path(__file__).resolve().parents[2]


def _run(*args):
    return subprocess.run([sys.executable, "-m", "bench.reversi.endgame"] + list(args),
                          cwd=str(REPO), capture_output=True, text=True, timeout=600)


@pytest.mark.parametrize("args, message", [
    (["--empties", "x"], "LOW-HIGH"),
    (["--empties", "20-12"], "low first"),
    (["--empties", "5-40"], "within 1-31"),
    (["--positions", "0"], ">= 1"),
    (["--budget", "%d" % (S.MAX_BUDGET + 1)], "budget must be between"),
    (["--after", "63"], "--after must be below 63"),
])
def test_bad_arguments_are_one_line_errors(args, message):
    r = _run(*args)
    assert r.returncode == 2 and message in r.stderr and "Traceback" not in r.stderr, r.stderr


def test_search_with_golden_constants_is_golden():
    # from the start and from positions of self-play with few empties, where
    # the solver runs: search_with(ENDGAME_EMPTIES, ENDGAME_AFTER) is golden's
    rng = random.Random(41)
    seen_solver = False
    for empties in (8, 10, 12, 40):
        pos = EG._position((rng.randrange(1 << 30), empties, 0))
        assert pos is not None
        for budget in (1, 500, 8000):
            got, wld_nodes = mirror.search_with(pos, budget, S.ENDGAME_EMPTIES, S.ENDGAME_AFTER)
            want, its = S.explain(pos, budget)
            assert got == want == mirror.search(pos, budget)
            solved = [n for d, n, _, _ in its if d == S.MAX_DEPTH]
            assert wld_nodes == (solved[0] if solved else 0)
            seen_solver |= bool(solved)
    assert seen_solver


def test_summarise_counts_solves():
    runs = {12: [{"wld_nodes": 100, "stop": "exact"}, {"wld_nodes": 300, "stop": "wld"},
                 {"wld_nodes": 0, "stop": "budget"}, None],
            13: [{"wld_nodes": 0, "stop": "budget"}]}
    rows = EG.summarise(runs, range(12, 15))
    assert rows[0] == {"empties": 12, "positions": 3, "wld": 2, "exact": 1,
                       "median_nodes": 200, "max_nodes": 300}
    assert rows[1]["wld"] == 0 and rows[1]["median_nodes"] is None
    assert rows[2]["positions"] == 0


def test_a_small_run_writes_its_report(tmp_path):
    out = tmp_path / "endgame.md"
    r = _run("--positions", "1", "--empties", "10-11", "--budget", "30000", "--seed", "5",
             "--jobs", "1", "--out", str(out))
    assert r.returncode == 0, r.stderr
    assert "seed 5" in r.stderr
    text = out.read_text()
    assert "| 10 | 1 |" in text and "| 11 | 1 |" in text
    data = json.loads((tmp_path / "endgame.json").read_text())
    assert data["seed"] == 5 and [row["empties"] for row in data["rows"]] == [10, 11]
    assert data["rows"][0]["wld"] == 1          # 10 empties: solved within 30,000 nodes
