"""The evaluation study (bench/reversi/eval_study.py): its features are golden's, its fit
finds weights it is given, its games are legal, its command line says what is wrong."""
import json
import random

import pytest

from golden.reversi import patterns
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
    data = E._play_games((rng.randrange(1 << 20), 0, 3, 40, 6, 0, None))
    assert len(data["margin"]) > 100
    for i in range(len(data["margin"])):
        me, opp = int(data["me"][i]), int(data["opp"][i])
        g = Position(8, 8, me, opp, BLACK).g
        stage = S.stage_of(bin(me | opp).count("1"), g)
        assert int(data["stage"][i]) == stage
        want = S.evaluate(me, opp, legal(me, opp, g), legal(opp, me, g), g, stage)
        if S.PATTERNS is not None:      # golden's tables, as golden.reversi.patterns sums them
            groups, _, edges, rects = S.PATTERNS
            k = stage * groups // S.STAGES
            want -= patterns.value(me, opp, edges[k], rects[k])
        assert sum(a * int(b) for a, b in zip(S.EVAL_WEIGHTS[stage], data["linear"][i])) == want


def test_games_are_legal_and_margins_are_the_side_to_moves():
    """Each recorded position follows the one before by a legal move of its
    side (a pass is not recorded); the margin is the final disc difference
    from the side to move."""
    rng = random.Random(run_seed())
    data = E._play_games((rng.randrange(1 << 20), 0, 2, 30, 4, 0, None))
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
    E.fit([str(data)], [], 1e-6, str(out))
    got = json.loads(out.read_text())["linear"]
    assert np.abs(np.asarray(got) - truth * E.SCALE).max() <= 1


def test_solved_games_label_every_position_from_the_solve_point_exactly():
    """With solve_empties, the margin of the first position with that many
    empties (and of every later one) is its exact value, as golden's solver
    finds it; positions before are marked not exact.

    Games are played 3 at a time until golden has searched a solve point (one
    with a single move is "forced", not searched): 450 games in 8998 had a
    forced one, and seed 12303 met one in each of its first 3 games. 30
    games all forced has a chance of about 1e-39 (the bound only stops a
    broken build from playing forever)."""
    rng = random.Random(run_seed())
    seed = rng.randrange(1 << 20)
    checked = first = 0
    while not checked and first < 30:
        checked += _check_solved_games(seed, first, 3)
        first += 3
    assert checked >= 1, "no solve point with 2 moves or more in %d games (seed %d)" % (first, seed)


def _check_solved_games(seed, first, count):
    """Games [first, first + count) of ``seed`` as the test above checks them;
    how many solve points golden searched."""
    data = E._play_games((seed, first, count, 200, 6, 9, None))
    exact = data["exact"].astype(bool)
    games = sorted(set(int(x) for x in data["game"]))
    assert exact.any() and not exact.all()
    checked = 0
    for game in games:
        rows = [i for i in range(len(data["game"])) if data["game"][i] == game]
        flags = [bool(exact[i]) for i in rows]
        assert flags == sorted(flags), "exact rows must be a game's tail (seed %d)" % seed
        for i in [i for i in rows if exact[i]][:1]:     # the solve point: golden solves it
            me, opp = int(data["me"][i]), int(data["opp"][i])
            assert 64 - bin(me | opp).count("1") <= 9
            r = S.search(Position(8, 8, me, opp, BLACK), S.MAX_BUDGET)
            if r.stop == "forced":          # one move: the game's next position's value
                continue
            assert r.stop == "exact", r
            value = r.score - S.WIN if r.score > 0 else r.score + S.WIN if r.score < 0 else 0
            assert int(data["margin"][i]) == value, (seed, game, i, value)
            checked += 1
    return checked


def test_pattern_indexes_are_the_c_studys():
    """The fit's pattern indexes (numpy) equal eval_study.c's, instance by
    instance, for random positions."""
    rng = random.Random(run_seed())
    for _ in range(200):
        cells = rng.sample(range(64), rng.randrange(4, 64))
        me = sum(1 << c for c in cells if rng.random() < 0.5)
        opp = sum(1 << c for c in cells) & ~me
        _, _, e, c, r = E.features(me, opp)
        assert list(E.pattern_indexes([me], [opp], "edges")[0]) == e
        assert list(E.pattern_indexes([me], [opp], "corners")[0]) == c
        assert list(E.pattern_indexes([me], [opp], "rects")[0]) == r


def test_study_value_is_the_linear_terms_and_the_tables(tmp_path):
    """With weights that have edge, corner and 2 x 4 tables, the C study's
    leaf value is the stage's linear terms plus each instance's table entry
    (computed here from the fit's own indexes), on random positions."""
    rng = random.Random(run_seed())
    w = {"stages": E.STAGES, "scale": E.SCALE,
         "linear": [[rng.randrange(-50, 50) for _ in range(E.N_LINEAR)] for _ in range(E.STAGES)]}
    for name in E.PATTERNS:
        w[name] = [[rng.randrange(-255, 256) for _ in range(E.PATTERN_ENTRIES[name])]
                   for _ in range(E.STAGES)]
    path = tmp_path / "w.json"
    path.write_text(json.dumps(w))
    try:
        E.load_weights(str(path))
        lib = E.STUDY.load()
        for _ in range(300):
            cells = rng.sample(range(64), rng.randrange(4, 64))
            me = sum(1 << c for c in cells if rng.random() < 0.5)
            opp = sum(1 << c for c in cells) & ~me
            stage, lin, _, _, _ = E.features(me, opp)
            want = sum(a * b for a, b in zip(w["linear"][stage], lin))
            for name in E.PATTERNS:
                want += sum(w[name][stage][int(i)] for i in E.pattern_indexes([me], [opp], name)[0])
            cap = S.WIN - 1
            assert lib.study_value_of(me, opp) == max(-cap, min(cap, want)), (me, opp)
    finally:
        E.load_weights(None)


def test_fit_recovers_a_table_it_is_given(tmp_path):
    """Margins made from a known 2 x 4 table and a constant come back: the
    fitted table and constant give every margin within rounding."""
    rng = np.random.default_rng(run_seed())
    n = 20000
    me = np.zeros(n, np.uint64)
    opp = np.zeros(n, np.uint64)
    corner_cells = sorted(set(c for cells in E.pattern_cells()["rects"] for c in cells))
    for c in corner_cells:
        d = rng.integers(0, 3, n)
        me |= np.where(d == 1, np.uint64(1) << np.uint64(c), np.uint64(0))
        opp |= np.where(d == 2, np.uint64(1) << np.uint64(c), np.uint64(0))
    truth = rng.integers(-40, 40, E.EDGE_ENTRIES) / E.SCALE
    idx = E.pattern_indexes(me, opp, "rects")
    linear = np.zeros((n, E.N_LINEAR), np.int32)
    linear[:, -1] = 1
    margin = truth[idx].sum(axis=1) + 3.0
    data = tmp_path / "d.npz"
    np.savez(data, stage=np.zeros(n, np.int32), linear=linear, margin=margin,
             game=np.arange(n, dtype=np.int32), me=me, opp=opp, side=np.zeros(n, np.int32))
    out = tmp_path / "w.json"
    E.fit([str(data)], ["rects"], 1e-6, str(out), table_stages=1, holdout=0.0)
    w = json.loads(out.read_text())
    got = np.asarray(w["rects"][0]) / E.SCALE
    constant = w["linear"][0][-1] / E.SCALE
    # margins come back within the rounding of 8 entries and the constant
    assert np.abs(got[idx].sum(axis=1) + constant - margin).max() <= 4.5 / E.SCALE
    # (the entries themselves are not unique: instances share cells)


def test_command_line_errors(tmp_path, capsys):
    with pytest.raises(SystemExit) as e:
        E.main(["fit", str(tmp_path / "none.npz"), "--out", str(tmp_path / "w.json")])
    assert e.value.code == 2 and "no data file" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        E.main(["generate", "--games", "0", "--seed", "1", "--out", str(tmp_path / "d.npz")])
    assert e.value.code == 2
    with pytest.raises(SystemExit) as e:
        E.main(["generate", "--games", "1", "--seed", "1", "--solve-empties", "30",
                "--out", str(tmp_path / "d.npz")])
    assert e.value.code == 2 and "--solve-empties" in capsys.readouterr().err
    data = tmp_path / "d.npz"
    data.write_bytes(b"")
    with pytest.raises(SystemExit) as e:
        E.main(["fit", str(data), "--table-stages", "4", "--out", str(tmp_path / "w.json")])
    assert e.value.code == 2 and "--table-stages" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        E.main(["fit", str(data), "--edges", "--out", str(tmp_path / "w.json")])
    assert e.value.code == 2 and "cannot fit" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        E.main(["play", "--weights", str(tmp_path / "none.json"), "--games", "2"])
    assert e.value.code == 2 and "no file" in capsys.readouterr().err


def _study_weights(rng, groups, bits, **extra):
    """Weights as 'fit' writes them: an edge and a 2 x 4 table for each of
    ``groups`` groups of stages (the same rows for a group's stages)."""
    per = E.STAGES // groups
    limit = (1 << (bits - 1)) - 1
    w = {"stages": E.STAGES, "scale": E.SCALE, "table_stages": groups, "table_bits": bits,
         "sources": ["/somewhere/d.npz"], "ridge": 10.0, "exact_only": False,
         "fit": [{"stages": [], "positions": 7, "test_rms": 1.5}],
         "linear": [[rng.randrange(-500, 500) for _ in range(E.N_LINEAR)]
                    for _ in range(E.STAGES)]}
    for name in ("edges", "rects"):
        rows = [[rng.randrange(-limit, limit + 1) for _ in range(E.EDGE_ENTRIES)]
                for _ in range(groups)]
        w[name] = [rows[s // per] for s in range(E.STAGES)]
    w.update(extra)
    return w


def test_export_writes_what_golden_reads(tmp_path):
    """'export' writes the fit's linear weights and one edge and one 2 x 4
    table a group into an evaluation file that golden's own loaders read
    back equal; weights the core cannot read are refused, saying why."""
    rng = random.Random(run_seed())
    w = _study_weights(rng, 3, 9)
    src, out = tmp_path / "w.json", tmp_path / "evaluation.json"
    src.write_text(json.dumps(w))
    assert E.main(["export", str(src), "--out", str(out), "--report", "r.md"]) == 0
    assert S._load_weights(str(out)) == tuple(tuple(r) for r in w["linear"])
    groups, bits, edges, rects = S._load_patterns(str(out))
    assert (groups, bits) == (3, 9)
    assert edges == tuple(tuple(w["edges"][2 * k]) for k in range(3))
    assert rects == tuple(tuple(w["rects"][2 * k]) for k in range(3))
    assert json.loads(out.read_text())["fit"]["report"] == "r.md"
    bad = {"corners": [[0] * E.CORNER_ENTRIES] * E.STAGES,        # a table the core has not
           "table_bits": None,                                   # no clip to an M4K word
           "linear": [[2000] * E.N_LINEAR] * E.STAGES}           # beyond WEIGHT_BITS
    for key, value in bad.items():
        src.write_text(json.dumps(dict(w, **{key: value})))
        with pytest.raises(ValueError):
            E.export(str(src), str(tmp_path / "refused.json"))
    w["rects"][1] = w["rects"][2]                                # not shared by group 0
    src.write_text(json.dumps(w))
    with pytest.raises(ValueError, match="differs within group 0"):
        E.export(str(src), str(tmp_path / "refused.json"))
    assert not (tmp_path / "refused.json").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["evaluation.json", "w.json"]   # no temp left


def test_export_command_line_errors(tmp_path, capsys):
    with pytest.raises(SystemExit) as e:
        E.main(["export", str(tmp_path / "none.json"), "--out", str(tmp_path / "e.json")])
    assert e.value.code == 2 and "no weights file" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    with pytest.raises(SystemExit) as e:
        E.main(["export", str(bad), "--out", str(tmp_path / "e.json")])
    assert e.value.code == 2 and "cannot export" in capsys.readouterr().err
