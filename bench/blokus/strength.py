"""How strong is the Blokus core's search? Games of the C mirror against fixed opponents.

    python -m bench.blokus.strength [--games N] [--budget B] [--jobs J]
        [--opponents random,first,greedy] [--seed S]
        [--out bench/results/blokus-strength.md]

The player measured is ``bench.blokus.mirror`` (the golden search,
``golden.blokus.search.search``, compiled; proven equal by
``bench/blokus/test_mirror.py``) at a budget of B nodes per move; B defaults
to ``golden.blokus.search.DEFAULT_BUDGET``, read at run time, which no real
position exhausts: the two-phase search runs in full (phase 1: every legal
move scored by its size and the reach of both sides, the placements of the
small tiles a, b, c, d each could still make; phase 2: the opponent's best
reply to the ``TOP_K`` best of them, with alpha-beta cut-offs). It plays N games (default
100) against each opponent:

``random``
    a uniformly random legal move (``golden.blokus.board.legal_moves``).
``first``
    the first legal move in ``golden.blokus.board.first_legal_move`` order
    (tiles 'a'..'u', shapes, row, column): the contest's minimum bar.
``greedy``
    the largest tile it can place; among those, the move that makes the most
    new corner cells for itself (cells that are anchors of its own after the
    move and were not before: free, diagonal to its squares, not edge-adjacent
    to them); remaining ties drawn at random by the game's generator.

Every game: game g gives the mirror seat '5' (start cell (5, 5)) for even g,
'A' ((a, a)) for odd g, and the first move for g % 4 in {0, 1}, so each
4 games cover every (seat, first mover) pair. Both players' first moves
are uniformly random legal moves (from the game's generator): the mirror and
``first`` are deterministic, so without this every game of a pairing would
be the same; the mirror's own search starts at its second move. A player
without a legal move passes. The game ends as the contest host ends it: two
passes in a row, or a player has placed all 21 tiles. Score, as the spec
(``golden.blokus.board.score``): minus the squares of the unplaced tiles, +15
for all 21, +20 instead if the last was 'a'; the winner has fewer squares
left (the same as the higher score), equal is a draw.

Every random choice of game g against opponent o comes from its own
generator seeded with (S, o, g), so a run is reproducible whatever --jobs
and the order games finish in; the report gives a digest of all the games'
moves. Every move of both players is checked with the golden rules.

The Markdown report gives per opponent: games, wins / draws / losses, score
percentage (win 1, draw 1/2), mean square margin (opponent's squares left
minus the mirror's), mean spec scores, the target of the issue (100 % against
``random`` and ``first``, 90 % against ``greedy``) and whether it is met;
per opponent and (seat, first mover); the mirror's time and nodes per move;
games per second; the seed, the exact command and the mirror's proof status.
"""
import argparse
import hashlib
import multiprocessing
import platform
import random
import shlex
import sys
import time
from pathlib import Path

from golden.blokus import board as B
from golden.blokus import search as S
from golden.blokus.encoding import TILE_SIZE, move_str

from . import mirror
from .mirror_positions import swapped

REPO = Path(__file__).resolve().parents[2]
DEFAULT_OUT = "bench/results/blokus-strength.md"
OPPONENTS = ("random", "first", "greedy")
DEFAULT_GAMES = 100
TARGETS = {"random": 100.0, "first": 100.0, "greedy": 90.0}
ME, OPP = B.ME, B.OPP


# ------------------------------------------------------------------ players

def random_move(pos, rng):
    """A uniformly random legal move of ME, None without one."""
    moves = B.legal_moves(pos, ME)
    return rng.choice(moves) if moves else None


def first_move(pos, rng=None):
    """golden.blokus.board.first_legal_move for ME."""
    return B.first_legal_move(pos, ME)


def new_corners(pos, move):
    """Cells that are anchors of ME after ``move`` and were not before."""
    before = B.anchor_map(pos, ME)
    after = pos.copy()
    after.apply(ME, move)
    return bin(B.anchor_map(after, ME) & ~before).count("1")


def greedy_move(pos, rng=None):
    """The largest tile, then the most new corner cells; ties at random
    (the first in generation order when rng is None)."""
    moves = B.legal_moves(pos, ME)
    if not moves:
        return None
    big = max(TILE_SIZE[m[2]] for m in moves)
    scored = [(new_corners(pos, m), m) for m in moves if TILE_SIZE[m[2]] == big]
    top = max(c for c, _ in scored)
    ties = [m for c, m in scored if c == top]
    return ties[0] if rng is None else rng.choice(ties)


PLAYERS = {"random": random_move, "first": first_move, "greedy": greedy_move}


# -------------------------------------------------------------------- games

def game_setup(g):
    """(mirror's seat, mirror moves first) of game g."""
    return ("5" if g % 2 == 0 else "A"), (g % 4) < 2


def play_game(task):
    """One game; task = (opponent, game number, budget, seed). Returns a dict
    with the result from the mirror's point of view."""
    opp, g, budget, seed = task
    rng = random.Random("blokus-strength:%d:%s:%d" % (seed, opp, g))
    seat, mirror_first = game_setup(g)
    pos = B.Position(seat)                   # ME = the mirror
    side = ME if mirror_first else OPP       # who moves now
    moves, times, nodes, plies = [], [], [], [0, 0]
    while not B.game_over(pos):
        view = pos if side == ME else swapped(pos)
        if plies[side] == 0:
            m = random_move(view, rng)       # both players' first move
        elif side == ME:
            t0 = time.perf_counter()
            r = mirror.search(view, budget)
            times.append(time.perf_counter() - t0)
            nodes.append(r.nodes)
            m = r.move
        else:
            m = PLAYERS[opp](view, rng)
        why = B.check(pos, side, m)
        if why is not None:
            raise RuntimeError("%s played the illegal move %s (%s) in game %s/%d"
                               % ("the mirror" if side == ME else opp, move_str(m), why, opp, g))
        if m is None and B.has_legal_move(view, ME):
            raise RuntimeError("%s passed with a legal move in game %s/%d" % (
                "the mirror" if side == ME else opp, opp, g))
        pos.apply(side, m)
        moves.append(move_str(m))
        plies[side] += 1
        side ^= 1
    left = (B.squares_left(pos, ME), B.squares_left(pos, OPP))
    result = "W" if left[0] < left[1] else ("L" if left[0] > left[1] else "D")
    return {"opponent": opp, "game": g, "seat": seat, "mirror_first": mirror_first,
            "result": result, "left": left, "score": (B.score(pos, ME), B.score(pos, OPP)),
            "plies": len(moves), "moves": moves, "times": times, "nodes": nodes}


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
        h.update(("%s %d %s\n" % (r["opponent"], r["game"], " ".join(r["moves"]))).encode())
    return h.hexdigest()[:16]


def proof_line():
    st = mirror.proof_status()
    if st is None:
        return ("**none recorded for the current sources** (run `make bench-proof-blokus`)")
    return ("proven equal to `golden.blokus.search` on %d positions (%d searches, seed %d, "
            "fingerprint %s)" % (st["positions"], st["searches"], st["seed"], st["fingerprint"]))


def tally(games):
    w = sum(r["result"] == "W" for r in games)
    d = sum(r["result"] == "D" for r in games)
    l_ = sum(r["result"] == "L" for r in games)
    n = len(games)
    pct = 100.0 * (w + 0.5 * d) / n if n else 0.0
    margin = sum(r["left"][1] - r["left"][0] for r in games) / float(n) if n else 0.0
    return w, d, l_, pct, margin


def report(games, args, wall):
    out = []
    w = out.append
    w("## Strength (compiled mirror at the default budget)")
    w("")
    w("The mirror of the core's search (`bench/blokus/mirror.c`, %s) at a budget of **%d nodes "
      "per move**%s, %d games against each opponent, seed %d, %d games in parallel. The search "
      "is two-phase: every legal move scored by size and reach (the placements of the small "
      "tiles a, b, c, d each side could still make, held or not), then the opponent's best "
      "reply (same evaluation from its side) to the %d best, with alpha-beta cut-offs."
      % (proof_line(), args.budget,
         " (`DEFAULT_BUDGET`)" if args.budget == S.DEFAULT_BUDGET else "",
         args.games, args.seed, args.jobs, S.TOP_K))
    w("")
    w("    %s" % args.command)
    w("")
    w("| opponent | games | wins | draws | losses | score | mean margin (squares) "
      "| mean score mirror / opponent | target | met |")
    w("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for o in args.opponents:
        gs = [r for r in games if r["opponent"] == o]
        wins, draws, losses, pct, margin = tally(gs)
        ms = sum(r["score"][0] for r in gs) / float(len(gs))
        os_ = sum(r["score"][1] for r in gs) / float(len(gs))
        target = TARGETS[o]
        w("| %s | %d | %d | %d | %d | %.1f %% | %+.2f | %.2f / %.2f | %.0f %% | %s |"
          % (o, len(gs), wins, draws, losses, pct, margin, ms, os_, target,
             "yes" if pct >= target else "**no**"))
    w("")
    w("Score = (wins + draws / 2) / games. Margin = opponent's squares left minus the "
      "mirror's (89 squares each). Scores as the spec: minus squares left, +15 for all 21 "
      "tiles, +20 if the last was `a`. Opponents: `random` (uniform legal move), `first` "
      "(`golden.blokus.board.first_legal_move`), `greedy` (largest tile, then most new "
      "corner cells for itself, ties at random). **Both players' first moves are random** "
      "legal moves (seeded), so that games of deterministic players differ.")
    w("")
    w("| opponent | mirror seat | mirror moves | games | W-D-L | score | mean margin | avg plies |")
    w("|---|---|---|---:|---|---:|---:|---:|")
    for o in args.opponents:
        for seat in ("5", "A"):
            for first in (True, False):
                gs = [r for r in games if r["opponent"] == o and r["seat"] == seat
                      and r["mirror_first"] == first]
                if not gs:
                    continue
                wins, draws, losses, pct, margin = tally(gs)
                w("| %s | %s | %s | %d | %d-%d-%d | %.1f %% | %+.2f | %.1f |"
                  % (o, seat, "first" if first else "second", len(gs), wins, draws, losses,
                     pct, margin, sum(r["plies"] for r in gs) / float(len(gs))))
    w("")
    times = [t for r in games for t in r["times"]]
    nodes = [n for r in games for n in r.get("nodes", [])]
    w("Mirror moves: %d, %.2f ms average, %.2f ms max per search (wall clock, ctypes call "
      "included); %.0f nodes average, %d max (the budget is %d). "
      "%d games in %.1f s: %.2f games/s with %d jobs on %s (%d CPUs, shared). "
      "Games digest (sha256 of all moves): `%s`."
      % (len(times), 1e3 * sum(times) / max(1, len(times)), 1e3 * max(times or [0]),
         sum(nodes) / float(max(1, len(nodes))), max(nodes or [0]), args.budget,
         len(games), wall, len(games) / wall, args.jobs, _cpu_name(),
         multiprocessing.cpu_count(), games_digest(games)))
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------- main

def _init_worker():
    mirror.load()


def parse_args(argv):
    ap = argparse.ArgumentParser(prog="python -m bench.blokus.strength",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=DEFAULT_GAMES,
                    help="games per opponent (default %(default)s)")
    ap.add_argument("--budget", type=int, default=None,
                    help="nodes per move of the mirror (default: "
                         "golden.blokus.search.DEFAULT_BUDGET, now %d)" % S.DEFAULT_BUDGET)
    ap.add_argument("--jobs", type=int, default=2, help="parallel games (default 2)")
    ap.add_argument("--opponents", default=",".join(OPPONENTS),
                    help="comma-separated, from %s (default: all)" % ",".join(OPPONENTS))
    ap.add_argument("--seed", type=int, default=None,
                    help="seed of every random choice (default: a random one, reported)")
    ap.add_argument("--out", default=DEFAULT_OUT, help="Markdown report (default %(default)s)")
    args = ap.parse_args(argv)
    args.opponents = [o.strip() for o in args.opponents.split(",") if o.strip()]
    bad = [o for o in args.opponents if o not in OPPONENTS]
    if bad or not args.opponents:
        ap.error("unknown opponent(s) %s; choose from %s" % (",".join(bad), ",".join(OPPONENTS)))
    if args.budget is None:
        args.budget = S.DEFAULT_BUDGET
    try:
        S.check_budget(args.budget)
    except ValueError as e:
        ap.error(str(e))
    if args.games < 1 or args.jobs < 1:
        ap.error("--games and --jobs must be >= 1")
    if args.seed is None:
        args.seed = random.SystemRandom().randrange(1, 2 ** 31)
    cmd = [".venv/bin/python", "-m", "bench.blokus.strength", "--games", str(args.games),
           "--seed", str(args.seed), "--jobs", str(args.jobs)]
    if args.budget != S.DEFAULT_BUDGET:
        cmd += ["--budget", str(args.budget)]
    if args.opponents != list(OPPONENTS):
        cmd += ["--opponents", ",".join(args.opponents)]
    if args.out != DEFAULT_OUT:
        cmd += ["--out", args.out]
    args.command = " ".join(shlex.quote(c) for c in cmd)
    return args


def run(args):
    from tqdm import tqdm
    mirror.load()                               # compile once, before the workers
    tasks = [(o, g, args.budget, args.seed) for g in range(args.games) for o in args.opponents]
    print("blokus strength: budget %d, %d games x %s, seed %d, %d jobs"
          % (args.budget, args.games, ",".join(args.opponents), args.seed, args.jobs),
          file=sys.stderr)
    t0 = time.time()
    games = []
    count = {"W": 0, "D": 0, "L": 0}
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
            count[r["result"]] += 1
            bar.set_postfix(W=count["W"], D=count["D"], L=count["L"], refresh=False)
            bar.update(1)
    finally:
        bar.close()
        if pool is not None:
            pool.terminate()
            pool.join()
    return games, time.time() - t0


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    out = Path(args.out)
    if not out.is_absolute():
        out = Path.cwd() / out
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        with open(str(out), "a"):
            pass                                # writable? fail before the games
    except OSError as e:
        print("error: cannot write %s: %s" % (out, e), file=sys.stderr)
        return 2
    try:
        games, wall = run(args)
    except mirror.MirrorBuildError as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted: no report written", file=sys.stderr)
        return 130
    text = report(games, args, wall)
    try:
        out.write_text(text)
    except OSError as e:
        print("error: cannot write %s: %s" % (out, e), file=sys.stderr)
        return 2
    print(text)
    print("written to %s" % out, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
