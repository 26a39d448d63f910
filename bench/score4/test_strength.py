"""The Score-4 strength benchmark's players, games and command line (seconds)."""
import random
import subprocess
import sys

import pytest

from golden.score4 import search as S
from golden.score4.board import EMPTY, Position, completes_line, drop_cell

from bench.common import match as harness
from bench.common.mirror import REPO
from bench.score4 import strength as ST
from bench.score4.test_mirror import random_position


def test_free_posts_are_the_legal_posts_in_search_order():
    rng = random.Random(2)
    for _ in range(50):
        pos, _ = random_position(rng, rng.randint(0, 64))
        got = ST.free_posts(pos.mine | pos.theirs)
        assert sorted(p for p, _ in got) == pos.legal_posts()
        assert all(drop_cell(pos.mine | pos.theirs, p) == c for p, c in got)


def test_greedy_wins_then_blocks_then_evaluates():
    rng = random.Random(5)
    kinds = set()
    for _ in range(300):
        pos, _ = random_position(rng, rng.randint(0, 40))
        moves = ST.free_posts(pos.mine | pos.theirs)
        if not moves:
            continue
        m = ST.greedy_move(pos, random.Random(1))
        cell = drop_cell(pos.mine | pos.theirs, m)
        wins = [p for p, c in moves if completes_line(pos.mine, c)]
        blocks = [p for p, c in moves if completes_line(pos.theirs, c)]
        if wins:
            assert m == wins[0]
            kinds.add("win")
        elif blocks:
            assert m == blocks[0]
            kinds.add("block")
        else:
            best = max(S.evaluate(pos.mine | 1 << c, pos.theirs) for _, c in moves)
            assert S.evaluate(pos.mine | 1 << cell, pos.theirs) == best
            kinds.add("evaluate")
    assert kinds == {"win", "block", "evaluate"}


def test_board_rules():
    board = ST.Board()
    for post in (0, 1, 0, 1, 0, 1):
        board.play(board.to_move, post)
    assert not board.over()
    board.play(0, 0)                                   # the fourth bead on post 0 wins
    assert board.over() and board.outcome(0) == ("W", {}) and board.outcome(1) == ("L", {})
    with pytest.raises(harness.IllegalMove, match="full"):
        board.play(1, 0)
    with pytest.raises(harness.IllegalMove, match="not a post"):
        ST.Board().play(0, 16)
    assert ST.Board().view(0) == EMPTY


@pytest.mark.parametrize("opponent", ST.OPPONENTS)
def test_games_are_legal_complete_and_reproducible(opponent):
    match = harness.Match(ST.GAME, budget=300, seed=7, games=4, jobs=1,
                          opponents=[opponent], opening_plies=2, engine=None,
                          out="unused.md", command="test")
    for g in range(4):
        r = harness.play_game(match, opponent, g)
        assert r["mirror_first"] == (g % 2 == 0)
        board = ST.Board()
        for code in r["moves"]:                         # replay: every move legal
            assert not board.over()
            board.play(board.to_move, int(code, 16))
        assert board.over() and board.outcome(0 if r["mirror_first"] else 1)[0] == r["result"]
        assert all(s["nodes"] <= 300 for s in r["searches"])
        assert harness.play_game(match, opponent, g)["moves"] == r["moves"]


def test_tenth_plays_a_tenth_of_the_budget():
    tenth = ST.GAME.make_opponent("tenth", harness.Match(
        ST.GAME, 2000, 1, 1, 1, ["tenth"], 2, None, "unused.md", "test"))
    assert tenth.budget == 200 and tenth.deterministic
    pos = Position(0x21, 0x42)
    assert tenth.choose(pos, None) == S.search(pos, 200).move


def test_cli_help_and_errors_without_traceback(capsys, tmp_path):
    with pytest.raises(SystemExit) as e:
        ST.main(["--help"])
    assert e.value.code == 0 and "--opening-plies" in capsys.readouterr().out
    for bad in (["--games", "0"], ["--opponents", "nobody"], ["--budget", "0"],
                ["--opening-plies", "17"], ["--jobs", "0"]):
        with pytest.raises(SystemExit) as e:
            ST.main(bad)
        assert e.value.code == 2 and "error" in capsys.readouterr().err, bad
    out = tmp_path / "r.md"
    assert ST.main(["--games", "2", "--budget", "500", "--seed", "5", "--jobs", "1",
                    "--opponents", "greedy,tenth", "--out", str(out)]) == 0
    text = out.read_text()
    assert "| **greedy** | both | 2 |" in text and "| **tenth** | both | 2 |" in text
    assert "| seed | 5 |" in text and "--budget 500" in text and "| **random** |" not in text


def test_cli_runs_as_a_module(tmp_path):
    out = tmp_path / "r.md"
    p = subprocess.run([sys.executable, "-m", "bench.score4.strength", "--games", "2",
                        "--budget", "500", "--seed", "3", "--jobs", "2", "--out", str(out)],
                       cwd=str(REPO), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, timeout=600)  # a hang guard
    assert p.returncode == 0, p.stderr
    assert "Traceback" not in p.stderr and "| **tenth** | both | 2 |" in out.read_text()
