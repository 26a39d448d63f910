"""Whole Reversi games: a game master on loopback, the first-legal player
against the golden search, to the end, on 8x8 and on smaller boards; every
answer equal to a golden session's; transcripts replayed and a tampered one
caught; a tournament's table; the command line in a fresh process."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from golden.reversi.board import start
from golden.reversi.encoding import BLACK, parse_cell_name
from host.reversi import cli, transcript
from host.tests.reversi_support import (check_player_answers, first_session, golden_session,
                                        read_jsonl, run_cli)


@pytest.mark.parametrize("size", [(8, 8), (6, 6), (4, 6)])
def test_whole_game_first_vs_golden(tmp_path, size):
    t = tmp_path / "t.jsonl"
    with open(t, "w") as f:
        results = cli.run_game(["first", "golden:300"], size=size, transcript=f, seed=1,
                               out=open(tmp_path / "log.txt", "w"))
    (res, black), = results
    assert res.reason == "end" and black == 0
    recs = read_jsonl(t)
    moves = [r for r in recs if r["t"] == "move"]
    # the game is over on the golden rules: replaying the moves leaves no legal move
    pos = start(*size)
    for m in moves:
        assert m["colour"] == ("Black" if pos.to_move == BLACK else "White")
        pos = pos.play(None if m["move"] == "pass" else parse_cell_name(m["move"], *size))
    assert pos.game_over() and list(pos.score()) == [res.black, res.white]
    assert check_player_answers(recs, "black", first_session) >= 2
    assert check_player_answers(recs, "white", golden_session(300)) >= 2
    assert transcript.replay(transcript.read(str(t)), open(tmp_path / "r.txt", "w")) == (1, False)


def test_game_command_prints_screens_and_result(tmp_path):
    t = tmp_path / "t.jsonl"
    code, out, err = run_cli(["game", "first", "golden:200", "--size", "6x4", "--show",
                              "--transcript", str(t)])
    assert code == 0, err
    assert "Black Player : First Legal" in out and "White Player : Golden Search" in out
    assert "\tA\tB\tC\tD\tE\tF" in out and "Last Move : " in out
    assert out.rstrip().splitlines()[-1].startswith("** ")
    code, rout, rerr = run_cli(["replay", str(t)])
    assert code == 0, rerr
    assert "every message as the transcript says" in rout and "Points : " in rout


def test_tampered_transcript_diverges(tmp_path):
    t = tmp_path / "t.jsonl"
    assert run_cli(["game", "first", "first", "--size", "4", "--transcript", str(t)])[0] == 0
    recs = read_jsonl(t)
    # a White move changed: the referee answers differently from the transcript
    k = next(i for i, r in enumerate(recs) if r["t"] == "rx" and r["port"] == "white"
             and r["hex"].startswith("03"))
    x = int(recs[k]["hex"].split()[1], 16)
    recs[k]["hex"] = "03 %02x 00" % ((x + 1) % 4)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(json.dumps(r) + "\n" for r in recs))
    code, out, err = run_cli(["replay", str(bad), "--quiet"])
    assert code == 1 and "replay diverges: message" in err and "the transcript says" in err
    # a dropped message is caught too
    bad.write_text("".join(json.dumps(r) + "\n" for r in recs[:-3]))
    assert run_cli(["replay", str(bad), "--quiet"])[0] == 1


def test_tournament_alternates_colours(tmp_path):
    code, out, err = run_cli(["game", "golden:200", "random", "--games", "4", "--size", "6",
                              "--seed", "5", "--quiet"])
    assert code == 0, err
    lines = out.splitlines()
    assert sum(1 for line in lines if line.startswith("game ")) == 4
    assert "Tournament: 4 games of Reversi, colours alternating" in out
    row1 = next(line for line in lines if line.startswith("1 golden:200"))
    row2 = next(line for line in lines if line.startswith("2 random"))
    w1, d1, l1 = map(int, row1.split()[2:5])
    w2, d2, l2 = map(int, row2.split()[2:5])
    assert w1 + d1 + l1 == 4 and (w1, l1) == (l2, w2) and d1 == d2
    assert sum(int(x) for x in row1.rsplit("(", 1)[1][:-1].split("-")) == 2


def test_cli_game_in_a_fresh_process():
    p = subprocess.run([sys.executable, "-m", "host.reversi", "game", "first", "golden:100",
                        "--size", "4", "--quiet"], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("game 1: ** ")


def test_replay_step_by_step(tmp_path):
    t = tmp_path / "t.jsonl"
    assert run_cli(["game", "first", "first", "--size", "4", "--transcript", str(t)])[0] == 0
    code, out, err = run_cli(["replay", str(t), "--step"], stdin="\n\nq\n")
    assert code == 0, err
    assert out.count("== move ") == 3 and "replay: stopped" in out
    code, out, err = run_cli(["replay", str(t), "--step"], stdin="c\n")
    assert code == 0 and "every message as the transcript says" in out
    assert out.count("(Enter: next move") == 1


V1 = Path(__file__).with_name("test_reversi_transcript_v1.jsonl")


def test_a_rules_1_transcript_still_replays(tmp_path):
    """A transcript of the game master before rules 2 (written by it: a
    player renamed mid-game, a restart whose Status2 kept the old names)
    replays byte for byte under the rules it names (none: 1); under rules 2
    the same inputs give other bytes, so the rules really matter."""
    code, out, err = run_cli(["replay", str(V1), "--quiet"])
    assert code == 0, err
    assert "replay: 2 game(s) ended, every message as the transcript says" in out
    recs = read_jsonl(V1)
    assert recs[0]["version"] == 1 and not any("rules" in r for r in recs)
    for r in recs:
        if r["t"] == "gm":
            r["rules"] = 2
    bad = tmp_path / "as_rules_2.jsonl"
    bad.write_text("".join(json.dumps(r) + "\n" for r in recs))
    code, out, err = run_cli(["replay", str(bad), "--quiet"])
    assert code == 1 and "replay diverges: message" in err
    for r in recs:
        if r["t"] == "gm":
            r["rules"] = 7
    bad.write_text("".join(json.dumps(r) + "\n" for r in recs))
    code, out, err = run_cli(["replay", str(bad), "--quiet"])
    assert code == 2 and err == ('error: %s line 2: the gm record\'s "rules" is 7, not 1 or 2 '
                                 "(the referee's rules)\n" % bad)
