"""What the Score-4 search studies share: options, their checks and the
games run in parallel (bench/score4/warm_table.py, replacement.py).

A study plays two variants of the search against each other at equal nodes
a move, each two-ply random opening twice with the seats swapped, and writes
a Markdown report; its run is deterministic for a seed, printed and written.
"""
import argparse
import os
import random
import sys

from golden.score4 import search as S
from golden.score4.board import EMPTY, has_four

OPENING_PLIES = 2


def parser(prog, description, games, budget, out):
    """An argument parser with the options every study takes: --games (even),
    --budget (nodes a move), --seed, --jobs, --out; a study adds its own."""
    p = argparse.ArgumentParser(prog=prog, description=description)
    p.add_argument("--games", type=int, default=games, help="games (even; default %(default)s)")
    p.add_argument("--budget", type=int, default=budget,
                   help="nodes a move, both sides (default %(default)s)")
    p.add_argument("--seed", type=int, default=None, help="the run's seed (default: drawn)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                   help="processes (default %(default)s)")
    p.add_argument("--out", default=out, help="the report (default %(default)s)")
    return p


def parse(p, argv):
    """The parsed options, checked (a bad one stops with the parser's message,
    exit status 2), with the seed drawn when none was given."""
    args = p.parse_args(argv)
    if args.games < 2 or args.games % 2:
        p.error("--games must be even and >= 2 (paired openings), got %d" % args.games)
    if not 1 <= args.budget <= S.MAX_BUDGET:
        p.error("--budget must be 1..%d, got %d" % (S.MAX_BUDGET, args.budget))
    if args.jobs < 1:
        p.error("--jobs must be >= 1, got %d" % args.jobs)
    if args.seed is None:
        args.seed = random.SystemRandom().randrange(10 ** 6)
    return args


def play_all(pool, play, args):
    """play((seed, g, budget)) for every game g of the run, in `pool`, with a
    progress bar; the results sorted (each starts with g)."""
    from tqdm import tqdm
    jobs = [(args.seed, g, args.budget) for g in range(args.games)]
    results = list(tqdm(pool.imap_unordered(play, jobs), total=len(jobs), unit="game",
                        file=sys.stderr))
    return sorted(results)



def paired_game(seed, g, choose):
    """Game g of a run: its two opening plies drawn from the pair's random
    generator (games 2k and 2k+1 open alike), then ``choose(side, position,
    ply)`` for every move, side "new" (first in even games) or "old",
    position with the side to move as ``mine``. The new side's result:
    1.0, 0.5 or 0.0."""
    rng = random.Random("%d/%d" % (seed, g // 2))
    new_first = g % 2 == 0
    pos = EMPTY
    for ply in range(64):
        free = [p for p in range(16) if pos.can_play(p)]
        if not free:
            return 0.5
        side = "new" if (ply % 2 == 0) == new_first else "old"
        p = rng.choice(free) if ply < OPENING_PLIES else choose(side, pos, ply)
        pos = pos.play_mine(p)
        if has_four(pos.mine):
            return 1.0 if side == "new" else 0.0
        pos = type(pos)(pos.theirs, pos.mine)
    return 0.5


def seat_scores(results):
    """From (g, result, ...) tuples (the new side's results): rows (seat,
    games, wins, draws, losses, score) for "first" (even g), "second" and
    "both", and the standard error of the score of "both"."""
    rows = []
    for seat, keep in (("first", lambda g: g % 2 == 0), ("second", lambda g: g % 2 == 1),
                       ("both", lambda g: True)):
        mine = [r[1] for r in results if keep(r[0])]
        w, d, l = (sum(1 for x in mine if x == v) for v in (1.0, 0.5, 0.0))
        n = len(mine)
        rows.append((seat, n, w, d, l, (w + d / 2.0) / max(1, n)))
    score, n = rows[-1][5], rows[-1][1]
    return rows, (score * (1 - score) / max(1, n)) ** 0.5


def write_report(path, text):
    """Write the report and print it; the exit status (0)."""
    with open(path, "w") as f:
        f.write(text)
    print(text)
    return 0
