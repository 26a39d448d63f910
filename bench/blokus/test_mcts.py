"""The issue-25 MCTS study: legal answers, defined by the position, knobs that do something.

The study is not the core's search (nothing equals it in golden or the RTL
yet); these tests hold what the sweep's figures rest on: every answer is a
legal move by the golden rules (a pass only without one), the answer is a
function of the position, seed and knobs, each knob reaches the C, and the
sweep's tools refuse bad input with one line.
"""
import json
import random

import pytest

from golden.blokus import board as B
from golden.blokus.board import ME, OPP

from bench.blokus import mcts
from bench.blokus import mcts_strength as MS
from bench.blokus import mcts_sweep as SW
from bench.blokus.mirror_positions import random_position, swapped
from bench.common import match as harness


def _positions(seed, count):
    rng = random.Random("mcts-test:%d" % seed)
    return [random_position(rng, rng.randrange(0, 40)) for _ in range(count)]


@pytest.mark.parametrize("seed", [1, 2])
def test_every_answer_is_legal_and_a_pass_only_without_a_move(seed):
    for pos in _positions(seed, 12):
        for params in (mcts.Params(playouts=40),
                       mcts.Params(playouts=40, select_mode=0, rave_weight=0, local=2,
                                   tree_width=4, open_schedule=0, margin_mode=0),
                       mcts.Params(playouts=40, tree_nodes=30)):
            r = mcts.search(pos, params, seed=7)
            legal = B.legal_moves(pos, ME)
            assert r.moves == len(legal)
            if legal:
                assert B.check(pos, ME, r.move) is None, (pos, r.move)
            else:
                assert r.move is None


def test_the_answer_is_a_function_of_position_seed_and_knobs():
    pos = next(p for seed in range(3, 100) for p in _positions(seed, 1)
               if len(B.legal_moves(p, ME)) >= 20)
    a = mcts.search(pos, mcts.Params(playouts=200), seed=5)
    assert mcts.search(pos, mcts.Params(playouts=200), seed=5) == a
    runs = {mcts.search(pos, mcts.Params(playouts=200), seed=s).playout_plies for s in range(1, 6)}
    assert len(runs) > 1                          # the seed reaches the playouts


def test_counts_add_up():
    pos = B.Position("5")
    B.random_play(pos, ME, 6, random.Random(4))
    r = mcts.search(pos, mcts.Params(playouts=300), seed=3)
    assert r.playouts == 300
    assert r.visits <= 300 and r.visits > 0
    assert r.expansions >= 1 and r.max_depth >= 1
    assert 1 < r.nodes <= 1 + r.expansion_moves    # the opening keeps only big tiles
    assert r.playout_plies > 300                  # early: every playout is many plies
    capped = mcts.search(pos, mcts.Params(playouts=300, tree_nodes=1), seed=3)
    assert capped.expansions == 0 and capped.move is not None   # no room: the first legal
    assert capped.nodes == 1
    assert mcts.search(pos, mcts.Params(playouts=300, tree_nodes=400), seed=3).nodes <= 400


@pytest.mark.parametrize("knob, value", [("explore", 3.0), ("prior_block", 0.0),
                                         ("local", 0), ("size_base", 1.0),
                                         ("rave_weight", 0.0), ("select_mode", 0),
                                         ("margin_mode", 0), ("tree_width", 2),
                                         ("expand_after", 5), ("open_schedule", 0),
                                         ("batch", 8), ("tree_nodes", 500), ("root_width", 3)])
def test_each_knob_reaches_the_search(knob, value):
    """Changing a knob changes some statistic of some search (a knob lost on
    its way to the C, or read into the wrong field, changes nothing)."""
    base, changed = mcts.Params(playouts=150), mcts.Params(playouts=150)._replace(**{knob: value})
    for pos in _positions(9, 6):
        if mcts.search(pos, base, seed=2) != mcts.search(pos, changed, seed=2):
            return
    pytest.fail("%s=%s changed no search" % (knob, value))


def test_a_position_the_c_refuses_is_a_value_error():
    pos = B.Position("5")
    pos.cells[OPP] = pos.cells[ME] = 1 << 17
    with pytest.raises(ValueError):
        mcts.search(pos, mcts.Params(playouts=1))


@pytest.mark.parametrize("text, message", [("explore", "NAME=VALUE"), ("nope=1", "NAME=VALUE"),
                                           ("local=x", "local takes int"),
                                           ("explore=x", "explore takes float")])
def test_knob_text_errors(text, message):
    with pytest.raises(ValueError, match=message):
        mcts.parse_knob(text)
    assert mcts.parse_knob("rave-weight=0.5") == ("rave_weight", 0.5)


def test_mean_and_standard_error():
    assert MS.mean_se([]) == (0.0, 0.0)
    assert MS.mean_se([1.0]) == (1.0, 0.0)
    m, se = MS.mean_se([0.0, 1.0, 1.0, 0.0])
    assert m == 0.5 and abs(se - (1 / 3) ** 0.5 / 2) < 1e-12


def test_paired_openings_seat_the_study_first_then_second():
    seats = [MS.GAME.setup(g) for g in range(8)]
    assert [first for _, first in seats] == [True, False] * 4
    # the first mover's seat is the same within a pair and alternates by pair
    first_seat = [s if f else ("A" if s == "5" else "5") for s, f in seats]
    assert first_seat == ["5", "5", "A", "A", "5", "5", "A", "A"]


def test_last_opponent_move_is_the_new_squares():
    game = MS.BlokusMcts()
    pos = B.Position("5")
    rng = random.Random(1)
    pos.apply(ME, rng.choice(B.legal_moves(pos, ME)))
    before = pos.cells[ME]
    assert game._last_opp(swapped(pos)) == before                # the first: all it has
    pos.apply(OPP, rng.choice(B.legal_moves(pos, OPP)))
    pos.apply(ME, rng.choice(B.legal_moves(pos, ME)))
    assert game._last_opp(swapped(pos)) == pos.cells[ME] & ~before


def test_strength_cli_errors_without_traceback(capsys, tmp_path):
    for argv, message in ((["--knob", "nope=1"], "NAME=VALUE"),
                          (["--knob", "playouts=5"], "--budget"),
                          (["--budget", "0"], "playouts a move")):
        with pytest.raises(SystemExit) as e:
            MS.main(argv + ["--opponents", "random", "--out", str(tmp_path / "r.md")])
        assert e.value.code == 2
        err = capsys.readouterr().err
        assert message in err and "Traceback" not in err


def test_strength_games_against_a_rule_player(tmp_path):
    out, games = tmp_path / "r.md", tmp_path / "g.jsonl"
    assert MS.main(["--opponents", "random", "--games", "4", "--budget", "30", "--jobs", "1",
                    "--seed", "3", "--knob", "rave_weight=0", "--label", "try",
                    "--out", str(out), "--games-out", str(games)]) == 0
    records = [json.loads(line) for line in games.read_text().splitlines()]
    assert len(records) == 4
    s = MS.summary(records, "random")
    assert s["games"] == 4 and s["wins"] + s["draws"] + s["losses"] == 4
    text = out.read_text()
    assert "# Blokus MCTS study: try" in text and "`rave_weight=0.0`" in text
    assert "--knob rave_weight=0.0" in text and "| random | 4 |" in text


@pytest.mark.parametrize("plan, message", [
    ("[]", "non-empty list"), ("{", "not JSON"), ('[{"budget": 5}]', "no label"),
    ('[{"label": "a", "budget": 0}]', "positive integer"),
    ('[{"label": "a", "budget": 5}, {"label": "a", "budget": 5}]', "twice"),
    ('[{"label": "a", "budget": 5, "knobs": {"nope": 1}}]', "NAME=VALUE"),
    ('[{"label": "a", "budget": 5, "games": 3}]', "even"),
    ('[{"label": "a", "budget": 5, "seed": "x"}]', "seed must be")])
def test_sweep_plan_errors(plan, message, tmp_path):
    path = tmp_path / "plan.json"
    path.write_text(plan)
    with pytest.raises(ValueError, match=message):
        SW.load_plan(path)


def test_the_projects_plan_loads():
    plan = SW.load_plan(SW.Path(__file__).with_name("mcts_sweep_plan.json"))
    assert len({s["label"] for s in plan}) == len(plan)


def test_sweep_table_from_records(tmp_path):
    plan = [{"label": "a", "budget": 10, "knobs": {"local": 0}, "why": "because"},
            {"label": "b", "budget": 10}]
    record = {"opponent": "pentobi-5", "game": 0, "result": "W", "left": (3, 9),
              "times": [0.5], "searches": [{"nodes": 10, "playout_plies": 70}],
              "their_moves": [{"seconds": 0.1}]}
    (tmp_path / "a.jsonl").write_text(json.dumps(record) + "\n"
                                      + json.dumps(dict(record, game=1, result="L",
                                                        left=(9, 3))) + "\n")
    text = SW.table(plan, tmp_path, 25)
    assert ("| a | 10 | local=0 | 5 | 25 | 2 | 1-0-1 | 50.0 % +- 50.0 | +0.00 +- 6.00 | 7.0 |"
            in text)
    assert "| b |" not in text                    # no records, no row
    assert harness.tally([record]).wins == 1


@pytest.mark.parametrize("batch", [1, 3])
def test_a_cycle_budget_stops_at_the_first_batch_past_it(batch):
    pos = B.Position("A")
    B.random_play(pos, ME, 10, random.Random(6))
    p = mcts.Params(playouts=10 ** 6, cycles=200000, ply_cycles=260, descent_cycles=624,
                    expand_move_cycles=2, batch=batch)
    r = mcts.search(pos, p, seed=4)

    def model(result):
        return (260 * (result.playout_plies + result.tree_plies) + 624 * result.playouts
                + 2 * result.expansion_moves)

    assert r.cycles == model(r) and r.cycles / batch >= 200000 and r.playouts % batch == 0
    fewer = mcts.search(pos, p._replace(cycles=0, playouts=r.playouts - batch), seed=4)
    assert fewer.cycles / batch < 200000           # one batch less was still inside
    assert r.playout_moves > r.playout_plies      # several legal moves a ply this early
    assert r.expansion_moves >= r.moves           # the root's expansion saw them all


def test_playout_unit_positions_afford_and_report():
    from bench.blokus import playout_unit as PU
    positions = PU.game_positions(1, 3)
    plies = [ply for ply, _ in positions]
    assert plies == list(range(2, 2 + len(plies)))
    assert all(len(B.legal_moves(view, ME)) > 0 for _, view in positions[:10])   # copies
    rows = PU.afford(positions, 3, mcts.Params(), cycles=300000)
    assert [r[0] for r in rows][:2] == ["plies 2-9", "plies 10-19"]
    for name, n, mean_p, least, plies_a, legal, nodes in rows:
        assert n > 0 and least <= mean_p and least % 3 == 0 and nodes >= 1
    sizes = {block: {"lut4": 10, "ff": 2, "m4k": 0} for block, _ in PU.BLOCKS}
    text = PU.report(sizes, rows, 3, mcts.Params(), 3, 1, 1.0)
    assert "| `blokus_window_scan` | 10 | 2 | 0 |" in text and "| plies 2-9 |" in text
    measured = [("plies 2-9", 4, 10327.4, 29.9, 286.2, 515.5, 300.0, 31.4, 62.6, 15951, 90000)]
    text = PU.report(sizes, rows, 3, mcts.Params(), 3, 1, 1.0, measured=measured)
    assert "| plies 2-9 | 4 | 10327 | 29.9 | 286 | 516 | 300 | 31 % | 63 % | 15951 | 90000 |" \
        in text


def test_playout_unit_cli_errors(capsys, tmp_path):
    from bench.blokus import playout_unit as PU
    for argv, message in ((["--units", "0"], "--units"), (["--knob", "x=1"], "NAME=VALUE")):
        with pytest.raises(SystemExit) as e:
            PU.main(argv + ["--no-synth", "--out", str(tmp_path / "r.md")])
        assert e.value.code == 2 and message in capsys.readouterr().err


def test_golden_strength_units(capsys, tmp_path):
    """--units: refused outside 1..MAX_UNITS with one line; 1 unit plays
    golden's search with one playout unit (fewer playouts than the core's
    BATCH) and says so in the report and its command."""
    from bench.blokus import mcts_golden_strength as GS
    from golden.blokus import mcts as M
    for bad in ("0", str(M.MAX_UNITS + 1)):
        with pytest.raises(SystemExit) as e:
            GS.main(["--units", bad, "--opponents", "first", "--out", str(tmp_path / "r.md")])
        err = capsys.readouterr().err
        assert e.value.code == 2 and "--units" in err and "Traceback" not in err
    playouts = {}
    for units in (1, M.BATCH):
        out, games = tmp_path / ("u%d.md" % units), tmp_path / ("u%d.jsonl" % units)
        assert GS.main(["--units", str(units), "--opponents", "first", "--games", "2",
                        "--budget", "300000", "--jobs", "1", "--seed", "5", "--out", str(out),
                        "--games-out", str(games)]) == 0
        records = [json.loads(line) for line in games.read_text().splitlines()]
        playouts[units] = sum(s["nodes"] for r in records for s in r["searches"])
        text = out.read_text()
        assert ("1 playout unit (not the core's" in text) == (units == 1)
        assert ("--units 1" in text) == (units == 1)
    assert 0 < playouts[1] < playouts[M.BATCH], playouts
