"""The Blokus Duo search in C (``mirror.c``), called from Python.

    from bench.blokus import mirror
    r = mirror.search(position, budget)     # a golden.blokus.search.SearchResult
    m = mirror.choose(position, budget)     # the move, or None to pass

give the same values as ``golden.blokus.search.search`` / ``choose`` on a
``golden.blokus.board.Position`` (ME to move): the same move (lowest digit),
score, nodes, number of legal moves, depth and stop, for every position and
budget (the iterative-deepening alpha-beta search over the ``TOP_K`` best
moves at every ply, ``SCAN_NODES`` charged per position expanded), some
hundreds of times faster than CPython: about 8 M nodes/s, so a search at
``DEFAULT_BUDGET`` (20 M nodes) takes up to 2-4 s on the largest positions
(``--speed``), where golden would take minutes.
``candidates(position)`` lists every legal move of ME in scan order with its
phase-1 score (golden ``candidates`` and ``evaluate``: size and the reach of
both sides), ``reach(position, player)`` is golden ``reach`` (the term of the
evaluation), ``mobility(position, player)`` golden ``mobility`` (no longer
used by the search, kept as a check of the move generator), ``constants()``
the golden constants compiled in (checked at load).
``bench/blokus/test_mirror.py`` proves the equality; ``proof_status()``
reports the largest such check run on the current sources.

Build, load, fingerprint and proof ledger: ``bench.common.mirror`` (the
tables are written from the golden model by ``gen_tables.py``, the library
is ``build/bench/blokus/mirror-<hash>.so``); this module gives the C
functions their Python signatures and checks the compiled constants.

    python -m bench.blokus.mirror [--speed [--repeat N]] [--find-big GAMES [--top N]]
"""
import ctypes
import sys
import time
from pathlib import Path

from golden.blokus.board import ME, OPP
from golden.blokus.search import DEFAULT_BUDGET, STOPS, SearchResult, check_budget

from bench.common import mirror as common
from bench.common import proof_run
from bench.common.mirror import MirrorBuildError

from . import gen_tables
from .mirror_positions import find_big, speed_positions

HERE = Path(__file__).resolve().parent

Rows = ctypes.c_uint16 * 16


def _check_constants(lib):
    """The constants compiled in must be the golden model's (MirrorBuildError)."""
    got = _constants(lib)
    want = golden_constants()
    if got != want:
        raise MirrorBuildError("the built mirror's constants %r differ from the golden "
                               "model's %r" % (got, want))


_P16, _P64 = ctypes.POINTER(ctypes.c_uint16), ctypes.POINTER(ctypes.c_int64)
# own rows, other rows, own used tiles, own start cell
_ONE_SIDE = (_P16, _P16, ctypes.c_uint32, ctypes.c_int)
# ME's rows, OPP's rows, used tiles and start cells of both, budget (or room), out
_BOTH_SIDES = (_P16, _P16, ctypes.c_uint32, ctypes.c_uint32, ctypes.c_int, ctypes.c_int,
               ctypes.c_int, _P64)
MIRROR = common.CompiledMirror(
    title="Blokus", source=HERE / "mirror.c", tables=gen_tables.HEADER,
    c_standard="gnu99",
    signatures={"mirror_search": (_BOTH_SIDES, ctypes.c_int),
                "mirror_candidates": (_BOTH_SIDES, ctypes.c_int),
                "mirror_mobility": (_ONE_SIDE, ctypes.c_int),
                "mirror_reach": (_ONE_SIDE, ctypes.c_int),
                "mirror_constants": ((_P64,), None)},
    proof_inputs=("golden/blokus/search.py", "golden/blokus/board.py",
                  "golden/blokus/encoding.py", "bench/blokus/mirror.c",
                  "bench/blokus/gen_tables.py", "bench/blokus/mirror.py",
                  "bench/blokus/test_mirror.py", "bench/blokus/mirror_positions.py"),
    check=_check_constants)
build, load, fingerprint = MIRROR.build, MIRROR.load, MIRROR.fingerprint
proof_status, record_proof_chunk = MIRROR.proof_status, MIRROR.record_proof_chunk


CONSTANTS = ("TOP_K", "MAX_BUDGET", "DEFAULT_BUDGET", "W_SIZE", "W_OPP", "MAX_MOVES",
             "MAX_REACH", "REACH_TILES", "MAX_DEPTH", "SCAN_NODES", "INF")


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
    (move, score, nodes, moves, depth, stop)."""
    check_budget(budget)
    out = (ctypes.c_int64 * 9)()
    rc = load().mirror_search(*(_args(position) + (budget, out)))
    if rc == -2:
        raise MemoryError("mirror_search could not allocate its move buffers")
    if rc < 0:
        raise ValueError("mirror_search refused the position (cells off the board "
                         "or on both sides):\n%r" % (position,))
    stop = STOPS[out[8] - 1] if out[8] else None
    return SearchResult(_move(out), int(out[4]), int(out[5]), int(out[6]), int(out[7]), stop)


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


def _one_side(function, position, player):
    """A C function of one player's side (its cells, the other's, its used
    tiles and start cell) on ``position``."""
    n = getattr(load(), function)(_rows(position.cells[player]),
                                  _rows(position.cells[1 - player]),
                                  position.used[player], _start(position, player))
    if n < 0:
        raise ValueError("%s refused the position:\n%r" % (function, position))
    return n


def mobility(position, player):
    """golden.blokus.search.mobility(position, player) in C."""
    return _one_side("mirror_mobility", position, player)


def reach(position, player):
    """golden.blokus.search.reach(position, player) in C."""
    return _one_side("mirror_reach", position, player)


# ------------------------------------------------------------------ speed

def speed(repeat=1):
    """[(name, legal moves, seconds per default-budget search, SearchResult)]
    on the fixed positions of ``mirror_positions.speed_positions()`` (each
    search ``repeat`` times; one takes up to a few seconds)."""
    rows = []
    for name, pos in speed_positions(search):
        t0 = time.perf_counter()
        for _ in range(repeat):
            r = search(pos)
        rows.append((name, r.moves, (time.perf_counter() - t0) / repeat, r))
    return rows


def _options(parser):
    parser.add_argument("--speed", action="store_true",
                        help="time the default-budget search on fixed positions from real games")
    parser.add_argument("--repeat", type=int, default=1,
                        help="searches per position (--speed; default 1: a default-budget "
                             "search takes up to a few seconds)")
    parser.add_argument("--find-big", type=int, metavar="GAMES",
                        help="list the positions with the most legal moves over GAMES games of "
                             "each kind (search and random play; for mirror_positions.BIG)")
    parser.add_argument("--top", type=int, default=10,
                        help="positions --find-big lists (default 10)")


def _measure(args):
    if args.repeat < 1 or args.top < 1 or (args.find_big is not None and args.find_big < 1):
        raise ValueError("--repeat, --top and --find-big take a positive number")
    if args.speed:
        total_t = total_n = 0
        for name, moves, dt, r in speed(args.repeat):
            print("%-22s %4d legal moves, %8d nodes, depth %d (stop %s): %8.1f ms per search, "
                  "%5.2f M nodes/s" % (name, moves, r.nodes, r.depth, r.stop, dt * 1e3,
                                       r.nodes / dt / 1e6))
            total_t += dt
            total_n += r.nodes
        print("all: %.2f M nodes/s" % (total_n / total_t / 1e6))
    if args.find_big is not None:
        for line in find_big(args.find_big, args.top, choose):
            print(line)


def main(argv=None):
    add, measure = proof_run.command(MIRROR, "bench.blokus.test_mirror", _options, _measure)
    return common.command_line(MIRROR, "python -m bench.blokus.mirror",
                               "Build the Blokus mirror; report its proof status, "
                               "(--speed) default-budget searches' time and nodes per second "
                               "and "
                               "(--find-big) positions with many legal moves.",
                               argv, add, measure)


if __name__ == "__main__":
    sys.exit(main())
