"""The Score-4 search: the exact move the core sends, for a position and a budget.

This module *is* the specification of the core's search. The RTL
(`hdl/score4/`) implements the same steps and must send the same move and
spend the same number of nodes for every position and budget; the
testbenches check both on every exchange.

Definitions
-----------
* ``ORDER`` (``encoding.SEARCH_ORDER``): the fixed move order, centre posts
  first, then corners, then edges: posts 5, 6, 9, 10, 0, 3, 12, 15, 1, 2, 4,
  7, 8, 11, 13, 14. Centre and corner cells lie on the most lines.
* A move by player X *wins* when its bead completes a line of X's beads
  through the cell it lands on (``board.completes_line``). Lines complete
  before the move do not count (the protocol plays on after a win).
* ``evaluate(x, y)``, the static score of a position for player x (beads
  ``x``) against y: over the 76 lines, a line holding k of x's beads and none
  of y's adds ``W[k]``, one holding k of y's and none of x's subtracts
  ``W[k]``, with ``W = (0, 1, 4, 16, 0)`` (a complete line adds nothing: it
  is scored as a win when it is made). The range is within +-1216.
* Scores are integers in +-``INF`` (8191, 14-bit signed in hardware). A win
  made at ply n (the root's moves are ply 1) scores ``WIN - n`` for the player
  who made it, ``WIN`` = 4096; a full board without a win scores 0.

The steps of ``search(position, budget)`` (``mine`` is the side to move)
-----------------------------------------------------------------------
1. No free post: the answer is None (the board sends ``00``); 0 nodes.
2. Win now: the first post in ORDER whose move wins for me is the answer.
3. Block: else the first post in ORDER whose move would win for the
   opponent is the answer. (Steps 2 and 3 are parallel logic in hardware and
   spend no nodes.)
4. Else iterative deepening with depth d = 1, 2, 3, ..., sharing one node
   counter across the iterations. The answer starts as the first free post
   in ORDER (used if no iteration completes). Each iteration is the
   negamax alpha-beta ``node()`` below at the root with window (-INF, +INF);
   the root tries its previous iteration's best move first, then the other
   free posts in ORDER (in the first iteration simply ORDER).
   * **One node** is one move made in the tree (a child position created),
     at the root or below. Before making a move the counter is compared with
     the budget: if ``nodes == budget`` the iteration is abandoned at once.
   * An abandoned iteration is thrown away: the answer stays the best move
     of the last completed iteration (or the first free post).
   * A completed iteration sets the answer to its best move (the first move,
     in the order tried, with the highest score: ties keep the earlier one).
     Deepening stops, with that answer, when the root score is a proven
     result (``abs(score) >= WIN - 64``) or d has reached the number of
     empty cells (the tree then reaches the end of the game).

``node(x, y, d, alpha, beta, ply)``: x to move (at ply ``ply``), d plies
left (d >= 1); returns the fail-soft value for x. ``best = -INF``; for each
free post p in ORDER (at the root: in the root order above): count a node;
let x' = x + the bead on p; the score s of p is ``WIN - (ply + 1)`` if the
bead wins, else 0 if the board is now full, else ``evaluate(x', y)`` if
d == 1, else ``-node(y, x', d - 1, -beta, -max(alpha, best), ply + 1)``.
Then ``best = max(best, s)``; stop trying moves (a cut-off) when
``max(alpha, best) >= beta``. Return best. (A node is only entered with a
free post: a full board is scored before recursion.)

Budget 1 therefore always answers at once with a legal move (steps 1-3 or
the first free post), and at any budget an immediate win is taken and an
immediate loss blocked. The search depends only on the position and the
budget, never on time.
"""

from .board import completes_line, landing_cells, popcount
from .encoding import FULL_BOARD, LINES, NUM_CELLS, POST_MASK, SEARCH_ORDER

__all__ = ["DEFAULT_BUDGET", "MAX_BUDGET", "SearchResult", "WIN", "INF", "W",
           "evaluate", "search", "choose", "check_budget"]

WIN = 4096
INF = 8191
PROVEN = WIN - NUM_CELLS            # |score| >= PROVEN: a forced result
W = (0, 1, 4, 16, 0)                # line weight by the count of one side's beads

MAX_BUDGET = (1 << 28) - 1          # the RTL's node counter has 28 bits
DEFAULT_BUDGET = 99999934
"""Nodes per move when none is given: the largest budget whose worst case
(hdl.score4.worst_case_cycles) fits in 8 s of the 10 s limit at 50 MHz;
hdl/tests/test_score4_budget.py keeps the two in step."""


def check_budget(budget):
    """Return budget if it is an int in 1..MAX_BUDGET, else raise ValueError."""
    if isinstance(budget, bool) or not isinstance(budget, int):
        raise ValueError("budget must be an int >= 1 (search nodes per move), "
                         "got %r" % (budget,))
    if not 1 <= budget <= MAX_BUDGET:
        raise ValueError("budget must be between 1 and %d (search nodes per move), "
                         "got %d" % (MAX_BUDGET, budget))
    return budget


def evaluate(x, y):
    """Static score of the position for the player with beads x (see above)."""
    s = 0
    for m in LINES:
        a = x & m
        b = y & m
        if a:
            if not b:
                s += W[popcount(a)]
        elif b:
            s -= W[popcount(b)]
    return s


class SearchResult(object):
    """What one search did: the move (post index or None) and how."""

    __slots__ = ("move", "nodes", "depth", "score", "reason")

    def __init__(self, move, nodes, depth, score, reason):
        self.move = move        # post index, or None when every post is full
        self.nodes = nodes      # nodes spent (<= budget)
        self.depth = depth      # depth of the last completed iteration (0: none)
        self.score = score      # its root score (None when no iteration completed)
        self.reason = reason    # "full", "win", "block", "search" or "fallback"

    def __repr__(self):
        return ("SearchResult(move=%r, nodes=%d, depth=%d, score=%r, reason=%r)"
                % (self.move, self.nodes, self.depth, self.score, self.reason))


class _Abort(Exception):
    pass


def _cells(occupied):
    """{post: landing cell} for the free posts, in ORDER."""
    land = landing_cells(occupied)
    out = []
    for p in SEARCH_ORDER:
        bit = land & POST_MASK[p]
        if bit:
            out.append((p, bit))
    return out


class _Tree(object):
    def __init__(self, budget):
        self.budget = budget
        self.nodes = 0

    def node(self, x, y, d, alpha, beta, ply, moves=None):
        """Negamax alpha-beta, fail-soft; returns (best score, best move)."""
        if moves is None:
            moves = _cells(x | y)
        best, best_move = -INF, None
        for p, bit in moves:
            if self.nodes == self.budget:
                raise _Abort()
            self.nodes += 1
            x2 = x | bit
            if completes_line(x, bit.bit_length() - 1):
                s = WIN - (ply + 1)
            elif x2 | y == FULL_BOARD:
                s = 0
            elif d == 1:
                s = evaluate(x2, y)
            else:
                s = -self.node(y, x2, d - 1, -beta, -max(alpha, best), ply + 1)[0]
            if s > best:
                best, best_move = s, p
            if max(alpha, best) >= beta:
                break
        return best, best_move


def search(position, budget):
    """The core's move from ``position`` (``mine`` to move) within ``budget``."""
    check_budget(budget)
    me, opp = position.mine, position.theirs
    moves = _cells(me | opp)
    if not moves:
        return SearchResult(None, 0, 0, None, "full")
    for p, bit in moves:
        if completes_line(me, bit.bit_length() - 1):
            return SearchResult(p, 0, 0, None, "win")
    for p, bit in moves:
        if completes_line(opp, bit.bit_length() - 1):
            return SearchResult(p, 0, 0, None, "block")
    tree = _Tree(budget)
    answer, done_depth, done_score = moves[0][0], 0, None
    empties = NUM_CELLS - popcount(me | opp)
    root = moves
    d = 1
    while True:
        try:
            score, move = tree.node(me, opp, d, -INF, INF, 0, root)
        except _Abort:
            break
        answer, done_depth, done_score = move, d, score
        if abs(score) >= PROVEN or d >= empties:
            break
        root = [m for m in moves if m[0] == move] + [m for m in moves if m[0] != move]
        d += 1
    return SearchResult(answer, tree.nodes, done_depth, done_score,
                        "search" if done_depth else "fallback")


def choose(position, budget=None):
    """Post index the board plays from ``position``, or None if none is free."""
    return search(position, DEFAULT_BUDGET if budget is None else budget).move
