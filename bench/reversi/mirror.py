"""The Reversi search in C (``mirror.c``), called from Python.

    from bench.reversi import mirror
    result = mirror.search(position, budget)      # a golden SearchResult

gives the same SearchResult as ``golden.reversi.search.search(position,
budget)`` for every board up to 8 x 8 (the core's default size), hundreds of
times faster than CPython. ``bench/reversi/test_mirror.py`` proves the
equality on random positions; ``proof_status()`` reports the largest such
check run on the current sources.

Build, load, fingerprint and proof ledger: ``bench.common.mirror`` (the
tables are written from the golden model by ``gen_tables.py``, the library
is ``build/bench/reversi/mirror-<hash>.so``); this module gives the C
functions their Python signatures.
"""
import ctypes
import sys
from pathlib import Path

from golden.reversi.search import STOPS, SearchResult, check_budget

from bench.common import mirror as common
from bench.common import proof_run
from bench.common.mirror import MirrorBuildError  # noqa: F401  (part of this module's API)

from . import gen_tables

HERE = Path(__file__).resolve().parent

_U64 = ctypes.c_uint64
MIRROR = common.CompiledMirror(
    title="Reversi", source=HERE / "mirror.c", tables=gen_tables.HEADER, c_standard="c99",
    signatures={"mirror_search": ((ctypes.c_int, _U64, _U64, _U64,
                                   ctypes.POINTER(ctypes.c_int64)), ctypes.c_int),
                "mirror_search_with": ((ctypes.c_int, _U64, _U64, _U64, ctypes.c_int,
                                        ctypes.c_int, ctypes.POINTER(ctypes.c_int64)),
                                       ctypes.c_int),
                "mirror_evaluate": ((ctypes.c_int, _U64, _U64, ctypes.c_int), ctypes.c_int)},
    proof_inputs=("golden/reversi/search.py", "golden/reversi/board.py",
                  "golden/reversi/encoding.py", "bench/reversi/mirror.c",
                  "bench/reversi/gen_tables.py", "bench/reversi/mirror.py",
                  "bench/reversi/test_mirror.py", "golden/reversi/evaluation.json"))
build, load, fingerprint = MIRROR.build, MIRROR.load, MIRROR.fingerprint
proof_status, record_proof_chunk = MIRROR.proof_status, MIRROR.record_proof_chunk


def search(position, budget):
    """golden.reversi.search.search(position, budget), in C (boards up to 8 x 8)."""
    check_budget(budget)
    size = gen_tables.size_index(position.width, position.height)
    out = (ctypes.c_int64 * 6)()
    if load().mirror_search(size, position.mine, position.theirs, budget, out) < 0:
        raise ValueError("mirror_search refused %r at budget %d" % (position, budget))
    return _result(out)


def search_with(position, budget, empties, after):
    """(result, wld_nodes): the search with golden's ENDGAME_EMPTIES and
    ENDGAME_AFTER replaced by `empties` and `after`, for studies of the
    solver (it is golden's search only with golden's values); wld_nodes: the
    nodes counted when its win/loss/draw solve ended (0: it did not)."""
    check_budget(budget)
    size = gen_tables.size_index(position.width, position.height)
    out = (ctypes.c_int64 * 7)()
    if load().mirror_search_with(size, position.mine, position.theirs, budget, empties,
                                 after, out) < 0:
        raise ValueError("mirror_search_with refused %r at budget %d (empties %d, after %d)"
                         % (position, budget, empties, after))
    return _result(out), int(out[6])


def _result(out):
    move = None if out[0] < 0 else int(out[0])
    return SearchResult(move, int(out[1]) if out[5] else None, int(out[2]), int(out[3]),
                        STOPS[int(out[4])])


def evaluate(position, stage):
    """golden.reversi.search.evaluate of the position at a stage, both sides' moves included."""
    size = gen_tables.size_index(position.width, position.height)
    return load().mirror_evaluate(size, position.mine, position.theirs, stage)


def _speed_options(parser):
    parser.add_argument("--speed", type=int, nargs="*", metavar="BUDGET",
                        help="time one search per budget (default: golden's DEFAULT_BUDGET) "
                             "from the 8 x 8 start")


def _print_speed(args):
    if args.speed is None:
        return
    import time

    from golden.reversi.board import start
    from golden.reversi.search import DEFAULT_BUDGET
    for budget in tuple(args.speed) or (DEFAULT_BUDGET,):
        t0 = time.perf_counter()
        r = search(start(8, 8), budget)
        dt = time.perf_counter() - t0
        print("start 8x8, budget %d: %r, %.3f s, %.1f M nodes/s"
              % (budget, r, dt, r.nodes / dt / 1e6))


def main(argv=None):
    add, measure = proof_run.command(MIRROR, "bench.reversi.test_mirror", _speed_options,
                                     _print_speed)
    return common.command_line(MIRROR, "python -m bench.reversi.mirror",
                               "Build the Reversi mirror; report its proof status and "
                               "(--speed) its nodes per second.", argv, add, measure)


if __name__ == "__main__":
    sys.exit(main())
