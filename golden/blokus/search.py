"""The Blokus Duo move search of the golden model: exactly what the core sends.

The search is one ply deep with a mobility evaluation: every legal move of the
board (player ``ME``) is tried, and the position after it is scored by how
many placements each side then has.  The RTL (``hdl/blokus/search.py``) runs
the same search and must choose the same move for every position and budget.

Definitions (the contract with the RTL):

* **Scan order.**  Moves are generated and tried by centre row Y = 1..14,
  then centre column X = 1..14, then shape index 0..90 (``ALL_SHAPES``:
  tiles 'a'..'u', each tile's distinct shapes by their lowest orientation
  digit).  A move is named by the lowest digit that gives its shape.
* **Candidate.**  A legal move of ME in the position.  Evaluating one
  candidate is one **node**; the budget is the most nodes spent on one move.
  Candidates are evaluated in scan order; before each one the search stops
  if ``budget`` nodes are spent, so ``min(budget, number of legal moves)``
  candidates are evaluated, at least one when there is a legal move.
* **Mobility** of a player in a position: the number of its legal
  placements (distinct shape, centre cell), counting only its unplayed
  tiles.  This is the move count of ``iter_legal_moves``.
* **Score** of a candidate m (a signed integer):
  ``W_SIZE * squares(m) + mobility(after m, ME) - W_OPP * mobility(after m, OPP)``
  with ``W_SIZE`` = 100 and ``W_OPP`` = 1: place big tiles, keep moves for
  yourself, take them from the opponent.
* **Choice.**  The candidate with the highest score; among equal scores the
  first in scan order.  ``None`` (a pass) only when ME has no legal move.

Bounds: a position has at most 91 * 196 = 17,836 placements, so every budget
from ``MAX_MOVES`` up means "evaluate every candidate"; that is the default.
"""

from collections import namedtuple

from .board import ME, OPP, anchor_map, free_map, iter_legal_moves
from .encoding import ALL_SHAPES, N_SHAPES, SHAPES, SIZE, TILE_SIZE

W_SIZE = 100
W_OPP = 1
MAX_MOVES = N_SHAPES * SIZE * SIZE          # 17,836: no position has more
MAX_BUDGET = (1 << 16) - 1                  # the RTL's budget register
DEFAULT_BUDGET = MAX_MOVES                  # every candidate, always

# Shape index of (tile, lowest digit), the third key of the scan order.
SHAPE_INDEX = {(s.tile, s.r): i for i, s in enumerate(ALL_SHAPES)}

SearchResult = namedtuple("SearchResult", "move score nodes moves")
SearchResult.__doc__ = """What one search found.

move: the chosen move (x, y, t, r) with its lowest digit, or None (pass);
score: its score (0 for a pass); nodes: candidates evaluated;
moves: the number of legal moves of ME in the position searched.
"""


def check_budget(budget):
    """ValueError unless ``budget`` is an int in 1..MAX_BUDGET (bool refused)."""
    if isinstance(budget, bool) or not isinstance(budget, int):
        raise ValueError("budget must be an int >= 1, not %r" % (budget,))
    if budget < 1 or budget > MAX_BUDGET:
        raise ValueError("budget must be in 1..%d, not %d" % (MAX_BUDGET, budget))
    return budget


def scan_key(move):
    """Sort key of a move (lowest-digit name) in scan order."""
    x, y, t, r = move
    return (y, x, SHAPE_INDEX[(t, r)])


def candidates(position):
    """The legal moves of ME in scan order."""
    return sorted(iter_legal_moves(position, ME), key=scan_key)


def _popcount(v):
    return bin(v).count("1")


def mobility(position, player):
    """Number of legal placements of ``player`` (one per shape and centre)."""
    free = free_map(position, player)
    anchor = anchor_map(position, player)
    if not anchor:
        return 0
    used = position.used[player]
    n = 0
    for t, shapes in enumerate(SHAPES):
        if (used >> t) & 1:
            continue
        for sh in shapes:
            allowed = -1
            touch = 0
            for o in sh.offs:
                allowed &= free >> o
                touch |= anchor >> o
            n += _popcount(allowed & touch)
    return n


def evaluate(position, move):
    """Score of the legal move ``move`` of ME (see the module doc)."""
    after = position.copy()
    after.apply(ME, move)
    return (W_SIZE * TILE_SIZE[move[2]] + mobility(after, ME)
            - W_OPP * mobility(after, OPP))


def search(position, budget=DEFAULT_BUDGET):
    """Run the search; a SearchResult (see the module doc)."""
    check_budget(budget)
    moves = candidates(position)
    best, best_score, nodes = None, 0, 0
    for m in moves:
        if nodes >= budget:
            break
        v = evaluate(position, m)
        nodes += 1
        if best is None or v > best_score:
            best, best_score = m, v
    return SearchResult(best, best_score, nodes, len(moves))


def choose(position, budget=DEFAULT_BUDGET):
    """The move the core sends (lowest digit), or None to pass."""
    return search(position, budget).move
