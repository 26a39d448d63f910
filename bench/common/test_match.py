"""The strength harness on a toy game, independent of Score-4 and Blokus.

Toy game: a running total starts at 0; a move adds 1 or 2; the player who
makes it exactly TARGET wins, one who overshoots to TARGET + 1 draws. Seats
"L" and "R" alternate over the games, the first move every other pair of
games, as in Blokus. Our "search" takes 2 when that wins, else 1, and
reports nodes = its budget.
"""
import pytest

from bench.common import match as harness
from bench.common.players import Player, RulePlayer

TARGET = 8


def toy_search(total, budget):
    return (2 if total + 2 == TARGET else 1), {"nodes": budget}


class Total:
    def __init__(self):
        self.total = 0
        self.to_move = 0
        self.last = None

    def over(self):
        return self.total >= TARGET

    def view(self, side):
        return self.total

    def play(self, side, move):
        if side != self.to_move:
            raise AssertionError("the harness moved the wrong side")
        if move not in (1, 2):
            raise harness.IllegalMove("add 1 or 2")
        self.total += move
        self.last = side
        self.to_move = 1 - side

    def outcome(self, ours):
        if self.total > TARGET:
            return "D", {"total": self.total}
        return ("W" if self.last == ours else "L"), {"total": self.total}


class Recorder(Player):
    """Adds 1 always; remembers what the harness told it."""

    deterministic = True

    def __init__(self):
        self.calls = []

    def new_game(self, info, side):
        self.calls.append(("new_game", info, side))

    def choose(self, view, rng):
        return 1

    def played(self, side, move):
        self.calls.append(("played", side, move))


RECORDER = Recorder()


class Toy(harness.Game):
    name = "toy"
    opening_help = "random plies"
    opponents = ("random", "one", "cheat", "recorder")
    rule_opponents = {"one": (lambda total, rng: 1, True), "cheat": (lambda total, rng: 3, True)}

    def setup(self, number):
        return ("L" if number % 2 == 0 else "R"), number % 4 < 2

    def start(self, seat, ours_first):
        return Total()

    def random_move(self, view, rng):
        return rng.choice((1, 2))

    def move_text(self, move):
        return str(move)

    def prepare(self):
        pass

    def check_budget(self, budget):
        if budget < 1:
            raise ValueError("budget must be >= 1")

    def default_budget(self):
        return 10

    def search(self, view, budget):
        return toy_search(view, budget)

    def make_opponent(self, name, match):
        return RECORDER if name == "recorder" else super().make_opponent(name, match)

    def report(self, records, match, wall):
        return "%d games, digest %s\n" % (len(records), harness.games_digest(records, ","))


def toy_match(opponents=("random", "one"), games=8, jobs=1, opening=2, seed=5):
    return harness.Match(Toy(), budget=10, seed=seed, games=games, jobs=jobs,
                         opponents=list(opponents), opening_plies=opening, engine=None,
                         out="unused.md", command="test")


def test_seats_and_first_mover_alternate():
    match = toy_match(games=8)
    records, _ = harness.run_games(match, show_progress=False)
    assert len(records) == 16
    for r in records:
        assert (r["seat"], r["mirror_first"]) == Toy().setup(r["game"])
    for o in ("random", "one"):
        combos = {(r["seat"], r["mirror_first"]) for r in harness.select(records, opponent=o)}
        assert combos == {("L", True), ("R", True), ("L", False), ("R", False)}


def test_openings_make_deterministic_pairings_differ():
    without = harness.run_games(toy_match(["one"], opening=0), show_progress=False)[0]
    with_opening = harness.run_games(toy_match(["one"], opening=2), show_progress=False)[0]
    # without an opening, games with the same first mover are all the same game
    assert len({tuple(r["moves"]) for r in without if r["mirror_first"]}) == 1
    assert len({tuple(r["moves"]) for r in with_opening}) > 2
    for r in with_opening:                            # the opening's plies are random moves
        ours = 0 if r["mirror_first"] else 1
        assert len(r["searches"]) == len([k for k in range(2, r["plies"]) if k % 2 == ours])


def test_reproducible_whatever_the_jobs():
    one = harness.run_games(toy_match(jobs=1), show_progress=False)[0]
    two = harness.run_games(toy_match(jobs=2), show_progress=False)[0]
    def without_times(records):
        return sorted((dict(r, times=None, their_moves=[dict(m, seconds=None)
                                                         for m in r["their_moves"]])
                       for r in records),
                      key=lambda r: (r["opponent"], r["game"]))
    assert without_times(one) == without_times(two)
    assert harness.games_digest(one, ",") == harness.games_digest(two, ",")
    other_seed = harness.run_games(toy_match(seed=6), show_progress=False)[0]
    assert harness.games_digest(other_seed, ",") != harness.games_digest(one, ",")


def test_every_player_is_told_every_move():
    RECORDER.calls = []
    match = toy_match(["recorder"], games=2, opening=0)
    records, _ = harness.run_games(match, show_progress=False)
    records.sort(key=lambda r: r["game"])
    games = []
    for call in RECORDER.calls:
        if call[0] == "new_game":
            games.append((call[1], call[2], []))
        else:
            games[-1][2].append(call[1:])
    for r, (info, side, moves) in zip(records, games):
        assert info.number == r["game"] and side == (1 if r["mirror_first"] else 0)
        assert [m for _, m in moves] == [int(m) for m in r["moves"]]
        assert [s for s, _ in moves] == [k % 2 for k in range(len(moves))]


def test_tally_and_select():
    records = [{"result": x, "seat": s, "opponent": "o"} for x, s in
               (("W", "L"), ("D", "L"), ("L", "R"), ("W", "R"))]
    t = harness.tally(records)
    assert t == harness.Tally(4, 2, 1, 1, 62.5)
    assert harness.tally(harness.select(records, seat="R")) == harness.Tally(2, 1, 0, 1, 50.0)
    assert harness.tally([]) == harness.Tally(0, 0, 0, 0, 0.0)


def test_results_follow_the_rules():
    records, _ = harness.run_games(toy_match(games=12), show_progress=False)
    for r in records:
        assert r["total"] in (TARGET, TARGET + 1)
        ours = 0 if r["mirror_first"] else 1
        last = (r["plies"] - 1) % 2
        want = "D" if r["total"] > TARGET else ("W" if last == ours else "L")
        assert r["result"] == want


def test_an_illegal_move_names_the_player_and_the_game():
    match = toy_match(["cheat"], games=1, opening=0)
    with pytest.raises(harness.MatchError, match=r"cheat played 3, which is illegal "
                                                 r"\(add 1 or 2\), in game cheat/0"):
        harness.run_games(match, show_progress=False)


def test_command_line_checks(capsys, tmp_path):
    game = Toy()
    m = harness.parse_args(game, ["--games", "3", "--seed", "9", "--opponents", "one",
                                  "--out", str(tmp_path / "r.md")])
    assert (m.games, m.seed, m.opponents, m.budget, m.opening_plies) == (3, 9, ["one"], 10, 2)
    assert "--seed 9" in m.command and "--opponents one" in m.command
    for bad, message in ((["--games", "0"], "--games and --jobs"),
                         (["--opponents", "nobody"], "unknown opponent(s) nobody"),
                         (["--opponents", ","], "(none given)"),
                         (["--budget", "0"], "budget must be >= 1"),
                         (["--opening-plies", "17"], "--opening-plies must be in 0..16"),
                         (["--jobs", "x"], "invalid int value")):
        with pytest.raises(SystemExit) as e:
            harness.parse_args(game, bad)
        assert e.value.code == 2 and message in capsys.readouterr().err, bad


def test_fixed_opponents_play_their_own_number_of_games(capsys):
    m = harness.parse_args(Toy(), ["--games", "6", "--fixed-games", "2", "--seed", "3",
                                   "--opponents", "random,one,recorder", "--jobs", "1"])
    assert "--fixed-games 2" in m.command
    assert [m.games_against(o) for o in m.opponents] == [2, 2, 6]
    records, _ = harness.run_games(m, show_progress=False)
    played = {o: sorted(r["game"] for r in harness.select(records, opponent=o))
              for o in m.opponents}
    assert played == {"random": [0, 1], "one": [0, 1], "recorder": list(range(6))}
    assert "2 games x random, 2 games x one, 6 games x recorder" in capsys.readouterr().err
    default = harness.parse_args(Toy(), ["--games", "4"])
    assert "--fixed-games" not in default.command
    assert [default.games_against(o) for o in ("random", "one", "recorder")] == [4, 4, 4]
    with pytest.raises(SystemExit) as e:
        harness.parse_args(Toy(), ["--fixed-games", "0"])
    assert e.value.code == 2 and "--fixed-games must be >= 1" in capsys.readouterr().err


def test_main_writes_the_report_or_says_why_not(tmp_path, capsys):
    out = tmp_path / "new" / "dir" / "r.md"
    assert harness.main(Toy(), ["--games", "2", "--jobs", "1", "--seed", "1",
                                "--opponents", "one", "--out", str(out)]) == 0
    assert out.read_text().startswith("2 games, digest ")
    assert harness.main(Toy(), ["--games", "1", "--out", "/proc/version/r.md"]) == 2
    assert "error: cannot write /proc/version/r.md" in capsys.readouterr().err
    assert harness.main(Toy(), ["--games", "1", "--out", str(tmp_path)]) == 2
    assert "it is a directory" in capsys.readouterr().err
    assert harness.main(Toy(), ["--games", "1", "--opponents", "cheat", "--jobs", "1",
                                "--out", str(tmp_path / "c.md")]) == 2
    assert "error: cheat played 3" in capsys.readouterr().err
    assert not (tmp_path / "c.md").exists()


def test_rule_players():
    assert RulePlayer(lambda view, rng: view + 1).choose(4, None) == 5
    assert not RulePlayer(lambda view, rng: 0).deterministic
