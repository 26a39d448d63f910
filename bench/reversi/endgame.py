"""How far does the Reversi core's endgame solver reach within its budget?

    python -m bench.reversi.endgame [--positions N] [--empties 10-24]
        [--budget B] [--after S] [--seed S] [--jobs J]
        [--out bench/results/reversi-endgame.md]

Positions: N for each number of empty cells in the range, taken from games
the compiled mirror (``bench.reversi.mirror``, golden's search) plays
against itself at 8 x 8 at budget 20,000 after 8 uniformly random plies
(one game per position, seeded by the run's seed; positions where the side
to move has fewer than two moves are skipped, as the search does not search
them). Each is searched by the mirror at budget B (default golden's
``DEFAULT_BUDGET``: the core's second at 50 MHz) with the solver forced on
(``ENDGAME_EMPTIES`` set to the position's own empties, ``ENDGAME_AFTER``
midgame iterations first, ``--after``, default golden's). The table gives,
for each number of empties, how many positions the win/loss/draw solve
finished (stop ``exact`` or ``wld``), how many the exact margin finished
(stop ``exact``), and the nodes counted when the win/loss/draw solve
finished (median and largest, the midgame iterations before it included). ``golden.reversi.search.ENDGAME_EMPTIES`` is chosen from it: the
most empties where the win/loss/draw solve still finishes nearly always.

Nodes are the core's unit: at 15 cycles a node and 50 MHz, DEFAULT_BUDGET
nodes are the 0.8 s the core may search.
"""
import argparse
import json
import multiprocessing
import os
import random
import statistics
import sys
import time

from golden.reversi import search as S
from golden.reversi.board import start

from bench.common import report_file

from . import mirror

GAME_BUDGET = 20000
OPENING_PLIES = 8
SIZE = 8


def _position(task):
    """The position with `empties` empty cells (side to move with >= 2
    moves) of a self-play game from a random opening, or None."""
    seed, empties, k = task
    rng = random.Random("%d/%d/%d" % (seed, empties, k))
    for _attempt in range(20):
        pos = start(SIZE, SIZE)
        plies = 0
        while not pos.game_over():
            free = SIZE * SIZE - bin(pos.black | pos.white).count("1")
            moves = pos.legal_moves()
            if free == empties and len(moves) >= 2:
                return pos
            if free < empties:
                break
            if not moves:
                pos = pos.play(None)
                continue
            if plies < OPENING_PLIES:
                move = rng.choice(moves)
            else:
                move = mirror.search(pos, GAME_BUDGET).move
            pos = pos.play(move)
            plies += 1
    return None


def _solve(task):
    seed, empties, k, budget, after = task
    pos = _position((seed, empties, k))
    if pos is None:
        return empties, None
    t = time.time()
    r, wld_nodes = mirror.search_with(pos, budget, empties, after)
    return empties, {"black": pos.black, "white": pos.white, "to_move": pos.to_move,
                     "stop": r.stop, "nodes": r.nodes, "depth": r.depth, "score": r.score,
                     "wld_nodes": wld_nodes, "seconds": round(time.time() - t, 3)}


def summarise(results, empties_range):
    rows = []
    for e in empties_range:
        runs = [r for r in results.get(e, []) if r is not None]
        wld = [r for r in runs if r["wld_nodes"]]
        exact = [r for r in runs if r["stop"] == "exact"]
        nodes = [r["wld_nodes"] for r in wld]
        rows.append({"empties": e, "positions": len(runs), "wld": len(wld), "exact": len(exact),
                     "median_nodes": int(statistics.median(nodes)) if nodes else None,
                     "max_nodes": max(nodes) if nodes else None})
    return rows


def report(rows, args, seconds):
    lines = ["# Reversi endgame solver: reach within the budget", "",
             "Written by `make bench-reversi-endgame` (`python -m bench.reversi.endgame`, "
             "`bench/reversi/endgame.py` says how): %d positions a number of empties, "
             "8 x 8, from self-play games of the mirror; each searched at budget %s nodes "
             "with the solver forced on after %d midgame iterations. Seed %d, %.0f s."
             % (args.positions, format(args.budget, ","), args.after, args.seed, seconds), "",
             "The core's solver runs from `ENDGAME_EMPTIES` = %d empties "
             "(golden/reversi/search.py)." % S.ENDGAME_EMPTIES, "",
             "| empties | positions | win/loss/draw solved | exact margin solved "
             "| median nodes to solve | most nodes to solve |",
             "|---|---|---|---|---|---|"]
    for r in rows:
        lines.append("| %d | %d | %d | %d | %s | %s |" % (
            r["empties"], r["positions"], r["wld"], r["exact"],
            "-" if r["median_nodes"] is None else format(r["median_nodes"], ","),
            "-" if r["max_nodes"] is None else format(r["max_nodes"], ",")))
    return "\n".join(lines) + "\n"


def parse_range(text):
    try:
        lo, _, hi = text.partition("-")
        lo, hi = int(lo), int(hi or lo)
    except ValueError:
        raise argparse.ArgumentTypeError("want empties as LOW-HIGH (e.g. 10-24), got %r" % text)
    if not 1 <= lo <= hi or 2 * hi >= S.MAX_DEPTH:
        raise argparse.ArgumentTypeError("empties must be within 1-%d, low first, got %r"
                                         % ((S.MAX_DEPTH - 1) // 2, text))
    return range(lo, hi + 1)


def positive(text):
    try:
        v = int(text)
    except ValueError:
        v = 0
    if v < 1:
        raise argparse.ArgumentTypeError("want a whole number >= 1, got %r" % text)
    return v


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m bench.reversi.endgame",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=positive, default=20, help="positions per empties count")
    ap.add_argument("--empties", type=parse_range, default=parse_range("10-24"),
                    help="empties counts, LOW-HIGH (default 10-24)")
    ap.add_argument("--budget", type=positive, default=S.DEFAULT_BUDGET,
                    help="nodes per search (default %d)" % S.DEFAULT_BUDGET)
    ap.add_argument("--after", type=positive, default=S.ENDGAME_AFTER,
                    help="midgame iterations before the solver (default %d)" % S.ENDGAME_AFTER)
    ap.add_argument("--seed", type=int, default=None, help="the run's seed (default: random)")
    ap.add_argument("--jobs", type=positive, default=os.cpu_count() or 1)
    ap.add_argument("--out", default="bench/results/reversi-endgame.md")
    args = ap.parse_args(argv)
    try:
        S.check_budget(args.budget)
    except ValueError as e:
        ap.error(str(e))
    if args.after >= S.MAX_DEPTH:
        ap.error("--after must be below %d" % S.MAX_DEPTH)
    problem = report_file.unwritable(args.out)
    if problem:
        ap.error(problem)
    if args.seed is None:
        args.seed = random.randrange(1 << 31)
    print("seed %d" % args.seed, file=sys.stderr)
    try:
        mirror.build()
    except mirror.MirrorBuildError as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    from tqdm import tqdm
    tasks = [(args.seed, e, k, args.budget, args.after) for e in args.empties
             for k in range(args.positions)]
    t0 = time.time()
    results = {}
    with multiprocessing.Pool(args.jobs) as pool:
        for e, r in tqdm(pool.imap_unordered(_solve, tasks), total=len(tasks), unit="position",
                         file=sys.stderr):
            results.setdefault(e, []).append(r)
    seconds = time.time() - t0
    rows = summarise(results, args.empties)
    text = report(rows, args, seconds)
    report_file.write(args.out, text)
    base = os.path.splitext(args.out)[0]
    report_file.write(base + ".json", json.dumps(
        {"seed": args.seed, "budget": args.budget, "after": args.after, "rows": rows,
         "positions": {str(e): results.get(e, []) for e in args.empties}}, indent=1) + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
