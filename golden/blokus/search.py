"""The Blokus Duo move search of the golden model: exactly what the core sends.

An iterative-deepening alpha-beta search over the best ``TOP_K`` moves at
every ply, with a reach evaluation.  Phase 1 tries every legal move of the
board (player ``ME``) and scores the position after it by the tile's size
and how many small-tile placements each side could then make; the ``TOP_K``
best are kept.  Then the kept moves are searched 2, 3, ... ``MAX_DEPTH``
plies deep, each iteration starting with the previous one's best, until the
budget runs out.  The RTL (``hdl/blokus/``) runs the same search and must
choose the same move, with the same node count, for every position and
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
  against the greedy player, the two-ply search scored 93.0 % with reach and
  95.3 % with mobility, and reach lets the core take a node every other
  cycle instead of a 222-step pass through its move generator.
* **Evaluation** of a legal move of player P (a signed integer):
  ``W_SIZE * squares + reach(after, P) - W_OPP * reach(after, other)``
  with ``W_SIZE`` = 100 and ``W_OPP`` = 1: place big tiles, keep room for
  yourself, take it from the opponent.  Evaluating one move is one
  **node**.
* **Expanding** a position (scanning the moves of the side to move after a
  move m, to search m deeper) costs ``SCAN_NODES`` nodes, charged when the
  scan starts: the hardware's scan takes about as many cycles as that many
  evaluations, whether it finds moves or not.  The root's own scan (phase
  1) is not charged.
* **Phase 1.**  ME's legal moves (the candidates) are evaluated in scan
  order.  The ``TOP_K`` best are kept, ordered by score, equal scores by scan
  order (``_kept``).
* **The value of a move** m of player P with evaluation e, searched d >= 2
  plies deep in the window (alpha, beta), ``_value``: expand the position
  after m; base = ``W_SIZE * squares(m)``.  If d = 2, the other player's
  replies are evaluated in scan order (from its side); best = the largest
  so far; stop as soon as best >= base - alpha.  If d > 2, every reply is
  evaluated in scan order, the ``TOP_K`` best are kept (as in phase 1) and
  searched d - 1 deep in that order, reply r in the window
  (max(best so far, base - beta), base - alpha) (base - beta before any),
  best = the largest value so far; stop as soon as best >= base - alpha.
  The value is base - best, or e when the other player has no reply.
  (Negamax of the sum of the tiles' sizes, each side's positive, and the
  last evaluation's reach terms; a value at or below alpha or at or above
  beta is only a bound, which is all alpha-beta needs.)
* **Iterations.**  For depth d = 2 .. ``MAX_DEPTH``: the kept moves are
  searched d deep in ``root_order`` (the previous iteration's best first,
  the others in kept order; after phase 1 the best is the first kept), the
  first in the window (-INF, INF), each later one in (best value so far,
  INF); a later move becomes the best only when its value is strictly
  higher.  ``INF`` is larger than any value.
* **Budget.**  Checked before every node and every expansion (an expansion
  needs ``SCAN_NODES`` nodes left).  When it runs out in phase 1, the first
  kept move is sent.  When it runs out in an iteration, that iteration's
  best so far is sent if it has one (it can only be the previous best or a
  move proven better at the new depth), else the last finished iteration's
  best (phase 1's counts as depth 1).  Budget 1 sends the first legal move
  in scan order.  ``None`` (a pass) only when ME has no legal move.

Bounds: a position has at most 91 * 196 = 17,836 placements, a reach is
at most 9 * 196 = 1,764, a value is below 2 * 1,764 + ``MAX_DEPTH`` * 500 in
size, far inside ``INF``.  ``DEFAULT_BUDGET`` is the largest budget whose
cycle bound in the RTL (``hdl/blokus/__init__.py``) fits 0.8 s at 50 MHz;
``MAX_BUDGET`` is what the RTL's node counter holds.
"""

from collections import namedtuple

from .board import ME, anchor_map, free_map, iter_legal_moves, legal_top_lefts
from .encoding import ALL_SHAPES, N_SHAPES, SHAPES, SIZE, TILE_SIZE

W_SIZE = 100
W_OPP = 1
TOP_K = 8                                   # moves kept at every ply
MAX_DEPTH = 8                               # plies of the deepest iteration
SCAN_NODES = 245                            # the charge for expanding a position (RTL: PER_FRAME)
INF = 1 << 15                               # beyond every value (module doc: bounds)
MAX_MOVES = N_SHAPES * SIZE * SIZE          # 17,836: no position has more
MAX_BUDGET = (1 << 25) - 1                  # the RTL's node counter
DEFAULT_BUDGET = 19999741                    # = hdl.blokus.largest_budget(50 MHz, 0.8 s)
REACH_TILES = (0, 1, 2, 3)                  # a, b, c, d: the shapes reach counts
MAX_REACH = sum(len(SHAPES[t]) for t in REACH_TILES) * SIZE * SIZE

# Shape index of (tile, lowest digit), the third key of the scan order.
SHAPE_INDEX = {(s.tile, s.r): i for i, s in enumerate(ALL_SHAPES)}

SearchResult = namedtuple("SearchResult", "move score nodes moves depth stop", defaults=(None,))
SearchResult.__doc__ = """What one search found.

move: the chosen move (x, y, t, r) with its lowest digit, or None (pass);
score: its value (at the depth it was chosen) or phase-1 score (0 for a
pass); nodes: the nodes spent (evaluations and expansions' charges);
moves: the number of legal moves of ME; depth: the deepest iteration
finished (1: phase 1 only, finished or not; 0 for a pass); stop: where the budget ran out,
None when it did not: ``STOP_PHASE1`` (a node of phase 1), ``STOP_ENTER``
(the expansion of a move), ``STOP_LEAVES`` (a node of a depth-2 scan of
replies), ``STOP_INNER`` (a node of a deeper one's scan).
"""
STOP_PHASE1, STOP_ENTER, STOP_LEAVES, STOP_INNER = "phase1", "enter", "leaves", "inner"
STOPS = (STOP_PHASE1, STOP_ENTER, STOP_LEAVES, STOP_INNER)


def check_budget(budget, top=MAX_BUDGET):
    """ValueError unless ``budget`` is an int in 1..top (bool refused)."""
    if isinstance(budget, bool) or not isinstance(budget, int):
        raise ValueError("budget must be an int >= 1, not %r" % (budget,))
    if budget < 1 or budget > top:
        raise ValueError("budget must be in 1..%d, not %d" % (top, budget))
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


class _BudgetOut(Exception):
    """The budget ran out: the search stops where it stands (args[0]: one of STOPS)."""


class _Spend(object):
    """The nodes spent by one search, against its budget."""
    __slots__ = ("nodes", "budget")

    def __init__(self, budget):
        self.nodes = 0
        self.budget = budget

    def node(self, where):
        """One evaluation (in phase 1, or a scan of STOP_LEAVES or STOP_INNER):
        checked before it is made."""
        if self.nodes >= self.budget:
            raise _BudgetOut(where)
        self.nodes += 1

    def expansion(self):
        """A position expanded (its moves scanned): SCAN_NODES nodes, checked
        before the scan starts."""
        if self.nodes + SCAN_NODES > self.budget:
            raise _BudgetOut(STOP_ENTER)
        self.nodes += SCAN_NODES


def _kept(scored):
    """The TOP_K best of [(score, scan index)]: by score, equal scores in scan order."""
    return sorted(scored, key=lambda vi: (-vi[0], vi[1]))[:TOP_K]


def _value(position, player, move, score1, depth, alpha, beta, spend):
    """The value of ``player``'s legal move ``move`` (its evaluation
    ``score1``) searched ``depth`` >= 2 plies deep, in the window
    (``alpha``, ``beta``); see the module doc."""
    after = position.copy()
    after.apply(player, move)
    other = 1 - player
    base = W_SIZE * TILE_SIZE[move[2]]
    spend.expansion()
    replies = candidates(after, other)
    best = None
    if depth == 2:                          # the replies are leaves
        for r in replies:
            spend.node(STOP_LEAVES)
            e = evaluate(after, r, other)
            if best is None or e > best:
                best = e
            if best >= base - alpha:        # base - best <= alpha: cut
                break
    else:
        scored = []
        for i, r in enumerate(replies):
            spend.node(STOP_INNER)
            scored.append((evaluate(after, r, other), i))
        for e, i in _kept(scored):
            reply_alpha = base - beta if best is None else max(best, base - beta)
            v = _value(after, other, replies[i], e, depth - 1, reply_alpha, base - alpha, spend)
            if best is None or v > best:
                best = v
            if best >= base - alpha:
                break
    return score1 if best is None else base - best


def root_order(count, previous):
    """The order of the kept root moves in an iteration: the previous
    iteration's best (index ``previous``) first, the others in kept order."""
    return [previous] + [i for i in range(count) if i != previous]


def search(position, budget=DEFAULT_BUDGET):
    """Run the search; a SearchResult (see the module doc)."""
    check_budget(budget)
    moves = candidates(position)
    spend = _Spend(budget)
    scored = []
    try:
        for i, m in enumerate(moves):
            spend.node(STOP_PHASE1)
            scored.append((evaluate(position, m), i))
    except _BudgetOut:
        pass
    if not scored:
        return SearchResult(None, 0, 0, len(moves), 0)
    top = _kept(scored)
    done_index, done_value, done_depth = 0, top[0][0], 1
    stop = None
    if len(scored) < len(moves):                 # the budget ran out in phase 1
        return SearchResult(moves[top[0][1]], done_value, spend.nodes, len(moves), 1,
                            STOP_PHASE1)
    for depth in range(2, MAX_DEPTH + 1):
        best, best_value = None, None
        try:
            for k in root_order(len(top), done_index):
                v1, i = top[k]
                alpha = -INF if best is None else best_value
                v = _value(position, ME, moves[i], v1, depth, alpha, INF, spend)
                if best is None or v > best_value:
                    best, best_value = k, v
        except _BudgetOut as out:
            if best is not None:
                done_index, done_value = best, best_value
            stop = out.args[0]
            break
        done_index, done_value, done_depth = best, best_value, depth
    return SearchResult(moves[top[done_index][1]], done_value, spend.nodes, len(moves),
                        done_depth, stop)


def choose(position, budget=DEFAULT_BUDGET):
    """The move the core sends (lowest digit), or None to pass."""
    return search(position, budget).move
