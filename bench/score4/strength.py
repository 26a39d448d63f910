"""How strong is the core's search? Games of the C mirror against fixed opponents.

    python -m bench.score4.strength [--games N] [--budget B] [--jobs J]
        [--opponents random,greedy,tenth] [--seed S] [--opening-plies K]
        [--out bench/results/score4-strength.md]

The player measured is ``bench.score4.mirror`` (the golden search,
``golden.score4.search.search``, compiled; proven equal by
``bench/score4/test_mirror.py``) at budget B nodes per move; B defaults to
``golden.score4.search.DEFAULT_BUDGET``, read at run time. It plays N games
against each opponent, alternately first (even game numbers) and second:

``random``
    a uniformly random legal post.
``greedy``
    the 1-ply greedy player: the first post in ``SEARCH_ORDER`` whose bead
    wins (completes a line of its own through the landing cell); else the
    first post in ``SEARCH_ORDER`` whose bead blocks (would complete a line of
    the opponent's there); else a post maximising
    ``golden.score4.search.evaluate(own + bead, opponent's)`` after the move.
    Several posts with that maximum: the game's random generator chooses
    uniformly among them (listed in ``SEARCH_ORDER``), so games differ;
    ``greedy_move(..., rng=None)`` takes the first in ``SEARCH_ORDER``.
``tenth``
    the mirror itself at budget ``max(1, B // 10)``. Both players are then
    deterministic, so each such game starts with K (``--opening-plies``,
    default 2) uniformly random plies, one per side for K = 2; then the
    searches play. "Mirror first" then means the mirror's side owns the
    first bead, the random opening plies included.

Rules: the players alternate beads; a bead wins when it completes 4 in a line
(of its owner's beads) through the cell it lands on; a full board without a
win is a draw. A player always has a move until the board is full.

Every random choice of game g against opponent o comes from its own
generator seeded with (S, o, g), so a run is reproducible whatever --jobs
and the order games finish in; the report gives a digest of all the games'
moves to check that. Times are wall-clock seconds of the mirror's calls
(ctypes), nodes are those the search reports; both only for the measured
player (budget B).

The Markdown report holds, per opponent and colour: games, wins, draws and
losses of the mirror; per opponent: mirror moves, average and maximum
seconds and nodes per move, average completed depth, how its moves were
decided; and the settings, the mirror's proof status
(``mirror.proof_status()``: positions checked equal to the golden model by
the last complete ``MIRROR_POSITIONS=...`` run on the current sources).
"""
import argparse
import hashlib
import multiprocessing
import platform
import random
import sys
import time
from pathlib import Path

from golden.score4 import search as S
from golden.score4.board import completes_line, landing_cells
from golden.score4.encoding import FULL_BOARD, POST_MASK, SEARCH_ORDER

from . import mirror

REPO = Path(__file__).resolve().parents[2]
DEFAULT_OUT = "bench/results/score4-strength.md"
OPPONENTS = ("random", "greedy", "tenth")
DEFAULT_GAMES = 200
DEFAULT_OPENING_PLIES = 2


# ------------------------------------------------------------------ players

def free_posts(occupied):
    """[(post, landing cell)] of the non-full posts, in SEARCH_ORDER."""
    land = landing_cells(occupied)
    out = []
    for p in SEARCH_ORDER:
        bit = land & POST_MASK[p]
        if bit:
            out.append((p, bit.bit_length() - 1))
    return out


def random_move(mine, theirs, rng):
    """A uniformly random non-full post (drawn from the posts by index)."""
    return rng.choice(sorted(p for p, _ in free_posts(mine | theirs)))


def greedy_move(mine, theirs, rng=None):
    """The 1-ply greedy player of the module docstring."""
    moves = free_posts(mine | theirs)
    for p, c in moves:
        if completes_line(mine, c):
            return p
    for p, c in moves:
        if completes_line(theirs, c):
            return p
    scored = [(S.evaluate(mine | 1 << c, theirs), p) for p, c in moves]
    top = max(s for s, _ in scored)
    ties = [p for s, p in scored if s == top]
    return ties[0] if rng is None else rng.choice(ties)


def tenth_budget(budget):
    return max(1, budget // 10)


# -------------------------------------------------------------------- games

def play_game(task):
    """One game; task = (opponent, game number, budget, seed, opening plies).
    Returns a dict with the result from the mirror's point of view."""
    opp, g, budget, seed, opening = task
    rng = random.Random("score4-strength:%d:%s:%d" % (seed, opp, g))
    mirror_side = g % 2                      # 0: the mirror owns the first bead
    beads = [0, 0]                           # by side: 0 moves first
    opening = opening if opp == "tenth" else 0
    moves, times, nodes, depths, reasons = [], [], [], [], {}
    winner, ply = None, 0
    while (beads[0] | beads[1]) != FULL_BOARD:
        side = ply % 2
        mine, theirs = beads[side], beads[1 - side]
        if ply < opening:
            p = random_move(mine, theirs, rng)
        elif side == mirror_side:
            t0 = time.perf_counter()
            p, n, depth, _, reason = mirror.search(mine, theirs, budget)
            times.append(time.perf_counter() - t0)
            nodes.append(n)
            depths.append(depth)
            reasons[reason] = reasons.get(reason, 0) + 1
        elif opp == "random":
            p = random_move(mine, theirs, rng)
        elif opp == "greedy":
            p = greedy_move(mine, theirs, rng)
        elif opp == "tenth":
            p = mirror.search(mine, theirs, tenth_budget(budget))[0]
        else:
            raise ValueError("unknown opponent %r" % (opp,))
        bit = landing_cells(mine | theirs) & POST_MASK[p]
        if not bit:
            raise RuntimeError("%s played full post %r in game %s/%d" % (
                "mirror" if side == mirror_side else opp, p, opp, g))
        c = bit.bit_length() - 1
        moves.append(p)
        beads[side] = mine | bit
        ply += 1
        if completes_line(mine, c):
            winner = side
            break
    if winner is None:
        result = "D"
    else:
        result = "W" if winner == mirror_side else "L"
    return {"opponent": opp, "game": g, "mirror_first": mirror_side == 0,
            "result": result, "plies": ply, "moves": moves, "times": times,
            "nodes": nodes, "depths": depths, "reasons": reasons}


# ------------------------------------------------------------------- report

def _cpu_name():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def games_digest(games):
    h = hashlib.sha256()
    for r in sorted(games, key=lambda r: (r["opponent"], r["game"])):
        h.update(("%s %d %s\n" % (r["opponent"], r["game"],
                                  "".join("%x" % p for p in r["moves"]))).encode())
    return h.hexdigest()[:16]


def proof_line():
    st = mirror.proof_status()
    if st is None:
        return ("**none recorded for the current sources** (run "
                "`MIRROR_POSITIONS=10000 .venv/bin/python -m pytest -n 2 "
                "bench/score4/test_mirror.py`)")
    return ("%d positions (%d searches) checked equal to `golden.score4.search` on "
            "the current sources (seed %d, fingerprint %s)%s"
            % (st["positions"], st["searches"], st["seed"], st["fingerprint"],
               "" if st["positions"] >= 10000 else " -- fewer than the 10,000 of the proof run"))


def report(games, args, wall):
    opps = [o for o in OPPONENTS if o in args.opponents] + \
        [o for o in args.opponents if o not in OPPONENTS]
    out = []
    w = out.append
    w("# Score-4 strength benchmark")
    w("")
    w("The mirror of the core's search (`bench/score4/mirror.c`, equal to "
      "`golden.score4.search`) at **%d nodes per move** against fixed opponents. "
      "Generated by `bench/score4/strength.py`; see `bench/README.md`." % args.budget)
    w("")
    w("| setting | value |")
    w("|---|---|")
    w("| command | `python -m bench.score4.strength %s` |" % " ".join(args.argv))
    w("| budget B (nodes/move) | %d (golden `DEFAULT_BUDGET` = %d at run time) |"
      % (args.budget, S.DEFAULT_BUDGET))
    if "tenth" in opps:
        w("| `tenth` opponent budget | %d (max(1, B // 10)), after %d random opening plies |"
          % (tenth_budget(args.budget), args.opening_plies))
    w("| games per opponent | %d (mirror first in even-numbered games) |" % args.games)
    w("| seed | %d |" % args.seed)
    w("| jobs | %d |" % args.jobs)
    w("| mirror proof | %s |" % proof_line())
    w("| games digest | `%s` (sha256 of every game's moves; equal runs, equal digest) |"
      % games_digest(games))
    w("| machine | %s, Python %s |" % (_cpu_name(), platform.python_version()))
    w("| date | %s, wall time %.1f s |" % (time.strftime("%Y-%m-%d %H:%M:%S"), wall))
    w("")
    w("## Results (the mirror's wins, draws, losses)")
    w("")
    w("| opponent | mirror plays | games | wins | draws | losses | score | avg plies |")
    w("|---|---|---:|---:|---:|---:|---:|---:|")
    for o in opps:
        for label, sel in (("first", True), ("second", False), ("both", None)):
            rs = [r for r in games if r["opponent"] == o
                  and (sel is None or r["mirror_first"] == sel)]
            if not rs:
                continue
            n = len(rs)
            wins = sum(r["result"] == "W" for r in rs)
            draws = sum(r["result"] == "D" for r in rs)
            losses = n - wins - draws
            score = 100.0 * (wins + 0.5 * draws) / n
            plies = sum(r["plies"] for r in rs) / float(n)
            name = "**%s**" % o if sel is None else o
            w("| %s | %s | %d | %d | %d | %d | %.1f %% | %.1f |"
              % (name, label, n, wins, draws, losses, score, plies))
    w("")
    w("Score = (wins + draws / 2) / games.")
    w("")
    w("## Cost of the mirror's moves (budget %d)" % args.budget)
    w("")
    w("| opponent | moves | avg s/move | max s/move | avg nodes/move | max nodes/move "
      "| avg depth | decided by |")
    w("|---|---:|---:|---:|---:|---:|---:|---|")
    for o in opps + ["all"]:
        rs = [r for r in games if o == "all" or r["opponent"] == o]
        times = [t for r in rs for t in r["times"]]
        nodes = [n for r in rs for n in r["nodes"]]
        depths = [d for r in rs for d in r["depths"]]
        if not times:
            continue
        reasons = {}
        for r in rs:
            for k, v in r["reasons"].items():
                reasons[k] = reasons.get(k, 0) + v
        w("| %s | %d | %.4f | %.4f | %.0f | %d | %.2f | %s |"
          % ("**all**" if o == "all" else o, len(times), sum(times) / len(times), max(times),
             sum(nodes) / float(len(nodes)), max(nodes), sum(depths) / float(len(depths)),
             ", ".join("%s %d" % (k, reasons[k]) for k in mirror.REASONS if k in reasons)))
    w("")
    w("Depth: the last completed iteration (0 when none completed: the pre-checks "
      "\"win\"/\"block\", or \"fallback\"). Seconds are wall-clock per call on the "
      "machine above with %d games in parallel." % args.jobs)
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------- main

def _init_worker():
    mirror.load()


def parse_args(argv):
    ap = argparse.ArgumentParser(prog="python -m bench.score4.strength",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=DEFAULT_GAMES,
                    help="games per opponent (default %(default)s)")
    ap.add_argument("--budget", type=int, default=None,
                    help="nodes per move of the mirror (default: "
                         "golden.score4.search.DEFAULT_BUDGET, now %d)" % S.DEFAULT_BUDGET)
    ap.add_argument("--jobs", type=int, default=2, help="parallel games (default 2)")
    ap.add_argument("--opponents", default=",".join(OPPONENTS),
                    help="comma-separated, from %s (default: all)" % ",".join(OPPONENTS))
    ap.add_argument("--seed", type=int, default=None,
                    help="seed of every random choice (default: a random one, reported)")
    ap.add_argument("--opening-plies", type=int, default=DEFAULT_OPENING_PLIES,
                    help="random plies opening each game against 'tenth' (default 2)")
    ap.add_argument("--out", default=DEFAULT_OUT, help="Markdown report (default %(default)s)")
    args = ap.parse_args(argv)
    args.argv = list(argv)
    args.opponents = [o.strip() for o in args.opponents.split(",") if o.strip()]
    bad = [o for o in args.opponents if o not in OPPONENTS]
    if bad or not args.opponents:
        ap.error("unknown opponent(s) %s; choose from %s" % (bad, ",".join(OPPONENTS)))
    if args.budget is None:
        args.budget = S.DEFAULT_BUDGET
    try:
        S.check_budget(args.budget)
    except ValueError as e:
        ap.error(str(e))
    if args.games < 1 or args.jobs < 1 or not 0 <= args.opening_plies <= 16:
        ap.error("--games and --jobs must be >= 1, --opening-plies in 0..16")
    if args.seed is None:
        args.seed = random.SystemRandom().randrange(1, 2 ** 31)
    return args


def main(argv=None):
    from tqdm import tqdm
    args = parse_args(sys.argv[1:] if argv is None else argv)
    mirror.load()                               # compile once, before the workers
    tasks = [(o, g, args.budget, args.seed, args.opening_plies)
             for g in range(args.games) for o in args.opponents]
    print("score4 strength: budget %d, %d games x %s, seed %d, %d jobs"
          % (args.budget, args.games, ",".join(args.opponents), args.seed, args.jobs),
          file=sys.stderr)
    t0 = time.time()
    games = []
    tally = {"W": 0, "D": 0, "L": 0}
    bar = tqdm(total=len(tasks), unit="game", file=sys.stderr)
    pool = None
    try:
        if args.jobs == 1:
            it = map(play_game, tasks)
        else:
            pool = multiprocessing.Pool(args.jobs, initializer=_init_worker)
            it = pool.imap_unordered(play_game, tasks, chunksize=1)
        for r in it:
            games.append(r)
            tally[r["result"]] += 1
            bar.set_postfix(W=tally["W"], D=tally["D"], L=tally["L"], refresh=False)
            bar.update(1)
    finally:
        bar.close()
        if pool is not None:
            pool.terminate()
            pool.join()
    wall = time.time() - t0
    text = report(games, args, wall)
    out = Path(args.out)
    if not out.is_absolute():
        out = Path.cwd() / out
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text)
    print(text)
    print("written to %s" % out, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
