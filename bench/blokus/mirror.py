"""The Blokus Duo search in C (``mirror.c``), called from Python.

    from bench.blokus import mirror
    r = mirror.search(position, budget)     # a golden.blokus.search.SearchResult
    m = mirror.choose(position, budget)     # the move, or None to pass

give the same values as ``golden.blokus.search.search`` / ``choose`` on a
``golden.blokus.board.Position`` (ME to move): the same move (lowest digit),
score, nodes and number of legal moves, for every position and budget
(the two-phase search: every legal move, then the opponent's best reply to
the ``TOP_K`` best), some hundreds of times faster than CPython.
``candidates(position)`` lists every legal move of ME in scan order with its
phase-1 score (golden ``candidates`` and ``evaluate``: size and the reach of
both sides), ``reach(position, player)`` is golden ``reach`` (the term of the
evaluation), ``mobility(position, player)`` golden ``mobility`` (no longer
used by the search, kept as a check of the move generator), ``constants()``
the golden constants compiled in (checked at load).
``bench/blokus/test_mirror.py`` proves the equality; ``proof_status()``
reports the largest such check run on the current sources.

Build: at first use the tables are written from the golden model
(``gen_tables.py``) and ``mirror.c`` is compiled with gcc (``$CC`` if set)
into ``build/bench/blokus/mirror-<hash>.so``, where the hash covers the C
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

from golden.blokus.board import ME, OPP
from golden.blokus.search import DEFAULT_BUDGET, SearchResult, check_budget

from . import gen_tables

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
SOURCE = HERE / "mirror.c"
BUILD_DIR = gen_tables.BUILD_DIR
PROOF_DIR = BUILD_DIR / "proof"

# Tried in turn: the first set the compiler accepts is used.
FLAG_SETS = (
    ["-O2", "-march=native"],
    ["-O2", "-mpopcnt"],
    ["-O2"],
)
COMMON_FLAGS = ["-std=gnu99", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC"]

Rows = ctypes.c_uint16 * 16


class MirrorBuildError(RuntimeError):
    """The C mirror could not be compiled."""


_lib = None


def _compiler():
    cc = os.environ.get("CC") or "gcc"
    path = shutil.which(cc)
    if path is None:
        raise MirrorBuildError(
            "C compiler %r not found: the Blokus mirror (bench/blokus/mirror.c) "
            "is compiled at first use. Install gcc (Debian: apt-get install gcc) "
            "or set CC to a GNU C compiler." % cc)
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
    raise MirrorBuildError("could not compile the Blokus mirror:\n" + "\n".join(errors))


def load():
    """The ctypes library (built and loaded once per process)."""
    global _lib
    if _lib is None:
        lib = ctypes.CDLL(str(build()))
        P16 = ctypes.POINTER(ctypes.c_uint16)
        P64 = ctypes.POINTER(ctypes.c_int64)
        u32, i32 = ctypes.c_uint32, ctypes.c_int
        lib.mirror_search.argtypes = [P16, P16, u32, u32, i32, i32, i32, P64]
        lib.mirror_search.restype = ctypes.c_int
        lib.mirror_candidates.argtypes = [P16, P16, u32, u32, i32, i32, i32, P64]
        lib.mirror_candidates.restype = ctypes.c_int
        lib.mirror_mobility.argtypes = [P16, P16, u32, i32]
        lib.mirror_mobility.restype = ctypes.c_int
        lib.mirror_reach.argtypes = [P16, P16, u32, i32]
        lib.mirror_reach.restype = ctypes.c_int
        lib.mirror_constants.argtypes = [P64]
        lib.mirror_constants.restype = None
        got = _constants(lib)
        want = golden_constants()
        if got != want:
            raise MirrorBuildError("the built mirror's constants %r differ from the golden "
                                   "model's %r" % (got, want))
        _lib = lib
    return _lib


CONSTANTS = ("TOP_K", "MAX_BUDGET", "DEFAULT_BUDGET", "W_SIZE", "W_OPP", "MAX_MOVES",
             "MAX_REACH", "REACH_TILES")


def _constants(lib):
    out = (ctypes.c_int64 * len(CONSTANTS))()
    lib.mirror_constants(out)
    got = dict(zip(CONSTANTS, (int(v) for v in out)))
    mask = got["REACH_TILES"]                    # the C gives a tile mask
    got["REACH_TILES"] = tuple(t for t in range(mask.bit_length()) if (mask >> t) & 1)
    return got


def golden_constants():
    """The constants of golden.blokus.search the C is built with (REACH_TILES
    as a sorted tuple: reach does not depend on its order)."""
    from golden.blokus import search as S
    out = {name: getattr(S, name) for name in CONSTANTS}
    out["REACH_TILES"] = tuple(sorted(S.REACH_TILES))
    return out


def constants():
    """The constants compiled into the mirror (tables.h, from the golden model):
    {TOP_K, MAX_BUDGET, DEFAULT_BUDGET, W_SIZE, W_OPP, MAX_MOVES, MAX_REACH,
    REACH_TILES}."""
    return _constants(load())


def _rows(bb):
    """A padded bitboard (int) as 16 uint16 row masks (row Y = bits 16Y..16Y+15)."""
    if not 0 <= bb < 1 << 256:
        raise ValueError("not a 256-bit bitboard: %r" % (bb,))
    return Rows.from_buffer_copy(bb.to_bytes(32, "little"))


def _start(position, player):
    return position.start_bit[player].bit_length() - 1


def _args(position):
    return (_rows(position.cells[ME]), _rows(position.cells[OPP]),
            position.used[ME], position.used[OPP],
            _start(position, ME), _start(position, OPP))


def _move(out):
    return None if out[0] < 0 else (int(out[0]), int(out[1]), int(out[2]), int(out[3]))


def search(position, budget=DEFAULT_BUDGET):
    """golden.blokus.search.search(position, budget), in C: a SearchResult
    (move, score, nodes, moves)."""
    check_budget(budget)
    out = (ctypes.c_int64 * 7)()
    if load().mirror_search(*(_args(position) + (budget, out))) < 0:
        raise ValueError("mirror_search refused the position (cells off the board "
                         "or on both sides):\n%r" % (position,))
    return SearchResult(_move(out), int(out[4]), int(out[5]), int(out[6]))


def choose(position, budget=DEFAULT_BUDGET):
    """golden.blokus.search.choose in C: the move (lowest digit), or None to pass."""
    return search(position, budget).move


def candidates(position):
    """[(move, score)]: every legal move of ME in scan order
    (golden ``candidates``) with golden ``evaluate``'s score."""
    from golden.blokus.search import MAX_MOVES
    out = (ctypes.c_int64 * (5 * MAX_MOVES))()
    n = load().mirror_candidates(*(_args(position) + (MAX_MOVES, out)))
    if n < 0:
        raise ValueError("mirror_candidates refused the position:\n%r" % (position,))
    return [(_move(out[5 * i:5 * i + 4]), int(out[5 * i + 4])) for i in range(n)]


def mobility(position, player):
    """golden.blokus.search.mobility(position, player) in C."""
    n = load().mirror_mobility(_rows(position.cells[player]),
                               _rows(position.cells[1 - player]),
                               position.used[player], _start(position, player))
    if n < 0:
        raise ValueError("mirror_mobility refused the position:\n%r" % (position,))
    return n


def reach(position, player):
    """golden.blokus.search.reach(position, player) in C."""
    n = load().mirror_reach(_rows(position.cells[player]),
                            _rows(position.cells[1 - player]),
                            position.used[player], _start(position, player))
    if n < 0:
        raise ValueError("mirror_reach refused the position:\n%r" % (position,))
    return n


# ------------------------------------------------------------------ the proof

PROOF_INPUTS = (
    "golden/blokus/search.py", "golden/blokus/board.py", "golden/blokus/encoding.py",
    "bench/blokus/mirror.c", "bench/blokus/gen_tables.py", "bench/blokus/mirror.py",
    "bench/blokus/test_mirror.py", "bench/blokus/mirror_positions.py",
)


def _normalised(path):
    """What of a file the proof depends on. Python: its syntax tree without
    docstrings and comments, with the value of ``DEFAULT_BUDGET`` dropped.
    Other files: their bytes. (As bench.score4.mirror._normalised.)"""
    import ast
    data = path.read_bytes()
    if path.suffix != ".py":
        return data
    tree = ast.parse(data)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
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
    board and encoding, the mirror, the tables generator, the wrapper, the
    test and its positions (Python files as code only)."""
    return _digest([_normalised(REPO / p) for p in PROOF_INPUTS])


def record_proof_chunk(run, chunk, chunks, positions, searches, random_positions,
                       total_random, seed):
    """Called by test_mirror for each chunk that passed: ``positions`` and
    ``searches`` checked in the chunk (all kinds), ``random_positions`` of
    them random ones, out of ``total_random`` in the whole run."""
    PROOF_DIR.mkdir(parents=True, exist_ok=True)
    rec = {"fingerprint": fingerprint(), "run": run, "chunk": chunk, "chunks": chunks,
           "positions": positions, "searches": searches,
           "random_positions": random_positions, "total_random": total_random,
           "seed": seed}
    path = PROOF_DIR / ("%s-%s-%03d.json" % (rec["fingerprint"], run, chunk))
    fd, tmp = tempfile.mkstemp(dir=str(PROOF_DIR), prefix=".chunk-")
    with os.fdopen(fd, "w") as f:
        json.dump(rec, f)
    os.replace(tmp, str(path))


def proof_status():
    """The largest complete equality run on the current sources:
    {"positions", "searches", "random_positions", "seed", "fingerprint"} or
    None (positions: all kinds checked; random_positions: the run's
    MIRROR_POSITIONS). A run counts
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
        if sum(r.get("random_positions", -1) for r in recs) != recs[0].get("total_random"):
            continue
        positions = sum(r["positions"] for r in recs)
        status = {"positions": positions, "searches": sum(r["searches"] for r in recs),
                  "random_positions": recs[0]["total_random"],
                  "seed": recs[0]["seed"], "fingerprint": fp}
        if best is None or positions > best["positions"]:
            best = status
    return best


# ------------------------------------------------------------------ speed

def speed(repeat=200):
    """[(name, legal moves, seconds per default-budget search, nodes)] on the fixed
    positions of ``mirror_positions.speed_positions()``."""
    import time
    from .mirror_positions import speed_positions
    rows = []
    for name, pos in speed_positions():
        r = search(pos)
        t0 = time.perf_counter()
        for _ in range(repeat):
            search(pos)
        rows.append((name, r.moves, (time.perf_counter() - t0) / repeat, r.nodes))
    return rows


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(prog="python -m bench.blokus.mirror",
                                 description="Build the Blokus mirror; report its "
                                 "proof status and (--speed) default-budget searches per second.")
    ap.add_argument("--speed", action="store_true",
                    help="time the default-budget search on fixed positions from real games")
    ap.add_argument("--repeat", type=int, default=200, help="searches per position (--speed)")
    args = ap.parse_args(argv)
    try:
        print("library:", build(verbose=True))
    except MirrorBuildError as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    print("proof:", proof_status())
    if args.speed:
        total_t = total_n = 0
        for name, moves, dt, nodes in speed(max(1, args.repeat)):
            print("%-22s %4d legal moves, %5d nodes: %.3f ms per search, %6.0f searches/s"
                  % (name, moves, nodes, dt * 1e3, 1 / dt))
            total_t += dt
            total_n += 1
        print("mean: %.0f searches/s" % (total_n / total_t))
    return 0


if __name__ == "__main__":
    sys.exit(main())
