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


# ----------------------------------------------------------------------------- rule studies
def mirror_rule_search(taken_back, rules, rule, mine, theirs, budget, use_book=True):
    """mirror.search's five values for one of a study's two ``rules``: the
    core's search for rules[0], mirror.study_search with the mask
    ``taken_back`` for rules[1]. Bind the first two arguments with
    functools.partial to get rule_study's ``search``."""
    from . import mirror
    if rule == rules[0]:
        if use_book:
            return mirror.search(mine, theirs, budget)
        return mirror.tree_search(mine, theirs, budget)
    return mirror.study_search(mine, theirs, budget, taken_back, use_book=use_book)


def _rule_depth(job):
    """(rule, depth, nodes) of one search of a position, without the book."""
    search, rule, pos, budget = job
    _, nodes, depth, _, _ = search(rule, pos.mine, pos.theirs, budget, use_book=False)
    return rule, depth, nodes


def _rule_game(search, rules, job):
    """(g, result for the side with rules[0]: 1, 0.5 or 0) of one game."""
    seed, g, budget = job

    def choose(side, pos, ply):
        return search(rules[0] if side == "new" else rules[1], pos.mine, pos.theirs, budget)[0]

    return g, paired_game(seed, g, choose)


def rule_study(argv, module, description, out, title, intro, rules, search,
               budget=2000000):
    """A study of one rule of the core's search against the rule it replaced,
    at equal nodes (bench/score4/replacement.py, win_step.py): the mean
    completed depth of both over positions of the project's games (searched
    moves only, without the book) and paired games, both with the book.

    ``rules``: the two rules' names, the core's first; ``search(rule, mine,
    theirs, budget, use_book=True)``: picklable (the games run in other
    processes; mirror_rule_search bound by functools.partial), giving
    mirror.search's five values for a rule;
    ``intro``: the report's first paragraph, with %d for the budget."""
    import functools
    import platform
    import time
    from multiprocessing import Pool

    from tqdm import tqdm

    from .positions import positions

    p = parser("python -m bench.score4.%s" % module, description, 200, budget, out)
    p.add_argument("--positions", type=int, default=60,
                   help="positions for the depth table (default %(default)s)")
    args = parse(p, argv)
    if args.positions < 1:
        p.error("--positions must be >= 1, got %d" % args.positions)
    print("%s: seed %d, %d positions, %d games at %d nodes a move"
          % (module, args.seed, args.positions, args.games, args.budget))
    t0 = time.time()
    pos = positions(args.positions)
    with Pool(args.jobs) as pool:
        found = list(tqdm(pool.imap(_rule_depth, [(search, rule, q, args.budget)
                                                  for rule in rules for q in pos]),
                          total=2 * len(pos), unit="search", file=sys.stderr))
        results = play_all(pool, functools.partial(_rule_game, search, rules), args)
    wall = time.time() - t0
    depth_rows = []
    for rule in rules:
        mine = [(d, n) for r, d, n in found if r == rule]
        depth_rows.append("| %s | %d | %.2f | %.0f |" % (
            rule, len(mine), sum(d for d, _ in mine) / len(mine),
            sum(n for _, n in mine) / len(mine)))
    seats, se = seat_scores(results)
    rows = ["| %s | %d | %d-%d-%d | %.1f %% |" % (seat, n, w, d, l, 100 * score)
            for seat, n, w, d, l, score in seats[:2]]
    _, n, w, d, l, score = seats[2]
    rows.append("| **both** | %d | %d-%d-%d | **%.1f %%** (+- %.1f) |" % (
        n, w, d, l, 100 * score, 100 * se))
    cmd = ("python -m bench.score4.%s --games %d --budget %d --positions %d --seed %d "
           "--jobs %d" % (module, args.games, args.budget, args.positions, args.seed, args.jobs))
    text = "\n".join([
        "# Score-4 study: %s" % title,
        "",
        intro % args.budget,
        "",
        "| setting | value |", "|---|---|",
        "| command | `%s` |" % cmd,
        "| positions | %d of `bench.score4.positions` (searched without the book) |"
        % args.positions,
        "| games | %d, paired two-ply random openings (%s first in even games), "
        "both with the book |" % (n, rules[0]),
        "| seed | %d |" % args.seed,
        "| machine | %s, Python %s |" % (platform.machine(), platform.python_version()),
        "| date | %s, wall time %.0f s |" % (time.strftime("%Y-%m-%d %H:%M:%S"), wall),
        "",
        "## Depth at equal nodes",
        "",
        "| rule | positions | mean completed depth | mean nodes |", "|---|---:|---:|---:|",
    ] + depth_rows + [
        "",
        "## Games: the %s side's results" % rules[0],
        "",
        "| %s plays | games | W-D-L | score |" % rules[0], "|---|---:|---|---:|",
    ] + rows + [
        "",
        "Score = (wins + draws / 2) / games; +- its standard error.",
        ""])
    return write_report(args.out, text)
