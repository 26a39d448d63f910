"""The Blokus Duo move search of the golden model: exactly what the core sends.

A two-phase search with a reach evaluation.  Phase 1 tries every legal
move of the board (player ``ME``) and scores the position after it by how
many small-tile placements each side could then make.  Phase 2 looks one ply deeper at the
best ``TOP_K`` of them: the opponent's best reply to each, by the same
evaluation from its side, is subtracted.  The RTL (``hdl/blokus/search.py``)
runs the same search and must choose the same move for every position and
budget.

Definitions (the contract with the RTL):

* **Scan order.**  Moves are generated and tried by centre row Y = 1..14,
  then centre column X = 1..14, then shape index 0..90 (``ALL_SHAPES``:
  tiles 'a'..'u', each tile's distinct shapes by their lowest orientation
  digit).  A move is named by the lowest digit that gives its shape.
* **Reach** of a player in a position: the number of (shape, centre cell)
  pairs over the 9 shapes of the four smallest tiles ``REACH_TILES`` (a, b,
  c, d: sizes 1, 2, 3, 3) that would be legal placements for it, whether or
  not it still holds those tiles: every square on a cell it may cover, one
  on an anchor.  A measure of the room a player can still grow into, cheap
  in hardware (about 1,600 placement tests per player, all in parallel).
  ``mobility`` (every legal placement of its unplayed tiles) is the
  stronger measure and far dearer in hardware: measured over 1000 games
  against the greedy player, this search scores 93.0 % with reach and 95.3 %
  with mobility, and reach lets the core take a node every other cycle
  instead of a 222-step pass through its move generator (about 250 cycles).
* **Evaluation** of a legal move of player P (a signed integer):
  ``W_SIZE * squares + reach(after, P) - W_OPP * reach(after, other)``
  with ``W_SIZE`` = 100 and ``W_OPP`` = 1: place big tiles, keep room for
  yourself, take it from the opponent.  Evaluating one move is one
  **node**; the budget is the most nodes spent on one answer, checked before
  every node of either phase.
* **Phase 1.**  ME's legal moves (the candidates) are evaluated in scan order.
  The ``TOP_K`` best are kept, ordered by score, equal scores by scan order.
* **Phase 2.**  For each kept candidate m in that order: the opponent's legal
  replies in the position after m are evaluated in scan order (from the
  opponent's side, in the position after m); ``reply`` is the largest.  The
  value of m is ``W_SIZE * squares(m) - reply`` (m's phase-1 score when the
  opponent has no reply).  The first candidate with the highest value wins
  (a later one must be strictly better).  Alpha-beta: once a best value
  exists, m is dropped as soon as ``W_SIZE * squares(m) - reply`` so far is
  not above it (the remaining replies are not evaluated).
* **Budget.**  When the budget runs out in phase 1, phase 2 does not start;
  when it runs out in phase 2, the candidate being examined is dropped.  The
  answer is phase 2's best so far, or, if phase 2 finished no candidate,
  phase 1's best (the first kept).  Budget 1 sends the first legal move in
  scan order.  ``None`` (a pass) only when ME has no legal move.

Bounds: a position has at most 91 * 196 = 17,836 placements, a reach is
at most 9 * 196 = 1,764.  The default budget is the largest the RTL's node
counter holds (``MAX_BUDGET``): its worst case answers well within 0.8 s
at 50 MHz (``hdl/blokus/__init__.py``), and no real position comes near it.
"""

from collections import namedtuple

from .board import ME, OPP, anchor_map, free_map, iter_legal_moves, legal_top_lefts
from .encoding import ALL_SHAPES, N_SHAPES, SHAPES, SIZE, TILE_SIZE

W_SIZE = 100
W_OPP = 1
TOP_K = 8                                   # candidates looked at one ply deeper
MAX_MOVES = N_SHAPES * SIZE * SIZE          # 17,836: no position has more
MAX_BUDGET = (1 << 18) - 1                  # the RTL's node counter
DEFAULT_BUDGET = MAX_BUDGET                 # = hdl.blokus.largest_budget(50 MHz, 0.8 s)
REACH_TILES = (0, 1, 2, 3)                  # a, b, c, d: the shapes reach counts
MAX_REACH = sum(len(SHAPES[t]) for t in REACH_TILES) * SIZE * SIZE

# Shape index of (tile, lowest digit), the third key of the scan order.
SHAPE_INDEX = {(s.tile, s.r): i for i, s in enumerate(ALL_SHAPES)}

SearchResult = namedtuple("SearchResult", "move score nodes moves")
SearchResult.__doc__ = """What one search found.

move: the chosen move (x, y, t, r) with its lowest digit, or None (pass);
score: its value (phase 2) or phase-1 score (0 for a pass); nodes: moves
evaluated in both phases; moves: the number of legal moves of ME.
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


def candidates(position, player=ME):
    """The legal moves of ``player`` in scan order."""
    return sorted(iter_legal_moves(position, player), key=scan_key)


def _popcount(v):
    return bin(v).count("1")


def _count(position, player, tiles):
    """Legal (shape, top-left) pairs of ``player`` over the shapes of ``tiles``,
    by its free and anchor maps alone (whether it holds the tiles is not asked)."""
    free = free_map(position, player)
    anchor = anchor_map(position, player)
    if not anchor:
        return 0
    return sum(_popcount(legal_top_lefts(sh, free, anchor)) for t in tiles for sh in SHAPES[t])


def mobility(position, player):
    """Number of legal placements of ``player`` (one per shape and centre)."""
    used = position.used[player]
    return _count(position, player, [t for t in range(len(SHAPES)) if not (used >> t) & 1])


def reach(position, player):
    """Placements of the shapes of REACH_TILES that would be legal for
    ``player`` (one per shape and centre), held or not (see the module doc)."""
    return _count(position, player, REACH_TILES)


def evaluate(position, move, player=ME):
    """Evaluation of the legal move ``move`` of ``player`` (see the module doc)."""
    after = position.copy()
    after.apply(player, move)
    return (W_SIZE * TILE_SIZE[move[2]] + reach(after, player)
            - W_OPP * reach(after, 1 - player))


def search(position, budget=DEFAULT_BUDGET):
    """Run the search; a SearchResult (see the module doc)."""
    check_budget(budget)
    moves = candidates(position)
    nodes = 0
    scored = []
    for i, m in enumerate(moves):
        if nodes >= budget:
            break
        scored.append((evaluate(position, m), i))
        nodes += 1
    if not scored:
        return SearchResult(None, 0, 0, len(moves))
    top = sorted(scored, key=lambda vi: (-vi[0], vi[1]))[:TOP_K]
    if len(scored) < len(moves):                 # the budget ran out in phase 1
        return SearchResult(moves[top[0][1]], top[0][0], nodes, len(moves))
    best, best_value = None, 0
    for v1, i in top:
        m = moves[i]
        after = position.copy()
        after.apply(ME, m)
        base = W_SIZE * TILE_SIZE[m[2]]
        reply = None
        dropped = False
        for r in candidates(after, OPP):
            if nodes >= budget:
                v1, i = top[0]
                if best is None:
                    return SearchResult(moves[i], v1, nodes, len(moves))
                return SearchResult(best, best_value, nodes, len(moves))
            e = evaluate(after, r, OPP)
            nodes += 1
            if reply is None or e > reply:
                reply = e
            if best is not None and base - reply <= best_value:
                dropped = True
                break
        if dropped:
            continue
        value = v1 if reply is None else base - reply
        if best is None or value > best_value:
            best, best_value = m, value
    return SearchResult(best, best_value, nodes, len(moves))


def choose(position, budget=DEFAULT_BUDGET):
    """The move the core sends (lowest digit), or None to pass."""
    return search(position, budget).move
