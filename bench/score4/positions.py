"""A fixed set of Score-4 positions from real games, for the benchmarks.

Golden self-play at budget 2,000 from seeded random openings; every position
where the side to move has neither a win nor a forced block (those answer at
once and say nothing about speed), spread over the opening, middle and end.
"""
import random

from golden.score4.board import EMPTY, has_four
from golden.score4.search import search


def game_positions(seed, budget=2000, opening=4):
    rng = random.Random(seed)
    pos = EMPTY                                  # mine = the side to move
    out = []
    for ply in range(64):
        free = [p for p in range(16) if pos.can_play(p)]
        if not free:
            break
        if ply < opening:
            p = rng.choice(free)
        else:
            r = search(pos, budget)
            if r.reason in ("search", "fallback"):
                out.append((ply, pos))
            p = r.move
        pos = pos.play_mine(p)
        if has_four(pos.mine):
            break
        pos = type(pos)(pos.theirs, pos.mine)
    return out


def positions(count=24, seed=2026):
    """`count` positions (ply, Position), deterministic for a seed."""
    pool = []
    game = 0
    while len(pool) < 4 * count:
        pool.extend(game_positions(seed + game))
        game += 1
    pool.sort(key=lambda item: item[0])
    step = len(pool) / float(count)
    return [pool[int(i * step)][1] for i in range(count)]
