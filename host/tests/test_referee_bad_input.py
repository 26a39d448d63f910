"""Bad input gets a one-line `error: ...` naming the problem and exit code 2,
never a traceback: board files that cannot be written, initial moves that
cannot be played, damaged transcripts."""
import json
import random
import shutil

import pytest

from host import games, referee
from host.tests.helpers import FakeBoard, read_transcript, run_referee


def _one_line_error(code, err, *fragments):
    assert code == 2, err
    assert err.startswith("error: ") and err.count("\n") == 1 and err.endswith("\n"), err
    for f in fragments:
        assert f in err, err


# ------------------------------------------------------------------ --board-out
def test_board_out_in_a_missing_directory():
    code, out, err = run_referee(["score4", "golden", "golden", "--board-out", "/nonexistent/dir/x"])
    _one_line_error(code, err, "--board-out /nonexistent/dir/x: there is no directory /nonexistent/dir")
    assert "== Move" not in out          # checked before the game


def test_board_out_naming_a_directory(tmp_path):
    code, out, err = run_referee(["score4", "golden", "golden", "--board-out", str(tmp_path)])
    _one_line_error(code, err, "--board-out %s is a directory" % tmp_path)
    assert "== Move" not in out


def test_board_out_failing_mid_game(tmp_path):
    folder = tmp_path / "out"
    folder.mkdir()
    board, t = folder / "board.txt", tmp_path / "t.jsonl"

    def remove_folder(k, req, ans):      # the board's second move: the folder goes away
        if k == 1:
            shutil.rmtree(folder)
        return ans
    fake = FakeBoard("score4", remove_folder)
    code, out, err = run_referee(["score4", fake.spec, "golden", "--board-out", str(board),
                                  "--transcript", str(t)])
    _one_line_error(code, err, "cannot write the board file %s: No such file or directory" % board)
    assert out.count("== Move") == 2     # the third move could not be written
    end = read_transcript(t)[-1]
    assert end["t"] == "end" and end["reason"].startswith("abandoned: cannot write the board file")
    code, out, err = run_referee(["--replay", str(t)])
    assert code == 0 and "diverges" not in err


# ------------------------------------------------------------- --moves (item C)
@pytest.mark.parametrize("game,moves,line,why", [
    ("score4", ["22"] * 5, 7, "initial move 5 (22) is illegal: post (2,2) is full"),
    ("score4", ["11", "12", "21", "22", "31", "32", "41"], 9,
     "initial move 7 (41) ends the game (four in a line)"),
    ("blokus", ["53e0", "33e0"], 4,
     "initial move 2 (33e0) is illegal: first tile not covering its start cell (a,a)"),
    ("blokus", ["53e0", "a8e0", "21k7", "94j0", "61a0", "71b3", "c3a0"], 9,
     "initial move 7 (c3a0) is illegal: tile already used"),
    ("blokus", ["53e0", "a8e0", "5 3 a 0"], 5,
     "initial move 3 (53a0) is illegal: cell occupied or off the board"),
    ("blokus", ["53e0", "a8e0", "0000", "0000"], 6,
     "initial move 4 (0000) ends the game (both players passed)"),
])
def test_illegal_initial_moves_are_named_before_the_game(tmp_path, game, moves, line, why):
    """Moves on the file's lines 3 on (two lines of comment and space first)."""
    mf = tmp_path / "moves.txt"
    mf.write_text("# an opening\n\n" + "\n".join(moves) + "\n")
    code, out, err = run_referee([game, "golden", "random", "--moves", str(mf), "--seed", "1"])
    _one_line_error(code, err, "%s line %d: %s" % (mf, line, why))
    assert "== Move" not in out and "Board" not in out      # no game started


def test_board_in_moves_are_checked_too(tmp_path):
    """The moves read back from a board file go through the same check (a
    backstop: the board reader finds legal orders only)."""
    class Reader(games.Score4Game):
        @classmethod
        def moves_from_board(cls, text):
            return ["22"] * 5
    bf = tmp_path / "b.txt"
    bf.write_text("")
    with pytest.raises(referee.RefereeError, match="^%s: initial move 5 [(]22[)] is illegal: post "
                                                   "[(]2,2[)] is full$" % bf):
        referee.read_board(str(bf), Reader)


# ----------------------------------------------------------- damaged transcripts
@pytest.fixture(scope="module")
def good_transcript(tmp_path_factory):
    t = tmp_path_factory.mktemp("replay") / "t.jsonl"
    code, out, err = run_referee(["score4", "random", "random", "--seed", "1", "--quiet",
                                  "--transcript", str(t)])
    assert code == 0
    return read_transcript(t)


def _first(recs, t):
    return next(r for r in recs if r["t"] == t)


def _set(t, field, value):
    def damage(recs):
        _first(recs, t)[field] = value
    return damage


def _drop(t, field):
    def damage(recs):
        del _first(recs, t)[field]
    return damage


@pytest.mark.parametrize("damage,fragments", [
    (_set("header", "game", "chess"), ['line 1 is a "header" record whose "game" is "chess"',
                                       "blokus or score4"]),
    (_set("header", "players", ["random"]), ['line 1 is a "header" record whose "players" is ["random"]',
                                            "the two players"]),
    (_set("game", "first", 7), ['line 2 is a "game" record whose "first" is 7, not 0 or 1']),
    (_set("x", "got", 5), ['line 3 is a "x" record whose "got" is 5, not a string']),
    (_set("x", "s", "x"), ['line 3 is a "x" record whose "s" is "x", not a number of seconds']),
    (_drop("end", "winner"), ['is a "end" record without "winner"']),
    (_set("header", "version", 2), ['"version" is 2']),
    (_drop("x", "sent"), ['line 3 is a "x" record without "sent"']),
    (lambda recs: recs.insert(1, [1, 2]), ["line 2 is a JSON array, not an object"]),
    (lambda recs: recs.insert(1, {"t": "move"}), ['line 2 is an unknown record type "t": "move"']),
    (lambda recs: recs.pop(0), ["line 1 is not a transcript header"]),
])
def test_damaged_transcript(tmp_path, good_transcript, damage, fragments):
    recs = json.loads(json.dumps(good_transcript))
    damage(recs)
    t = tmp_path / "bad.jsonl"
    t.write_text("".join(json.dumps(r) + "\n" for r in recs))
    code, out, err = run_referee(["--replay", str(t)])
    _one_line_error(code, err, str(t), *fragments)


@pytest.mark.parametrize("text", [
    lambda recs: json.dumps(recs),                 # one line
    lambda recs: json.dumps(recs, indent=2),       # pretty-printed
])
def test_transcript_as_a_json_array(tmp_path, good_transcript, text):
    t = tmp_path / "bad.json"
    t.write_text(text(good_transcript))
    code, out, err = run_referee(["--replay", str(t)])
    _one_line_error(code, err, "%s holds a JSON array; a referee transcript is JSON lines" % t)


def test_transcript_that_is_not_json(tmp_path):
    t = tmp_path / "bad.jsonl"
    t.write_text('{"t": "header"\n')
    code, out, err = run_referee(["--replay", str(t)])
    _one_line_error(code, err, "%s line 1 is not JSON" % t)
    t.write_text("")
    code, out, err = run_referee(["--replay", str(t)])
    _one_line_error(code, err, "%s is empty" % t)


JUNK = [None, True, 0, 1, 7, -1, 0.5, "x", "", "0", "A00", "ok", "timeout", [], ["a", "b"], {},
        "score4", "\u20ac"]


def test_randomly_damaged_transcripts_never_raise(tmp_path, good_transcript):
    """Fields changed or dropped, junk lines inserted: exit 0, 1 (diverges)
    or 2 (one-line error), never an exception."""
    rng = random.Random(11)
    t = tmp_path / "bad.jsonl"
    for _ in range(150):
        recs = json.loads(json.dumps(good_transcript))
        r = rng.choice(recs)
        k = rng.choice(sorted(r) + ["zz"])
        if rng.random() < 0.2:
            r.pop(k, None)
        else:
            r[k] = rng.choice(JUNK)
        if rng.random() < 0.2:
            recs.insert(rng.randrange(len(recs)), rng.choice(JUNK))
        t.write_text("".join(json.dumps(r) + "\n" for r in recs))
        code, out, err = run_referee(["--replay", str(t), "--quiet"])
        assert code in (0, 1, 2)
        if code:
            assert err.startswith("error: ") and err.count("\n") == 1, (recs, err)


# ------------------------------------------- replays that diverge (item 13)
def _replay_of(tmp_path, recs):
    t = tmp_path / "bad.jsonl"
    t.write_text("".join(json.dumps(r) + "\n" for r in recs))
    code, out, err = run_referee(["--replay", str(t), "--quiet"])
    assert code == 1 and err.startswith("error: the replay diverges from %s: " % t), err
    assert err.count("\n") == 1 and "b'" not in err and "(0, " not in err and "(1, " not in err
    return err


def test_a_changed_answer_names_the_line_where_the_replay_parts(tmp_path, good_transcript):
    recs = json.loads(json.dumps(good_transcript))
    k = next(i for i, r in enumerate(recs) if r["t"] == "x" and r["sent"].startswith("A")
             and r["sent"] != "A00")
    asked = recs[k]["sent"]
    recs[k - 1]["got"] = "44" if recs[k - 1]["got"] != "44" else "43"   # the answer before it
    err = _replay_of(tmp_path, recs)
    assert ": line %d: the replay sends \"A%s\" to player %d (random) where the line has \"%s\"" \
        % (k + 1, recs[k - 1]["got"], recs[k]["p"] + 1, asked) in err


def test_a_changed_result_names_its_line(tmp_path, good_transcript):
    recs = json.loads(json.dumps(good_transcript))
    end = recs[-1]
    assert end["t"] == "end" and end["winner"] is not None
    end["winner"] = 1 - end["winner"]
    err = _replay_of(tmp_path, recs)
    assert ": line %d, the end of game 1, says player %d (random) won (%s); the replay of the " \
           "lines before it ends with player %d (random) won (%s)\n" \
           % (len(recs), end["winner"] + 1, end["reason"], 2 - end["winner"], end["reason"]) in err


def test_a_missing_result_is_named(tmp_path, good_transcript):
    err = _replay_of(tmp_path, good_transcript[:-1])
    assert "the transcript has no end for game 1 (its last line is %d); the replay ends it: " \
           "player " % (len(good_transcript) - 1) in err


def test_a_reversi_transcript_points_to_the_reversi_replay(tmp_path):
    t = tmp_path / "r.jsonl"
    t.write_text(json.dumps({"t": "header", "version": 1, "game": "reversi",
                             "tool": "host.reversi game", "players": ["first", "golden"]}) + "\n")
    code, out, err = run_referee(["--replay", str(t)])
    _one_line_error(code, err, "%s is a Reversi transcript: play it back with `python -m "
                               "host.reversi replay %s`" % (t, t))
