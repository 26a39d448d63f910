"""The Reversi strength adapter (bench/reversi/strength.py) on the shared harness."""
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from golden.reversi import search as S
from golden.reversi.board import start

from bench.common import match as harness
from bench.reversi import baseline
from bench.reversi import strength as ST

REPO = Path(__file__).resolve().parents[2]


def test_move_text_round_trips_and_refuses_non_moves():
    for c in range(64):
        assert ST.parse_move(ST.move_text(c)) == c
    assert ST.move_text(19) == "d3" and ST.parse_move("D3") == 19
    assert ST.move_text(None) == "pass" and ST.parse_move("PASS") is None
    for bad in ("", "z1", "a9", "a0", "d", "resign"):
        with pytest.raises(ValueError):
            ST.parse_move(bad)


def test_board_rules():
    board = ST.Board()
    assert board.to_move == 0 and not board.over()
    with pytest.raises(harness.IllegalMove, match="not a legal move"):
        board.play(0, 0)
    with pytest.raises(harness.IllegalMove, match="turn"):
        board.play(1, 19)
    board.play(0, 19)
    assert board.to_move == 1 and board.view(1) == start(8, 8).play(19)
    with pytest.raises(harness.IllegalMove):
        board.play(1, None)                     # a pass only without a move


# the baseline needs its settings (its commit, built): test_the_baseline_is_the_old_commits_search
@pytest.mark.parametrize("opponent", [o for o in ST.OPPONENTS + ST.OPTIONAL_OPPONENTS
                                      if o != "baseline"])
def test_games_are_legal_complete_and_reproducible(opponent):
    match = harness.Match(ST.GAME, budget=200, seed=7, games=2, jobs=1,
                          opponents=[opponent], opening_plies=4, engine=None,
                          out="unused.md", command="test")
    for g in range(2):
        r = harness.play_game(match, opponent, g)
        assert r["mirror_first"] == (g % 2 == 0)
        board = ST.Board()
        for text in r["moves"]:                         # replay: every move legal
            assert not board.over()
            board.play(board.to_move, ST.parse_move(text))
        assert board.over()
        assert board.outcome(0 if r["mirror_first"] else 1) == (r["result"],
                                                               {"discs": r["discs"]})
        assert all(s["nodes"] <= 200 for s in r["searches"])
        assert harness.play_game(match, opponent, g)["moves"] == r["moves"]


def test_the_mirror_plays_golden_and_tenth_a_tenth_of_the_budget():
    pos = start(8, 8).play(19).play(18)
    assert ST.GAME.search(pos, 300)[0] == S.search(pos, 300).move
    tenth = ST.GAME.make_opponent("tenth", harness.Match(
        ST.GAME, 2000, 1, 1, 1, ["tenth"], 4, None, "unused.md", "test"))
    assert tenth.budget == 200 and tenth.choose(pos, None) == S.search(pos, 200).move


def test_midgame_is_the_search_without_its_solver():
    # an 8 x 8 position of 12 empties: golden solves it, midgame deepens
    import random
    from bench.reversi import endgame
    pos = endgame._position((3, 12, 0))
    budget = 300000
    midgame = ST.GAME.make_opponent("midgame", harness.Match(
        ST.GAME, budget, 1, 1, 1, ["midgame"], 4, None, "unused.md", "test"))
    move = midgame.choose(pos, random.Random(1))
    assert ST.GAME.search(pos, budget)[1]["depth"] == S.MAX_DEPTH    # the solver ran
    without = ST.GAME.search_midgame(pos, budget)
    assert move == without[0] and without[1]["depth"] < S.MAX_DEPTH
    assert "midgame" not in harness.parse_args(ST.GAME, ["--games", "1"]).opponents


def test_the_baseline_is_the_old_commits_search():
    """Two short games against the baseline (200 nodes a move both sides),
    one opening with each colour: both games legal and complete, and every
    move the baseline made the one the old commit's own golden search (in
    Python, in the old tree) chooses there, which today's search does not
    always choose."""
    match = harness.Match(ST.GAME, budget=200, seed=11, games=2, jobs=1,
                          opponents=["baseline"], opening_plies=4, engine=None,
                          out="unused.md", command="test")
    match.options = {"baseline": ST.GAME.baseline_options(None, 200)}
    b = match.options["baseline"]
    assert b["commit"] == baseline.DEFAULT_REVISION and b["default_budget"] == 2467232
    assert b["budget"] == 200
    try:
        records = [harness.play_game(match, "baseline", g) for g in range(2)]
    finally:
        match.close()
    assert [r["mirror_first"] for r in records] == [True, False]
    assert records[0]["moves"][:4] == records[1]["moves"][:4]      # the pair's opening
    old = baseline.Server(b["tree"])
    checked = unlike_today = 0
    try:
        for r in records:
            ours = 0 if r["mirror_first"] else 1
            board = ST.Board()
            baseline_plies = []
            for ply, text in enumerate(r["moves"]):
                assert not board.over()
                move = ST.parse_move(text)
                if ply >= 4 and board.to_move != ours:
                    baseline_plies.append(ply)
                    assert old.search(board.pos, 200, "golden")["move"] == move, (r["game"], ply)
                    checked += 1
                    unlike_today += S.search(board.pos, 200).move != move
                board.play(board.to_move, move)
            assert board.over()
            assert board.outcome(ours) == (r["result"], {"discs": r["discs"]})
            assert [t["ply"] for t in r["their_moves"]] == baseline_plies
            assert all(t["nodes"] <= 200 for t in r["their_moves"])
            assert all(s["nodes"] <= 200 for s in r["searches"])
    finally:
        old.close()
    assert checked >= 40 and unlike_today > 0, (checked, unlike_today)


@pytest.mark.parametrize("argv,cc,message", [
    (["--baseline", "no-such-commit"], None, "no such commit in this repository"),
    (["--baseline", "HEAD^{tree}"], None, "no such commit"),
    (["--baseline", "FIRST"], None, "has no Reversi mirror to play"),
    (["--baseline-budget", "200"], None, "--baseline-budget goes with"),
    (["--opponents", "baseline", "--baseline-budget", "0"], None, "--baseline-budget must be in"),
    (["--opponents", "baseline"], "no-such-cc", "its mirror did not build"),
])
def test_a_baseline_that_cannot_be_played_is_one_line(argv, cc, message, capsys, monkeypatch):
    if cc is not None:                          # the old tree's build fails
        monkeypatch.setenv("CC", cc)
    if "FIRST" in argv:                         # the repository's first commit
        first = subprocess.run(["git", "rev-list", "--max-parents=0", "HEAD"], cwd=str(REPO),
                               capture_output=True, text=True).stdout.split()[-1]
        argv = [first if a == "FIRST" else a for a in argv]
    with pytest.raises(SystemExit) as e:
        ST.main(["--games", "2"] + argv)
    err = capsys.readouterr().err
    assert e.value.code == 2 and message in err and "Traceback" not in err
    assert len([ln for ln in err.splitlines() if "error" in ln]) == 1, err


FAKE_ENGINE = textwrap.dedent('''
    import sys
    sys.path.insert(0, %r)
    from golden.reversi.board import start
    from bench.reversi.strength import move_text, parse_move
    pos = start(8, 8)
    for line in sys.stdin:
        cmd = line.split()
        if not cmd:
            continue
        if cmd[0] == "quit":
            print("=\\n", flush=True)
            break
        if cmd[0] == "clear_board":
            pos = start(8, 8)
        elif cmd[0] == "play":
            pos = pos.play(parse_move(cmd[2]))
        elif cmd[0] == "genmove":
            moves = pos.legal_moves()
            move = moves[-1] if moves else None
            pos = pos.play(move)
            print("= %%s\\n" %% move_text(move), flush=True)
            continue
        print("=\\n", flush=True)
''')


def test_an_engine_plays_through_gtp(tmp_path):
    """A stand-in GTP program (the last legal move) as the engine opponent."""
    script = tmp_path / "fake_othello.py"
    script.write_text(FAKE_ENGINE % str(REPO))
    out = tmp_path / "r.md"
    assert ST.main(["--games", "2", "--budget", "300", "--seed", "4", "--jobs", "1",
                    "--opponents", "engine", "--engine", "%s %s" % (sys.executable, script),
                    "--out", str(out)]) == 0
    text = out.read_text()
    assert "| **engine** | both | 2 |" in text and "fake_othello.py" in text


def test_cli_help_and_errors_without_traceback(capsys, tmp_path):
    with pytest.raises(SystemExit) as e:
        ST.main(["--help"])
    assert e.value.code == 0 and "--opening-plies" in capsys.readouterr().out
    for bad in (["--games", "0"], ["--opponents", "nobody"], ["--budget", "0"],
                ["--jobs", "0"]):
        with pytest.raises(SystemExit) as e:
            ST.main(bad)
        assert e.value.code == 2 and "error" in capsys.readouterr().err, bad


def test_cli_runs_as_a_module(tmp_path):
    out = tmp_path / "r.md"
    p = subprocess.run([sys.executable, "-m", "bench.reversi.strength", "--games", "2",
                        "--budget", "300", "--seed", "3", "--jobs", "2", "--out", str(out)],
                       cwd=str(REPO), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, timeout=600)  # a hang guard
    assert p.returncode == 0, p.stderr
    assert "Traceback" not in p.stderr and "| **tenth** | both | 2 |" in out.read_text()


FAKE_NBOARD = textwrap.dedent('''
    import sys
    sys.path.insert(0, %r)
    from golden.reversi.board import start
    from bench.reversi.strength import move_text, parse_move
    print("a banner line before anything", flush=True)
    pos = start(8, 8)
    for line in sys.stdin:
        cmd = line.split()
        if not cmd:
            continue
        if cmd[0] == "quit":
            break
        if cmd[0] == "ping":
            print("pong " + cmd[1], flush=True)
        elif cmd[0] == "set" and cmd[1] == "game":
            pos = start(8, 8)
        elif cmd[0] == "move":
            pos = pos.play(None if cmd[1].upper() == "PA" else parse_move(cmd[1]))
        elif cmd[0] == "go":
            moves = pos.legal_moves()
            print("search ...", flush=True)
            print("=== %%s/1.5/0.00" %% (move_text(moves[0]).upper() if moves else "PA"),
                  flush=True)
''')


def test_an_nboard_program_plays_at_each_depth(tmp_path):
    """A stand-in NBoard program (the first legal move, a banner first) as the
    nboard-dD opponents."""
    script = tmp_path / "fake_nboard.py"
    script.write_text(FAKE_NBOARD % str(REPO))
    out = tmp_path / "r.md"
    assert ST.main(["--games", "2", "--budget", "300", "--seed", "4", "--jobs", "1",
                    "--opponents", "first", "--nboard", "%s %s" % (sys.executable, script),
                    "--nboard-dir", str(tmp_path), "--depths", "2,5", "--out", str(out)]) == 0
    text = out.read_text()
    assert "| **nboard-d2** | both | 2 |" in text and "| **nboard-d5** | both | 2 |" in text
    assert "--depths 2,5" in text and "NBoard protocol" in text


@pytest.mark.parametrize("argv,message", [
    (["--depths", "4"], "--depths goes with --nboard"),
    (["--nboard", "/no/such/ntest", "--depths", "4"], "is not a program here"),
    (["--nboard", sys.executable, "--depths", "0"], "between 1 and 30"),
    (["--nboard", sys.executable, "--depths", "x"], "whole numbers"),
    (["--nboard", sys.executable, "--nboard-dir", "/no/such/dir"], "is not a folder"),
    (["--nboard-dir", "/tmp"], "goes with --nboard"),
])
def test_nboard_options_are_checked(argv, message, capsys):
    with pytest.raises(SystemExit) as e:
        ST.main(argv)
    err = capsys.readouterr().err
    assert e.value.code == 2 and message in err and "Traceback" not in err


def test_a_dead_nboard_program_is_one_line(tmp_path):
    from bench.common.engine import EngineError
    from bench.reversi.nboard import NBoardPlayer

    player = NBoardPlayer([sys.executable, "-c", "print('bye')"], 4, move_text=ST.move_text,
                          parse_move=ST.parse_move, timeout=20)
    with pytest.raises(EngineError, match="ended") as e:
        player.new_game(None, 0)
    assert "bye" in str(e.value)
    player.close()


@pytest.mark.parametrize("variables, opponents", [
    ([], ["random", "first", "tenth"]),
    (["REVERSI_ENGINE=%s -x" % sys.executable], ["random", "first", "tenth", "engine"]),
    (["NBOARD=%s x" % sys.executable, "DEPTHS=4,8"],
     ["random", "first", "tenth", "nboard-d4", "nboard-d8"]),
    (["SEED=7", "GAMES=2"], ["random", "first", "tenth"]),
    (["BASELINE=1e4d4d5"], ["random", "first", "tenth", "baseline"]),
])
def test_make_target_passes_a_command_line_the_benchmark_accepts(variables, opponents):
    """`make bench-reversi-strength [VAR=...]` runs a command whose options
    parse (once, a comma inside make's $(if ...) split the opponents list and
    left a stray argument)."""
    import shlex
    repo = Path(__file__).resolve().parents[2]
    r = subprocess.run(["make", "-s", "-n", "bench-reversi-strength"] + variables, cwd=repo,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    line = [ln for ln in r.stdout.splitlines() if "-m bench.reversi.strength" in ln][-1]
    argv = shlex.split(line.split("-m bench.reversi.strength", 1)[1])
    match = harness.parse_args(ST.GAME, argv)      # SystemExit on a bad command line
    assert list(match.opponents) == opponents, (line, match.opponents)
