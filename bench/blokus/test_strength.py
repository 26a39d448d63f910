"""The Blokus strength benchmark's players, games and command line (a few seconds)."""
import random
import subprocess
import sys

import pytest

from golden.blokus import board as B
from golden.blokus.encoding import TILE_SIZE, decode_move

from bench.blokus import strength as ST
from bench.blokus.mirror_positions import big_positions, random_position
from bench.common import match as harness
from bench.common.mirror import REPO


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


def _match(opponents, budget=50):
    return harness.Match(ST.GAME, budget=budget, seed=7, games=4, jobs=1, opponents=opponents,
                         opening_plies=2, engine=None, out="unused.md", command="test")


@pytest.mark.parametrize("opp", ST.OPPONENTS)
def test_games_are_legal_complete_and_reproducible(opp):
    match = _match([opp])
    for g in range(4):
        r = harness.play_game(match, opp, g)
        seat, first = ST.GAME.setup(g)
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
        assert r["score"] == (B.score(pos, B.ME), B.score(pos, B.OPP))
        again = harness.play_game(match, opp, g)
        assert again["moves"] == r["moves"] and again["left"] == r["left"]
    assert {(ST.GAME.setup(g)) for g in range(4)} == {
        ("5", True), ("5", False), ("A", True), ("A", False)}


def test_both_first_moves_are_random_and_the_mirror_searches_from_its_second():
    match = _match(["first"])
    records = [harness.play_game(match, "first", g) for g in range(8)]
    assert len({tuple(r["moves"][:2]) for r in records}) > 4      # openings differ
    for r in records:
        ours = 0 if r["mirror_first"] else 1
        assert len(r["searches"]) == len([k for k in range(2, r["plies"]) if k % 2 == ours])


def test_an_illegal_move_or_a_false_pass_is_refused():
    board = ST.Board("5")
    with pytest.raises(harness.IllegalMove):
        board.play(B.ME, (0, 0, 20, 0))                 # not on the start cell
    with pytest.raises(harness.IllegalMove, match="pass as first move"):
        board.play(B.ME, None)
    rng = random.Random(4)
    for side in (B.ME, B.OPP):
        board.play(side, ST.random_move(board.view(side), rng))
    with pytest.raises(harness.IllegalMove, match="a pass with a legal move"):
        board.play(B.ME, None)


def test_margin():
    games = [{"left": (a, b)} for a, b in ((0, 10), (5, 5), (9, 3), (1, 2))]
    assert ST.margin(games) == (10 + 0 - 6 + 1) / 4.0


def test_engine_dialect_round_trip():
    d = ST.GAME.dialect()
    for _, pos in big_positions()[:1]:
        for m in B.legal_moves(pos, B.ME)[:50] + [None]:
            assert d.parse_move(d.move_text(m)) == m
    assert d.move_text(None) == "pass" and d.parse_move("PASS") is None
    with pytest.raises(ValueError):
        d.parse_move("zz99")


def test_cli_help_and_errors_without_traceback(capsys, tmp_path):
    with pytest.raises(SystemExit) as e:
        ST.main(["--help"])
    assert e.value.code == 0 and "--games" in capsys.readouterr().out
    for bad in (["--games", "0"], ["--opponents", "nobody"], ["--budget", "0"],
                ["--games", "x"], ["--jobs", "0"], ["--opponents", "engine"]):
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
