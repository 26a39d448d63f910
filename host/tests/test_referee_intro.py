"""The referee says on screen who plays with which budget (`make play`:
GAME sim golden), that a tiny budget is a demonstration and golden far
weaker than the board, and `golden` without a budget plays the game's default."""
import pytest

from golden.blokus import search as blokus_search
from golden.score4 import search as score4_search
from host import games, players
from host.players import PlayerError
from host.tests.helpers import check_answers_against_golden, read_transcript, run_referee


def _no_simulation(monkeypatch):
    """sim players introduce themselves but start no simulation here."""
    def refuse(self, game_cls, referee):
        raise PlayerError("no simulation in this test")
    monkeypatch.setattr(players.SimPlayer, "open", refuse)


WEAK = ": the golden search in Python, far weaker than the board; mirror plays its moves"
DEMO = "; a quick demonstration, not the core's strength: the board searches %d nodes a move"


@pytest.mark.parametrize("game,sim,golden", [
    ("blokus", "sim (configuration blokus_fast: budget 2, team Tb, 3686400 Hz%s)"
     % (DEMO % blokus_search.DEFAULT_BUDGET),
     "golden (budget %d%s)" % (players.GOLDEN_BUDGET["blokus"], WEAK)),
    ("score4", "sim (configuration score4_fast: budget 300, 307200 Hz%s)"
     % (DEMO % score4_search.DEFAULT_BUDGET), "golden (budget 300%s)" % WEAK),
])
def test_make_play_says_which_budgets_play(monkeypatch, game, sim, golden):
    _no_simulation(monkeypatch)
    code, out, err = run_referee([game, "sim", "golden", "--seed", "1"])
    assert err == "error: no simulation in this test\n"
    assert "Player 1: %s\nPlayer 2: %s\n" % (sim, golden) in out


def test_sim_configuration_named(monkeypatch):
    _no_simulation(monkeypatch)
    code, out, err = run_referee(["blokus", "golden:7", "sim:blokus_think", "--seed", "1"])
    assert "Player 1: golden:7 (budget 7%s)\nPlayer 2: sim:blokus_think (configuration " \
           "blokus_think: budget 40, team Tb, 3686400 Hz%s)\n" \
           % (WEAK, DEMO % blokus_search.DEFAULT_BUDGET) in out
    code, out, err = run_referee(["blokus", "golden", "sim:score4_fast"])
    assert code == 2 and err.startswith(
        "error: configuration 'score4_fast' builds 'score4', not a blokus core; blokus "
        "configurations: ") and "blokus_fast" in err and "blokus_mcts_root" in err, err
    assert err.count("\n") == 1, err
    # the Monte-Carlo core's demonstration budget is told in its own unit
    code, out, err = run_referee(["blokus", "golden:7", "sim:blokus_mcts_root", "--seed", "1"])
    assert "sim:blokus_mcts_root (configuration blokus_mcts_root: budget 1, team Tb, " \
           "50000000 Hz; a quick demonstration, not the core's strength: the board searches " \
           "39000000 clock cycles a move)" in out, out + err


def test_other_players_introduced(tmp_path):
    code, out, err = run_referee(["score4", "random", "golden:50", "--seed", "1"])
    assert code == 0
    assert "Player 1: random (uniformly random legal moves)\nPlayer 2: golden:50 (budget 50%s)\n" \
        % WEAK in out
    code, out, err = run_referee(["score4", "random", "golden:50", "--seed", "1", "--quiet"])
    assert "Player 1:" not in out


def test_golden_plays_its_blokus_budget(tmp_path):
    assert players.GOLDEN_BUDGET == {"blokus": 1500, "score4": 300}
    assert players.GOLDEN_BUDGET["blokus"] < blokus_search.DEFAULT_BUDGET
    t = tmp_path / "t.jsonl"
    code, out, err = run_referee(["blokus", "golden", "random", "--seed", "2", "--transcript", str(t)])
    assert code == 0 and err == "" and "violation" not in out
    recs = read_transcript(t)
    assert check_answers_against_golden(recs, 0, "blokus", budget=players.GOLDEN_BUDGET["blokus"]) > 10
    # well within the Blokus time limit (it is one of the checks the golden player gets)
    assert max(r["s"] for r in recs if r["t"] == "x" and r["p"] == 0) < games.BlokusGame.time_limit


def test_make_play_reversi_points_to_make_reversi_game():
    r = _make("play", "GAME=reversi")
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.splitlines()[0] == "error: make play plays score4 or blokus; watch Reversi " \
                                       "with make reversi-game (docs/host-tools.md, Reversi)"


def _make(*args):
    import shutil
    import subprocess
    from host.cores import REPO
    if shutil.which("make") is None:
        pytest.skip("no make")
    return subprocess.run(["make", "-s"] + list(args), cwd=str(REPO), capture_output=True, text=True,
                          timeout=300)


def test_make_play_picks_the_configuration_and_the_opponent():
    r = _make("-n", "play", "GAME=blokus", "CONFIG=blokus_mcts_root", "OPPONENT=random")
    assert r.returncode == 0
    assert r.stdout.splitlines()[-1].split()[1:8] == ["-m", "host.referee", "blokus", "sim:blokus_mcts_root",
                                                      "random", "--delay", "0.5"]
    r = _make("-n", "play", "GAME=score4")
    assert r.stdout.splitlines()[-1].split()[1:6] == ["-m", "host.referee", "score4", "sim", "golden"]


def test_make_play_names_the_configurations_when_one_is_wrong():
    r = _make("play", "GAME=blokus", "CONFIG=blokus_mcts_rot")
    assert r.returncode == 2
    assert "error: configuration 'blokus_mcts_rot' is not defined in hdl/configs.py; blokus " \
           "configurations: " in r.stderr and "blokus_mcts_root" in r.stderr
    assert "Traceback" not in r.stderr
