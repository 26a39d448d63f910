"""The evaluation study (bench/reversi/eval_study.py): its features are golden's, its fit
finds weights it is given, its games are legal, its command line says what is wrong."""
import json
import random

import pytest

from golden.reversi import search as S
from golden.reversi.board import Position, legal
from golden.reversi.encoding import BLACK

from simulation.seed import run_seed
from bench.reversi import eval_study as E

np = pytest.importorskip("numpy")


def test_features_times_golden_weights_is_golden_evaluate():
    """The study's linear features are golden's evaluation term for term (at the
    position's own stage), on the positions of a few self-play games."""
    rng = random.Random(run_seed())
    data = E._play_games((rng.randrange(1 << 20), 0, 3, 40, 6, None))
    assert len(data["margin"]) > 100
    for i in range(len(data["margin"])):
        me, opp = int(data["me"][i]), int(data["opp"][i])
        g = Position(8, 8, me, opp, BLACK).g
        stage = S.stage_of(bin(me | opp).count("1"), g)
        assert int(data["stage"][i]) == stage
        want = S.evaluate(me, opp, legal(me, opp, g), legal(opp, me, g), g, stage)
        assert sum(a * int(b) for a, b in zip(S.EVAL_WEIGHTS[stage], data["linear"][i])) == want


def test_games_are_legal_and_margins_are_the_side_to_moves():
    """Each recorded position follows the one before by a legal move of its
    side (a pass is not recorded); the margin is the final disc difference
    from the side to move."""
    rng = random.Random(run_seed())
    data = E._play_games((rng.randrange(1 << 20), 0, 2, 30, 4, None))
    for game in sorted(set(int(x) for x in data["game"])):
        rows = [i for i in range(len(data["game"])) if data["game"][i] == game]
        for a, b in zip(rows, rows[1:]):
            me, opp = int(data["me"][a]), int(data["opp"][a])
            g = Position(8, 8, me, opp, BLACK).g
            after = int(data["me"][b]) | int(data["opp"][b])
            mover = int(data["side"][a])
            mover_after = int(data["me"][b]) if int(data["side"][b]) == mover else int(data["opp"][b])
            played = after & ~(me | opp)
            assert bin(played).count("1") == 1 and played & legal(me, opp, g)
            assert mover_after & played
        for i in rows:
            want = data["margin"][rows[0]] * (1 if data["side"][i] == data["side"][rows[0]] else -1)
            assert data["margin"][i] == want and abs(int(data["margin"][i])) <= 64


def test_fit_recovers_the_weights_it_is_given(tmp_path):
    """Margins made exactly from known weights (in discs) come back as those
    weights, stage by stage, rounded to 1/16."""
    rng = np.random.default_rng(run_seed())
    n = 6000
    stage = rng.integers(0, E.STAGES, n)
    linear = rng.integers(-6, 7, (n, E.N_LINEAR))
    linear[:, -1] = 1
    truth = rng.integers(-400, 400, (E.STAGES, E.N_LINEAR)) / E.SCALE
    margin = np.array([linear[i] @ truth[stage[i]] for i in range(n)])
    data = tmp_path / "d.npz"
    np.savez(data, stage=stage.astype(np.int32), linear=linear.astype(np.int32),
             edges=np.zeros((n, 4), np.int32), corners=np.zeros((n, 4), np.int32),
             margin=margin, game=np.arange(n, dtype=np.int32),
             me=np.zeros(n, np.uint64), opp=np.zeros(n, np.uint64), side=np.zeros(n, np.int32))
    out = tmp_path / "w.json"
    E.fit([str(data)], False, False, 1e-6, str(out))
    got = json.loads(out.read_text())["linear"]
    assert np.abs(np.asarray(got) - truth * E.SCALE).max() <= 1


def test_command_line_errors(tmp_path, capsys):
    with pytest.raises(SystemExit) as e:
        E.main(["fit", str(tmp_path / "none.npz"), "--out", str(tmp_path / "w.json")])
    assert e.value.code == 2 and "no data file" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        E.main(["generate", "--games", "0", "--seed", "1", "--out", str(tmp_path / "d.npz")])
    assert e.value.code == 2
    with pytest.raises(SystemExit) as e:
        E.main(["play", "--weights", str(tmp_path / "none.json"), "--games", "2"])
    assert e.value.code == 2 and "no file" in capsys.readouterr().err
