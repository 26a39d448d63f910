"""Write the Score-4 opening book (golden/score4/book.json) with the mirror.

    python -m bench.score4.book [--plies 4] [--budget 1000000000] [--jobs 2]
                                [--default-budget N] [--out golden/score4/book.json]

The book holds every position of at most ``--plies`` beads that a game
reaches when the board plays its book moves, from either seat, against every
legal reply (no pass), up to the 8 symmetries of the base (one canonical
entry each: ``golden.score4.book``). Level by level (0 beads, 1, 2, ...), each
new canonical position is scored by the mirror's search without its book
(``mirror.tree_search``) at ``--budget`` nodes, far above the core's; the
next level's positions follow from this level's moves. The file also keeps,
per entry, the move the core's own search makes there at its default budget
(``default_move``; ``--default-budget`` sets another budget for it, which
only a test of the generator needs) and the header sums how often the two differ by ply: that
is the measurement the book's depth rests on (see docs/score4-core.md).

The run is deterministic (no random choice): the same sources and options
write the same entries. It takes minutes to hours (about 30 s an entry at
10**9 nodes on one core); a progress bar counts the entries.
"""
import argparse
import json
import os
import sys
import time
from multiprocessing import Pool

from golden.score4 import book as B
from golden.score4.board import landing_cells
from golden.score4.encoding import NUM_POSTS, POST_MASK, post_to_text
from golden.score4.search import DEFAULT_BUDGET

from . import mirror

DEFAULT_PLIES = 4
DEFAULT_BOOK_BUDGET = 10 ** 9


def _score(job):
    mine, theirs, budget, default_budget = job
    t0 = time.time()
    move, nodes, depth, score, reason = mirror.tree_search(mine, theirs, budget)
    seconds = time.time() - t0
    default = mirror.tree_search(mine, theirs, default_budget)
    return (mine, theirs, move, nodes, depth, score, reason, seconds, default[0], default[2])


def _replies(mine, theirs):
    """(theirs', line step) of every legal opponent move from the position
    where the opponent is to move (mine: the board's beads)."""
    land = landing_cells(mine | theirs)
    for p in range(NUM_POSTS):
        bit = land & POST_MASK[p]
        if bit:
            yield theirs | bit, p


def _play(mine, theirs, post):
    return mine | (landing_cells(mine | theirs) & POST_MASK[post])


def generate(plies, budget, jobs, progress=True, default_budget=DEFAULT_BUDGET):
    """(header, entries) of the book (see the module docstring)."""
    t_start = time.time()
    # raw positions (board to move) per level: {(mine, theirs): line of posts}
    levels = {0: {(0, 0): ()}}
    if plies >= 1:
        levels[1] = {}
        for theirs, p in _replies(0, 0):
            levels[1].setdefault((0, theirs), (p,))
    scored = {}                 # canonical key -> result tuple
    entries = []
    bar = None
    if progress:
        from tqdm import tqdm
        bar = tqdm(desc="book entries", unit="entry", file=sys.stderr)
    with Pool(jobs) as pool:
        for level in range(plies + 1):
            raw = levels.get(level, {})
            todo = {}
            for (mine, theirs), line in sorted(raw.items()):
                key, _ = B.canonical(mine, theirs)
                if key not in scored and key not in todo:
                    todo[key] = line
            if bar is not None:
                bar.total = (bar.total or 0) + len(todo)
                bar.refresh()
            jobs_list = [(m, t, budget, default_budget) for (m, t) in todo]
            for r in pool.imap(_score, jobs_list):
                mine, theirs = r[0], r[1]
                scored[(mine, theirs)] = r
                entries.append({
                    "plies": level, "line": " ".join(post_to_text(p).decode()
                                                     for p in todo[(mine, theirs)]),
                    "mine": "%016x" % mine, "theirs": "%016x" % theirs,
                    "move": r[2], "score": r[5], "depth": r[4], "nodes": r[3],
                    "reason": r[6], "seconds": round(r[7], 2),
                    "default_move": r[8], "default_depth": r[9]})
                if bar is not None:
                    bar.update(1)
            if level + 2 <= plies:
                nxt = levels.setdefault(level + 2, {})
                for (mine, theirs), line in sorted(raw.items()):
                    key, frame = B.canonical(mine, theirs)
                    move = B.transform_post(scored[key][2], B.INVERSE[frame])
                    mine2 = _play(mine, theirs, move)
                    for theirs2, p in _replies(mine2, theirs):
                        nxt.setdefault((mine2, theirs2), line + (move, p))
    if bar is not None:
        bar.close()
    per_ply = {}
    for e in entries:
        row = per_ply.setdefault(str(e["plies"]), {"entries": 0, "default_differs": 0,
                                                  "raw_positions": len(levels.get(e["plies"], {}))})
        row["entries"] += 1
        row["default_differs"] += e["move"] != e["default_move"]
    command = "python -m bench.score4.book --plies %d --budget %d" % (plies, budget)
    if default_budget != DEFAULT_BUDGET:
        command += " --default-budget %d" % default_budget
    header = {"plies": plies, "budget": budget, "default_budget": default_budget,
              "command": command,
              "seconds": round(time.time() - t_start, 1), "per_ply": per_ply}
    return header, entries


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m bench.score4.book",
        description="Write the Score-4 opening book: every position of at most PLIES beads "
                    "reached by the board's book moves from either seat, scored by the "
                    "mirror's search at BUDGET nodes (see the module docstring).")
    parser.add_argument("--plies", type=int, default=DEFAULT_PLIES,
                        help="the most beads a book position holds (default %(default)s)")
    parser.add_argument("--budget", type=int, default=DEFAULT_BOOK_BUDGET,
                        help="nodes of each entry's search (default %(default)s)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="processes (default: the machine's cores, %(default)s)")
    parser.add_argument("--default-budget", type=int, default=DEFAULT_BUDGET,
                        help="nodes of the search that gives each entry's default_move, "
                             "the core's own answer (default: the core's budget, %(default)s)")
    parser.add_argument("--out", default=B.PATH, help="the file written (default %(default)s)")
    args = parser.parse_args(argv)
    if not 0 <= args.plies <= 6:
        parser.error("--plies must be 0..6 (7 or more would need tens of thousands of "
                     "entries), got %d" % args.plies)
    if not 1 <= args.budget <= mirror.TREE_BUDGET_MAX:
        parser.error("--budget must be 1..%d, got %d" % (mirror.TREE_BUDGET_MAX, args.budget))
    if not 1 <= args.default_budget <= mirror.TREE_BUDGET_MAX:
        parser.error("--default-budget must be 1..%d, got %d"
                     % (mirror.TREE_BUDGET_MAX, args.default_budget))
    if args.jobs < 1:
        parser.error("--jobs must be >= 1, got %d" % args.jobs)
    try:
        mirror.build()
    except mirror.MirrorBuildError as e:
        print("book: the mirror does not build: %s" % e, file=sys.stderr)
        return 2
    header, entries = generate(args.plies, args.budget, args.jobs,
                               default_budget=args.default_budget)
    text = json.dumps({"header": header, "entries": entries}, indent=1)
    with open(args.out, "w") as f:
        f.write(text + "\n")
    print("book: %d entries written to %s in %.0f s" % (len(entries), args.out, header["seconds"]))
    for ply, row in sorted(header["per_ply"].items(), key=lambda kv: int(kv[0])):
        print("  %s beads: %d entries (%d raw positions), the default budget's move differs "
              "in %d" % (ply, row["entries"], row["raw_positions"], row["default_differs"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
