"""Reversi evaluation study: a learned static value for the core's search, fitted from self-play.

    python -m bench.reversi.eval_study generate --games N [--budget B] [--seed S]
        [--random-plies K] [--solve-empties E] [--weights W.json] [--jobs J] --out DATA.npz
    python -m bench.reversi.eval_study fit DATA.npz [DATA.npz ...] [--edges] [--corners]
        [--rects] [--diags] [--table-stages G] [--table-bits B] [--exact-only] [--ridge L] --out W.json
    python -m bench.reversi.eval_study play --weights W.json [bench.reversi.strength options]
    python -m bench.reversi.eval_study export W.json [--report R.md] [--out EVAL.json]

The search is the mirror's (``bench/reversi/mirror.c``, golden's search node
for node); only the static leaf's value changes (``eval_study.c``): linear
terms by game stage (square classes with live and dead C- and X-squares,
mobility, potential mobility) and, optionally, pattern tables of the 4 edges
(3^8), the 4 corner 3 x 3 squares (3^9), the 8 corner 2 x 4 rectangles
(3^8) and the 2 main diagonals (3^8), weights in 1/16 of a disc of final
margin.

``generate`` plays N self-play games of the study's search (golden's
evaluation, or ``--weights``) at B nodes a move after K random plies and
keeps every position with its features and the final disc margin from the
side to move; with ``--solve-empties E`` every move from E empty cells on
is the exact solver's, so that the margin is the exact value of every
position from there (the ``exact`` column) and of the solved position for
the ones before. ``fit`` solves a ridge regression by stage (conjugate
gradients on the normal equations: the tables are sparse), the tables
shared by ``--table-stages`` groups of stages and clipped to
``--table-bits`` (what an M4K word holds), and writes the weights. ``play``
is ``bench.reversi.strength`` with the study's search in the mirror's seat
(``--out`` defaults to ``build/bench/reversi/eval-study.md`` so that the
report of record is not overwritten). ``export`` writes weights the core can
read (the linear terms, an edge and a 2 x 4 corner table, table entries
clipped to at most 16 bits) as golden's ``golden/reversi/evaluation.json``
(the default ``--out``), checked by golden's own loaders: golden, the mirror
and the RTL read that file.

A study: golden, the mirror and the RTL do not read its weights until a
design chosen by measurement moves into golden (issue 31, item 4; the runs
of record: ``bench/results/reversi-eval-study.md``, ``-refit.md``,
``-patterns.md``).
"""
import argparse
import ctypes
import json
import sys
import zipfile
from pathlib import Path

from bench.common import mirror as common

from . import gen_tables
from . import strength

HERE = Path(__file__).resolve().parent

STAGES = 6
N_LINEAR = 15
EDGE_ENTRIES = 3 ** 8
CORNER_ENTRIES = 3 ** 9
LINEAR_NAMES = ("corner", "C live", "A", "B", "X live", "c2", "d2", "c3", "d3", "d4",
                "C dead", "X dead", "mobility", "potential mobility", "constant")
SCALE = 16                       # weights in 1/16 disc

_U64 = ctypes.c_uint64
_I32P = ctypes.POINTER(ctypes.c_int32)
_U64P = ctypes.POINTER(ctypes.c_uint64)
STUDY = common.CompiledMirror(
    title="Reversi evaluation study", source=HERE / "eval_study.c", tables=gen_tables.HEADER,
    c_standard="c99", includes=(HERE / "mirror.c",), prefix="eval-study",
    signatures={"mirror_search": ((ctypes.c_int, _U64, _U64, _U64,
                                   ctypes.POINTER(ctypes.c_int64)), ctypes.c_int),
                "study_features": ((_U64, _U64, _I32P, _I32P, _I32P, _I32P), ctypes.c_int),
                "study_set": ((_I32P, _I32P, _I32P, _I32P, _I32P), None),
                "study_value_of": ((_U64, _U64), ctypes.c_int),
                "study_play": ((_U64, _U64, ctypes.c_int, ctypes.c_int, _U64P, _U64P, _I32P,
                                _I32P, _I32P), ctypes.c_int)},
    proof_inputs=())

_loaded_weights = [None]


def load_weights(path):
    """Give the study's search the weights in ``path`` (None: golden's evaluation)."""
    lib = STUDY.load()
    if path is None:
        lib.study_set(None, None, None, None, None)
        _loaded_weights[0] = None
        return
    with open(path) as f:
        w = json.load(f)
    if w.get("stages") != STAGES or len(w.get("linear", ())) != STAGES:
        raise ValueError("%s is not weights of this study (%d stages)" % (path, STAGES))
    linear = (ctypes.c_int32 * (STAGES * N_LINEAR))(*[v for row in w["linear"] for v in row])
    tables = []
    for key, entries in PATTERN_ENTRIES.items():
        if w.get(key) is None:
            tables.append(None)
        else:
            tables.append((ctypes.c_int32 * (STAGES * entries))(
                *[v for row in w[key] for v in row]))
    lib.study_set(linear, *tables)
    _loaded_weights[0] = str(path)


def search(position, budget, weights=None):
    """The mirror's search with the study's static value (golden's SearchResult)."""
    from golden.reversi.search import STOPS, SearchResult
    if weights != _loaded_weights[0]:
        load_weights(weights)
    size = gen_tables.size_index(position.width, position.height)
    out = (ctypes.c_int64 * 6)()
    if STUDY.load().mirror_search(size, position.mine, position.theirs, budget, out) < 0:
        raise ValueError("mirror_search refused %r at budget %d" % (position, budget))
    move = None if out[0] < 0 else int(out[0])
    return SearchResult(move, int(out[1]) if out[5] else None, int(out[2]), int(out[3]),
                        STOPS[int(out[4])])


def features(me, opp):
    """(stage, linear[15], edges[4], corners[4], rects[8]) of an 8 x 8 position."""
    lin, e, c = (ctypes.c_int32 * N_LINEAR)(), (ctypes.c_int32 * 4)(), (ctypes.c_int32 * 4)()
    r = (ctypes.c_int32 * 8)()
    stage = STUDY.load().study_features(me, opp, lin, e, c, r)
    return stage, list(lin), list(e), list(c), list(r)


# --------------------------------------------------------------- generate

def _play_games(task):
    """Worker: games [first, first + count) of a seed; rows of features."""
    seed, first, count, budget, random_plies, solve_empties, weights = task
    import numpy as np
    load_weights(weights)
    lib = STUDY.load()
    rows = {"stage": [], "linear": [], "edges": [], "corners": [], "margin": [], "game": [],
            "me": [], "opp": [], "side": [], "exact": []}
    me, opp = (ctypes.c_uint64 * 128)(), (ctypes.c_uint64 * 128)()
    side, n, solved = (ctypes.c_int32 * 128)(), ctypes.c_int32(), ctypes.c_int32()
    for g in range(first, first + count):
        final = lib.study_play((seed << 20) + g, budget, random_plies, solve_empties, me, opp,
                               side, ctypes.byref(n), ctypes.byref(solved))
        if solved.value == -2:          # a solve ran out of nodes: its labels are not exact
            continue
        for i in range(random_plies, n.value):
            rows["exact"].append(int(0 <= solved.value <= i))
            stage, lin, e, c, _ = features(me[i], opp[i])
            rows["stage"].append(stage)
            rows["linear"].append(lin)
            rows["edges"].append(e)
            rows["corners"].append(c)
            rows["margin"].append(final if side[i] == 0 else -final)
            rows["game"].append(g)
            rows["me"].append(me[i])
            rows["opp"].append(opp[i])
            rows["side"].append(side[i])
    return {k: np.asarray(v, dtype=np.uint64 if k in ("me", "opp") else np.int32)
            for k, v in rows.items()}


def generate(games, budget, random_plies, seed, weights, jobs, out, solve_empties=0):
    import multiprocessing

    import numpy as np
    from tqdm import tqdm
    STUDY.build()
    chunk = 20
    tasks = [(seed, first, min(chunk, games - first), budget, random_plies, solve_empties,
              weights) for first in range(0, games, chunk)]
    parts = []
    with multiprocessing.Pool(jobs) as pool:
        for part in tqdm(pool.imap(_play_games, tasks), total=len(tasks), unit="chunk",
                         file=sys.stderr):
            parts.append(part)
    data = {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}
    np.savez_compressed(out, **data, meta=np.asarray(json.dumps(
        {"games": games, "budget": budget, "random_plies": random_plies, "seed": seed,
         "solve_empties": solve_empties, "weights": weights})))
    print("%d positions from %d games -> %s" % (len(data["margin"]), games, out))


# -------------------------------------------------------------------- fit

PATTERNS = ("edges", "corners", "rects", "diags")
"""The pattern tables a fit may add: the 4 edges (3^8), the 4 corner 3 x 3
squares (3^9), the 8 corner 2 x 4 rectangles (3^8) and the 2 main diagonals
(3^8), as eval_study.c reads them (in this order: study_set's)."""
PATTERN_ENTRIES = {"edges": EDGE_ENTRIES, "corners": CORNER_ENTRIES, "rects": EDGE_ENTRIES,
                   "diags": EDGE_ENTRIES}


def pattern_cells():
    """{pattern: [instance cells]}, each instance's cells from the first
    (the most significant base-3 digit last), as eval_study.c's tables."""
    edges = [[i for i in range(8)], [56 + i for i in range(8)], [8 * i for i in range(8)],
             [8 * i + 7 for i in range(8)]]
    corners, rects = [], []
    for k in range(4):
        cx, cy = (7 if k & 1 else 0), (7 if k & 2 else 0)
        dx, dy = (-1 if k & 1 else 1), (-1 if k & 2 else 1)
        corners.append([8 * (cy + dy * (j // 3)) + cx + dx * (j % 3) for j in range(9)])
        rects.append([8 * (cy + dy * (j // 4)) + cx + dx * (j % 4) for j in range(8)])
        rects.append([8 * (cy + dy * (j % 4)) + cx + dx * (j // 4) for j in range(8)])
    diags = [[9 * i for i in range(8)], [7 * i + 7 for i in range(8)]]
    return {"edges": edges, "corners": corners, "rects": rects, "diags": diags}


def pattern_indexes(me, opp, pattern):
    """(n, instances) base-3 indexes of ``pattern`` for arrays of positions
    (cell digit 0 empty, 1 ``me``, 2 ``opp``; cell j weighs 3^j)."""
    import numpy as np
    me = np.asarray(me, dtype=np.uint64)
    opp = np.asarray(opp, dtype=np.uint64)
    out = []
    for cells in pattern_cells()[pattern]:
        idx = np.zeros(len(me), dtype=np.int64)
        for j, c in enumerate(cells):
            digit = ((me >> np.uint64(c)) & np.uint64(1)).astype(np.int64) + 2 * (
                (opp >> np.uint64(c)) & np.uint64(1)).astype(np.int64)
            idx += digit * 3 ** j
        out.append(idx)
    return np.stack(out, axis=1)


def _canonical(pattern):
    """Each index of a pattern -> the smaller of it and its mirror image
    (an edge read backwards, a 3 x 3 corner transposed; a 2 x 4 rectangle
    has no symmetry of its own)."""
    import numpy as np
    if pattern in ("edges", "diags"):
        cells, perm = 8, [7 - i for i in range(8)]
    elif pattern == "corners":
        cells, perm = 9, [0, 3, 6, 1, 4, 7, 2, 5, 8]
    else:
        return np.arange(EDGE_ENTRIES)
    idx = np.arange(3 ** cells)
    digits = [(idx // 3 ** i) % 3 for i in range(cells)]
    mirrored = sum(digits[perm[i]] * 3 ** i for i in range(cells))
    return np.minimum(idx, mirrored)


def fit_group(linear, tables, margin, ridge, free, iterations=400):
    """Ridge regression of ``margin`` on ``linear`` (n x L) and pattern
    tables (a list of (n x instances index arrays, entries)) by conjugate
    gradients on the normal equations; columns in ``free`` (indexes of
    ``linear``) are not shrunk. Returns ([linear weights, table, ...], rms)
    as floats (discs)."""
    import numpy as np
    n, n_lin = linear.shape
    offsets = [n_lin]
    for _, entries in tables:
        offsets.append(offsets[-1] + entries)
    size = offsets[-1]
    X = linear.astype(np.float64)
    y = margin.astype(np.float64)

    def matvec(w):                      # A w
        out = X @ w[:n_lin]
        for (idx, _), off in zip(tables, offsets):
            out += w[off + idx].sum(axis=1)
        return out

    def rmatvec(r):                     # A^T r
        g = np.zeros(size)
        g[:n_lin] = X.T @ r
        for (idx, entries), off in zip(tables, offsets):
            g[off:off + entries] = np.bincount(idx.ravel(), weights=np.repeat(r, idx.shape[1]),
                                               minlength=entries)
        return g

    reg = np.full(size, ridge)
    reg[list(free)] = 0.0
    w = np.zeros(size)
    b = rmatvec(y)
    r = b - (rmatvec(matvec(w)) + reg * w)
    p = r.copy()
    rs = r @ r
    for _ in range(iterations):
        Ap = rmatvec(matvec(p)) + reg * p
        alpha = rs / (p @ Ap)
        w += alpha * p
        r -= alpha * Ap
        new = r @ r
        if new < 1e-10 * (b @ b):
            break
        p = r + (new / rs) * p
        rs = new
    resid = y - matvec(w)
    out = [w[:n_lin]]
    for (_, entries), off in zip(tables, offsets):
        out.append(w[off:off + entries])
    return out, float(np.sqrt(np.mean(resid ** 2)))


def fit(paths, patterns, ridge, out, holdout=0.1, table_stages=STAGES, table_bits=None,
        exact_only=False):
    """Fit the study's weights on the data files ``paths``: linear weights by
    stage, and the tables of ``patterns`` (names of PATTERNS) shared by
    ``table_stages`` groups of consecutive stages (STAGES: one table a stage),
    each entry rounded to 1/16 disc and, with ``table_bits``, clipped to that
    many bits signed (what an M4K word holds). ``exact_only``: positions
    whose label is a solved value only. Writes ``out`` (JSON)."""
    import numpy as np
    if not 1 <= table_stages <= STAGES or STAGES % table_stages:
        raise ValueError("table_stages must divide %d" % STAGES)
    parts = [np.load(p) for p in paths]
    keys = ("stage", "linear", "margin", "game", "me", "opp")
    data = {k: np.concatenate([p[k] for p in parts]) for k in keys}
    if exact_only:
        exact = np.concatenate([p["exact"] if "exact" in p else np.zeros(len(p["margin"]), bool)
                                for p in parts]).astype(bool)
        data = {k: v[exact] for k, v in data.items()}
    # hold out whole games (positions of one game are not independent)
    game_key = np.concatenate([p["game"].astype(np.int64) + (i << 24) for i, p in enumerate(parts)])
    if exact_only:
        game_key = game_key[exact]
    held = (game_key * 2654435761 % 1000) < holdout * 1000
    index = {name: pattern_indexes(data["me"], data["opp"], name) for name in patterns}
    canon = {name: _canonical(name) for name in patterns}
    limit = None if table_bits is None else (1 << (table_bits - 1)) - 1
    result = {"stages": STAGES, "scale": SCALE, "linear": [[0] * N_LINEAR for _ in range(STAGES)],
              "table_stages": table_stages, "table_bits": table_bits,
              "sources": [str(p) for p in paths], "ridge": ridge, "exact_only": exact_only,
              "fit": []}
    tables_out = {name: [None] * STAGES for name in patterns}
    per = STAGES // table_stages
    for group in range(table_stages):
        stages = list(range(group * per, (group + 1) * per))
        train = np.isin(data["stage"], stages) & ~held
        test = np.isin(data["stage"], stages) & held
        if train.sum() < 100:
            for name in patterns:
                for s in stages:
                    tables_out[name][s] = [0] * PATTERN_ENTRIES[name]
            result["fit"].append({"stages": stages, "positions": int(train.sum())})
            continue
        # linear terms one set a stage: the features times the stage's one-hot
        onehot = np.stack([data["stage"] == s for s in stages], axis=1).astype(np.float64)
        lin = (data["linear"][:, None, :] * onehot[:, :, None]).reshape(len(onehot), -1)
        free = [k * N_LINEAR + N_LINEAR - 1 for k in range(per)]      # the constants
        tables = [(canon[name][index[name][train]], PATTERN_ENTRIES[name]) for name in patterns]
        weights, rms = fit_group(lin[train], tables, data["margin"][train], ridge, free)
        lin_w = weights[0].reshape(per, N_LINEAR)
        pred = np.zeros(int(test.sum()))
        for k, s in enumerate(stages):
            result["linear"][s] = [int(round(v * SCALE)) for v in lin_w[k]]
        pred += lin[test] @ np.asarray([v for s in stages for v in result["linear"][s]],
                                       dtype=np.float64)
        clipped = 0
        for name, w in zip(patterns, weights[1:]):
            entries = np.rint(w[canon[name]] * SCALE).astype(np.int64)
            if limit is not None:
                clipped += int((np.abs(entries) > limit).sum())
                entries = np.clip(entries, -limit, limit)
            for s in stages:
                tables_out[name][s] = [int(v) for v in entries]
            pred += entries[index[name][test]].sum(axis=1)
        test_rms = (float(np.sqrt(np.mean((data["margin"][test] - pred / SCALE) ** 2)))
                    if test.any() else float("nan"))
        result["fit"].append({"stages": stages, "positions": int(train.sum()),
                              "train_rms": round(rms, 3), "test_rms": round(test_rms, 3),
                              "clipped": clipped})
        print("stages %s: %d positions, rms %.2f discs (held out %.2f)%s"
              % (stages, int(train.sum()), rms, test_rms,
                 ", %d table entries clipped" % clipped if clipped else ""))
    for name in PATTERNS:
        result[name] = tables_out[name] if name in patterns else None
    with open(out, "w") as f:
        json.dump(result, f)
    print("weights -> %s" % out)


# ----------------------------------------------------------------- export

EVAL_JSON = HERE.parents[1] / "golden" / "reversi" / "evaluation.json"


def export(weights, out, report=None):
    """Write the study's weights ``weights`` (from ``fit``) as golden's
    evaluation file ``out``; ValueError if the core cannot read them
    (golden's own loaders read the file before it replaces ``out``)."""
    import os
    import tempfile
    from golden.reversi import patterns as P
    from golden.reversi import search as S
    with open(weights) as f:
        w = json.load(f)
    if w.get("stages") != S.STAGES or w.get("scale") != SCALE:
        raise ValueError("%s: not weights of this study (%d stages in 1/%d disc)"
                         % (weights, S.STAGES, SCALE))
    extra = [k for k in PATTERNS if k not in ("edges", "rects") and w.get(k) is not None]
    if extra or w.get("edges") is None or w.get("rects") is None:
        raise ValueError("%s: the core reads an edge and a 2 x 4 corner table and no other "
                         "(fit --edges --rects only)" % weights)
    groups, bits = w.get("table_stages"), w.get("table_bits")
    if bits is None or not isinstance(groups, int) or groups < 1 or S.STAGES % groups:
        raise ValueError("%s: fit with --table-bits and --table-stages (an M4K word holds 9 "
                         "bits)" % weights)
    tables = {}                         # one table a group, the same for its stages
    for name in ("edges", "rects"):
        tables[name] = [None] * groups
        for stage, row in enumerate(w[name]):
            k = P.group_of(stage, groups, S.STAGES)
            if tables[name][k] is None:
                tables[name][k] = row
            elif row != tables[name][k]:
                raise ValueError("%s: the %s table differs within group %d" % (weights, name, k))
    old = {}
    if Path(out).is_file():
        with open(out) as f:
            old = json.load(f)
    data = {"about": old.get("about", "The Reversi search's static evaluation "
                             "(golden.reversi.search.evaluate); see golden.reversi.patterns."),
            "features": old.get("features", list(LINEAR_NAMES)),
            "stages": S.STAGES, "weights": w["linear"],
            "fit": {"sources": [Path(p).name for p in w.get("sources", ())],
                    "ridge": w.get("ridge"), "exact_only": w.get("exact_only"),
                    "positions": sum(g.get("positions", 0) for g in w.get("fit", ())),
                    "held_out_rms_discs": [g.get("test_rms") for g in w.get("fit", ())],
                    "report": report},
            "patterns": {"groups": groups, "bits": bits, "edges": tables["edges"],
                         "rects": tables["rects"]}}
    lines = ["{"]                       # a key a line; the weights a stage a line
    for key, value in data.items():
        if key == "weights":
            text = "[\n%s\n ]" % ",\n".join("  " + json.dumps(r) for r in value)
        elif key == "patterns":
            text = json.dumps(value, separators=(",", ":"))
        else:
            text = json.dumps(value)
        lines.append(" %s: %s%s" % (json.dumps(key), text, "," if key != "patterns" else ""))
    lines.append("}")
    fd, tmp = tempfile.mkstemp(suffix=".json", dir=os.path.dirname(os.path.abspath(out)))
    try:
        with os.fdopen(fd, "w") as f:
            f.write("\n".join(lines) + "\n")
        S._load_weights(tmp)            # golden's checks, on the file as written
        S._load_patterns(tmp)
        os.replace(tmp, out)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    print("%s -> %s (%d groups of tables, %d-bit entries)" % (weights, out, groups, bits))


# ------------------------------------------------------------------- play

class StudyReversi(strength.Reversi):
    """bench.reversi.strength with the study's search in the mirror's seat."""
    weights = None

    @property
    def default_out(self):
        return "build/bench/reversi/eval-study.md"

    @property
    def module(self):
        return "bench.reversi.eval_study play"

    def prepare(self):
        load_weights(self.weights)

    def search(self, view, budget):
        r = search(view, budget, self.weights)
        return r.move, {"nodes": r.nodes, "depth": r.depth, "stop": r.stop}

    def add_options(self, ap):
        super().add_options(ap)
        ap.add_argument("--weights", metavar="W.json", required=True,
                        help="the study's weights (from 'fit')")

    def check_options(self, ap, args, opponents):
        if not Path(args.weights).is_file():
            ap.error("--weights: no file %r" % args.weights)
        try:
            load_weights(args.weights)
        except (ValueError, KeyError, json.JSONDecodeError) as e:
            ap.error("--weights: %s" % e)
        self.weights = args.weights
        return super().check_options(ap, args, opponents)

    def command_options(self, match):
        return [("--weights", self.weights, None)] + super().command_options(match)

    def report(self, records, match, wall):
        """strength's report, saying whose evaluation played (not golden's)."""
        text = strength.report(records, match, wall)
        head, _, rest = text.partition("\n\n")
        return (head.replace("Reversi strength benchmark", "Reversi evaluation study: strength")
                + "\n\nThe evaluation study's search (`bench/reversi/eval_study.c`: the mirror's "
                  "search node for node with the static value of `%s`, not golden's) at "
                  "**%d nodes per move** on the 8 x 8 board.\n\n" % (self.weights, match.budget)
                + rest.partition("\n\n")[2])


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv and argv[0] == "play":
        return strength.harness.main(StudyReversi(), argv[1:])
    ap = argparse.ArgumentParser(prog="python -m bench.reversi.eval_study",
                                 description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate", help="self-play positions with their final margins")
    g.add_argument("--games", type=int, required=True)
    g.add_argument("--budget", type=int, default=3000, help="nodes a move (default 3000)")
    g.add_argument("--random-plies", type=int, default=8)
    g.add_argument("--seed", type=int, required=True)
    g.add_argument("--weights", default=None, help="the study's weights (default: golden's)")
    g.add_argument("--solve-empties", type=int, default=0, metavar="E",
                   help="play every move from E empty cells on by the exact solver, so that "
                        "the final margin is the exact value from there (default 0: off)")
    g.add_argument("--jobs", type=int, default=2)
    g.add_argument("--out", required=True)
    f = sub.add_parser("fit", help="ridge regression of the margins by stage")
    f.add_argument("data", nargs="+", help="data files from 'generate' (.npz)")
    f.add_argument("--edges", action="store_true", help="fit the edge tables (3^8)")
    f.add_argument("--corners", action="store_true", help="fit the corner 3 x 3 tables (3^9)")
    f.add_argument("--rects", action="store_true", help="fit the corner 2 x 4 tables (3^8)")
    f.add_argument("--diags", action="store_true",
                   help="fit the table of the 2 main diagonals (3^8)")
    f.add_argument("--table-stages", type=int, default=STAGES, metavar="G",
                   help="tables shared by G groups of consecutive stages (1, 2, 3 or 6; "
                        "default 6: a table a stage)")
    f.add_argument("--table-bits", type=int, default=None, metavar="B",
                   help="clip each table entry (1/16 disc) to B bits signed (default: no clip)")
    f.add_argument("--exact-only", action="store_true",
                   help="fit only positions whose label is a solved value (generate "
                        "--solve-empties)")
    f.add_argument("--ridge", type=float, default=10.0,
                   help="the ridge penalty on every weight but the constants (default 10)")
    f.add_argument("--out", required=True)
    sub.add_parser("play", help="strength games (bench.reversi.strength's options and --weights)")
    x = sub.add_parser("export", help="write weights as golden's evaluation file (the core's)")
    x.add_argument("weights", help="weights from 'fit' (edges and rects, --table-bits)")
    x.add_argument("--report", default=None, help="the report that chose them (recorded)")
    x.add_argument("--out", default=str(EVAL_JSON),
                   help="the evaluation file (default: golden/reversi/evaluation.json)")
    args = ap.parse_args(argv)
    if args.command == "generate":
        if args.games < 1 or args.budget < 1 or not 0 <= args.random_plies <= 40:
            ap.error("--games and --budget must be >= 1 and --random-plies 0..40")
        if args.weights is not None and not Path(args.weights).is_file():
            ap.error("--weights: no file %r" % args.weights)
        if not 0 <= args.solve_empties <= 20:
            ap.error("--solve-empties must be 0..20 (the solver's reach at the largest budget)")
        generate(args.games, args.budget, args.random_plies, args.seed, args.weights,
                 args.jobs, args.out, args.solve_empties)
    elif args.command == "export":
        if not Path(args.weights).is_file():
            ap.error("no weights file %r" % args.weights)
        try:
            export(args.weights, args.out, args.report)
        except (OSError, ValueError, KeyError, TypeError, json.JSONDecodeError) as e:
            ap.error("cannot export: %s" % e)
    else:
        for p in args.data:
            if not Path(p).is_file():
                ap.error("no data file %r" % p)
        if args.table_stages not in (1, 2, 3, 6):
            ap.error("--table-stages must be 1, 2, 3 or 6 (it divides the %d stages)" % STAGES)
        if args.table_bits is not None and not 2 <= args.table_bits <= 32:
            ap.error("--table-bits must be 2..32")
        patterns = [p for p in PATTERNS if getattr(args, p)]
        try:
            fit(args.data, patterns, args.ridge, args.out, table_stages=args.table_stages,
                table_bits=args.table_bits, exact_only=args.exact_only)
        except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as e:
            ap.error("cannot fit %s: %s (files from 'generate' only)"
                     % (" ".join(args.data), e))
    return 0


if __name__ == "__main__":
    sys.exit(main())
