"""The pipe opponent (bench.common.engine) against a tiny fake engine.

FAKE_ENGINE is a Score-4 engine in a few lines of plain Python, written to a
temporary file and run as a program: it speaks the GTP subset, keeps its own
board (the height of each post, posts written as the protocol's two digits
11..44), refuses a ``play`` on a full post, and answers ``genmove`` with the
first post that is not full. Options make it misbehave in one way each.
"""
import random
import subprocess
import sys
import json
import time

import pytest

from bench.common import engine as E
from bench.common import match as harness
from bench.common.mirror import REPO
from bench.score4 import strength as score4

FAKE_ENGINE = r'''
import sys, time
args = sys.argv[1:]
log = open(args[args.index("--log") + 1], "a") if "--log" in args else None
posts = ["%d%d" % (x, y) for x in range(1, 5) for y in range(1, 5)]
height = dict.fromkeys(posts, 0)
count = 0

def answer(text="", ok=True):
    sys.stdout.write(("= " if ok else "? ") + text + "\n\n")
    sys.stdout.flush()

for line in sys.stdin:
    words = line.split()
    if log:
        log.write(line)
        log.flush()
    count += 1
    if "--crash-after" in args and count > int(args[args.index("--crash-after") + 1]):
        sys.stderr.write("boom: the fake engine gives up\n")
        sys.exit(3)
    if not words:
        continue
    if words[0] == "quit":
        answer()
        break
    elif words[0] == "clear_board":
        height = dict.fromkeys(posts, 0)
        answer()
    elif words[0] == "name":
        answer("fake\nengine")                       # a two-line answer
    elif words[0] == "last_search" and "--stats" in args:
        answer("depth 3 nodes 42")
    elif words[0] == "play":
        if words[2] not in height or height[words[2]] == 4:
            answer("illegal move", ok=False)
        else:
            height[words[2]] += 1
            answer()
    elif words[0] == "genmove":
        if "--silent" in args:
            time.sleep(60)
        if "--garbage" in args:
            sys.stdout.write("hello\n\n")
            sys.stdout.flush()
            continue
        move = "11" if "--illegal" in args else [p for p in posts if height[p] < 4][0]
        if "--not-a-move" in args:
            move = "resign"
        elif move in height:
            height[move] += 1
        answer(move)
    else:
        answer("unknown command", ok=False)
'''


@pytest.fixture
def fake_engine(tmp_path):
    """fake_engine(*options) -> the command line of the fake engine (a str)."""
    script = tmp_path / "fake_engine.py"
    script.write_text(FAKE_ENGINE)

    def command(*options):
        return " ".join([sys.executable, str(script)] + list(options))
    return command


def test_requests_and_answers(fake_engine):
    with E.LineEngine(fake_engine()) as engine:
        assert engine.request("name") == "fake\nengine"
        assert engine.request("clear_board") == ""
        assert engine.request("play b 23") == ""
        assert engine.request("genmove w") == "11"
        with pytest.raises(E.EngineError, match="refused 'frobnicate': unknown command"):
            engine.request("frobnicate")
        assert engine.request("genmove b") == "11"     # the conversation goes on
        process = engine.process
    assert process.poll() is not None                  # closed: the program ended


def test_close_is_idempotent_and_kills_a_stuck_program(fake_engine):
    engine = E.LineEngine(fake_engine("--silent"), timeout=0.3)
    with pytest.raises(E.EngineError, match="no answer to 'genmove b' within 0.3 s"):
        engine.request("genmove b")
    t0 = time.time()
    engine.close()                                     # it sleeps in genmove: killed
    engine.close()
    assert engine.process.poll() is not None and time.time() - t0 < 10


def test_a_missing_program_is_a_one_line_error(tmp_path):
    with pytest.raises(E.EngineError, match="cannot start the engine .*nope"):
        E.LineEngine(str(tmp_path / "nope"))
    with pytest.raises(E.EngineError, match="no engine command"):
        E.LineEngine("")


def test_a_program_that_dies_says_how_and_what_it_wrote(fake_engine):
    with E.LineEngine(fake_engine("--crash-after", "1")) as engine:
        engine.request("clear_board")
        with pytest.raises(E.EngineError) as e:
            engine.request("genmove b")
        message = str(e.value)
        assert "ended before answering 'genmove b'" in message
        assert "exited with status 3" in message and "boom" in message
        with pytest.raises(E.EngineError, match="ended"):
            engine.request("clear_board")


def test_an_answer_outside_the_protocol(fake_engine):
    with E.LineEngine(fake_engine("--garbage")) as engine:
        with pytest.raises(E.EngineError, match="answered 'hello' to 'genmove b': not a GTP"):
            engine.request("genmove b")


def _match(command, games=4, jobs=1, opening=2):
    return harness.Match(score4.GAME, budget=500, seed=11, games=games, jobs=jobs,
                         opponents=["engine"], opening_plies=opening, engine=command,
                         out="unused.md", command="test")


def test_engine_player_follows_every_game(fake_engine, tmp_path):
    """The program is told every move it did not make itself, so its board
    stays the game's: were one ``play`` missing, its genmove would sooner or
    later choose a full post (an illegal move) or a post it believes full."""
    log = tmp_path / "commands.log"
    match = _match(fake_engine("--log", str(log)))
    try:
        records = [harness.play_game(match, "engine", g) for g in range(4)]
    finally:
        match.close()
    commands = log.read_text().splitlines()
    # asked once for its statistics, refused: never asked again
    assert commands.count("last_search") == 1
    commands = [c for c in commands if c != "last_search"]
    assert commands[-1] == "quit"
    games = "\n".join(commands[:-1]).split("clear_board")[1:]
    assert len(games) == 4
    for record, game in zip(records, games):
        sent = [c.split() for c in game.strip().splitlines()]
        assert len(sent) == record["plies"]                # one command per ply
        engine_colour = "w" if record["mirror_first"] else "b"
        for ply, (verb, colour, *move) in enumerate(sent):
            mover = "b" if ply % 2 == 0 else "w"
            assert colour == mover
            if verb == "genmove":
                assert colour == engine_colour and ply >= 2     # after the opening
            else:
                post = int(record["moves"][ply], 16)
                assert verb == "play" and move == [score4.engine_text(post)]
        assert {r["result"] for r in records} <= {"W", "D", "L"}
    again = _match(fake_engine())
    try:
        assert [harness.play_game(again, "engine", g)["moves"] for g in range(4)] == \
            [r["moves"] for r in records]
    finally:
        again.close()


def test_engine_statistics_paired_openings_and_records(fake_engine, tmp_path):
    """An engine that answers last_search: its depth and nodes reach the
    records and the report; games 2k and 2k + 1 open alike, the mirror first
    in one and second in the other; --games-out writes every record."""
    out, games = tmp_path / "r.md", tmp_path / "games.jsonl"
    assert score4.main(["--games", "4", "--budget", "300", "--jobs", "1", "--seed", "9",
                        "--opponents", "engine", "--engine", fake_engine("--stats"),
                        "--out", str(out), "--games-out", str(games)]) == 0
    records = [json.loads(line) for line in games.read_text().splitlines()]
    assert [r["game"] for r in records] == [0, 1, 2, 3]
    for even, odd in ((records[0], records[1]), (records[2], records[3])):
        assert even["moves"][:2] == odd["moves"][:2]
        assert even["mirror_first"] and not odd["mirror_first"]
    assert records[0]["moves"][:2] != records[2]["moves"][:2]
    theirs = [m for r in records for m in r["their_moves"]]
    assert theirs and all(m["depth"] == 3 and m["nodes"] == 42 for m in theirs)
    text = out.read_text()
    assert "## Depths reached against `engine`" in text
    assert "| **both** |" in text and "| 42 | 0 of %d |" % len(theirs) in text


@pytest.mark.parametrize("option, message", [
    ("--illegal", "engine played 11, which is illegal"),
    ("--not-a-move", "answered 'resign' to genmove"),
    ("--crash-after 3", "exited with status 3"),
])
def test_a_misbehaving_engine_stops_the_run_with_one_line(fake_engine, option, message):
    match = _match(fake_engine(*option.split()), opening=0)
    with pytest.raises((harness.MatchError, E.EngineError), match=message):
        try:
            for g in range(2):
                harness.play_game(match, "engine", g)
        finally:
            match.close()


def test_strength_command_plays_an_engine(fake_engine, tmp_path, capsys):
    out = tmp_path / "r.md"
    assert score4.main(["--games", "2", "--budget", "300", "--jobs", "2", "--seed", "4",
                        "--opponents", "random", "--engine", fake_engine(),
                        "--out", str(out)]) == 0
    text = out.read_text()
    assert "| **engine** | both | 2 |" in text and "| **random** | both | 2 |" in text
    assert "| `engine` opponent | `%s`" % fake_engine() in text
    assert "--engine" in text                          # in the command that replays the run
    # seed 5: the mirror lets post 11 fill up (another seed may win first)
    assert score4.main(["--games", "2", "--budget", "300", "--jobs", "1", "--seed", "5",
                        "--engine", fake_engine("--illegal"), "--opponents", "engine",
                        "--out", str(tmp_path / "bad.md")]) == 2
    err = capsys.readouterr().err
    assert "error: engine played 11, which is illegal" in err and "Traceback" not in err
    assert not (tmp_path / "bad.md").exists()


@pytest.mark.parametrize("argv, message", [
    (["--opponents", "engine"], "needs --engine COMMAND"),
    (["--engine", "/no/such/engine"], "program '/no/such/engine' not found"),
    (["--engine", "'unbalanced"], "No closing quotation"),
    (["--engine", "{plain_file}"], "is not executable"),
])
def test_engine_options_are_checked(argv, message, capsys, tmp_path):
    plain_file = tmp_path / "engine.txt"
    plain_file.write_text("not a program\n")
    argv = [a.format(plain_file=plain_file) for a in argv]
    with pytest.raises(SystemExit) as e:
        score4.main(argv + ["--games", "1", "--budget", "300", "--out", str(tmp_path / "r.md")])
    assert e.value.code == 2 and message in capsys.readouterr().err


def test_a_crash_in_a_worker_process_ends_the_command_cleanly(fake_engine, tmp_path):
    p = subprocess.run([sys.executable, "-m", "bench.score4.strength", "--games", "3",
                        "--budget", "300", "--jobs", "2", "--opponents", "engine",
                        "--engine", fake_engine("--crash-after", "5"),
                        "--out", str(tmp_path / "r.md")],
                       cwd=str(REPO),
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, timeout=600)  # a hang guard
    assert p.returncode == 2, p.stderr
    assert "exited with status 3" in p.stderr and "Traceback" not in p.stderr


def test_dialect_round_trip():
    d = score4.GAME.dialect()
    rng = random.Random(1)
    for post in rng.sample(range(16), 16):
        assert d.parse_move(d.move_text(post)) == post
    for bad in ("00", "55", "resign", ""):
        with pytest.raises(ValueError):
            d.parse_move(bad)
