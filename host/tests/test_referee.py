"""The referee: whole games against the golden sessions, every way a player
can lose, people at the console, transcripts, tournaments, board files."""

import pytest

from golden.blokus import board as bboard
from golden.score4 import board as sboard
from host import games
from host.tests.helpers import (ConnectingBoard, FakeBoard, check_answers_against_golden,
                                free_port, read_transcript, run_referee)


def _replay_board(game, recs):
    """The board rebuilt from the transcript's answers by the golden rules."""
    g = games.GAMES[game]()
    seat = 0
    for r in recs:
        if r["t"] == "x" and r["sent"] != "0":
            move = g.parse(r["got"].encode("latin-1"))
            assert g.why_illegal(seat, move) is None
            g.apply(seat, move)
            seat ^= 1
    return g


# -------------------------------------------------------------- whole games
@pytest.mark.parametrize("p2", ["random", "golden:50"])
def test_score4_whole_game_against_golden(tmp_path, p2):
    t = tmp_path / "t.jsonl"
    code, out, err = run_referee(["score4", "golden", p2, "--seed", "7", "--transcript", str(t)])
    assert code == 0 and err == ""
    recs = read_transcript(t)
    assert check_answers_against_golden(recs, 0, "score4") > 5
    if p2.startswith("golden"):
        check_answers_against_golden(recs, 1, "score4", budget=50)
    end = recs[-1]
    g = _replay_board("score4", recs)
    # the game ends at the first line of four, else on a full board (both sides here always move)
    h = games.Score4Game()
    for i, (seat, move) in enumerate(g.history):
        h.apply(seat, move)
        if sboard.has_four(h.beads[seat]):
            assert i == len(g.history) - 1 and end["reason"] == "four in a line"
            assert end["winner"] == seat and end["loser"] == 1 - seat   # PLAYER1 moved first
            assert "Player %d (%s) won the game" % (seat + 1, ["golden", p2][seat]) in out
    if end["reason"] != "four in a line":
        assert end["winner"] is None and g.occupied() == (1 << 64) - 1
    assert out.count("---------------------- Board") == len(g.history)


def test_blokus_whole_game_against_golden(tmp_path):
    t = tmp_path / "t.jsonl"
    code, out, err = run_referee(["blokus", "random", "golden", "--seed", "3", "--transcript", str(t)])
    assert code == 0 and err == ""
    recs = read_transcript(t)
    assert check_answers_against_golden(recs, 1, "blokus") > 10
    g = _replay_board("blokus", recs)
    end = recs[-1]
    assert bboard.game_over(g.pos) and end["reason"] in ("both players passed", "all 21 tiles placed")
    left = [bboard.squares_left(g.pos, s) for s in (0, 1)]
    assert end["winner"] == (None if left[0] == left[1] else left.index(min(left)))
    assert "Tiles: %d / %d" % tuple(left) in out
    # the host's end message: '9' after the game
    assert [r for r in recs if r["t"] == "x"][-1]["sent"] != "9"


def test_blokus_end_message_and_requests(tmp_path):
    fake = FakeBoard("blokus")
    code, out, err = run_referee(["blokus", fake.spec, "golden", "--seed", "1"])
    assert code == 0, err
    fake.join(5)
    sent = b"".join(fake.received)
    assert sent.startswith(b"025") and sent.endswith(b"9")
    assert b"4" in fake.received[2][:1]


# ---------------------------------------------------------- losing players
def _lose(game, tamper, extra=(), opponent="golden"):
    fake = FakeBoard(game, tamper)
    code, out, err = run_referee([game, fake.spec, opponent, "--seed", "1"] + list(extra))
    assert code == 0, err
    return out


@pytest.mark.parametrize("game,bad,why", [
    ("score4", b"5x", 'malformed code: "5x" is not a move'),
    ("score4", b"03", 'malformed code: "03" is not a move'),
    ("blokus", b"53z0", 'malformed code: "53z0" is not a move code'),
    ("blokus", b"5\n3e", 'malformed code: "53e" '),     # CR/LF skipped, then silence
])
def test_malformed_code_loses(game, bad, why):
    out = _lose(game, lambda k, req, ans: bad if k == 1 else ans, ["--time-limit", "0.5"])
    if bad == b"5\n3e":
        assert "Player 1 (tcp:" in out and "lost the game by violation: timeout: only b'53e'" in out
    else:
        assert "lost the game by violation: %s" % why in out
        assert out.count("Player 1 (tcp:") >= 1 and "Player 2 (golden) won" not in out


def test_illegal_score4_move_loses():
    # both boards always answer post (1,1): the fifth bead does not fit
    a = FakeBoard("score4", lambda k, req, ans: b"11")
    b = FakeBoard("score4", lambda k, req, ans: b"11")
    code, out, err = run_referee(["score4", a.spec, b.spec])
    assert code == 0
    assert "Player 1 (%s) lost the game by violation: illegal move 11: post (1,1) is full." % a.spec in out


def test_illegal_blokus_move_loses():
    first = []

    def again(k, req, ans):        # the board's first move, once more
        first.append(ans)
        return first[0] if k == 1 else ans
    out = _lose("blokus", again)
    assert "lost the game by violation: illegal move %s: tile already used." % first[0].decode() in out
    out = _lose("blokus", lambda k, req, ans: b"c3u0" if k == 1 else ans)
    assert "lost the game by violation: illegal move c3u0: no corner contact." in out


def test_blokus_first_move_must_cover_start():
    out = _lose("blokus", lambda k, req, ans: b"33a0" if k == 0 else ans)
    assert "illegal move 33a0: first tile not covering its start cell (5,5)" in out
    out = _lose("blokus", lambda k, req, ans: b"0000" if k == 0 else ans)
    assert "illegal move 0000: pass as first move" in out


def test_silence_past_the_limit_loses():
    out = _lose("score4", lambda k, req, ans: None if k == 2 else ans, ["--time-limit", "0.3"])
    assert "lost the game by violation: timeout: no move within 0.3 s" in out
    out = _lose("blokus", lambda k, req, ans: "close" if k == 0 else ans, ["--time-limit", "0.3"])
    assert "lost the game by violation: timeout: the connection closed (asked 25)" in out


def test_bad_hello_loses():
    fake = FakeBoard("score4", None)
    fake.session.feed = lambda data: b"R01" if data == b"0" else b""
    code, out, err = run_referee(["score4", "golden", fake.spec, "--time-limit", "0.3"])
    assert 'Player 2 (%s) lost the game by violation: answered "R01" to \'0\' instead of "R00"' \
        % fake.spec in out


def test_serial_player_loopback():
    # pyserial's loop:// sends our own '0' back: not the "R00" a board answers
    code, out, err = run_referee(["score4", "serial:loop://", "golden", "--time-limit", "0.3"])
    assert code == 0
    assert "Player 1 (serial:loop://) lost the game by violation" in out


# ---------------------------------------------------------------- people
def test_human_console_conventions():
    stdin = "b\nzz\n5 5\nh\n2 2\n2 2\n2 2\n2 2\n2 2\nq\n"
    code, out, err = run_referee(["score4", "human", "golden", "--seed", "1"], stdin=stdin)
    assert code == 0
    assert "Player 1 (human), your move" in out
    assert "error: \"zz\" is not a move" in err and "error: \"55\" is not a move" in err
    assert "error: 22 is illegal: post (2,2) is full" in err
    assert "legal moves (16): " in out
    assert "** Game abandoned (q)." in out
    assert err.count("error:") == 4     # each error once, nothing else on stderr


def test_human_end_of_input_leaves():
    code, out, err = run_referee(["blokus", "golden", "human"], stdin="33e0\n")
    assert code == 0 and "** Game abandoned (end of input)." in out
    assert "error: 33e0 is illegal: first tile not covering its start cell (a,a)" in err


# ---------------------------------------------- transcripts, seeds, tournaments
def test_transcript_replays_and_detects_tampering(tmp_path):
    t = tmp_path / "t.jsonl"
    assert run_referee(["blokus", "random", "golden", "--seed", "5", "--transcript", str(t)])[0] == 0
    code, out, err = run_referee(["--replay", str(t)])
    assert code == 0 and "replay: 1 game(s) follow the transcript" in out
    lines = t.read_text().splitlines()
    i = max(n for n, line in enumerate(lines) if '"p": 1' in line and '"sent": "4' in line)
    lines[i] = lines[i].replace('"sent": "4', '"sent": "5')
    t.write_text("\n".join(lines) + "\n")
    code, out, err = run_referee(["--replay", str(t)])
    assert code == 1 and err.startswith("error: the replay diverges from %s: line %d: " % (t, i + 1))


def test_seed_reproduces_random_play(tmp_path):
    runs = []
    for n in range(2):
        t = tmp_path / ("t%d.jsonl" % n)
        run_referee(["score4", "random", "random", "--seed", "11", "--transcript", str(t), "--quiet"])
        runs.append([(r["sent"], r["got"]) for r in read_transcript(t) if r["t"] == "x"])
    assert runs[0] == runs[1]
    t = tmp_path / "t2.jsonl"
    run_referee(["score4", "random", "random", "--seed", "12", "--transcript", str(t), "--quiet"])
    assert [(r["sent"], r["got"]) for r in read_transcript(t) if r["t"] == "x"] != runs[0]


def test_tournament_alternates_seats_and_tables(tmp_path):
    t = tmp_path / "t.jsonl"
    code, out, err = run_referee(["score4", "golden:30", "random", "--games", "6", "--seed", "2",
                                  "--transcript", str(t)])
    assert code == 0
    recs = read_transcript(t)
    assert [r["first"] for r in recs if r["t"] == "game"] == [0, 1, 0, 1, 0, 1]
    ends = [r for r in recs if r["t"] == "end"]
    rows = {line.split()[1]: line.split() for line in out.splitlines()
            if line[:2] in ("1 ", "2 ")}
    w1, d1, l1 = map(int, rows["golden:30"][2:5])
    w2, d2, l2 = map(int, rows["random"][2:5])
    assert w1 + d1 + l1 == 6 and (w1, l1, d1) == (l2, w2, d2)
    assert w1 == sum(1 for e in ends if e["winner"] == 0)
    assert "Tournament: 6 games of Score-4" in out
    assert run_referee(["--replay", str(t), "--quiet"])[0] == 0


# ---------------------------------------------------------------- positions
@pytest.mark.parametrize("game,moves", [
    ("score4", ["22", "22", "23", "11", "44"]),
    ("blokus", ["53e0", "a8e0", "21k7", "94j0", "61a0", "71b3"]),
])
def test_initial_moves_and_board_files(tmp_path, game, moves):
    mf = tmp_path / "moves.txt"
    mf.write_text("# opening\n" + "\n".join(moves) + "\n")
    board = tmp_path / "board.txt"
    t = tmp_path / "t.jsonl"
    code, out, err = run_referee([game, "golden", "random", "--moves", str(mf), "--seed", "4",
                                  "--board-out", str(board), "--transcript", str(t)])
    assert code == 0, err
    assert "(%d initial moves set up)" % len(moves) in out
    got = [r["got"] for r in read_transcript(t) if r["t"] == "x" and r["sent"] != "0"]
    g = games.GAMES[game]()
    for i, m in enumerate(got[:len(moves)]):
        g.apply(i % 2, g.parse(m.encode()))
    h = games.GAMES[game]()
    for i, m in enumerate(moves):
        h.apply(i % 2, h.parse(m.encode()))
    assert g.board_text() == h.board_text()     # the set-up position is the file's
    # the board file written after the last move starts an equal game
    final = board.read_text()
    assert set(final.replace("\n", "").replace(" ", "")) <= set("NRB")
    start = tmp_path / "start.txt"
    start.write_text(h.board_text())
    code, out, err = run_referee([game, "random", "random", "--board-in", str(start), "--seed", "4",
                                  "--transcript", str(t), "--quiet"])
    assert code == 0, err
    got = [r["got"] for r in read_transcript(t) if r["t"] == "x" and r["sent"] != "0"]
    k = games.GAMES[game]()
    for i, m in enumerate(got[:len(moves)]):
        k.apply(i % 2, k.parse(m.encode()))
    assert k.board_text() == h.board_text()


def test_board_files_in_the_platform_format():
    text = ("RRRRNRBBNNNNNN\nRNNNRNNNBNNNNN\nNNNNRNNNBNNNNN\nNNNNRNNNBNNNNN\nNNNNRNNNBNNNNN\n"
            "NNNNNNNNBNNNNN\n" + "NNNNNNNNNBNNNN\n" * 4 + "NNNNNNNNNNNNNN\n" * 4)
    seq = games.BlokusGame.moves_from_board(text.replace("N", "N "))
    g = games.BlokusGame()
    for i, m in enumerate(seq):
        mv = g.parse(m.encode())
        assert g.why_illegal(i % 2, mv) is None
        g.apply(i % 2, mv)
    assert g.board_text() == text
    with pytest.raises(games.BoardFileError, match="form no tile"):
        games.BlokusGame.moves_from_board(text.replace("RRRRNR", "RRRRRR"))
    with pytest.raises(games.BoardFileError, match="floats"):
        games.Score4Game.moves_from_board("NNNN RNNN NNNN NNNN\n" + "NNNN NNNN NNNN NNNN\n" * 3)


def test_initial_moves_need_scriptable_players(tmp_path):
    mf = tmp_path / "m.txt"
    mf.write_text("22\n")
    fake = FakeBoard("score4")
    code, out, err = run_referee(["score4", fake.spec, "golden", "--moves", str(mf)])
    assert code == 2 and err.startswith("error: initial moves need players") and err.count("\n") == 1
    mf.write_text("22\n99\n")
    code, out, err = run_referee(["score4", "golden", "golden", "--moves", str(mf)])
    assert code == 2 and "line 2" in err and "Traceback" not in err


# -------------------------------------------------------------------- CLI
@pytest.mark.parametrize("argv,msg", [
    (["score4", "golden"], "give a game and two players"),
    (["score4", "golden", "robot"], "unknown player 'robot'"),
    (["score4", "golden", "golden:0"], "budget of golden:BUDGET"),
    (["score4", "golden", "tcp:nowhere"], "expected tcp:HOST:PORT"),
    (["score4", "golden", "tcp:127.0.0.1:1"], "cannot connect to 127.0.0.1:1"),
    (["score4", "golden", "random", "--time-limit", "0"], "--time-limit must be positive"),
    (["score4", "human", "random", "--games", "2"], "a tournament cannot seat a human"),
    (["--replay", "/nonexistent/t.jsonl"], "cannot read"),
    (["blokus", "golden", "golden", "--board-in", "/dev/null"], "holds 196 cells"),
])
def test_cli_errors_are_one_line(argv, msg):
    code, out, err = run_referee(argv)
    assert code == 2 and msg in err and err.count("\n") == 1 and err.startswith("error: ")


def test_help(capsys):
    with pytest.raises(SystemExit) as e:
        run_referee(["--help"])
    assert e.value.code == 0
    text = capsys.readouterr().out
    assert "golden[:BUDGET]   the golden search in Python; default budget blokus 1500, score4\n" \
           "                    300: fast, and far weaker than the board" in text
    assert "mirror[:BUDGET]   the board's moves" in text
    from golden.blokus.search import DEFAULT_BUDGET as BLOKUS
    from golden.score4.search import DEFAULT_BUDGET as SCORE4
    assert "the core's own: blokus %d, score4 %d" % (BLOKUS, SCORE4) in text
    assert "--accept-timeout S" in text


# ------------------------------------------------------------ modes, listen
def test_step_by_step_mode():
    code, out, err = run_referee(["score4", "golden", "random", "--step", "--seed", "1"],
                                 stdin="\nb\n\nc\n")
    assert code == 0 and err == ""
    assert out.count("(Enter: next move, c: continuous, b: board, h: help, q: quit) ") == 4
    assert "won the game" in out or "Draw game" in out
    code, out, err = run_referee(["score4", "golden", "random", "--step"], stdin="\nq\n")
    assert out.count("== Move") == 2 and "** Game abandoned (q)." in out


def test_listen_player_waits_for_a_board():
    port = free_port()
    ConnectingBoard(port, "blokus")
    code, out, err = run_referee(["blokus", "golden", "listen:%d" % port, "--seed", "1"])
    assert code == 0, err
    assert "Waiting on TCP port %d" % port in out
    assert "Tiles:" in out and "violation" not in out


@pytest.mark.parametrize("game,moves", [("score4", "22\n00\n23\n"),
                                        ("blokus", "53e0\na8e0\n0000\n")])
def test_initial_pass(tmp_path, game, moves):
    mf = tmp_path / "m.txt"
    mf.write_text(moves)
    t = tmp_path / "t.jsonl"
    code, out, err = run_referee([game, "golden", "golden", "--moves", str(mf), "--transcript", str(t)])
    assert code == 0 and err == "" and ("won the game" in out or "Draw" in out)
    got = [r["got"] for r in read_transcript(t) if r["t"] == "x" and r["sent"] != "0"]
    assert got[:3] == moves.split()
