"""Blokus Duo positions for the mirror's proof and speed measurement.

(``bench/blokus/positions.py`` is the RTL speed benchmark's own pool; this
file serves the mirror: ``test_mirror.py`` and ``mirror.py --speed``.)

A game record is (seat of the first mover, [move, ...]) with the moves
(None = pass) alternating from the first mover. ``replay`` checks every move
with the golden rules and returns the position seen from the side to move
(``ME``), which is what the search is asked.

* ``random_position(rng, plies)``: random legal play, either seat, either
  side to move.
* ``golden_game(seed, search, budget)``: a game between two players of the
  core's search, each opening with a random legal first move as in the
  strength benchmark; returns every position met with the SearchResult of
  the side to move, so a test can use a search that was run anyway. The
  players are ``search(position, budget)``: the C mirror in the proof and
  the speed measurement (golden CPython does 50-100 k nodes/s, so one game
  at ``DEFAULT_BUDGET``, 20 M nodes a move, would take hours; the mirror
  about 8 M nodes/s), at a budget the caller picks (``GAME_BUDGET``, 300 k
  nodes by default: at most about 40 ms a move in C, depth 4 or so on the
  largest positions and a finished depth-8 search in the endgame).
* ``BIG``: positions with many legal moves (the largest in real games are
  around 800-870, a few plies into the game), kept as move codes so they do
  not depend on the search: found by ``python -m bench.blokus.mirror
  --find-big GAMES`` over games of two kinds (random first moves then the
  search, played by the mirror for speed, at ``GAME_BUDGET``; or random
  play); the test checks their size.

This module does not import the mirror (which imports it for ``--speed`` and
``--find-big``): functions that need a fast search take it as an argument.
"""
import random

from golden.blokus import board as B
from golden.blokus.encoding import OTHER_SEAT, decode_move, move_str

ME, OPP = B.ME, B.OPP


def swapped(pos):
    """The same position seen from the other player."""
    q = B.Position(OTHER_SEAT[pos.seat])
    q.cells = [pos.cells[1], pos.cells[0]]
    q.used = [pos.used[1], pos.used[0]]
    q.last = [pos.last[1], pos.last[0]]
    q.passes = pos.passes
    return q


def replay(seat, moves):
    """The position after ``moves`` (first mover on ``seat``), seen from the
    side to move; ValueError on an illegal move."""
    pos = B.Position(seat)
    for i, m in enumerate(moves):
        if isinstance(m, str):
            m = decode_move(m)
        pos.play(i % 2, m)
    return swapped(pos) if len(moves) % 2 else pos


def random_position(rng, plies):
    """A position reached by up to ``plies`` random legal moves (a side without
    a move passes; stops at the end of the game), either seat, seen from the
    side to move."""
    pos = B.Position(rng.choice("5A"))
    player = B.random_play(pos, ME, plies, rng)
    return swapped(pos) if player == OPP else pos


GAME_BUDGET = 300000
"""The players' budget in ``golden_game`` by default (see the module doc)."""


def golden_game(seed, search, budget=GAME_BUDGET):
    """A game between two players ``search(position, budget)`` (the core's
    search: the mirror's, for speed) with random first moves. Returns
    [(ply, position of the side to move, SearchResult or None)], the result
    None for the random first moves. The game depends only on ``seed``,
    ``budget`` and the search's answers."""
    rng = random.Random("blokus-golden-game:%s" % (seed,))
    pos = B.Position(rng.choice("5A"))          # ME moves first
    out = []
    ply = 0
    while not B.game_over(pos):
        if ply < 2:
            r, m = None, rng.choice(B.legal_moves(pos, ME))
        else:
            r = search(pos, budget)
            m = r.move
        out.append((ply, pos.copy(), r))
        pos.play(ME, m)
        pos = swapped(pos)
        ply += 1
    return out


# Found by --find-big (seat of the first mover, move codes); legal moves of
# the side to move and the kind of game in the comment.
BIG = (
    ("A", ("99r3", "65f2", "66k6", "97r3", "95u0", "69p3")),                  # 869, golden
    ("5", ("75l3", "aaj2", "47u0", "78u0", "6ar0", "95r1", "b3q3", "63l7")),  # 849, golden
    ("A", ("aar0", "66l2", "77k6", "48o4", "95u0", "a7r1")),                  # 830, golden
    ("5", ("45o0", "9au0", "28m1")),                                          # 827, random
    ("A", ("9au0", "55o0")),                                                  # 818, golden
    ("5", ("66t0", "a9m1", "95u0", "8bu0")),                                  # 817, golden
    ("A", ("bar3", "56m3", "87l1", "42o0")),                                  # 808, random
    ("A", ("99r3", "45e2", "bcp0", "53t4", "67d0", "12o0")),                  # 802, random
)


def big_positions():
    """[(name, position)] of BIG."""
    return [("big%d" % i, replay(seat, codes)) for i, (seat, codes) in enumerate(BIG)]


def speed_positions(search):
    """Fixed positions for the speed measurement: the opening, the BIG ones,
    and a mid-game and a late position of game 0 of ``golden_game``, played
    by ``search`` (the mirror's, for speed: only the position matters here)
    at ``GAME_BUDGET``."""
    out = [("opening (seat 5)", B.Position("5"))] + big_positions()
    game = golden_game(0, search)
    mid = [g for g in game if g[2] is not None and 150 <= g[2].moves <= 400]
    late = [g for g in game if g[2] is not None and 10 <= g[2].moves < 60]
    if mid:
        out.append(("mid-game ply %d" % mid[-1][0], mid[-1][1]))
    if late:
        out.append(("late ply %d" % late[0][0], late[0][1]))
    return out


def find_big(games, top, choose, budget=GAME_BUDGET):
    """Lines for BIG: the ``top`` largest positions over the first 12 plies of
    ``games`` games of each kind: random first moves then ``choose(position,
    budget)`` (the mirror's search, for speed, at ``GAME_BUDGET``: the
    default budget would take seconds a move), and random play."""
    found = []
    for g in range(games):
        for kind in ("golden", "random"):
            rng = random.Random("find-big:%s:%d" % (kind, g))
            seat = rng.choice("5A")
            pos = B.Position(seat)
            codes = []
            while not B.game_over(pos) and len(codes) < 12:
                moves = B.legal_moves(pos, ME)
                found.append((len(moves), kind, seat, tuple(codes)))
                if not moves:
                    m = None
                elif kind == "random" or len(codes) < 2:
                    m = rng.choice(moves)
                else:
                    m = choose(pos, budget)
                codes.append(move_str(m))
                pos.apply(ME, m)
                pos = swapped(pos)
    found.sort(reverse=True)
    lines = []
    for n, kind, seat, codes in found[:top]:
        assert len(B.legal_moves(replay(seat, codes), ME)) == n
        lines.append("    (%r, %r),  # %d, %s" % (seat, codes, n, kind))
    return lines
