"""The players of a strength match, and the interface every one of them has.

The harness (``bench.common.match``) calls, for each game a player takes part in:

``new_game(info, side)``
    a game begins; ``info`` is its ``GameInfo``, ``side`` this player's side
    in move order (0: it moves first, 1: second).
``choose(view, rng)``
    the player's move; ``view`` is the position as the game shows it to the
    side to move (Score-4: a ``golden.score4.board.Position``, mine to move;
    Blokus: a ``golden.blokus.board.Position``, ME to move), ``rng`` the
    game's own random generator (seeded per game: use it, never another, for
    any random choice, or runs stop being reproducible).
``played(side, move)``
    every move of the game, both sides' and the random opening plies, in
    order, after the harness checked it (a program that keeps its own board
    follows the game by this).
``close()``
    the match is over (ends an external program).

``deterministic`` says whether the player always answers a position the
same way; a game adapter uses it to decide whether a pairing needs random
opening plies to give different games.
"""
from collections import namedtuple

GameInfo = namedtuple("GameInfo", "number seat ours_first")
GameInfo.__doc__ = """One game of a match: its number (0-based, per opponent),
the seat our search plays (a game's own label, or None where a game has no
seats apart from the move order) and whether our search moves first."""


class Player:
    """A player that ignores the game's course and answers ``choose`` only."""

    deterministic = False

    def new_game(self, info, side):
        pass

    def choose(self, view, rng):
        raise NotImplementedError

    def played(self, side, move):
        pass

    def last_stats(self):
        """What the player reports of its last ``choose`` (a dict, e.g. its
        search depth), or None."""
        return None

    def close(self):
        pass


class RulePlayer(Player):
    """A fixed rule, ``rule(view, rng) -> move``: random, greedy, first legal."""

    def __init__(self, rule, deterministic=False):
        self.rule = rule
        self.deterministic = deterministic

    def choose(self, view, rng):
        return self.rule(view, rng)


class SearchPlayer(Player):
    """Our own search at a budget: ``search(view, budget) -> (move, stats)``,
    stats a dict of what the search reports (nodes, depth, ...)."""

    deterministic = True

    def __init__(self, search, budget):
        self.search_function = search
        self.budget = budget

    def search(self, view):
        """(move, stats) of one search."""
        return self.search_function(view, self.budget)

    def choose(self, view, rng):
        return self.search(view)[0]
