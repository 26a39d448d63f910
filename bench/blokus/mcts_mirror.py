"""The C mirror of the golden Monte-Carlo search (``mcts_mirror.c``), from Python.

    from bench.blokus import mcts_mirror
    r = mcts_mirror.search(position, budget, last_opp=0)   # a golden.blokus.mcts.MctsResult

Equal to ``golden.blokus.mcts.search`` on every field (``test_mcts_mirror.py``
proves it on random positions and budgets), and a thousand times faster: whole
games at the default budget in a fraction of a second a move.

    python -m bench.blokus.mcts_mirror [--positions K] [--budget W] [--seed S]

prints the answer, playouts and time of each search on random positions.
"""
import argparse
import ctypes
import random
import sys
import time
from pathlib import Path

from golden.blokus import mcts as golden_mcts
from bench.common import mirror as common
from . import gen_tables
from .mirror import _args, _rows
from .mirror_positions import random_position

HERE = Path(__file__).resolve().parent
_P16, _P64 = ctypes.POINTER(ctypes.c_uint16), ctypes.POINTER(ctypes.c_int64)
NO_LIMIT = 2 ** 62

MIRROR = common.CompiledMirror(
    title="Blokus MCTS mirror", source=HERE / "mcts_mirror.c", tables=gen_tables.HEADER,
    c_standard="gnu99",
    signatures={"gm_search": ((_P16, _P16, ctypes.c_uint32, ctypes.c_uint32, ctypes.c_int,
                               ctypes.c_int, _P16, ctypes.c_int64, ctypes.c_int64, ctypes.c_int,
                               _P64),
                              ctypes.c_int)},
    proof_inputs=(), includes=(HERE / "mcts.c", HERE / "mirror.c"), prefix="mcts-mirror")


def search(position, budget=golden_mcts.DEFAULT_BUDGET, last_opp=0, max_playouts=None,
           units=golden_mcts.BATCH):
    """``golden.blokus.mcts.search`` in C: the same arguments, the same MctsResult."""
    golden_mcts.check_budget(budget)
    golden_mcts.check_units(units)
    if max_playouts is not None and (isinstance(max_playouts, bool)
                                     or not isinstance(max_playouts, int) or max_playouts < 0):
        raise ValueError("max_playouts must be an int >= 0 or None, not %r" % (max_playouts,))
    out = (ctypes.c_int64 * 19)()
    limit = NO_LIMIT if max_playouts is None else max_playouts
    rc = MIRROR.load().gm_search(*(_args(position)[:6]
                                   + (_rows(last_opp), budget, limit, units, out)))
    if rc == -2:
        raise MemoryError("gm_search could not allocate its tree")
    if rc < 0:
        raise ValueError("gm_search refused the position:\n%r" % (position,))
    move = None if out[0] < 0 else tuple(int(v) for v in out[:4])
    result = golden_mcts.MctsResult(move, *(int(v) for v in out[4:16]), int(out[16]) % 2 ** 64,
                                    int(out[17]), int(out[18]))
    # golden's deadline check: a search that played out started under its
    # budget, so it must end within drain_bound of it
    if result.playouts and result.work > budget + golden_mcts.drain_bound(units):
        raise RuntimeError("the mirror's search ended %d cycles past its budget %d, more than "
                           "drain_bound(%d) = %d: the deadline's proof is wrong"
                           % (result.work - budget, budget, units,
                              golden_mcts.drain_bound(units)))
    return result


def scanned_by_depth():
    """The children the last ``search`` of this thread read to select, by the
    depth of the node read ([0] the root; the last entry that depth and
    deeper): not a golden statistic (golden sums them, ``scanned``), a
    measurement for the tree unit's design."""
    lib = MIRROR.load()
    value, out = ctypes.c_int64(), []
    while lib.gm_scanned_at_depth(len(out), ctypes.byref(value)) == 0:
        out.append(value.value)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m bench.blokus.mcts_mirror",
                                 description="The C mirror of the golden Monte-Carlo search on "
                                             "random positions: answer, playouts, time.")
    ap.add_argument("--positions", type=int, default=5, help="positions (default 5)")
    ap.add_argument("--budget", type=int, default=golden_mcts.DEFAULT_BUDGET,
                    help="clock cycles a search (golden's schedule; default %d)"
                    % golden_mcts.DEFAULT_BUDGET)
    ap.add_argument("--seed", type=int, default=None, help="the positions' seed (default: drawn)")
    args = ap.parse_args(argv)
    try:
        golden_mcts.check_budget(args.budget)
    except ValueError as e:
        ap.error(str(e))
    if args.positions < 1:
        ap.error("--positions must be >= 1")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 2 ** 31)
    print("seed", seed)
    rng = random.Random(seed)
    for i in range(args.positions):
        view = random_position(rng, rng.randrange(0, 30))
        t0 = time.perf_counter()
        r = search(view, args.budget)
        print("%2d: %s, %d playouts, %d nodes, depth %d, %.3f s"
              % (i, r.move, r.playouts, r.nodes, r.max_depth, time.perf_counter() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
