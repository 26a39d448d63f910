"""The Reversi search: the exact move the core sends, for a position and a budget.

This module *is* the specification of the core's search: the RTL must send
the same move and spend the same number of nodes for every position and
budget. It is plain iterative-deepening alpha-beta (negamax, fail-soft) with
a fixed move order behind one killer move a ply, and a static evaluation
made of parallel sums, so that
every step is a small, fixed amount of hardware; near the end of a game the
same machinery solves the position exactly (win/loss/draw, then the margin).

Definitions (``g`` is the board's ``encoding.Geometry``)
-----------------------------------------------------------
* **Move order** (``g.order``): cells by decreasing square weight
  (``encoding.square_weight``: corner 100, A-square 10, B-square 5, inner
  -1, -2, C-square -20, X-square -50), equal weights by increasing cell
  index. Hardware: one mask per weight class (up to 7), a priority encoder
  (lowest index) over ``legal & class mask``, classes in weight order.
* **Killer moves**: the search keeps one killer for each ply p (the root is
  ply 0, its children ply 1, a pass counts a ply): the last move that cut a
  node of ply p off (step 5 below), none at the start of a search (kept
  from one iteration to the next). A node of ply p >= 1 tries its ply's
  killer first when it is one of its legal moves, then its other moves in
  move order. Hardware: a register of cell and valid bit a ply, read
  while the child's moves are made, tested against them, and written at a
  cut. At the same budget (250,000 nodes) the search with killers scored
  107-27-66 against the same search without them
  (``bench/results/reversi-killers.md``, 200 games).
* **Evaluation** ``evaluate(me, opp, my_moves, opp_moves, g, stage)``, for
  the side to move (``me``), is learned: ``EVAL_WEIGHTS[stage]``, 15
  integers in 1/16 of a disc of final margin, read from
  ``golden/reversi/evaluation.json`` (fitted by
  ``bench/reversi/eval_study.py`` on self-play games whose moves from 13
  empties were the exact solver's, so their labels are exact there; the
  mirror and the RTL read the same file), times 15 features:

  - the disc difference (``me`` minus ``opp``) on each of the 10 square
    classes ``encoding.square_class`` (corner, C, A, B, X, c2, d2, c3, d3,
    d4: the pair of distances to the nearest edges, as the square weights),
    counting only *live* cells: a C- or X-square next to an occupied corner
    (``g.corner_zones``) is *dead* and counts in two more classes, C dead
    and X dead;
  - mobility: ``popcount(my_moves) - popcount(opp_moves)``;
  - potential mobility: the empty cells next to (8 directions) a disc of
    ``opp`` minus the empty cells next to a disc of ``me``;
  - the constant 1.

  Cell by cell (how the RTL sums it): a disc of ``me`` adds its class's
  weight (its dead class's while dead), one of ``opp`` subtracts it; a cell
  in ``my_moves`` and not in ``opp_moves`` adds the mobility weight, the
  other way round subtracts it; an empty cell next to ``opp`` adds the
  potential mobility weight and one next to ``me`` subtracts it (both: 0);
  then the constant. Weights are within +-1,023 (11 bits signed).

  On the 8 x 8 board only, the **pattern tables** are added
  (``golden.reversi.patterns``, ``PATTERNS``, from the same file): an edge
  table read by the 4 edges and a corner 2 x 4 table read by the 8 corner
  rectangles, each instance's entry at the base-3 index of its 8 cells
  (mine 1, theirs 2), from the table group of the stage (``stage *
  groups // STAGES``; 3 groups of 3^8 entries of 9 bits each: the RTL's
  M4K ROMs). For every size up to 16 x 16 and every stage the sum's bound
  is below ``WIN`` (checked at import: ``EVAL_BOUND``).

  The **stage** is ``stage_of(discs, g)`` = ``min(STAGES - 1, max(0, discs
  - 4) * STAGES // (cells - 4))`` (``STAGES`` = 6; at 8 x 8, 10 discs a
  stage).
  The search gives iteration d the stage of the root's disc count plus d:
  every static leaf of iteration d lies d plies below the root, so it is
  the leaf's own disc count unless a pass lies on its path; the RTL holds
  one stage register a search iteration. In the study (40 games against
  NTest at depth 4, seed 3201, each leaf at its own stage) it scored
  30-0-10 where the square weights with mobility it replaced had scored
  25.5 % (100 games, seed 3101); bench/results/reversi-strength.md has it
  as played here.
* **Game over** (neither side has a move): the exact value for the side to
  move is ``WIN + d`` if its disc lead ``d = popcount(me) - popcount(opp)``
  is positive, ``-WIN + d`` if negative, 0 if equal; ``WIN`` = 32,768 is
  above every evaluation, so any won end beats any evaluation and a bigger
  lead beats a smaller one. Values lie in +-(WIN + 256), inside ``INF`` =
  65,535 (17 bits signed).
* **Node**: one position entered from its parent by a move or by a pass, at
  the root's children or below. The root position itself is not a node.
  **Budget check**: before entering a child, if ``nodes == budget`` the
  search stops at once (``_Abort``); else ``nodes += 1`` and the child is
  entered. So ``nodes <= budget`` always.

``negamax(me, opp, d, alpha, beta)`` (``me`` to move, d >= 0 plies left, at
ply p):

1. ``my = legal(me, opp)``, ``their = legal(opp, me)`` (two move generators
   in parallel).
2. If ``my == 0`` and ``their == 0``: return the game-over value.
3. If ``d == 0``: return ``evaluate(me, opp, my, their, g, stage)`` (a
   *static* leaf, ``stage`` the iteration's; the iteration notes that one
   was made).
4. If ``my == 0`` (a forced pass, one move in the tree): check the budget,
   count a node, return ``-negamax(opp, me, d - 1, -beta, -alpha)``.
5. ``best = -INF``; for each move c of ``my``, ply p's killer first if it
   is one, then the others in move order: check the budget, count a node,
   flip (``board.flips``), ``s = -negamax(child, d - 1, -beta, -max(alpha,
   best))``; if ``s > best``: ``best = s``; if ``best >= beta``: c becomes
   ply p's killer and the node stops trying moves (a cut-off). Return
   ``best``.

``search(position, budget)``, for the side to move of ``position``:

1. No legal move: the answer is None (a pass; New Move 0xFF 0xFF), 0 nodes,
   stop ``"pass"``.
2. Exactly one legal move: that move, 0 nodes, stop ``"forced"``.
3. Else iterations share one node counter: d = 1, 2, ... ``MAX_DEPTH`` (63)
   (*midgame* iterations), except in an **endgame**: when the root has
   ``ENDGAME_EMPTIES`` (16) empty cells or fewer, iteration
   ``ENDGAME_AFTER`` (8) is followed by the **solver**: a *win/loss/draw*
   iteration at ``MAX_DEPTH`` with the root window (-1, 1), then, unless it
   found a draw (score 0: exact already), an *exact* iteration at
   ``MAX_DEPTH`` with the window (0, +INF) after a win (score >= 1) or
   (-INF, +INF) after a loss. From 16 empties no line of play is longer than
   32 plies, so a solver iteration never makes a static leaf.
   The root's moves are tried in move order in iteration 1 and, later, the
   previous answer first and the others in move order. An iteration of
   depth d and root window (alpha, beta) is step 5 above at the root with
   children searched with ``d - 1`` plies (midgame: (-INF, +INF), so the
   root never cuts off; the win/loss/draw iteration ends at the first move
   that scores >= 1, a proven win); a move becomes the answer only when its
   score is strictly higher than the best so far, so ties keep the earlier
   move.
   * A completed iteration sets the answer, its score and ``depth = d``.
     If it made no static leaf, every line it looked at ended the game: its
     result is exact and deepening stops (stop ``"exact"``), except after
     the win/loss/draw iteration, whose score is only a bound unless 0: the
     exact iteration follows. After a midgame ``MAX_DEPTH``: stop
     ``"depth"``.
   * When the budget stops an iteration (stop ``"budget"``): if at least
     one root move was completed in it, the answer is that iteration's best
     so far (the previous answer, tried first, or a move proven better than
     it at the new depth) with its score; otherwise the last completed
     iteration's answer stays. ``depth`` is the last completed iteration's
     (0 if none). The first root move of iteration 1 always completes (its
     one node is a leaf), so there always is an answer with a score. A
     budget stop in the exact iteration is stop ``"wld"`` (the answer is
     the solve's, or a move proven to win by more): the game's result is
     known, its margin not; one in the win/loss/draw iteration leaves the
     midgame answer unless a move was proven to win or draw.
   * A win/loss/draw iteration that proves a loss (score <= -1) keeps the
     midgame answer (its score is the solve's): every move loses against
     perfect play, and the move the midgame search chose keeps the best
     chances against an opponent that is not perfect, where the solve's
     bounds do not tell the moves apart. The exact iteration then orders it
     first, and a move replaces it only with a strictly better exact
     value.

   ``ENDGAME_EMPTIES`` and ``ENDGAME_AFTER`` were chosen by measurement
   (``make bench-reversi-endgame``, seed 4203): at the default budget
   then (2,631,713 nodes) the win/loss/draw solve finished for 17 of 20
   positions of 16 empties, 14 of 20 of 17 and 9 of 20 of 18
   (bench/results/reversi-endgame.md has today's); 8 midgame iterations cost
   little there and leave a good answer when the solve does not finish.

Budget 1 therefore answers the first legal move in move order, depth 0. The
search depends only on the position and the budget, never on time.

The budget and the time limit
-----------------------------
The game master gives a player ``TIME_LIMIT_MS`` (1 s, ``encoding``) for a
move, measured from the Next Turn it sends. ``DEFAULT_BUDGET`` is the
largest budget whose worst case fits 80 % of it at ``CLOCK_HZ`` (50 MHz) when
the core spends at most ``CYCLES_PER_NODE`` (17) cycles a node and
``SEARCH_FIXED_CYCLES`` (17) more a search, plus ``OVERHEAD_CYCLES`` (2**19:
receiving a 16 x 16 Next Turn, 69 bytes, 6.0 ms at 115200 baud, sending the
3-byte answer and setting the search up): (40,000,000 - 524,288 - 17) // 17
= 2,322,099. These are the RTL's proven bounds (``hdl/reversi/search.py``:
it refuses to build if its own exceed them, and its benches assert them on
every search). ``MAX_BUDGET`` is its 24-bit node counter.
"""

import json
import os
from collections import namedtuple

from . import patterns as _patterns
from .board import flips, legal, popcount
from .encoding import CLASS_KEYS, SIZES, TIME_LIMIT_MS, geometry, square_class

__all__ = ["DEFAULT_BUDGET", "MAX_BUDGET", "MAX_DEPTH", "SearchResult", "WIN", "INF",
           "STAGES", "EVAL_WEIGHTS", "EVAL_BOUND", "WEIGHT_BITS", "CYCLES_PER_NODE", "SEARCH_FIXED_CYCLES", "OVERHEAD_CYCLES",
           "CLOCK_HZ",
           "ENDGAME_EMPTIES", "ENDGAME_AFTER",
           "evaluate", "stage_of", "eval_masks", "terminal_value", "search", "explain", "choose", "check_budget",
           "STOPS"]

WIN = 1 << 15
INF = (1 << 16) - 1

EVAL_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "evaluation.json")
STAGES = 6                          # game stages of the evaluation (by disc count)
N_CLASSES = len(CLASS_KEYS)         # 10 square classes; then C dead, X dead
C_CLASS, X_CLASS = CLASS_KEYS.index((0, 1)), CLASS_KEYS.index((1, 1))
C_DEAD, X_DEAD, MOBILITY, POTENTIAL, CONSTANT = range(N_CLASSES, N_CLASSES + 5)
N_FEATURES = N_CLASSES + 5
WEIGHT_BITS = 11                    # every weight within +-1,023


def _load_weights(path):
    with open(path) as f:
        data = json.load(f)
    rows = data["weights"]
    if data.get("stages") != STAGES or len(rows) != STAGES or any(
            len(r) != N_FEATURES or any(not isinstance(v, int) or not
                                         -(1 << (WEIGHT_BITS - 1)) < v < 1 << (WEIGHT_BITS - 1)
                                         for v in r) for r in rows):
        raise ValueError("%s: want %d stages of %d integer weights within +-%d"
                         % (path, STAGES, N_FEATURES, (1 << (WEIGHT_BITS - 1)) - 1))
    return tuple(tuple(r) for r in rows)


def _load_patterns(path):
    with open(path) as f:
        data = json.load(f)
    if data.get("patterns") is None:
        return None
    return _patterns.check_tables(data["patterns"], path, STAGES)


EVAL_WEIGHTS = _load_weights(EVAL_FILE)
PATTERNS = _load_patterns(EVAL_FILE)
"""(groups, bits, edges, rects) of the 8 x 8 board's pattern tables
(golden.reversi.patterns), or None: no tables."""
MAX_DEPTH = 63                      # the deepest iteration (the RTL's ply stack)
ENDGAME_EMPTIES = 16                # the solver runs from this many empty cells or fewer
ENDGAME_AFTER = 8                   # ... after this many midgame iterations
MIDGAME, WLD, EXACT = range(3)      # the kinds of iteration
# a solver iteration never makes a static leaf: no line of play from
# ENDGAME_EMPTIES empties is longer than 2 * ENDGAME_EMPTIES plies (a pass is
# followed by a move or ends the game)
assert 2 * ENDGAME_EMPTIES < MAX_DEPTH and ENDGAME_AFTER < MAX_DEPTH

CLOCK_HZ = 50000000
CYCLES_PER_NODE = 17                # the RTL's bound on cycles per node
SEARCH_FIXED_CYCLES = 17            # the RTL's bound on a search's cycles outside its nodes
OVERHEAD_CYCLES = 1 << 19           # the core's bound on cycles outside the search, per move
BUDGET_PERCENT = 80                 # of TIME_LIMIT_MS
DEFAULT_BUDGET = ((CLOCK_HZ * TIME_LIMIT_MS // 1000 * BUDGET_PERCENT // 100 - OVERHEAD_CYCLES
                   - SEARCH_FIXED_CYCLES) // CYCLES_PER_NODE)
MAX_BUDGET = (1 << 24) - 1          # the RTL's node counter has 24 bits
assert DEFAULT_BUDGET == 2322099

STOP_PASS, STOP_FORCED, STOP_EXACT, STOP_DEPTH, STOP_BUDGET, STOP_WLD = (
    "pass", "forced", "exact", "depth", "budget", "wld")
STOPS = (STOP_PASS, STOP_FORCED, STOP_EXACT, STOP_DEPTH, STOP_BUDGET, STOP_WLD)
"""The values of SearchResult.stop; the RTL's stop code is the index."""

SearchResult = namedtuple("SearchResult", "move score nodes depth stop")
SearchResult.__doc__ = """What one search found.

move: the cell index chosen, or None (a pass: no legal move); score: its
value (None for "pass"/"forced" and before a completed iteration); nodes:
nodes spent (<= budget); depth: the last completed iteration (0: none);
stop: one of STOPS."""


def check_budget(budget):
    """Return budget if it is an int in 1..MAX_BUDGET, else raise ValueError."""
    if isinstance(budget, bool) or not isinstance(budget, int):
        raise ValueError("budget must be an int >= 1 (search nodes per move), got %r" % (budget,))
    if not 1 <= budget <= MAX_BUDGET:
        raise ValueError("budget must be between 1 and %d (search nodes per move), got %d"
                         % (MAX_BUDGET, budget))
    return budget


_MASKS = {}


def eval_masks(g):
    """(class masks (N_CLASSES), C mask, X mask) of a geometry, cached."""
    key = (g.width, g.height)
    m = _MASKS.get(key)
    if m is None:
        classes = [0] * N_CLASSES
        for c in range(g.cells):
            classes[square_class(c % g.width, c // g.width, g.width, g.height)] |= 1 << c
        m = _MASKS[key] = (tuple(classes), classes[C_CLASS], classes[X_CLASS])
    return m


def _neighbours(b, g):
    out = 0
    for s, pre in g.shifts:
        t = b & pre
        out |= (t << s) & g.full if s > 0 else t >> -s
    return out


def stage_of(discs, g):
    """The evaluation's stage for a disc count on the board of ``g``."""
    return min(STAGES - 1, max(0, discs - 4) * STAGES // (g.cells - 4))


def evaluate(me, opp, my_moves, opp_moves, g, stage):
    """Static value for the side to move (discs ``me``), see the docstring."""
    w = EVAL_WEIGHTS[stage]
    classes, c_mask, x_mask = eval_masks(g)
    occupied = me | opp
    dead = 0
    for corner, zone in g.corner_zones:
        if occupied & corner:
            dead |= zone
    s = 0
    for k in range(N_CLASSES):
        live = classes[k] & ~dead
        s += w[k] * (popcount(me & live) - popcount(opp & live))
    s += w[C_DEAD] * (popcount(me & dead & c_mask) - popcount(opp & dead & c_mask))
    s += w[X_DEAD] * (popcount(me & dead & x_mask) - popcount(opp & dead & x_mask))
    s += w[MOBILITY] * (popcount(my_moves) - popcount(opp_moves))
    empty = g.full & ~occupied
    s += w[POTENTIAL] * (popcount(empty & _neighbours(opp, g))
                         - popcount(empty & _neighbours(me, g)))
    if PATTERNS is not None and g.width == g.height == _patterns.SIDE:
        groups, _, edges, rects = PATTERNS
        k = _patterns.group_of(stage, groups, STAGES)
        s += _patterns.value(me, opp, edges[k], rects[k])
    return s + w[CONSTANT]


def _bound(g, w):
    """The largest |evaluate| on the board of g with the weights w: a cell
    gives a disc's weight or (empty) the mobility and potential terms."""
    classes, c_mask, x_mask = eval_masks(g)
    total = abs(w[CONSTANT])
    for c in range(g.cells):
        k = next(k for k in range(N_CLASSES) if classes[k] >> c & 1)
        disc = abs(w[k])
        if (c_mask | x_mask) >> c & 1:
            disc = max(disc, abs(w[C_DEAD if c_mask >> c & 1 else X_DEAD]))
        total += max(disc, abs(w[MOBILITY]) + abs(w[POTENTIAL]))
    return total


def _pattern_bound(wd, ht):
    """The largest |pattern term| on a board: 4 edges and 8 rectangles at 8 x 8."""
    if PATTERNS is None or not wd == ht == _patterns.SIDE:
        return 0
    _, _, edges, rects = PATTERNS
    return max(len(_patterns.EDGE_CELLS) * max(abs(v) for v in e)
               + len(_patterns.RECT_CELLS) * max(abs(v) for v in r) for e, r in zip(edges, rects))


EVAL_BOUND = max(_bound(geometry(wd, ht), w) + _pattern_bound(wd, ht) for wd in SIZES
                 for ht in SIZES for w in EVAL_WEIGHTS)
"""The largest |evaluate| over every size and stage; below WIN, so any won
end beats any evaluation."""
assert EVAL_BOUND < WIN, EVAL_BOUND


def terminal_value(me, opp):
    """Exact value of a finished game for the side with discs ``me``."""
    d = popcount(me) - popcount(opp)
    return WIN + d if d > 0 else -WIN + d if d < 0 else 0


class _Abort(Exception):
    pass


def _ordered(moves, g):
    """The cells of the mask ``moves`` in move order."""
    out = []
    for _, m in g.classes:
        x = moves & m
        while x:
            low = x & -x
            out.append(low.bit_length() - 1)
            x ^= low
    return out


class _Tree(object):
    def __init__(self, g, budget):
        self.g = g
        self.budget = budget
        self.nodes = 0
        self.static = False
        self.stage = 0
        self.killer = [None] * (MAX_DEPTH + 1)      # by ply; none at a search's start

    def negamax(self, me, opp, d, alpha, beta, ply):
        g = self.g
        my = legal(me, opp, g)
        their = legal(opp, me, g)
        if not my and not their:
            return terminal_value(me, opp)
        if d == 0:
            self.static = True
            return evaluate(me, opp, my, their, g, self.stage)
        if not my:
            if self.nodes == self.budget:
                raise _Abort()
            self.nodes += 1
            return -self.negamax(opp, me, d - 1, -beta, -alpha, ply + 1)
        best = -INF
        killer = self.killer[ply]
        first = 1 << killer if killer is not None and (my >> killer) & 1 else 0
        for m in [first] + [m & ~first for _, m in g.classes]:
            x = my & m
            while x:
                low = x & -x
                x ^= low
                if self.nodes == self.budget:
                    raise _Abort()
                self.nodes += 1
                c = low.bit_length() - 1
                f = flips(me, opp, c, g)
                s = -self.negamax(opp & ~f, me | f | low, d - 1,
                                  -beta, -(alpha if alpha > best else best), ply + 1)
                if s > best:
                    best = s
                    if best >= beta:
                        self.killer[ply] = c
                        return best
        return best


def explain(position, budget):
    """(search(position, budget), iterations): ``iterations`` lists, for each
    completed iteration, (depth, nodes at its end, score, move). For tests
    and benchmarks; the answer never depends on it."""
    check_budget(budget)
    g = position.g
    me, opp = position.mine, position.theirs
    moves = legal(me, opp, g)
    iterations = []
    if not moves:
        return SearchResult(None, None, 0, 0, STOP_PASS), iterations
    order = _ordered(moves, g)
    if len(order) == 1:
        return SearchResult(order[0], None, 0, 0, STOP_FORCED), iterations
    tree = _Tree(g, budget)
    answer, score, depth = order[0], None, 0
    root = order
    stop = STOP_DEPTH
    root_discs = popcount(me | opp)
    endgame = g.cells - root_discs <= ENDGAME_EMPTIES
    phase, d = MIDGAME, 1
    while True:
        if phase == MIDGAME:
            plies, alpha, beta = d, -INF, INF
        elif phase == WLD:
            plies, alpha, beta = MAX_DEPTH, -1, 1
        else:                                   # EXACT: a proven win needs only wins
            plies, alpha, beta = MAX_DEPTH, 0 if score >= 1 else -INF, INF
        tree.static = False
        tree.stage = stage_of(root_discs + plies, g)
        best, best_move = -INF, None
        try:
            for c in root:
                if tree.nodes == tree.budget:
                    raise _Abort()
                tree.nodes += 1
                f = flips(me, opp, c, g)
                s = -tree.negamax(opp & ~f, me | f | (1 << c), plies - 1, -beta,
                                  -(alpha if alpha > best else best), 1)
                if s > best:
                    best, best_move = s, c
                    if best >= beta:            # the root's cut: only WLD's beta is reached
                        break
        except _Abort:
            if best_move is not None and not (phase == WLD and best < 0):
                answer, score = best_move, best
            stop = STOP_WLD if phase == EXACT else STOP_BUDGET
            break
        if not (phase == WLD and best < 0):     # a proven loss keeps the midgame's move
            answer = best_move
        score, depth = best, plies
        iterations.append((plies, tree.nodes, best, best_move))
        if not tree.static:
            if phase == WLD and score != 0:     # won or lost: now by how much
                phase = EXACT
            else:
                stop = STOP_EXACT
                break
        elif plies == MAX_DEPTH:
            break
        elif endgame and d == ENDGAME_AFTER:
            phase = WLD
        else:
            d += 1
        root = [answer] + [c for c in order if c != answer]
    return SearchResult(answer, score, tree.nodes, depth, stop), iterations


def search(position, budget):
    """The core's move for the side to move of ``position`` within ``budget``."""
    return explain(position, budget)[0]


def choose(position, budget=None):
    """The cell the core plays from ``position`` (None: pass)."""
    return search(position, DEFAULT_BUDGET if budget is None else budget).move
