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
  is scored as a win when it is made). A *threat*, a line with 3 beads of
  one side and none of the other, is worth ``THREAT_PARITY`` (10) more when
  its empty cell is on level 1 or 3 and that much less on level 2 or 4
  (``line_value``). When the other side answers on the same post, the first
  player's beads land on levels 1 and 3 and the second's on 2 and 4; at
  equal nodes this term won 47-0-13 over the same search without it
  (docs/score4-core.md, "Why this search"). The range is within
  +-76 * (W[3] + THREAT_PARITY) = +-1976.
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
3b. Book: else a position of at most ``book.PLIES`` beads with a book move
   (``book.book_move``, the opening book ``book.json``) answers it: reason
   "book", 0 nodes, depth 0, score None. (The hardware scans the book while
   it clears the table: no cycle is added to the search's bound.)
4. Else iterative deepening with depth d = 1, 2, 3, ..., sharing one node
   counter across the iterations. The answer starts as the first free post
   in ORDER (used if no iteration completes). Each iteration is the
   negamax alpha-beta ``node()`` below at the root with window (-INF, +INF)
   and a transposition table and killer moves (below); the root tries its
   previous iteration's best move first, then the other free posts in ORDER
   (in the first iteration simply ORDER).
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
left (d >= 1); returns the fail-soft value for x.

w. **A win at once** (not at the root, ply >= 1): when a bead of x on one of
   the landing cells would win, the node returns ``WIN - (ply + 1)`` at once:
   no node is counted, the table is neither probed nor written and the
   killers stay as they are. That is the value the node would find, the
   highest any move can score here; trying the moves in order, it found it
   only after searching the subtrees of the moves before the winning one.
   At 2 M nodes this step completes 9.73 plies against 9.20 without it and
   won 107-3-90 (54.2 %) over the search without it
   (bench/results/score4-win-step.md; docs/score4-core.md, "Why this
   search").
a. **Probe** (not at the root, ply >= 1): the table entry at index
   ``h mod 2**TT_BITS`` (``h = position_hash(x, y)``) is *found* when its
   depth is not 0 and its check equals ``h >> TT_BITS``. A found entry whose
   depth is >= d ends the node at once, returning the entry's score, when
   its bound is EXACT, or LOWER with score >= beta, or UPPER with score <=
   alpha (no node is counted and nothing is stored). Otherwise a found
   entry's move is the *hash move*.
b. **Moves**, in this order, each free post once: at the root the root
   order above; below it the hash move (if any and free), then
   ``killer[ply]`` (if set, free and not the hash move), then the other free
   posts in ORDER.
c. ``best = -INF``; for each move p: count a node; let x' = x + the bead
   on p; the score s of p is ``WIN - (ply + 1)`` if the bead wins, else 0
   if the board is now full, else ``evaluate(x', y)`` if d == 1, else
   ``-node(y, x', d - 1, -beta, -max(alpha, best), ply + 1)``. If s > best,
   ``best = s`` and p is the node's best move. Stop trying moves (a
   cut-off) when ``max(alpha, best) >= beta``: then ``killer[ply] = p``.
d. **Store** (not at the root): the entry at the node's index becomes
   (check ``h >> TT_BITS``, depth d, bound, best, the best move), with
   bound LOWER if best >= beta, else UPPER if best <= alpha (the alpha the
   node was entered with), else EXACT, **unless the entry read at step a
   was another position's (depth not 0, check not the node's) of depth
   greater than d**: that deeper entry is kept and nothing is written
   (depth-preferred replacement). The decision is taken from the entry as
   step a read it, not as the node's subtree may have left it: the hardware
   reads the entry once, in PROBE, and keeps the verdict in the node's
   frame. Return best.
   (Always replacing, as the search did before, let the thousands of
   shallow nodes of an iteration overwrite the few deep entries that order
   its largest subtrees; at equal nodes this rule searches deeper and won
   games against it: bench/results/score4-replacement.md, and
   docs/score4-core.md, "Why this search".)

A node is only entered with a free post: a full board is scored before
recursion. The root never cuts off (its beta is +INF), so ``killer[0]``
stays unset.

The transposition table and the killers (cleared for every search)
--------------------------------------------------------------------
* ``TT_BITS`` = 12: 4096 entries, each (check: ``CHECK_BITS`` = 16 bits,
  depth: 6 bits, bound: 2 bits, score: 14 bits signed, move: 4 bits). A
  cleared entry is all zeros (depth 0: not found). Bounds: ``LOWER`` = 1
  (the node failed high: its value is at least the score), ``UPPER`` = 2
  (it failed low: at most the score), ``EXACT`` = 3.
* ``position_hash(x, y)`` (Zobrist, ``HASH_BITS`` = 28 bits): the XOR of
  ``ZOBRIST[k][c]`` over every bead, c its cell and k its colour: with n
  beads on the board, the side to move (x) has colour ``n & 1`` and y the
  other. ``ZOBRIST`` is the fixed table of 2 x 64 numbers of 28 bits drawn
  by ``splitmix64`` from ``ZOBRIST_SEED`` (see ``_zobrist``). A move by x on
  cell c makes the child's hash ``h ^ ZOBRIST[n & 1][c]``.
* Within one search the depth left at a position is ``d - ply`` and the ply
  is the number of beads added since the root, so every position is scored
  at one depth per iteration: entries of earlier iterations only give the
  hash move, and a score taken from the table is a result the node's own
  search would bound the same way, unless two positions share index and
  check (28 bits of hash).
* ``killer[ply]`` (ply 0..63): the move of the last cut-off at that ply in
  this search, kept across the iterations; unset at the start.

Budget 1 therefore always answers at once with a legal move (steps 1-3 or
the first free post), and at any budget an immediate win is taken and an
immediate loss blocked. The search depends only on the position and the
budget, never on time.
"""

from .board import completes_line, landing_cells, popcount
from .book import book_move
from .encoding import FULL_BOARD, LINES, NUM_CELLS, POST_MASK, SEARCH_ORDER

__all__ = ["DEFAULT_BUDGET", "MAX_BUDGET", "SearchResult", "WIN", "INF", "W",
           "THREAT_PARITY", "TT_BITS", "CHECK_BITS", "HASH_BITS", "LOWER", "UPPER", "EXACT",
           "ZOBRIST", "evaluate", "line_value", "position_hash", "search", "explain", "choose",
           "check_budget"]

WIN = 4096
INF = 8191
PROVEN = WIN - NUM_CELLS            # |score| >= PROVEN: a forced result
W = (0, 1, 4, 16, 0)                # line weight by the count of one side's beads
THREAT_PARITY = 10                  # a threat's bonus or malus by its empty cell's level

TT_BITS = 12                        # the transposition table has 2**TT_BITS entries
TT_MASK = (1 << TT_BITS) - 1
CHECK_BITS = 16                     # hash bits an entry keeps to recognise its position
HASH_BITS = TT_BITS + CHECK_BITS
DEPTH_BITS = 6                      # an entry's depth (1..63; 0: cleared)
LOWER, UPPER, EXACT = 1, 2, 3       # an entry's bound
ZOBRIST_SEED = 0x53636F726534      # "Score4"


def _zobrist(seed=ZOBRIST_SEED):
    """ZOBRIST[colour][cell]: the top HASH_BITS bits of successive splitmix64
    outputs from ``seed``, colour 0's 64 cells first, then colour 1's."""
    mask64 = (1 << 64) - 1
    state = seed
    out = []
    for _ in range(2 * NUM_CELLS):
        state = (state + 0x9E3779B97F4A7C15) & mask64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask64
        z ^= z >> 31
        out.append(z >> (64 - HASH_BITS))
    return (tuple(out[:NUM_CELLS]), tuple(out[NUM_CELLS:]))


ZOBRIST = _zobrist()

MAX_BUDGET = (1 << 28) - 1          # the RTL's node counter has 28 bits
DEFAULT_BUDGET = 79999128
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


def line_value(own, line):
    """What the line (mask ``line``) is worth to a side whose beads on it are
    ``own`` (not empty) when the other side has none there (see above)."""
    k = popcount(own)
    if k == 3:
        empty_level = (line & ~own).bit_length() - 1 >> 4       # 0..3: level 1..4
        return W[3] + (THREAT_PARITY if empty_level % 2 == 0 else -THREAT_PARITY)
    return W[k]


def evaluate(x, y):
    """Static score of the position for the player with beads x (see above)."""
    s = 0
    for m in LINES:
        a = x & m
        b = y & m
        if a:
            if not b:
                s += line_value(a, m)
        elif b:
            s -= line_value(b, m)
    return s


class SearchResult(object):
    """What one search did: the move (post index or None) and how."""

    __slots__ = ("move", "nodes", "depth", "score", "reason")

    def __init__(self, move, nodes, depth, score, reason):
        self.move = move        # post index, or None when every post is full
        self.nodes = nodes      # nodes spent (<= budget)
        self.depth = depth      # depth of the last completed iteration (0: none)
        self.score = score      # its root score (None when no iteration completed)
        self.reason = reason    # "full", "win", "block", "book", "search" or "fallback"

    def __repr__(self):
        return ("SearchResult(move=%r, nodes=%d, depth=%d, score=%r, reason=%r)"
                % (self.move, self.nodes, self.depth, self.score, self.reason))


class _Abort(Exception):
    pass


def _cells(occupied):
    """[(post, landing cell bit)] of the free posts, in ORDER."""
    land = landing_cells(occupied)
    out = []
    for p in SEARCH_ORDER:
        bit = land & POST_MASK[p]
        if bit:
            out.append((p, bit))
    return out


def position_hash(x, y):
    """The Zobrist hash of the position, x to move (see the docstring)."""
    k = popcount(x | y) & 1
    h = 0
    for beads, colour in ((x, k), (y, k ^ 1)):
        while beads:
            low = beads & -beads
            h ^= ZOBRIST[colour][low.bit_length() - 1]
            beads ^= low
    return h


class _Tree(object):
    """One search's node counter, transposition table and killers."""

    def __init__(self, budget):
        self.budget = budget
        self.nodes = 0
        self.table = {}             # index -> (check, depth, bound, score, move); absent: cleared
        self.killer = [None] * 64
        # what the table did (for tests and benchmarks, not part of the search)
        self.stats = {"probes": 0, "found": 0, "cutoffs": 0, "stores": 0, "overwrites": 0,
                      "kept": 0, "wins": 0}

    def node(self, x, y, d, alpha, beta, ply, moves=None, h=None):
        """Negamax alpha-beta, fail-soft; returns (best score, best move).
        ``moves``: the root's order (ply 0); ``h``: position_hash(x, y)."""
        if h is None:
            h = position_hash(x, y)
        colour = popcount(x | y) & 1
        index, check = h & TT_MASK, h >> TT_BITS
        keep = False
        if moves is None:
            free = _cells(x | y)
            # step w: a win at once ends the node before the probe
            if ply and any(completes_line(x, bit.bit_length() - 1) for _, bit in free):
                self.stats["wins"] += 1
                return WIN - (ply + 1), None
            first = []
            entry = self.table.get(index) if ply else None
            self.stats["probes"] += ply > 0
            # step d's verdict, from the entry as read here: another
            # position's deeper entry is not replaced
            keep = entry is not None and entry[0] != check and entry[1] > d
            if entry is not None and entry[0] == check:
                self.stats["found"] += 1
                _, e_depth, e_bound, e_score, e_move = entry
                if e_depth >= d and (e_bound == EXACT
                                     or (e_bound == LOWER and e_score >= beta)
                                     or (e_bound == UPPER and e_score <= alpha)):
                    self.stats["cutoffs"] += 1
                    return e_score, None
                first.append(e_move)
            killer = self.killer[ply]
            if killer is not None and killer not in first:
                first.append(killer)
            moves = ([m for f in first for m in free if m[0] == f]
                     + [m for m in free if m[0] not in first])
        best, best_move = -INF, None
        for p, bit in moves:
            if self.nodes == self.budget:
                raise _Abort()
            self.nodes += 1
            cell = bit.bit_length() - 1
            x2 = x | bit
            if completes_line(x, cell):
                s = WIN - (ply + 1)
            elif x2 | y == FULL_BOARD:
                s = 0
            elif d == 1:
                s = evaluate(x2, y)
            else:
                s = -self.node(y, x2, d - 1, -beta, -max(alpha, best), ply + 1,
                               h=h ^ ZOBRIST[colour][cell])[0]
            if s > best:
                best, best_move = s, p
            if max(alpha, best) >= beta:
                self.killer[ply] = p
                break
        if ply and keep:
            self.stats["kept"] += 1
        elif ply:
            bound = LOWER if best >= beta else UPPER if best <= alpha else EXACT
            old = self.table.get(index)
            self.stats["stores"] += 1
            self.stats["overwrites"] += old is not None and old[0] != check
            self.table[index] = (check, d, bound, best, best_move)
        return best, best_move


def search(position, budget):
    """The core's move from ``position`` (``mine`` to move) within ``budget``."""
    return explain(position, budget)[0]


def explain(position, budget, use_book=True):
    """(search(position, budget), how): ``how`` holds ``iterations``, the node
    count at the end of each completed iteration, and ``table``, counts of
    what the transposition table did (probes, found, cutoffs, stores,
    overwrites of another position's entry, kept: stores skipped to keep a
    deeper entry; wins: nodes ended by step w before the probe); both empty
    before the tree
    search. For tests and benchmarks: the search's answer never depends on them.
    ``use_book=False`` skips step 3b (the search the book's moves come from)."""
    check_budget(budget)
    how = {"iterations": [], "table": {}}
    me, opp = position.mine, position.theirs
    moves = _cells(me | opp)
    if not moves:
        return SearchResult(None, 0, 0, None, "full"), how
    for p, bit in moves:
        if completes_line(me, bit.bit_length() - 1):
            return SearchResult(p, 0, 0, None, "win"), how
    for p, bit in moves:
        if completes_line(opp, bit.bit_length() - 1):
            return SearchResult(p, 0, 0, None, "block"), how
    if use_book:
        p = book_move(me, opp)
        if p is not None and any(p == q for q, _ in moves):
            return SearchResult(p, 0, 0, None, "book"), how
    tree = _Tree(budget)
    how["table"] = tree.stats
    answer, done_depth, done_score = moves[0][0], 0, None
    empties = NUM_CELLS - popcount(me | opp)
    root = moves
    h = position_hash(me, opp)
    d = 1
    while True:
        try:
            score, move = tree.node(me, opp, d, -INF, INF, 0, root, h)
        except _Abort:
            break
        answer, done_depth, done_score = move, d, score
        how["iterations"].append(tree.nodes)
        if abs(score) >= PROVEN or d >= empties:
            break
        root = [m for m in moves if m[0] == move] + [m for m in moves if m[0] != move]
        d += 1
    return SearchResult(answer, tree.nodes, done_depth, done_score,
                        "search" if done_depth else "fallback"), how


def choose(position, budget=None):
    """Post index the board plays from ``position``, or None if none is free."""
    return search(position, DEFAULT_BUDGET if budget is None else budget).move
