"""The Score-4 search in C (``mirror.c``), called from Python.

    from bench.score4 import mirror
    move, nodes, depth, score, reason = mirror.search(mine, theirs, budget)

gives the same five values as ``golden.score4.search.search(Position(mine,
theirs), budget)`` (move and score None where the golden model has None),
tens of times faster than CPython. ``bench/score4/test_mirror.py`` proves the
equality on random positions; ``proof_status()`` reports the largest such
check run on the current sources.

Build: at first use the tables are written from the golden model
(``gen_tables.py``) and ``mirror.c`` is compiled with gcc (``$CC`` if set)
into ``build/bench/score4/mirror-<hash>.so``, where the hash covers the C
source, the tables and the compiler flags; any change gives a new file, so
the library is rebuilt exactly when its inputs change, and parallel
processes never load a half-written one.
"""
import ctypes
import glob
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from golden.score4.search import check_budget

from . import gen_tables

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
SOURCE = HERE / "mirror.c"
BUILD_DIR = gen_tables.BUILD_DIR
PROOF_DIR = BUILD_DIR / "proof"

REASONS = ("full", "win", "block", "search", "fallback")

# Tried in turn: the first set the compiler accepts is used.
FLAG_SETS = (
    ["-O2", "-march=native"],
    ["-O2", "-mpopcnt"],
    ["-O2"],
)
COMMON_FLAGS = ["-std=c99", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC"]


class MirrorBuildError(RuntimeError):
    """The C mirror could not be compiled."""


_lib = None


def _compiler():
    cc = os.environ.get("CC") or "gcc"
    path = shutil.which(cc)
    if path is None:
        raise MirrorBuildError(
            "C compiler %r not found: the Score-4 mirror (bench/score4/mirror.c) "
            "is compiled at first use. Install gcc (Debian: apt-get install gcc) "
            "or set CC to a C99 compiler." % cc)
    return path


def _digest(parts):
    h = hashlib.sha256()
    for p in parts:
        h.update(p if isinstance(p, bytes) else str(p).encode())
        h.update(b"\0")
    return h.hexdigest()[:16]


def build(verbose=False):
    """Compile the mirror if needed; return the path of the shared library."""
    tables = gen_tables.write_tables()
    cc = _compiler()
    src = SOURCE.read_bytes()
    tab = tables.read_bytes()
    errors = []
    for flags in FLAG_SETS:
        key = _digest([src, tab, cc] + flags + COMMON_FLAGS)
        lib = BUILD_DIR / ("mirror-%s.so" % key)
        if lib.exists():
            return lib
        fd, tmp = tempfile.mkstemp(dir=str(BUILD_DIR), prefix=".mirror-", suffix=".so")
        os.close(fd)
        cmd = [cc] + flags + COMMON_FLAGS + ["-I", str(tables.parent), "-o", tmp, str(SOURCE)]
        if verbose:
            print(" ".join(cmd), file=sys.stderr)
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              universal_newlines=True)
        if proc.returncode == 0:
            os.replace(tmp, str(lib))
            return lib
        os.unlink(tmp)
        errors.append("$ %s\n%s" % (" ".join(cmd), proc.stdout))
    raise MirrorBuildError("could not compile the Score-4 mirror:\n" + "\n".join(errors))


def load():
    """The ctypes library (built and loaded once per process)."""
    global _lib
    if _lib is None:
        lib = ctypes.CDLL(str(build()))
        lib.mirror_search.argtypes = [ctypes.c_uint64, ctypes.c_uint64, ctypes.c_uint64,
                                      ctypes.POINTER(ctypes.c_int64)]
        lib.mirror_search.restype = ctypes.c_int
        lib.mirror_evaluate.argtypes = [ctypes.c_uint64, ctypes.c_uint64]
        lib.mirror_evaluate.restype = ctypes.c_int
        _lib = lib
    return _lib


def search(mine, theirs, budget):
    """(move or None, nodes, depth, score or None, reason) of the golden
    search from the position (mine to move) within budget nodes."""
    check_budget(budget)
    if mine & theirs:
        raise ValueError("a cell holds two beads: %#x" % (mine & theirs,))
    lib = load()
    out = (ctypes.c_int64 * 5)()
    r = lib.mirror_search(mine, theirs, budget, out)
    if r < 0:
        raise ValueError("mirror_search refused (mine=%#x, theirs=%#x, budget=%d)"
                         % (mine, theirs, budget))
    move = None if out[0] < 0 else int(out[0])
    depth = int(out[2])
    return (move, int(out[1]), depth, int(out[3]) if depth else None, REASONS[r])


def search_position(position, budget):
    """search() on a golden.score4.board.Position."""
    return search(position.mine, position.theirs, budget)


def evaluate(x, y):
    """golden.score4.search.evaluate in C (the full 76-line sum)."""
    return load().mirror_evaluate(x, y)


# ------------------------------------------------------------------ the proof

PROOF_INPUTS = (
    "golden/score4/search.py", "golden/score4/board.py", "golden/score4/encoding.py",
    "bench/score4/mirror.c", "bench/score4/gen_tables.py", "bench/score4/mirror.py",
    "bench/score4/test_mirror.py",
)


def _normalised(path):
    """What of a file the proof depends on. Python: its syntax tree without
    docstrings, comments and line numbers, and with the value of
    ``DEFAULT_BUDGET`` dropped (the benchmark's budget, not the search: it
    changes as the RTL's cycle bound does). Other files: their bytes."""
    import ast
    data = path.read_bytes()
    if path.suffix != ".py":
        return data
    tree = ast.parse(data)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(body, list) and body and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            body.pop(0)
        if isinstance(body, list):
            node.body = [n for n in body if not (
                isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)
                and isinstance(n.value.value, str))] or [ast.Pass()]
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)
                and node.targets[0].id == "DEFAULT_BUDGET"):
            node.value = ast.Constant(None)
    return ast.dump(tree).encode()


def fingerprint():
    """Hash of what the mirror's equality depends on: the golden search,
    board and encoding, the mirror, the tables generator, the wrapper and the
    test itself (Python files as code only: see _normalised)."""
    return _digest([_normalised(REPO / p) for p in PROOF_INPUTS])


def record_proof_chunk(run, chunk, chunks, positions, searches, total_positions, seed):
    """Called by test_mirror for each chunk that passed."""
    PROOF_DIR.mkdir(parents=True, exist_ok=True)
    rec = {"fingerprint": fingerprint(), "run": run, "chunk": chunk, "chunks": chunks,
           "positions": positions, "searches": searches,
           "total_positions": total_positions, "seed": seed}
    path = PROOF_DIR / ("%s-%s-%03d.json" % (rec["fingerprint"], run, chunk))
    fd, tmp = tempfile.mkstemp(dir=str(PROOF_DIR), prefix=".chunk-")
    with os.fdopen(fd, "w") as f:
        json.dump(rec, f)
    os.replace(tmp, str(path))


def proof_status():
    """The largest complete equality run on the current sources:
    {"positions", "searches", "seed", "fingerprint"} or None. A run counts
    only when every one of its chunks passed and recorded itself."""
    fp = fingerprint()
    runs = {}
    for name in glob.glob(str(PROOF_DIR / ("%s-*.json" % fp))):
        try:
            with open(name) as f:
                rec = json.load(f)
        except (OSError, ValueError):
            continue
        runs.setdefault(rec["run"], []).append(rec)
    best = None
    for recs in runs.values():
        chunks = recs[0]["chunks"]
        if len({r["chunk"] for r in recs}) != chunks:
            continue
        positions = sum(r["positions"] for r in recs)
        if positions != recs[0]["total_positions"]:
            continue
        status = {"positions": positions, "searches": sum(r["searches"] for r in recs),
                  "seed": recs[0]["seed"], "fingerprint": fp}
        if best is None or positions > best["positions"]:
            best = status
    return best


# ------------------------------------------------------------------ speed

MIDGAME = (0x000000108801e281, 0x0010000150101816)
"""A quiet mid-game position (20 beads of random play, mine to move)."""


def speed(budgets=(10000000, 50000000)):
    """[(position name, budget, result, seconds)] of one search each."""
    import time
    rows = []
    for name, (m, t) in (("empty", (0, 0)), ("midgame", MIDGAME)):
        for b in budgets:
            t0 = time.perf_counter()
            r = search(m, t, b)
            rows.append((name, b, r, time.perf_counter() - t0))
    return rows


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(prog="python -m bench.score4.mirror",
                                 description="Build the Score-4 mirror; report its "
                                 "proof status and (--speed) its nodes per second.")
    ap.add_argument("--speed", type=int, nargs="*", metavar="BUDGET",
                    help="time one search per budget (default 10M 50M) from the "
                         "empty board and a mid-game position")
    args = ap.parse_args(argv)
    print("library:", build(verbose=True))
    print("proof:", proof_status())
    if args.speed is not None:
        for name, b, r, dt in speed(tuple(args.speed) or (10000000, 50000000)):
            print("%-8s budget %10d: move %s, %d nodes, depth %d, score %s, %.3f s, "
                  "%.1f M nodes/s" % (name, b, r[0], r[1], r[2], r[3], dt, r[1] / dt / 1e6))


if __name__ == "__main__":
    main()
