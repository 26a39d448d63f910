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



def write_report(path, text):
    """Write the report and print it; the exit status (0)."""
    with open(path, "w") as f:
        f.write(text)
    print(text)
    return 0
