"""The Blokus Duo Monte-Carlo tree search of the issue-25 study (``mcts.c``), from Python.

    from bench.blokus import mcts
    r = mcts.search(position, mcts.Params(playouts=1000), last_opp=0)
    r.move, r.playouts, r.playout_plies, ...

``mcts.c`` documents the search and every knob of ``Params``. It draws its
moves from the mirror's move generator (``mirror.c``, included), so every
move it plays is legal by the proven rules; a game harness still checks each
one with the golden rules. It is a study to choose the core's next search
(docs/blokus-mcts.md), not the core's search: nothing in golden or the RTL
follows it yet.

    python -m bench.blokus.mcts [--playouts N] [--positions K] [--seed S]

prints the search's speed (playouts and playout plies a second) on random
positions.
"""
import argparse
import ctypes
import random
import sys
import time
from collections import namedtuple
from pathlib import Path

from bench.common import mirror as common
from . import gen_tables
from .mirror import _args, _rows
from .mirror_positions import random_position

HERE = Path(__file__).resolve().parent


class _CParams(ctypes.Structure):
    _fields_ = [("playouts", ctypes.c_int),
                ("explore", ctypes.c_double), ("prior_block", ctypes.c_double),
                ("prior_attach", ctypes.c_double),
                ("prior_visits", ctypes.c_int), ("tree_width", ctypes.c_int),
                ("expand_after", ctypes.c_int),
                ("local", ctypes.c_int), ("local_moves", ctypes.c_int),
                ("size_base", ctypes.c_double), ("attach_base", ctypes.c_double),
                ("open_big", ctypes.c_int),
                ("margin_weight", ctypes.c_double), ("margin_scale", ctypes.c_double),
                ("local_adj", ctypes.c_int), ("open_schedule", ctypes.c_int),
                ("margin_mode", ctypes.c_int), ("select_mode", ctypes.c_int),
                ("prior_temp", ctypes.c_double), ("rave_weight", ctypes.c_double),
                ("rave_parent_max", ctypes.c_double), ("rave_child_max", ctypes.c_double),
                ("tree_nodes", ctypes.c_int), ("batch", ctypes.c_int),
                ("root_width", ctypes.c_int),
                ("cycles", ctypes.c_double), ("ply_cycles", ctypes.c_double),
                ("descent_cycles", ctypes.c_double), ("expand_move_cycles", ctypes.c_double),
                ("seed", ctypes.c_uint64)]


Params = namedtuple("Params", [f for f, _ in _CParams._fields_ if f != "seed"])
Params.__new__.__defaults__ = (
    1000,            # playouts
    0.5, 5.0, 1.0,   # explore, prior_block, prior_attach
    3, 0, 1,         # prior_visits, tree_width (0 = all), expand_after
    1, 2,            # local (0 off, 1 touching, 2 two squares first), local_moves
    3.0, 1.8,        # size_base, attach_base
    4,               # open_big (open_schedule 0)
    0.3, 30.0,       # margin_weight, margin_scale (margin_mode 0)
    1, 1, 1, 1,      # local_adj, open_schedule, margin_mode, select_mode
    2.0,             # prior_temp
    0.7, 25000.0, 2000.0,   # rave_weight (0 off), rave_parent_max, rave_child_max
    0,               # tree_nodes: the tree's capacity in nodes (0: 4 M)
    1,               # batch: descents chosen together, with virtual loss (1..64)
    0,               # root_width: the root's children kept (0: all; tree_width below it)
    0.0, 260.0, 624.0, 2.0,   # cycles a unit may spend (0: playouts decide), per ply,
                              # per descent, per move an expansion scores
)
Params.__doc__ = "The knobs of mcts.c (its header says what each does)."

KNOB_TYPES = {f: t for f, t in _CParams._fields_ if f != "seed"}

Result = namedtuple("Result", "move playouts playout_plies tree_plies expansions "
                              "max_depth visits mean moves playout_moves expansion_moves "
                              "cycles nodes")

_P16, _P64 = ctypes.POINTER(ctypes.c_uint16), ctypes.POINTER(ctypes.c_int64)

MCTS = common.CompiledMirror(
    title="Blokus MCTS", source=HERE / "mcts.c", tables=gen_tables.HEADER,
    c_standard="gnu99",
    signatures={"mcts_search": ((_P16, _P16, ctypes.c_uint32, ctypes.c_uint32, ctypes.c_int,
                                 ctypes.c_int, _P16, ctypes.POINTER(_CParams), _P64),
                                ctypes.c_int),
                "mcts_params_size": ((), ctypes.c_int)},
    proof_inputs=(), includes=(HERE / "mirror.c",), prefix="mcts")


def load():
    lib = MCTS.load()
    if lib.mcts_params_size() != ctypes.sizeof(_CParams):
        raise common.MirrorBuildError("mcts.c's McParams (%d bytes) is not mcts.py's (%d)"
                                      % (lib.mcts_params_size(), ctypes.sizeof(_CParams)))
    return lib


def parse_knob(text):
    """``name=value`` -> (name, typed value); ValueError naming the knobs."""
    name, sep, value = text.partition("=")
    name = name.strip().replace("-", "_")
    if not sep or name not in KNOB_TYPES:
        raise ValueError("%r is not NAME=VALUE with NAME one of %s"
                         % (text, ", ".join(sorted(KNOB_TYPES))))
    kind = int if KNOB_TYPES[name] is ctypes.c_int else float
    try:
        return name, kind(value)
    except ValueError:
        raise ValueError("%s takes %s, not %r" % (name, kind.__name__, value)) from None


def parse_knobs(texts):
    """``NAME=VALUE`` texts -> {name: typed value}; ValueError naming the knobs."""
    return dict(parse_knob(text) for text in texts)


def search(position, params=Params(), last_opp=0, seed=1):
    """The search on ``position`` (ME to move); ``last_opp``: the squares of
    the opponent's last move (a bitboard, 0 when unknown). A Result."""
    c = _CParams(seed=seed or 1, **params._asdict())
    if c.playouts < 0:
        raise ValueError("playouts must be >= 0, not %d" % c.playouts)
    out = (ctypes.c_int64 * 16)()
    rc = load().mcts_search(*(_args(position)[:6] + (_rows(last_opp), ctypes.byref(c), out)))
    if rc == -2:
        raise MemoryError("mcts_search could not allocate its tree")
    if rc < 0:
        raise ValueError("mcts_search refused the position:\n%r" % (position,))
    move = None if out[0] < 0 else tuple(int(v) for v in out[:4])
    return Result(move, *(int(v) for v in out[4:10]), out[10] / 1e6,
                  *(int(v) for v in out[11:16]))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m bench.blokus.mcts",
                                 description="Speed of the issue-25 MCTS study on random "
                                             "positions.")
    ap.add_argument("--playouts", type=int, default=1000)
    ap.add_argument("--positions", type=int, default=10)
    ap.add_argument("--seed", type=int, default=None)
    args = ap.parse_args(argv)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 2 ** 31)
    print("seed", seed)
    rng = random.Random(seed)
    total_t = total_p = total_plies = 0
    for i in range(args.positions):
        view = random_position(rng, rng.randrange(2, 24))
        t0 = time.perf_counter()
        r = search(view, Params(playouts=args.playouts), seed=rng.randrange(1, 2 ** 31))
        dt = time.perf_counter() - t0
        total_t += dt
        total_p += r.playouts
        total_plies += r.playout_plies
        print("%2d: %d moves, %s, %.3f s, %.1f plies a playout, depth %d"
              % (i, r.moves, r.move, dt, r.playout_plies / max(1, r.playouts), r.max_depth))
    print("%.0f playouts/s, %.0f playout plies/s" % (total_p / total_t, total_plies / total_t))
    return 0


if __name__ == "__main__":
    sys.exit(main())
