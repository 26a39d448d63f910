"""The Score-4 search in C (``mirror.c``), called from Python.

    from bench.score4 import mirror
    move, nodes, depth, score, reason = mirror.search(mine, theirs, budget)

gives the same five values as ``golden.score4.search.search(Position(mine,
theirs), budget)`` (move and score None where the golden model has None),
tens of times faster than CPython. ``bench/score4/test_mirror.py`` proves the
equality on random positions; ``proof_status()`` reports the largest such
check run on the current sources.

Build, load, fingerprint and proof ledger: ``bench.common.mirror`` (the
tables are written from the golden model by ``gen_tables.py``, the library
is ``build/bench/score4/mirror-<hash>.so``); this module gives the C
functions their Python signatures.
"""
import ctypes
import sys
from pathlib import Path

from golden.score4.search import check_budget

from bench.common import mirror as common
from bench.common import proof_run
from bench.common.mirror import MirrorBuildError  # noqa: F401  (part of this module's API)

from . import gen_tables

HERE = Path(__file__).resolve().parent

from golden.score4 import REASONS  # noqa: E402 (the C mirror's reason codes index it)

_U64 = ctypes.c_uint64
MIRROR = common.CompiledMirror(
    title="Score-4", source=HERE / "mirror.c", tables=gen_tables.HEADER,
    c_standard="c99",
    signatures={"mirror_search": ((_U64, _U64, _U64, ctypes.POINTER(ctypes.c_int64)),
                                  ctypes.c_int),
                "mirror_tree_search": ((_U64, _U64, _U64, ctypes.POINTER(ctypes.c_int64)),
                                       ctypes.c_int),
                "mirror_warm_new": ((), ctypes.c_void_p),
                "mirror_warm_free": ((ctypes.c_void_p,), None),
                "mirror_warm_search": ((_U64, _U64, _U64, ctypes.c_void_p,
                                        ctypes.POINTER(ctypes.c_int64)), ctypes.c_int),
                "mirror_study_search": ((_U64, _U64, _U64, ctypes.c_int, ctypes.c_int,
                                         ctypes.POINTER(ctypes.c_int64)), ctypes.c_int),
                "mirror_evaluate": ((_U64, _U64), ctypes.c_int)},
    proof_inputs=("golden/score4/search.py", "golden/score4/board.py",
                  "golden/score4/book.py", "golden/score4/book.json",
                  "golden/score4/encoding.py", "bench/score4/mirror.c",
                  "bench/score4/gen_tables.py", "bench/score4/mirror.py",
                  "bench/score4/test_mirror.py"))
build, load, fingerprint = MIRROR.build, MIRROR.load, MIRROR.fingerprint
proof_status, record_proof_chunk = MIRROR.proof_status, MIRROR.record_proof_chunk


def _call(function, mine, theirs, budget, *extra):
    """(move, nodes, depth, score, reason) of one C search call (its five
    outputs, None for a move of -1 and for the score of depth 0)."""
    if mine & theirs:
        raise ValueError("a cell holds two beads: %#x" % (mine & theirs,))
    out = (ctypes.c_int64 * 5)()
    r = function(mine, theirs, budget, *(extra + (out,)))
    if r < 0:
        raise ValueError("%s refused (mine=%#x, theirs=%#x, budget=%d)"
                         % (function.__name__, mine, theirs, budget))
    move = None if out[0] < 0 else int(out[0])
    depth = int(out[2])
    return (move, int(out[1]), depth, int(out[3]) if depth else None, REASONS[r])


def search(mine, theirs, budget):
    """(move or None, nodes, depth, score or None, reason) of the golden
    search from the position (mine to move) within budget nodes."""
    check_budget(budget)
    return _call(load().mirror_search, mine, theirs, budget)


TREE_BUDGET_MAX = 1 << 40
"""The largest budget tree_search takes (the C node counter has 64 bits)."""


def tree_search(mine, theirs, budget):
    """search() without the book step, at any budget in 1..TREE_BUDGET_MAX
    (also above the core's MAX_BUDGET): how bench/score4/book.py scores the
    book's positions."""
    if isinstance(budget, bool) or not isinstance(budget, int) or not 1 <= budget <= TREE_BUDGET_MAX:
        raise ValueError("budget must be an int in 1..%d, got %r" % (TREE_BUDGET_MAX, budget))
    return _call(load().mirror_tree_search, mine, theirs, budget)


class WarmTable(object):
    """A study, not the core's search (bench/score4/warm_table.py): search()
    with a transposition table kept from one call to the next (killers and
    the node count cleared each call), as a core that cleared its table only
    on a new game would search. Use one per game and player."""

    def __init__(self):
        self._lib = load()
        self._ctx = self._lib.mirror_warm_new()
        if not self._ctx:
            raise MemoryError("mirror_warm_new")

    def search(self, mine, theirs, budget):
        check_budget(budget)
        return _call(self._lib.mirror_warm_search, mine, theirs, budget, self._ctx)

    def close(self):
        if self._ctx:
            self._lib.mirror_warm_free(self._ctx)
            self._ctx = None

    def __del__(self):
        self.close()


# the rules a study can take back (mirror.c's STUDY_*)
ALWAYS_REPLACE = 1      # every node's table entry written (before depth-preferred replacement)
NO_WIN_STEP = 2         # no step w: a node's win at once is found by trying its moves


def study_search(mine, theirs, budget, rules, use_book=True):
    """A study, not the core's search (bench/score4/replacement.py,
    win_step.py): search() (tree_search() with ``use_book=False``) with the
    rules in the mask ``rules`` as they were before."""
    if use_book:
        check_budget(budget)
    elif isinstance(budget, bool) or not isinstance(budget, int) or not 1 <= budget <= TREE_BUDGET_MAX:
        raise ValueError("budget must be an int in 1..%d, got %r" % (TREE_BUDGET_MAX, budget))
    if rules & ~(ALWAYS_REPLACE | NO_WIN_STEP):
        raise ValueError("rules must be a mask of ALWAYS_REPLACE and NO_WIN_STEP, got %r"
                         % (rules,))
    return _call(load().mirror_study_search, mine, theirs, budget, int(bool(use_book)), rules)


def always_replace_search(mine, theirs, budget, use_book=True):
    """study_search with every node's table entry written whatever the slot
    held (bench/score4/replacement.py)."""
    return study_search(mine, theirs, budget, ALWAYS_REPLACE, use_book)


def search_position(position, budget):
    """search() on a golden.score4.board.Position."""
    return search(position.mine, position.theirs, budget)


def evaluate(x, y):
    """golden.score4.search.evaluate in C (the full 76-line sum)."""
    return load().mirror_evaluate(x, y)


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


def _speed_options(parser):
    parser.add_argument("--speed", type=int, nargs="*", metavar="BUDGET",
                        help="time one search per budget (default 10M 50M) from the "
                             "empty board and a mid-game position")


def _print_speed(args):
    if args.speed is None:
        return
    for name, b, r, dt in speed(tuple(args.speed) or (10000000, 50000000)):
        print("%-8s budget %10d: move %s, %d nodes, depth %d, score %s, %.3f s, "
              "%.1f M nodes/s" % (name, b, r[0], r[1], r[2], r[3], dt, r[1] / dt / 1e6))


def main(argv=None):
    add, measure = proof_run.command(MIRROR, "bench.score4.test_mirror", _speed_options,
                                     _print_speed)
    return common.command_line(MIRROR, "python -m bench.score4.mirror",
                               "Build the Score-4 mirror; report its proof status and "
                               "(--speed) its nodes per second.", argv, add, measure)


if __name__ == "__main__":
    sys.exit(main())
