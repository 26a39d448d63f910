"""The Blokus strength benchmark's players, games and command line, and its
Pentobi opponent: notation, Elo estimate, skip note, plumbing (a few seconds;
two more tests play the real pentobi-gtp when $PENTOBI_GTP names it)."""
import json
import math
import os
import random
import subprocess
import sys

import pytest

from golden.blokus import board as B
from golden.blokus.encoding import TILE_SIZE, canonical_move, decode_move, move_cells

from bench.blokus import external_engine as P
from bench.blokus import strength as ST
from bench.blokus.mirror_positions import big_positions, random_position
from bench.common import engine as E
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
    # a small budget: the report's form is tested here, not the strength (the
    # default budget, about 20 M nodes a move, took a minute of make sim)
    assert ST.main(["--games", "4", "--seed", "5", "--jobs", "1", "--budget", "20000",
                    "--opponents", "first,random", "--out", str(out)]) == 0
    text = out.read_text()
    assert "| first | 4 |" in text and "| random | 4 |" in text and "seed 5" in text
    assert "--seed 5" in text and "| greedy |" not in text


def test_cli_runs_as_a_module(tmp_path):
    out = tmp_path / "r.md"
    env = {k: v for k, v in os.environ.items() if k != P.ENV}      # Pentobi: not here
    p = subprocess.run([sys.executable, "-m", "bench.blokus.strength", "--games", "2",
                        "--seed", "3", "--jobs", "2", "--budget", "20000", "--out", str(out)],
                       cwd=str(REPO), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, timeout=600, env=env)  # a hang guard
    assert p.returncode == 0, p.stderr
    assert "Traceback" not in p.stderr and "| greedy | 2 |" in out.read_text()


# ------------------------------------------------------------------ Pentobi
#
# The notation and the Elo estimate need no Pentobi; the plumbing (a fresh
# program per game with its seed, the frames, passes not sent) is tested
# against FAKE_PENTOBI below; the cross-check with the real pentobi-gtp runs
# when $PENTOBI_GTP names it.

# Answers of the real pentobi-gtp (31.0-dev) to ``all_legal b`` / ``all_legal w``
# on the empty Duo board: 414 moves each, of which these.
PENTOBI_FIRST_B = ("e10,e11,e12,f12,g12", "e10,e11,c12,d12,e12", "e9,e10,e11,f11,g11",
                   "e9,e10,c11,d11,e11")
PENTOBI_FIRST_W = ("j5,j6,j7,k7,l7", "i5,j5,k5,l5,i6", "j5,j6,j7,k7,k8", "i5,j5,h6,i6,h7",
                   "i4,i5,j5,h6,i6", "j5,j6,k6,l6,j7", "i5,j5,k5,l5,k6", "j4,k4,j5,k5,k6",
                   "i5,j5,j6,j7", "i4,i5,j5,i6", "j5,k5,k6")


def test_pentobi_cells_and_start_cells():
    assert P.cell_text(5, 5) == "e10" and P.cell_text(10, 10) == "j5"   # the start cells
    assert P.cell_text(1, 1) == "a14" and P.cell_text(14, 14) == "n1"
    assert P.cell_text(10, 10, turned=True) == "e10" and P.cell_text(5, 5, turned=True) == "j5"
    assert P.cell_text(1, 2, turned=True) == "n2"
    for x in range(1, 15):
        for y in range(1, 15):
            for turned in (False, True):
                assert P.parse_cell(P.cell_text(x, y, turned), turned) == (x, y)
    # Pentobi's own example: the X pentomino centred on b's start cell e10
    assert P.parse_move("e9,d10,e10,f10,e11") == (5, 5, 20, 0)
    assert P.parse_move("e9,d10,e10,f10,e11", turned=True) == (10, 10, 20, 0)


@pytest.mark.parametrize("colour, seat, answers", [("b", "5", PENTOBI_FIRST_B),
                                                   ("w", "A", PENTOBI_FIRST_W)])
def test_recorded_pentobi_first_moves_are_our_first_moves(colour, seat, answers):
    """Pentobi's b starts on our (5, 5), its w on our (10, 10), and its
    cells are read without a flip: each recorded answer is a legal first move
    of the seat, with the cells of the text."""
    pos = B.Position(seat)
    legal = B.legal_moves(pos, B.ME)
    assert len(legal) == 414
    for text in answers:
        m = P.parse_move(text)
        assert m in legal, (colour, text, m)
        assert sorted(move_cells(m)) == sorted(P.parse_cell(c) for c in text.split(","))
        assert P.parse_move(P.move_text(m)) == m


def test_pentobi_notation_round_trip_on_random_legal_moves():
    rng = random.Random(11)
    seen = 0
    for _ in range(40):
        pos = random_position(rng, rng.randint(0, 30))
        moves = B.legal_moves(pos, B.ME)
        for m in rng.sample(moves, min(25, len(moves))):
            for turned in (False, True):
                text = P.move_text(m, turned)
                assert P.parse_move(text, turned) == m
                cells = [P.parse_cell(c, turned) for c in text.split(",")]
                assert sorted(cells) == sorted(move_cells(m))
                rows = [int(c[1:]) for c in text.split(",")]
                assert rows == sorted(rows)                 # Pentobi's own order
            seen += 1
    assert seen > 500
    # any digit of a placement reads back as golden's (lowest) digit
    for _ in range(300):
        m = (rng.randint(3, 12), rng.randint(3, 12), rng.randrange(21), rng.randrange(8))
        assert P.parse_move(P.move_text(m)) == canonical_move(m)
    assert P.move_text(None) is None and P.parse_move(" PASS ") is None


def test_the_turned_frame_maps_legal_moves_onto_legal_moves():
    """Pentobi's view of a game whose first mover holds seat A is the game
    turned by 180 degrees, first mover on (5, 5): at every ply the legal
    moves of the two correspond one to one through the notation."""
    rng = random.Random(5)
    for _ in range(3):
        ours, theirs = B.Position("A"), B.Position("5")       # ME: the first mover
        side = B.ME
        while not B.game_over(ours):
            legal = B.legal_moves(ours, side)
            seen = sorted(P.parse_move(P.move_text(m, turned=True)) for m in legal)
            assert seen == sorted(B.legal_moves(theirs, side))
            m = rng.choice(legal) if legal else None
            ours.apply(side, m)
            theirs.apply(side, None if m is None else P.parse_move(P.move_text(m, True)))
            side ^= 1


@pytest.mark.parametrize("text", ["resign", "", "e10,", "z5", "e15", "e0", "e10,e10",
                                  "e10,g10", "e10,e11,e12,e13,e14,e9", "e1,f1,g1,h1,i1,j1"])
def test_pentobi_text_that_is_no_move_is_refused(text):
    with pytest.raises(ValueError):
        P.parse_move(text)


def test_pentobi_levels_and_seeds():
    assert P.parse_levels("3-7") == P.DEFAULT_LEVELS == P.parse_levels("7,3,4,5,6,3")
    assert P.parse_levels("1, 7") == (1, 7)
    for bad in ("0", "8", "3-", "7-3", "x", "", "1-2-3"):
        with pytest.raises(ValueError, match="--levels"):
            P.parse_levels(bad)
    seeds = {P.game_seed(7, level, g) for level in (3, 4) for g in range(50)}
    assert len(seeds) == 100 and all(1 <= s < 2 ** 31 for s in seeds)
    assert P.game_seed(7, 3, 1) == P.game_seed(7, 3, 1) != P.game_seed(8, 3, 1)
    assert P.command("/x/pentobi-gtp", 5, 42) == [
        "/x/pentobi-gtp", "--game", "duo", "--level", "5", "--nobook", "--seed", "42",
        "--threads", "1", "--noresign"]
    assert P.level_of("pentobi-5") == 5 and P.level_of("greedy") is None


def test_elo_from_score():
    assert P.LEVEL_ELO[1] == 1000 and P.LEVEL_ELO[7] == 2134
    even = P.elo_from_score(1378, 2, 0, 2)
    assert even["elo"] == pytest.approx(1378) and even["bound"] is None
    assert even["low"] < 1378 < even["high"]
    three_to_one = P.elo_from_score(1567, 3, 0, 1)              # 75 %: +191
    assert three_to_one["elo"] == pytest.approx(1567 + 400 * math.log10(3))
    assert P.elo_from_score(1567, 2, 2, 0)["elo"] == pytest.approx(three_to_one["elo"])
    assert P.elo_from_score(1000, 0, 0, 0) is None
    # 100 % and 0 %: half a game less / more, marked as a bound; the open end is None
    perfect = P.elo_from_score(2134, 10, 0, 0)
    assert perfect["bound"] == ">=" and perfect["high"] is None
    assert perfect["elo"] == pytest.approx(2134 + 400 * math.log10(9.5 / 0.5))
    assert perfect["low"] < perfect["elo"]
    zero = P.elo_from_score(1378, 0, 0, 4)
    assert zero["bound"] == "<=" and zero["low"] is None
    assert zero["elo"] == pytest.approx(1378 - 400 * math.log10(3.5 / 0.5))
    # more games, narrower range
    small, large = P.elo_from_score(1755, 6, 0, 4), P.elo_from_score(1755, 60, 0, 40)
    assert large["high"] - large["low"] < small["high"] - small["low"]


def test_elo_fit_over_levels():
    # one level: the fit is the per-level estimate
    assert P.elo_fit([(1567, 3, 0, 1)]) == pytest.approx(1567 + 400 * math.log10(3), abs=1e-6)
    # 100 % against one level and 0 % against another: in between
    fit = P.elo_fit([(1378, 4, 0, 0), (2134, 0, 0, 4)])
    assert 1378 < fit < 2134 and fit == pytest.approx((1378 + 2134) / 2, abs=1e-6)
    # the fit's expected total score is the actual one
    results = [(1378, 9, 1, 0), (1567, 6, 2, 2), (1755, 3, 0, 7), (1945, 0, 1, 9)]
    fit = P.elo_fit(results)
    total = sum(w + 0.5 * d for _, w, d, _ in results)
    assert sum((w + d + l) * P.expected(fit - r) for r, w, d, l in results) == \
        pytest.approx(total, abs=1e-6)
    assert P.elo_fit([(1378, 4, 0, 0), (1567, 4, 0, 0)]) is None    # no finite fit
    assert P.elo_fit([(1378, 0, 0, 4)]) is None and P.elo_fit([]) is None


def _no_pentobi_env(monkeypatch):
    monkeypatch.delenv(P.ENV, raising=False)


def test_without_pentobi_it_is_skipped_with_one_line(monkeypatch, capsys, tmp_path):
    _no_pentobi_env(monkeypatch)
    out = tmp_path / "r.md"
    assert ST.main(["--games", "2", "--budget", "100", "--seed", "5", "--jobs", "1",
                    "--opponents", "first,pentobi", "--out", str(out)]) == 0
    err = capsys.readouterr().err
    assert "Pentobi skipped: no pentobi-gtp given (--pentobi PATH or PENTOBI_GTP=PATH" in err
    assert "Traceback" not in err
    text = out.read_text()
    assert "| first | 2 |" in text and "| pentobi-" not in text and "Pentobi" not in text
    assert "--opponents first " in text                 # the replay command: without it
    # a $PENTOBI_GTP that names no program: skipped too, saying why
    monkeypatch.setenv(P.ENV, str(tmp_path / "nowhere"))
    assert ST.main(["--games", "1", "--opponents", "pentobi", "--out", str(out)]) == 0
    err = capsys.readouterr().err
    assert "Pentobi skipped: $PENTOBI_GTP (%s) is not found" % (tmp_path / "nowhere") in err
    assert "nothing left to play: no report written" in err
    # a $PENTOBI_GTP that is some other program
    monkeypatch.setenv(P.ENV, "/bin/false")
    assert ST.main(["--games", "1", "--opponents", "pentobi", "--out", str(out)]) == 0
    assert "Pentobi skipped: $PENTOBI_GTP (/bin/false) --version failed" in \
        capsys.readouterr().err


def test_the_default_run_skips_pentobi_without_a_traceback(tmp_path):
    out = tmp_path / "r.md"
    env = {k: v for k, v in os.environ.items() if k != P.ENV}
    p = subprocess.run([sys.executable, "-m", "bench.blokus.strength", "--games", "1",
                        "--budget", "100", "--seed", "3", "--jobs", "1", "--out", str(out)],
                       cwd=str(REPO), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, timeout=600, env=env)  # a hang guard
    assert p.returncode == 0, p.stderr
    assert "Pentobi skipped: no pentobi-gtp given" in p.stderr
    assert "Traceback" not in p.stderr and "| greedy | 1 |" in out.read_text()


@pytest.mark.parametrize("argv, message", [
    (["--pentobi", "/no/such/pentobi-gtp"], "--pentobi: '/no/such/pentobi-gtp' is not found"),
    (["--pentobi", "{plain_file}"], "is not executable"),
    (["--pentobi", "/bin/false"], "--version failed: is it pentobi-gtp?"),
    (["--levels", "3,8"], "outside Pentobi's levels 1..7"),
    (["--levels", "3", "--opponents", "greedy"], "the opponents do not include pentobi"),
])
def test_pentobi_options_are_checked(argv, message, capsys, tmp_path, monkeypatch):
    _no_pentobi_env(monkeypatch)
    plain_file = tmp_path / "pentobi.txt"
    plain_file.write_text("not a program\n")
    argv = [a.format(plain_file=plain_file) for a in argv]
    with pytest.raises(SystemExit) as e:
        ST.main(argv + ["--games", "1", "--out", str(tmp_path / "r.md")])
    err = capsys.readouterr().err
    assert e.value.code == 2 and message in err and "Traceback" not in err


# A stand-in for pentobi-gtp: Pentobi's conventions written out again on
# their own (columns a..n, rows from the bottom, b first from e10, w from j5,
# no pass to play) over the golden rules; it refuses any move that is not
# legal on its board, answers genmove with a legal move drawn with its
# --seed, and logs its command line and what it was told.
FAKE_PENTOBI = r'''#!%(python)s
import random, sys
sys.path.insert(0, %(repo)r)
from golden.blokus import board as B
from golden.blokus.encoding import move_cells
args = sys.argv[1:]
if "--version" in args:
    print("Pentobi fake")
    sys.exit(0)
log = open(%(log)r, "a")
log.write("argv " + " ".join(args) + "\n")
rng = random.Random(int(args[args.index("--seed") + 1]))
pos = B.Position("5")                      # colour b = player 0 starts on (5, 5) = e10
colour = {"b": 0, "w": 1}

def cells(text):
    return sorted((ord(c[0]) - 96, 15 - int(c[1:])) for c in text.split(","))

def text(move):
    return ",".join("%%s%%d" %% (chr(96 + x), 15 - y) for x, y in move_cells(move))

def answer(text="", ok=True):
    sys.stdout.write(("= " if ok else "? ") + text + "\n\n")
    sys.stdout.flush()

for line in sys.stdin:
    words = line.split()
    log.write(line)
    log.flush()
    if not words:
        continue
    if words[0] == "quit":
        answer()
        break
    if words[0] == "clear_board":
        pos = B.Position("5")
        answer()
    elif words[0] == "play":
        if words[2] == "pass":
            answer("play pass not supported (anymore)", ok=False)
            continue
        c = colour[words[1]]
        found = [m for m in B.legal_moves(pos, c) if sorted(move_cells(m)) == cells(words[2])]
        if not found:
            answer("illegal move", ok=False)
        else:
            pos.apply(c, found[0])
            answer()
    elif words[0] == "genmove":
        c = colour[words[1]]
        moves = B.legal_moves(pos, c)
        if not moves:
            answer("pass")
        else:
            m = rng.choice(moves)
            pos.apply(c, m)
            answer(text(m))
    else:
        answer("unknown command", ok=False)
'''


@pytest.fixture
def fake_pentobi(tmp_path):
    """(path of an executable fake pentobi-gtp, path of its log)."""
    log = tmp_path / "pentobi.log"
    program = tmp_path / "pentobi-gtp"
    program.write_text(FAKE_PENTOBI % {"python": sys.executable, "repo": str(REPO),
                                       "log": str(log)})
    program.chmod(0o755)
    return str(program), log


@pytest.mark.parametrize("opening", [0, 2])
def test_pentobi_games_against_a_fake_pentobi(fake_pentobi, tmp_path, monkeypatch, opening):
    """Every game: a fresh program with --level L and the game's seed; the
    frame right for both first seats (the fake refuses every move it does not
    see as legal, and its own moves are checked with the golden rules); a
    pass never sent; the report's table per level."""
    _no_pentobi_env(monkeypatch)
    program, log = fake_pentobi
    out, games = tmp_path / "r.md", tmp_path / "games.jsonl"
    assert ST.main(["--pentobi", program, "--levels", "2,6", "--opponents", "pentobi",
                    "--games", "4", "--budget", "100", "--seed", "13", "--jobs", "1",
                    "--opening-plies", str(opening), "--out", str(out),
                    "--games-out", str(games)]) == 0
    records = [json.loads(line) for line in games.read_text().splitlines()]
    assert sorted((r["opponent"], r["game"]) for r in records) == [
        (o, g) for o in ("pentobi-2", "pentobi-6") for g in range(4)]
    assert {(r["seat"], r["mirror_first"]) for r in records} == {
        ("5", True), ("5", False), ("A", True), ("A", False)}
    launches = [line.split()[1:] for line in log.read_text().splitlines()
                if line.startswith("argv ")]
    assert len(launches) == 8                                   # one program per game
    seeds = set()
    for argv in launches:
        level = argv[argv.index("--level") + 1]
        assert level in ("2", "6") and argv[:2] == ["--game", "duo"]
        assert {"--nobook", "--noresign"} <= set(argv) and argv[argv.index("--threads") + 1] == "1"
        seeds.add(argv[argv.index("--seed") + 1])
    assert seeds == {str(P.game_seed(13, level, g)) for level in (2, 6) for g in range(4)}
    sent = log.read_text().splitlines()
    assert not [line for line in sent if line.startswith("play") and "pass" in line]
    ours = [code for r in records for k, code in enumerate(r["moves"])
            if k % 2 == (0 if r["mirror_first"] else 1)]
    assert "0000" in ours                 # the mirror passed (and it was not sent)
    genmoves = sum(1 for line in sent if line.startswith("genmove"))
    assert genmoves == sum(len(r["their_moves"]) for r in records)
    text = out.read_text()
    assert "## Against Pentobi" in text and "Pentobi fake" in text
    for level in (2, 6):
        t = harness.tally(harness.select(records, opponent="pentobi-%d" % level))
        row = "| %d | %d | 4 | %d-%d-%d |" % (level, P.LEVEL_ELO[level], t.wins, t.draws,
                                             t.losses)
        assert row in text
    assert "--pentobi %s --levels 2,6" % program in text
    assert "Mirror's Elo over all levels" in text


def test_a_pentobi_that_answers_nonsense_stops_the_run(fake_pentobi, tmp_path, monkeypatch,
                                                      capsys):
    _no_pentobi_env(monkeypatch)
    program, _ = fake_pentobi
    source = open(program).read().replace('answer(text(m))', 'answer("resign")')
    open(program, "w").write(source)
    assert ST.main(["--pentobi", program, "--levels", "1", "--opponents", "pentobi",
                    "--games", "1", "--budget", "100", "--seed", "1", "--jobs", "1",
                    "--out", str(tmp_path / "r.md")]) == 2
    err = capsys.readouterr().err
    assert "answered 'resign' to genmove" in err and "Traceback" not in err


REAL_PENTOBI = os.environ.get(P.ENV)
needs_pentobi = pytest.mark.skipif(not REAL_PENTOBI, reason="needs the real pentobi-gtp: "
                                   "set PENTOBI_GTP=/path/to/pentobi-gtp (built from "
                                   "Pentobi's source, see docs/benchmarks.md)")


@needs_pentobi
def test_real_pentobi_legal_moves_equal_golden_in_both_frames():
    """Pentobi's ``all_legal`` equals golden's legal moves at every ply of
    random games, for either first seat (the turned frame for seat A)."""
    rng = random.Random(2)
    for first in ("5", "A", "5", "A"):
        turned = first == "A"
        pos = B.Position(first)
        with E.LineEngine(P.command(REAL_PENTOBI, 1, 1)) as engine:
            engine.request("clear_board")
            side = B.ME
            while not B.game_over(pos):
                answer = engine.request("all_legal %s" % P.COLOURS[side]).split()
                legal = B.legal_moves(pos, side)
                assert sorted(P.parse_move(t, turned) for t in answer) == sorted(legal)
                m = rng.choice(legal) if legal else None
                if m is not None:
                    engine.request("play %s %s" % (P.COLOURS[side], P.move_text(m, turned)))
                pos.apply(side, m)
                side ^= 1


@needs_pentobi
def test_real_pentobi_plays_the_mirror(tmp_path):
    out = tmp_path / "r.md"
    for opening in ("0", "2"):
        p = subprocess.run([sys.executable, "-m", "bench.blokus.strength", "--pentobi",
                            REAL_PENTOBI, "--levels", "1", "--opponents", "pentobi",
                            "--games", "4", "--budget", "200", "--seed", "2", "--jobs", "2",
                            "--opening-plies", opening, "--out", str(out)],
                           cwd=str(REPO), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True, timeout=300)
        assert p.returncode == 0, p.stderr
        assert "| 1 | 1000 | 4 |" in out.read_text()
