"""Blokus Duo positions from real games, for the speed benchmark.

Seeded games between golden players, every ply of every game recorded:

* ``search-B``: the core's own search (golden.blokus.search, played by its
  C mirror ``bench.blokus.mirror``, proven equal to it, for speed: golden
  CPython would take minutes a move at the default budget) at budget B (1,
  10, 100, 1000 and the default, 20 M nodes: 1-4 s a move in C in the
  opening and mid-game, so a game of two such players takes about a
  minute);
* ``greedy``: a random move among the legal moves of the biggest tile it can
  place;
* ``random``: a uniformly random legal move.

A game is (player for seat 5, player for seat A, seed); seat 5 moves first,
and the first move of each side is a random legal one (OPENING plies), so
that games between deterministic players differ from seed to seed.
Each recorded position is seen from the side to move (golden ME), with the
opponent's moves of the game so far (the RTL benchmark replays those through
the engine's CMD_OPP) and ``moves``, the number of legal moves of the side
to move. ``positions()`` picks a deterministic selection: the largest
positions of the pool first (most legal moves: the slowest searches at the
default budget), then positions spread evenly over the game plies.

    python -m bench.blokus.positions [--games N] [--seed S]   # pool statistics
"""
import argparse
import random
import sys
from collections import namedtuple

from golden.blokus.board import ME, OPP, Position, game_over, legal_moves
from golden.blokus.encoding import TILE_SIZE
from golden.blokus.search import DEFAULT_BUDGET

from .mirror_positions import swapped

Record = namedtuple("Record", "game ply mover seat position opp_moves moves")
Record.__doc__ = """One position of a game.

game: 'white vs black #seed'; ply: 0-based; mover: the player to move;
seat: its seat '5' or 'A'; position: golden Position seen from the mover (ME);
opp_moves: the opponent's moves so far, in order (None = pass);
moves: the number of legal moves of the mover.
"""

# (seat-5 player, seat-A player) of the games, cycled
PAIRINGS = (
    ("search-%d" % DEFAULT_BUDGET, "search-%d" % DEFAULT_BUDGET),
    ("search-100", "greedy"),
    ("greedy", "search-%d" % DEFAULT_BUDGET),
    ("search-%d" % DEFAULT_BUDGET, "random"),
    ("search-10", "search-1000"),
    ("random", "search-100"),
    ("greedy", "greedy"),
    ("search-1", "search-%d" % DEFAULT_BUDGET),
)


def view(pos, player):
    """Position ``pos`` (seen from its ME) seen from ``player`` (a copy)."""
    return pos.copy() if player == ME else swapped(pos)


def choose(name, pos, moves, rng):
    """The move of player ``name`` (ME of ``pos``), its legal moves given."""
    if not moves:
        return None
    if name == "random":
        return rng.choice(moves)
    if name == "greedy":
        big = max(TILE_SIZE[m[2]] for m in moves)
        return rng.choice([m for m in moves if TILE_SIZE[m[2]] == big])
    if name.startswith("search-"):
        from . import mirror
        return mirror.search(pos, int(name[7:])).move
    raise ValueError("unknown player %r" % (name,))


OPENING = 2          # plies played at random at the start of every game


def play(white, black, seed):
    """Every position of one game (seat 5 = ``white`` moves first)."""
    rng = random.Random("%s|%s|%d" % (white, black, seed))
    pos = Position("5")                   # ME = seat 5
    names = (white, black)
    history = ([], [])                    # moves of seat 5, seat A
    out = []
    label = "%s vs %s #%d" % (white, black, seed)
    for ply in range(200):
        if game_over(pos):
            break
        side = ply % 2                    # 0: seat 5 (ME of pos), 1: seat A
        seen = view(pos, ME if side == 0 else OPP)
        moves = legal_moves(seen, ME)
        out.append(Record(label, ply, names[side], seen.seat, seen, list(history[1 - side]),
                          len(moves)))
        m = choose("random" if ply < OPENING else names[side], seen, moves, rng)
        pos.apply(ME if side == 0 else OPP, m)
        history[side].append(m)
    return out


def pool(games=8, seed=2026, progress=None):
    """All positions of ``games`` seeded games (PAIRINGS cycled)."""
    out = []
    for g in range(games):
        white, black = PAIRINGS[g % len(PAIRINGS)]
        out.extend(play(white, black, seed + g))
        if progress:
            progress(g)
    return out


def select(records, count, largest=None):
    """``count`` records with a legal move: the ``largest`` biggest (default a
    quarter), then the rest spread evenly over the plies; deterministic."""
    cand = [r for r in records if r.moves > 0]
    if count >= len(cand):
        return cand
    largest = max(1, count // 4) if largest is None else min(largest, count)
    by_size = sorted(range(len(cand)), key=lambda i: (-cand[i].moves, i))
    picked = by_size[:largest]
    rest = sorted((i for i in range(len(cand)) if i not in set(picked)),
                  key=lambda i: (cand[i].ply, i))
    n = count - largest
    step = len(rest) / float(n) if n else 0
    picked += [rest[int(k * step)] for k in range(n)]
    return [cand[i] for i in picked]


def positions(count=24, seed=2026, games=8, progress=None):
    """``count`` benchmark positions (Records) from ``games`` seeded games."""
    return select(pool(games, seed, progress), count)


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m bench.blokus.positions",
                                description="Statistics of the benchmark's position pool.")
    p.add_argument("--games", type=int, default=8, help="games to play (default 8)")
    p.add_argument("--seed", type=int, default=2026, help="seed (default 2026)")
    args = p.parse_args(argv)
    if args.games < 1:
        p.error("--games must be at least 1")
    recs = pool(args.games, args.seed)
    sizes = sorted((r.moves for r in recs), reverse=True)
    print("%d positions from %d games; legal moves of the side to move: max %d, median %d"
          % (len(recs), args.games, sizes[0], sizes[len(sizes) // 2]))
    for r in sorted(recs, key=lambda r: -r.moves)[:5]:
        print("  %4d moves  ply %2d  %s to move (seat %s) in %s"
              % (r.moves, r.ply, r.mover, r.seat, r.game))
    return 0


if __name__ == "__main__":
    sys.exit(main())
