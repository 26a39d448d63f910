"""The Blokus strength benchmark's players, games and command line (a few seconds)."""
import random
import subprocess
import sys

import pytest

from golden.blokus import board as B
from golden.blokus.encoding import TILE_SIZE, decode_move

from bench.blokus import strength as ST
from bench.blokus.mirror_positions import big_positions, random_position

REPO = ST.REPO


def test_greedy_takes_largest_tile_then_most_new_corners():
    rng = random.Random(3)
    for _ in range(6):
        pos = random_position(rng, rng.randint(2, 20))
        moves = B.legal_moves(pos, B.ME)
        m = ST.greedy_move(pos, random.Random(1))
        if not moves:
            assert m is None
            continue
        big = max(TILE_SIZE[x[2]] for x in moves)
        assert m in moves and TILE_SIZE[m[2]] == big
        best = max(ST.new_corners(pos, x) for x in moves if TILE_SIZE[x[2]] == big)
        assert ST.new_corners(pos, m) == best


def test_new_corners_counts_only_new_anchors():
    pos = B.Position("5")
    pos.apply(B.ME, (5, 5, 0, 0))                 # the monomino on the start cell
    # the domino (6, 6)-(6, 7): diagonal to (5, 5); its anchors (5, 8), (7, 8),
    # (7, 5) are new; (4, 4), (6, 4), (4, 6) were anchors and stay (4, 6 is not
    # edge-adjacent to the domino), none is lost.
    assert ST.new_corners(pos, (6, 6, 1, 0)) == 3


def test_first_is_first_legal_move():
    for _, pos in big_positions()[:2]:
        assert ST.first_move(pos) == B.legal_moves(pos, B.ME)[0]


@pytest.mark.parametrize("opp", ST.OPPONENTS)
def test_games_are_legal_complete_and_reproducible(opp):
    for g in range(4):
        r = ST.play_game((opp, g, 50, 7))
        seat, first = ST.game_setup(g)
        assert (r["seat"], r["mirror_first"]) == (seat, first)
        # replay: every move legal, the game over exactly at the end
        pos = B.Position(seat)
        side = B.ME if first else B.OPP
        for k, code in enumerate(r["moves"]):
            assert not B.game_over(pos), (opp, g, k)
            m = decode_move(code)
            assert B.check(pos, side, m) is None
            pos.apply(side, m)
            side ^= 1
        assert B.game_over(pos)
        left = (B.squares_left(pos, B.ME), B.squares_left(pos, B.OPP))
        assert r["left"] == left
        assert r["result"] == ("W" if left[0] < left[1] else "L" if left[0] > left[1] else "D")
        again = ST.play_game((opp, g, 50, 7))
        assert again["moves"] == r["moves"] and again["left"] == r["left"]
    assert {(ST.game_setup(g)) for g in range(4)} == {
        ("5", True), ("5", False), ("A", True), ("A", False)}


def test_tally():
    games = [{"result": x, "left": (a, b)} for x, a, b in
             (("W", 0, 10), ("D", 5, 5), ("L", 9, 3), ("W", 1, 2))]
    w, d, l_, pct, margin = ST.tally(games)
    assert (w, d, l_) == (2, 1, 1) and pct == 62.5 and margin == (10 + 0 - 6 + 1) / 4.0


def test_cli_help_and_errors_without_traceback(capsys, tmp_path):
    with pytest.raises(SystemExit) as e:
        ST.main(["--help"])
    assert e.value.code == 0 and "--games" in capsys.readouterr().out
    for bad in (["--games", "0"], ["--opponents", "nobody"], ["--budget", "0"],
                ["--games", "x"], ["--jobs", "0"]):
        with pytest.raises(SystemExit) as e:
            ST.main(bad)
        assert e.value.code == 2 and "error" in capsys.readouterr().err, bad
    assert ST.main(["--games", "1", "--out", "/proc/version/x.md"]) == 2
    assert "cannot write" in capsys.readouterr().err
    out = tmp_path / "no" / "dir" / "r.md"             # the directory is made
    assert ST.main(["--games", "4", "--seed", "5", "--jobs", "1",
                    "--opponents", "first,random", "--out", str(out)]) == 0
    text = out.read_text()
    assert "| first | 4 |" in text and "| random | 4 |" in text and "seed 5" in text
    assert "--seed 5" in text and "| greedy |" not in text


def test_cli_runs_as_a_module(tmp_path):
    out = tmp_path / "r.md"
    p = subprocess.run([sys.executable, "-m", "bench.blokus.strength", "--games", "2",
                        "--seed", "3", "--jobs", "2", "--out", str(out)],
                       cwd=str(REPO), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert "Traceback" not in p.stderr and "| greedy | 2 |" in out.read_text()
