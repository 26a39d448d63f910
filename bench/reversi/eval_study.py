"""Reversi evaluation study: a learned static value for the core's search, fitted from self-play.

    python -m bench.reversi.eval_study generate --games N [--budget B] [--seed S]
        [--random-plies K] [--weights W.json] [--jobs J] --out DATA.npz
    python -m bench.reversi.eval_study fit DATA.npz [DATA.npz ...] [--edges] [--corners]
        [--ridge L] --out W.json
    python -m bench.reversi.eval_study play --weights W.json [bench.reversi.strength options]

The search is the mirror's (``bench/reversi/mirror.c``, golden's search node
for node); only the static leaf's value changes (``eval_study.c``): linear
terms by game stage (square classes with live and dead C- and X-squares,
mobility, potential mobility) and, optionally, pattern tables of the 4 edges
(3^8) and the 4 corner 3 x 3 squares (3^9), weights in 1/16 of a disc of
final margin.

``generate`` plays N self-play games of the study's search (golden's
evaluation, or ``--weights``) at B nodes a move after K random plies and
keeps every position with its features and the final disc margin from the
side to move. ``fit`` solves a ridge regression by stage (conjugate
gradients on the normal equations: the tables are sparse) and writes the
weights. ``play`` is ``bench.reversi.strength`` with the study's search in
the mirror's seat (``--out`` defaults to ``build/bench/reversi/eval-study.md``
so that the report of record is not overwritten).

A study: golden, the mirror and the RTL do not read its weights until a
design chosen by measurement moves into golden (issue 31, item 4).
"""
import argparse
import ctypes
import json
import sys
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
                "study_features": ((_U64, _U64, _I32P, _I32P, _I32P), ctypes.c_int),
                "study_set": ((_I32P, _I32P, _I32P), None),
                "study_play": ((_U64, _U64, ctypes.c_int, _U64P, _U64P, _I32P, _I32P),
                               ctypes.c_int)},
    proof_inputs=())

_loaded_weights = [None]


def load_weights(path):
    """Give the study's search the weights in ``path`` (None: golden's evaluation)."""
    lib = STUDY.load()
    if path is None:
        lib.study_set(None, None, None)
        _loaded_weights[0] = None
        return
    with open(path) as f:
        w = json.load(f)
    if w.get("stages") != STAGES or len(w.get("linear", ())) != STAGES:
        raise ValueError("%s is not weights of this study (%d stages)" % (path, STAGES))
    linear = (ctypes.c_int32 * (STAGES * N_LINEAR))(*[v for row in w["linear"] for v in row])
    tables = []
    for key, entries in (("edges", EDGE_ENTRIES), ("corners", CORNER_ENTRIES)):
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
    """(stage, linear[15], edges[4], corners[4]) of an 8 x 8 position."""
    lin, e, c = (ctypes.c_int32 * N_LINEAR)(), (ctypes.c_int32 * 4)(), (ctypes.c_int32 * 4)()
    stage = STUDY.load().study_features(me, opp, lin, e, c)
    return stage, list(lin), list(e), list(c)


# --------------------------------------------------------------- generate

def _play_games(task):
    """Worker: games [first, first + count) of a seed; rows of features."""
    seed, first, count, budget, random_plies, weights = task
    import numpy as np
    load_weights(weights)
    lib = STUDY.load()
    rows = {"stage": [], "linear": [], "edges": [], "corners": [], "margin": [], "game": [],
            "me": [], "opp": [], "side": []}
    me, opp = (ctypes.c_uint64 * 128)(), (ctypes.c_uint64 * 128)()
    side, n = (ctypes.c_int32 * 128)(), ctypes.c_int32()
    for g in range(first, first + count):
        final = lib.study_play((seed << 20) + g, budget, random_plies, me, opp, side,
                               ctypes.byref(n))
        for i in range(random_plies, n.value):
            stage, lin, e, c = features(me[i], opp[i])
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


def generate(games, budget, random_plies, seed, weights, jobs, out):
    import multiprocessing

    import numpy as np
    from tqdm import tqdm
    STUDY.build()
    chunk = 20
    tasks = [(seed, first, min(chunk, games - first), budget, random_plies, weights)
             for first in range(0, games, chunk)]
    parts = []
    with multiprocessing.Pool(jobs) as pool:
        for part in tqdm(pool.imap(_play_games, tasks), total=len(tasks), unit="chunk",
                         file=sys.stderr):
            parts.append(part)
    data = {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}
    np.savez_compressed(out, **data, meta=np.asarray(json.dumps(
        {"games": games, "budget": budget, "random_plies": random_plies, "seed": seed,
         "weights": weights})))
    print("%d positions from %d games -> %s" % (len(data["margin"]), games, out))


# -------------------------------------------------------------------- fit

def _canonical_edges():
    """Each edge index -> the smaller of it and its reversal (an edge reads the same both ways)."""
    import numpy as np
    idx = np.arange(EDGE_ENTRIES)
    digits = [(idx // 3 ** i) % 3 for i in range(8)]
    rev = sum(digits[i] * 3 ** (7 - i) for i in range(8))
    return np.minimum(idx, rev)


def _canonical_corners():
    """Each corner 3 x 3 index -> the smaller of it and its transpose."""
    import numpy as np
    idx = np.arange(CORNER_ENTRIES)
    digits = [(idx // 3 ** j) % 3 for j in range(9)]
    swap = [0, 3, 6, 1, 4, 7, 2, 5, 8]
    tr = sum(digits[swap[j]] * 3 ** j for j in range(9))
    return np.minimum(idx, tr)


def fit_stage(linear, edges, corners, margin, ridge, use_edges, use_corners, iterations=300):
    """Ridge regression of margin on the features of one stage by conjugate
    gradients: (linear weights, edge table, corner table) as floats (discs)."""
    import numpy as np
    n = len(margin)
    cols = []
    if use_edges:
        cols.append(("e", _canonical_edges()[edges], EDGE_ENTRIES))
    if use_corners:
        cols.append(("c", _canonical_corners()[corners], CORNER_ENTRIES))
    offsets = [N_LINEAR]
    for _, _, entries in cols:
        offsets.append(offsets[-1] + entries)
    size = offsets[-1]
    X = linear.astype(np.float64)
    y = margin.astype(np.float64)

    def matvec(w):                      # A w
        out = X @ w[:N_LINEAR]
        for (_, idx, _), off in zip(cols, offsets):
            out += w[off + idx].sum(axis=1)
        return out

    def rmatvec(r):                     # A^T r
        g = np.zeros(size)
        g[:N_LINEAR] = X.T @ r
        for (_, idx, entries), off in zip(cols, offsets):
            g[off:off + entries] = np.bincount(idx.ravel(), weights=np.repeat(r, idx.shape[1]),
                                               minlength=entries)
        return g

    reg = np.full(size, ridge)
    reg[N_LINEAR - 1] = 0.0             # the constant is not shrunk
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
    out = [w[:N_LINEAR]]
    for (_, _, entries), off in zip(cols, offsets):
        out.append(w[off:off + entries])
    return out, float(np.sqrt(np.mean(resid ** 2))), n


def fit(paths, use_edges, use_corners, ridge, out, holdout=0.1):
    import numpy as np
    parts = [np.load(p) for p in paths]
    data = {k: np.concatenate([p[k] for p in parts]) for k in
            ("stage", "linear", "edges", "corners", "margin", "game")}
    # hold out whole games (positions of one game are not independent)
    game_key = np.concatenate([p["game"].astype(np.int64) + (i << 24) for i, p in enumerate(parts)])
    held = (game_key * 2654435761 % 1000) < holdout * 1000
    result = {"stages": STAGES, "scale": SCALE, "linear": [], "edges": None, "corners": None,
              "sources": [str(p) for p in paths], "ridge": ridge, "fit": []}
    edges_w, corners_w = [], []
    canon_e, canon_c = _canonical_edges(), _canonical_corners()
    for s in range(STAGES):
        train = (data["stage"] == s) & ~held
        test = (data["stage"] == s) & held
        if train.sum() < 100:
            result["linear"].append([0] * (N_LINEAR - 1) + [0])
            edges_w.append([0] * EDGE_ENTRIES)
            corners_w.append([0] * CORNER_ENTRIES)
            result["fit"].append({"stage": s, "positions": int(train.sum())})
            continue
        (lin, *tables), rms, n = fit_stage(data["linear"][train], data["edges"][train],
                                           data["corners"][train], data["margin"][train],
                                           ridge, use_edges, use_corners)
        lin_i = [int(round(v * SCALE)) for v in lin]
        result["linear"].append(lin_i)
        tables = list(tables)
        e = tables.pop(0) if use_edges else None
        c = tables.pop(0) if use_corners else None
        edges_w.append([int(round(v * SCALE)) for v in e[canon_e]] if e is not None else None)
        corners_w.append([int(round(v * SCALE)) for v in c[canon_c]] if c is not None else None)
        # held-out error of the rounded weights
        pred = data["linear"][test] @ np.asarray(lin_i, dtype=np.float64)
        if e is not None:
            pred += np.asarray(edges_w[-1], dtype=np.float64)[data["edges"][test]].sum(axis=1)
        if c is not None:
            pred += np.asarray(corners_w[-1], dtype=np.float64)[data["corners"][test]].sum(axis=1)
        test_rms = float(np.sqrt(np.mean((data["margin"][test] - pred / SCALE) ** 2)))
        result["fit"].append({"stage": s, "positions": int(n), "train_rms": round(rms, 3),
                              "test_rms": round(test_rms, 3)})
        print("stage %d: %d positions, rms %.2f discs (held out %.2f); %s"
              % (s, n, rms, test_rms, ", ".join("%s %+d" % (name, v) for name, v in
                                                  zip(LINEAR_NAMES, lin_i))))
    if use_edges:
        result["edges"] = [row if row is not None else [0] * EDGE_ENTRIES for row in edges_w]
    if use_corners:
        result["corners"] = [row if row is not None else [0] * CORNER_ENTRIES
                             for row in corners_w]
    with open(out, "w") as f:
        json.dump(result, f)
    print("weights -> %s" % out)


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
    g.add_argument("--jobs", type=int, default=2)
    g.add_argument("--out", required=True)
    f = sub.add_parser("fit", help="ridge regression of the margins by stage")
    f.add_argument("data", nargs="+")
    f.add_argument("--edges", action="store_true", help="fit the edge tables")
    f.add_argument("--corners", action="store_true", help="fit the corner tables")
    f.add_argument("--ridge", type=float, default=10.0)
    f.add_argument("--out", required=True)
    sub.add_parser("play", help="strength games (bench.reversi.strength's options and --weights)")
    args = ap.parse_args(argv)
    if args.command == "generate":
        if args.games < 1 or args.budget < 1 or not 0 <= args.random_plies <= 40:
            ap.error("--games and --budget must be >= 1 and --random-plies 0..40")
        if args.weights is not None and not Path(args.weights).is_file():
            ap.error("--weights: no file %r" % args.weights)
        generate(args.games, args.budget, args.random_plies, args.seed, args.weights,
                 args.jobs, args.out)
    else:
        for p in args.data:
            if not Path(p).is_file():
                ap.error("no data file %r" % p)
        fit(args.data, args.edges, args.corners, args.ridge, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
