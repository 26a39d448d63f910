"""The Blokus Duo Monte-Carlo tree search of the golden model (issue 25).

The search the issue-25 study chose (docs/blokus-mcts.md: UCT with prior
visits, RAVE, a playout policy with local answers and shape weights, playout
units with virtual loss, a leaf expanded at its 32nd descent; two units, as
many as fit the EP2C35 beside the tree unit), in
integers only, so that a C mirror and the RTL can equal it bit for bit.  Not
yet the core's search: ``session.py`` answers with ``search.py``'s alpha-beta
until the RTL equals this module.

Definitions (the contract):

* **Moves** of a side are taken in the core's scan order (``search.py``:
  centre row Y, centre column X, shape index s in ``ALL_SHAPES``), the order
  the window scan of the RTL finds them in.  A move is named inside the
  search by its key ``(16 Y + X) << 7 | s``, so scan order is ascending
  key order.
* **Opening filter** (``allowed``): with fewer than 4 tiles on the board (both
  sides) only 5-square tiles, fewer than 6 at least 4 squares, fewer than 10
  at least 3, then all.  Expansion keeps the allowed moves when there is one;
  a playout draws among them, and among all moves when there is none.
* **Tree.**  A node holds its move's key (``PASS`` for a pass), its children
  (a contiguous run of node numbers, in scan order), ``n8`` and ``w8``
  (visits and result sum, 1/256 units, prior, RAVE and virtual loss
  included) and ``real`` (descents through it).  The root is node 0.
* **Expansion** of a node whose side to move is P: one child per kept legal
  move, the first ``MAX_CHILDREN`` in scan order (one ``PASS`` child
  without any); hbest below is the best of those.  Move m scores the prior heuristic
  ``h = size + PRIOR_BLOCK * |m & anchors of the other side| + PRIOR_ATTACH
  * |usable corner cells of P after m|`` (usable: on the board, not
  occupied, not edge-adjacent to P's squares); the child starts with
  ``n8 = PRIOR_VISITS * 256`` and ``w8 = PRIOR_VISITS * PRIOR_V8[min(hbest -
  h, 63)]`` (``PRIOR_V8[d]`` = 256 (0.1 + 0.9 exp(-0.3 d)), rounded).  The
  root is expanded before the first descent; any other node when a descent
  reaches it with ``real >= EXPAND_AFTER`` and the tree has room for its
  children (``TREE_NODES``), else the descent's playout starts there.
* **Selection** at a node with N = ``real``: the first child with the
  largest ``mean + explore``, ``mean = (w8 << 16) // n8``, ``explore =
  (isqrt(EXPLORE_K * log2_q4(N + 1)) * inv_sqrt_q16(n8)) >> 16`` (UCT's
  ``0.2 sqrt(ln(N + 1) / n)`` in 1/65536, from the two table functions
  below); a child with ``n8 == 0`` is taken at once.
* **Playout**: from the leaf to the end of the game (two passes in a row, or
  a side has placed all 21 tiles), each side's move drawn by the policy:
  its legal moves (opening filter as above) that put a square on a *local*
  cell, or all of them when none does; move of shape s with weight
  ``SHAPE_WEIGHT[s]`` (4 * 3^size * 1.8^(corner cells - 1), rounded); the
  unit's generator gives x and the move is the one at ``(x * total) >> 32``
  of the weights summed in scan order.  Local cells: the cells
  diagonal to the squares of the other side's last two moves, and the cells
  edge-adjacent to those, that the other side may still cover and P may
  cover.  A side without a legal move passes.
* **Result** for ME: 256 (win), 128 (draw) or 0 (loss) by the squares left.
  Back-up: each node of the path gets ``real + 1``, ``w8 + r`` (r the result
  for the side that made its move; the root ME's) and ``n8 + 256`` (already
  given by the virtual loss, below the root).
* **RAVE** after the back-up, for each node i of the path (deepest first)
  with ``real <= RAVE_PARENT_MAX``: each child whose move the mover of path
  move i made later in the descent (tree or playout, ply j > i) and whose
  ``real <= RAVE_CHILD_MAX`` gets ``wgt = RAVE_W8 * (rest - (j - i)) //
  rest`` added to ``n8`` and ``(wgt * r) >> 8`` to ``w8``, rest = the
  descent's moves after node i.  (A side places a tile once, so the one
  placement of each tile by each side is all RAVE needs to know:
  ``rave_placements``.)  ``rave_update`` decides a child from its word of
  the tree's KEY array (``key_word``: the key, and a flag for ``real >
  RAVE_CHILD_MAX``), so RAVE reads one word a child.
* **The schedule**, in clock cycles from the search's start: ``BATCH``
  playout units and one tree unit, as the hardware runs them.  The root's
  expansion ends at ``expand_work(scans, moves) + write_work(moves)``;
  every unit is then waiting.  The tree unit runs one job at a time: when
  it is free it takes the unit that has waited since the earliest cycle
  (the lower unit number of equals), or idles until one waits.  A job
  starting at cycle s backs up the unit's last descent (when it has one),
  then, while s < budget (and, for tests, fewer than ``max_playouts``
  descents have started), selects the unit's next descent, with the
  virtual loss ``n8 + 256`` on each node below the root it walks; the unit
  then replays the descent's tree moves and plays out from its leaf (unit u
  draws from generator u, a xorshift32 from ``UNIT_SEEDS[u]`` kept for the
  whole search) and waits again.  A unit whose job starts at s >= budget
  stops after its back-up; the search ends with the last job, and
  ``work`` is that cycle.  A job's cycles (``_Search.down``,
  ``_Search.back_up``):
  - selection: at each node where a child is selected, ``select_work``
    (a fixed part, ``ROOT_CHILD_WORK`` a child's summary read at the root,
    on chip, ``CHILD_WORK`` below it, ``child_summary``'s two words, and a
    slack for long reads); a node expanded by this descent instead costs
    the replay of the path to it (``replay_work``), its scan
    (``expand_work``) and its writes (``write_work``; the child its scan
    finds best is the one selected: no reads); a node the tree has no room
    for costs the replay and the scan;
  - back-up: ``BACKUP_NODE_WORK`` a node of the path, and ``KEY_FLAG_WORK``
    when a node's ``real`` passes ``RAVE_CHILD_MAX`` (its KEY word's flag
    written); RAVE matches the keys of the children of each node it visits
    (``rave_scan_work``) and spends ``RAVE_UPDATE_WORK`` on a child it
    updates.
  A unit's cycles after its job: ``replay_work`` of the descent's tree
  moves, then the playout's: ``PLAYOUT_WORK``, and for each of its plies
  ``SCAN_WORK`` a scan of the side's moves (two when the opening filter
  refuses a tile the side still has and leaves it no move, else one), plus
  ``MOVE_WORK`` and ``WALK_WORK`` a shape walked for a placement (the moves
  of the chosen move's centre cell in the drawn tier, up to it), or
  ``PASS_WORK`` for a pass (``ply_work``).  The replay, the playout and the
  expansion's scan are the clock cycles of the RTL's playout unit and
  expansion scan, which their benches check; the tree unit's other cycles
  are the costs of the operations docs/blokus-mcts.md plans, which the tree
  unit will pad its operations to (bench/blokus/tree_costs.py checks that
  they cover the SDRAM's accesses) until it is built.
  ``DEFAULT_BUDGET`` leaves ``DRAIN_RESERVE`` of 0.8 s at 50 MHz for the
  jobs and playouts under way when it runs out; ``drain_bound`` proves the
  most they can take, and every search checks it.
* **Answer**: the root child with the most descents (the first of equals),
  a pass when ME has no legal move.

The answer depends only on the position, the opponent's last move and the
budget (and ``max_playouts``).
"""

from collections import namedtuple
from math import exp, isqrt

from .board import (ME, OPP, anchor_map, corner_map, edge_map, free_map, game_over,
                    legal_top_lefts, squares_left)
from .encoding import ALL_SHAPES, N_SHAPES, N_TILES, ON_BOARD, SHAPES, SIZE, TILE_SIZE
from .search import SHAPE_INDEX, check_budget as check_int_budget

PASS = -1
PRIOR_VISITS = 3
PRIOR_BLOCK = 5
PRIOR_ATTACH = 1
PRIOR_V8 = tuple(int(256 * (0.1 + 0.9 * exp(-0.3 * d)) + 0.5) for d in range(64))
EXPLORE_K = 7442611                  # round(0.2^2 * ln 2 / 16 * 2^32): see explore_q16
EXPAND_AFTER = 32
RAVE_W8 = 179                        # 0.7 of a visit
RAVE_PARENT_MAX = 25000
RAVE_CHILD_MAX = 2000
BATCH = 2                            # playout units: two fit the EP2C35 beside the tree unit
UNIT_SEEDS = (0x2545F491, 0x9E3779B9, 0x6A09E667)    # unit u's generator's first state
MAX_UNITS = len(UNIT_SEEDS)          # the units a study's schedule may have (search's units)
TREE_NODES = 1 << 18                 # the SDRAM's tree: 2^18 nodes of 11 words
MAX_CHILDREN = 1023                  # a node's children: its first kept moves in scan order (the
                                     # tree unit's RAMs of the root's children and of a scan's
                                     # moves hold 1,024; the most moves seen in a position is 806)
# A playout's work: the RTL playout unit's clock cycles (see ply_work)
PLAYOUT_WORK, SCAN_WORK, MOVE_WORK, PASS_WORK, WALK_WORK = 3, 228, 52, 10, 3
# A descent's tree moves replayed by its playout unit, and an expansion's
# scan: the RTL's cycles (hdl/blokus/playout.py, hdl/blokus/expand_scan.py)
REPLAY_WORK, REPLAY_MOVE_WORK, REPLAY_PASS_WORK = 1, 6, 2
EXPAND_WORK, EXPAND_SCAN_WORK, EXPAND_MOVE_WORK = 1, 229, 2
# The tree unit's, the costs of its operations as docs/blokus-mcts.md plans
# them ("The tree unit's operations"): the tree in the SDRAM (16-bit words,
# one a cycle in a burst), each node's fields in four arrays by node number
# (KEY 1 word, SUMMARY 2, STATS 6, LINK 2); the root's children's keys and
# summaries also on chip.  Each operation takes the SDRAM's accesses one
# after the other, each begun two cycles after the data it needs, and is
# padded to its cost here, which covers its accesses at their worst place in
# the rows and the refreshes that can fall inside it (bench/blokus/
# tree_costs.py checks the cover for every child count from the controller's
# exact access times, hdl/sdram_timing.py).
ROOT_SELECT_WORK = 67                # the root's choice (summaries on chip), then the virtual loss
SELECT_NODE_WORK = 73                # a choice below the root (summaries read), then the virtual loss
ROOT_CHILD_WORK = 1                  # a root child's summary read: on chip, one a cycle
CHILD_WORK = 2                       # a child's summary read below the root: two words
SLACK_SHIFT = 5                      # children >> 5 more: the rows and refreshes of long reads
WRITE_NODE_WORK = 45                 # an expansion's five write accesses, begun
WRITE_WORK = 11                      # a child written by an expansion: 11 words
WRITE_SLACK_SHIFT = 3                # children >> 3 more: the rows and refreshes of the writes
BACKUP_NODE_WORK = 60                # a path node's STATS read, updated and written, its SUMMARY written
KEY_FLAG_WORK = 14                   # a back-up's write of a KEY word's flag (real passes RAVE_CHILD_MAX)
ROOT_RAVE_SCAN_WORK = 14             # RAVE's match of the root's children (keys on chip), its latency
RAVE_SCAN_WORK = 30                  # RAVE's read of a node's children's keys and the match's latency
RAVE_KEY_WORK = 1                    # a child's key read by RAVE: one word (on chip at the root)
RAVE_UPDATE_WORK = 60                # a child's STATS read, updated and written, its SUMMARY written
CLOCK_CYCLES = 40000000              # 0.8 s at 50 MHz
DRAIN_RESERVE = 1000000              # for the jobs and playouts under way at the budget
DEFAULT_BUDGET = CLOCK_CYCLES - DRAIN_RESERVE
MAX_BUDGET = (1 << 26) - 1           # 1.34 s at 50 MHz: keeps n8 < 2^30 (hdl/blokus/child_summary.py)
# The game's bounds that drain_bound's proof uses
MAX_GAME_PLIES = 4 * N_TILES + 2     # 42 placements, at most one pass between two, two at the end
MAX_SIDE_MOVES = N_SHAPES * SIZE * SIZE   # a side's legal moves: a shape at a board offset each
MAX_RAVE_UPDATES = N_TILES           # RAVE at a node: a child a tile its chooser placed later


def _corner_cells(shape):
    """Cells diagonal to a square of the shape and edge-adjacent to none."""
    cells = set(shape.cells)
    out = set()
    for r, c in cells:
        for dr in (-1, 1):
            for dc in (-1, 1):
                q = (r + dr, c + dc)
                if q not in cells and not any((q[0] + a, q[1] + b) in cells
                                              for a, b in ((0, 1), (0, -1), (1, 0), (-1, 0))):
                    out.add(q)
    return len(out)


SHAPE_CORNERS = tuple(_corner_cells(s) for s in ALL_SHAPES)
SHAPE_WEIGHT = tuple(int(4 * 3.0 ** TILE_SIZE[s.tile] * 1.8 ** (k - 1) + 0.5)
                     for s, k in zip(ALL_SHAPES, SHAPE_CORNERS))
TOP_LEFT = tuple(16 * s.drow0 + s.dcol0 for s in ALL_SHAPES)   # top-left bit - centre bit
TILE_FIRST = tuple(sum(len(SHAPES[u]) for u in range(t)) for t in range(N_TILES + 1))
# LOG2_Q4[m] = floor(16 log2 m), INV_SQRT[i] = floor(2^20 / sqrt(i / 256)), for 1..255.
LOG2_Q4 = (0,) + tuple((m ** 16).bit_length() - 1 for m in range(1, 256))
INV_SQRT = (0,) + tuple(isqrt((1 << 40) // i) for i in range(1, 256))


def log2_q4(m):
    """floor(16 log2 m') for m >= 1, m' = m cut to its 8 leading bits."""
    e = m.bit_length()
    return LOG2_Q4[m] if e <= 8 else 16 * (e - 8) + LOG2_Q4[m >> (e - 8)]


def inv_sqrt_q16(n8):
    """65536 / sqrt(n8 / 256) for n8 >= 1, n8 cut to 8 leading bits (an even shift)."""
    e = n8.bit_length()
    if e <= 8:
        return INV_SQRT[n8]
    k = e - 8 + (e & 1)
    return INV_SQRT[n8 >> k] >> (k >> 1)


SUMMARY_LEAD_BITS, SUMMARY_HALF_BITS = 8, 4


def child_summary(n8, w8):
    """The two 16-bit words the tree keeps of a child for selection (n8 < 2^30):
    ``mean << 12 | half << 8 | lead`` with mean = (w8 << 16) // n8 (17 bits,
    w8 <= n8), lead = n8's 8 leading bits cut at an even shift and half = half
    that shift, the inputs of ``inv_sqrt_q16``; 0 (lead 0) for n8 == 0.
    ``summary_value`` gives ``select``'s value from it exactly."""
    if n8 == 0:
        return 0
    e = n8.bit_length()
    k = 0 if e <= 8 else e - 8 + (e & 1)
    return ((w8 << 16) // n8) << 12 | (k >> 1) << 8 | n8 >> k


def summary_value(summary, c_n):
    """``select``'s value of a child from its ``child_summary`` and its parent's
    ``explore_q16``; None for a fresh child (n8 == 0)."""
    lead = summary & 255
    if lead == 0:
        return None
    return (summary >> 12) + ((c_n * (INV_SQRT[lead] >> (summary >> 8 & 15))) >> 16)


def explore_q16(parent_real):
    """0.2 sqrt(ln(N + 1)) in 1/65536, N a node's descents."""
    return isqrt(EXPLORE_K * log2_q4(parent_real + 1))


# The opening filter: the least tile size played with p tiles on the board (both sides).
OPEN_LEAST = tuple(5 if p < 4 else 4 if p < 6 else 3 if p < 10 else 1
                   for p in range(2 * N_TILES + 1))


def allowed(tile, placed):
    """The opening filter: may a tile of this size be played with ``placed`` on the board?"""
    return TILE_SIZE[tile] >= OPEN_LEAST[placed]


def refusing(state):
    """Does the opening filter refuse a tile the side to move still has? (Then
    a scan that finds no allowed move is followed by one without the filter.)"""
    used = state.pos.used[state.to_move]
    return any(not (used >> t) & 1 and not allowed(t, state.placed) for t in range(N_TILES))


def xorshift32(x):
    x ^= (x << 13) & 0xFFFFFFFF
    x ^= x >> 17
    x ^= (x << 5) & 0xFFFFFFFF
    return x


def key_move(key):
    """The move (x, y, t, r) of a key, None for PASS."""
    if key == PASS:
        return None
    s = ALL_SHAPES[key & 127]
    return ((key >> 7) & 15, key >> 11, s.tile, s.r)


def move_key(move):
    """The key of a move (x, y, t, r) with its lowest digit."""
    if move is None:
        return PASS
    x, y, t, r = move
    return (16 * y + x) << 7 | SHAPE_INDEX[(t, r)]


def _key(s, top_left):
    return (top_left - TOP_LEFT[s]) << 7 | s


def key_mask(key):
    """The squares of a move's key (a bitboard)."""
    s = key & 127
    return ALL_SHAPES[s].mask0 << ((key >> 7) + TOP_LEFT[s])


class State(object):
    """The game inside a descent: the position, whose turn, each side's last
    two moves' squares, the tiles on the board."""
    __slots__ = ("pos", "to_move", "last", "placed")

    def __init__(self, pos, to_move, last, placed):
        self.pos = pos
        self.to_move = to_move
        self.last = last
        self.placed = placed

    def copy(self):
        return State(self.pos.copy(), self.to_move, [list(self.last[0]), list(self.last[1])],
                     self.placed)

    def over(self):
        return game_over(self.pos)

    def play(self, key):
        p, pos = self.to_move, self.pos
        self.last[p][1] = self.last[p][0]
        if key == PASS:
            pos.passes += 1
            self.last[p][0] = 0
        else:
            sh = ALL_SHAPES[key & 127]
            mask = key_mask(key)
            pos.cells[p] |= mask
            pos.used[p] |= 1 << sh.tile
            pos.last[p] = sh.tile
            pos.passes = 0
            self.last[p][0] = mask
            self.placed += 1
        self.to_move = 1 - p


def _moves(state, player, pos_free, anchor, filtered):
    """(shape, top-left bits) of ``player``'s unplayed shapes with a legal placement."""
    used = state.pos.used[player]
    out = []
    for t in range(N_TILES):
        if (used >> t) & 1 or (filtered and not allowed(t, state.placed)):
            continue
        for s in range(TILE_FIRST[t], TILE_FIRST[t + 1]):
            legal = legal_top_lefts(ALL_SHAPES[s], pos_free, anchor)
            if legal:
                out.append((s, legal))
    return out


def local_cells(own, other, recent):
    """The local cells of the side to move (squares ``own``; the other side's
    ``other``, its last two moves' ``recent``): diagonal to a square of
    ``recent``, or edge-adjacent to such a cell, that the other side may still
    cover and the side to move may cover."""
    other_free = ON_BOARD & ~(own | other | edge_map(other))
    cells = corner_map(recent) & other_free
    cells |= edge_map(cells) & other_free
    return cells & ON_BOARD & ~(own | other | edge_map(own))


def touches(key, cells):
    """Does the move of ``key`` put a square on ``cells``?"""
    return bool(key_mask(key) & cells)


def replay_work(keys):
    """The cycles of a playout unit's replay of tree moves ``keys``."""
    return REPLAY_WORK + sum(REPLAY_PASS_WORK if k == PASS else REPLAY_MOVE_WORK for k in keys)


def expand_work(scans, moves):
    """The cycles of an expansion's scan: ``scans`` scans (2 when the opening
    filter refuses a tile the side still has and leaves it no move), ``moves``
    kept moves scored."""
    return EXPAND_WORK + EXPAND_SCAN_WORK * scans + EXPAND_MOVE_WORK * moves


def ply_work(scans, walked):
    """The work of a playout's ply: ``scans`` scans of the side's moves, then
    a placement after ``walked`` shapes walked, or a pass (``walked`` None)."""
    if walked is None:
        return PASS_WORK + SCAN_WORK * scans
    return MOVE_WORK + SCAN_WORK * scans + WALK_WORK * walked


def policy_move(state, rng):
    """The playout move of the side to move: (key, generator state, scans,
    walked), the last two what ``ply_work`` takes (walked None for a pass)."""
    p = state.to_move
    # a second scan, without the opening filter, when the first found no move
    # and the filter refused a tile the side still has
    free = free_map(state.pos, p)
    anchor = anchor_map(state.pos, p)
    moves = _moves(state, p, free, anchor, True) if anchor else []
    scans = 1
    if not moves and refusing(state):
        scans = 2
        moves = _moves(state, p, free, anchor, False) if anchor else []
    if not moves:
        return PASS, rng, scans, None
    pos = state.pos
    local = local_cells(pos.cells[p], pos.cells[1 - p], state.last[1 - p][0] | state.last[1 - p][1])
    tiers = []
    if local:
        for s, legal in moves:
            touch = 0
            for o in ALL_SHAPES[s].offs:
                touch |= local >> o
            tiers.append((s, legal & touch))
    keys = _scan_keys(tiers) or _scan_keys(moves)
    total = sum(SHAPE_WEIGHT[k & 127] for k in keys)
    rng = xorshift32(rng)
    r = (rng * total) >> 32
    walked = 0
    for k in keys:
        # the shapes walked: those of the move's centre cell before it, and it
        walked = walked + 1 if walked and k >> 7 == prev >> 7 else 1
        if r < SHAPE_WEIGHT[k & 127]:
            return k, rng, scans, walked
        r -= SHAPE_WEIGHT[k & 127]
        prev = k
    raise AssertionError("unreachable: r < total")


def play_out(state, rng):
    """The playout from ``state`` (played on, in place) to the end of the
    game, each move drawn by ``policy_move`` from the generator state ``rng``:
    (the moves' keys, their movers, the result for ME (256 win, 128 draw, 0
    loss by the squares left), the generator state after, the playout's work)."""
    keys, movers, work = [], [], PLAYOUT_WORK
    while not state.over():
        movers.append(state.to_move)
        key, rng, scans, walked = policy_move(state, rng)
        keys.append(key)
        state.play(key)
        work += ply_work(scans, walked)
    margin = squares_left(state.pos, OPP) - squares_left(state.pos, ME)
    return keys, movers, 256 if margin > 0 else 128 if margin == 0 else 0, rng, work


def _scan_keys(shape_vectors):
    """The keys of [(shape, top-left bits)] in scan order (ascending)."""
    keys = []
    for s, legal in shape_vectors:
        while legal:
            low = legal & -legal
            keys.append(_key(s, low.bit_length() - 1))
            legal ^= low
    keys.sort()
    return keys


MctsResult = namedtuple("MctsResult", "move playouts work playout_plies tree_plies expansions "
                                      "scored scanned max_depth nodes visits n8 w8 digest "
                                      "playout_work tree_work")
MctsResult.__doc__ = """What one search found: the move (x, y, t, r) or None; the playouts
(descents) run and ``work``, the search's clock cycles (the end of its last job); the plies played in playouts and walked in the tree;
the expansions and the legal moves they scored; the children read by selections; the
deepest tree path; the tree's nodes; the answer's descents, n8 and w8; ``digest``, a hash of
every node's (n8, w8, real) in node order (``tree_digest``); the playouts' cycles summed
over the units (their replays left out) and the tree unit's busy cycles (the root's
expansion and every job)."""


class Tree(object):
    """The search tree as parallel lists (node number = index)."""
    __slots__ = ("key", "first", "count", "n8", "w8", "real")

    def __init__(self):
        self.key, self.first, self.count = [PASS], [-1], [0]
        self.n8, self.w8, self.real = [0], [0], [0]

    def __len__(self):
        return len(self.key)

    def add_children(self, node, keys, w8s):
        self.first[node], self.count[node] = len(self.key), len(keys)
        self.key += keys
        self.first += [-1] * len(keys)
        self.count += [0] * len(keys)
        self.n8 += [PRIOR_VISITS * 256] * len(keys)
        self.w8 += w8s
        self.real += [0] * len(keys)

    def children(self, node):
        return range(self.first[node], self.first[node] + self.count[node])


def tree_digest(tree):
    """A 64-bit hash of every node's (n8, w8, real), in node order."""
    h = 0
    for i in range(len(tree)):
        h = (h * 1000003 + tree.n8[i] * 7919 + tree.w8[i] * 31 + tree.real[i]) & (2 ** 64 - 1)
    return h


def prior_heuristic(pos, p, key, other_anchor):
    """The prior heuristic h of move ``key`` of side ``p`` (see the module doc):
    ``other_anchor`` is the other side's anchor_map."""
    sh = ALL_SHAPES[key & 127]
    mask = key_mask(key)
    own = pos.cells[p] | mask
    usable = corner_map(mask) & ON_BOARD & ~(own | pos.cells[1 - p] | edge_map(own))
    return (TILE_SIZE[sh.tile] + PRIOR_BLOCK * bin(mask & other_anchor).count("1")
            + PRIOR_ATTACH * bin(usable).count("1"))


def prior_w8(best, h):
    """A new child's w8: the prior's PRIOR_VISITS visits at the value of its
    heuristic ``h`` below the node's ``best`` (its n8 is PRIOR_VISITS * 256)."""
    return PRIOR_VISITS * PRIOR_V8[min(best - h, 63)]


def expand(tree, node, state, max_children=None):
    """Give ``node`` its children: the first ``max_children`` (MAX_CHILDREN
    when None) kept moves in scan order; False (and nothing done) when the
    tree has no room. Returns
    (done, kept moves scanned, scans): what ``expand_work`` charges (the
    scan issues every kept move, the first max_children become children;
    scans is 2 when the opening filter refuses a tile the side still has and
    leaves it no move)."""
    p, pos = state.to_move, state.pos
    free, anchor = free_map(pos, p), anchor_map(pos, p)
    every = _moves(state, p, free, anchor, False) if anchor else []
    kept = [(s, v) for s, v in every if allowed(ALL_SHAPES[s].tile, state.placed)]
    scans = 2 if not kept and refusing(state) else 1
    keys = _scan_keys(kept or every)
    moves = len(keys)
    keys = keys[:MAX_CHILDREN if max_children is None else max_children]
    if len(tree) + max(1, len(keys)) > TREE_NODES:
        return False, moves, scans
    if not keys:
        tree.add_children(node, [PASS], [prior_w8(0, 0)])
        return True, 0, scans
    other_anchor = anchor_map(pos, 1 - p)
    hs = [prior_heuristic(pos, p, k, other_anchor) for k in keys]
    best = max(hs)
    tree.add_children(node, keys, [prior_w8(best, h) for h in hs])
    return True, moves, scans


def select(tree, node):
    """The child selection takes at ``node`` (see the module doc)."""
    c_n = explore_q16(tree.real[node])
    best, arg = -1, -1
    for c in tree.children(node):
        n8 = tree.n8[c]
        if n8 == 0:
            return c
        v = (tree.w8[c] << 16) // n8 + ((c_n * inv_sqrt_q16(n8)) >> 16)
        if v > best:
            best, arg = v, c
    return arg


KEY_PASS = 0x7FFF                     # a PASS child's key in the tree's KEY array
KEY_SATURATED = 1 << 15              # its flag: the child's real > RAVE_CHILD_MAX


def key_word(key, real):
    """The tree's KEY word of a child: its key (``KEY_PASS`` for a pass) and,
    in bit 15, whether RAVE leaves it alone (real > RAVE_CHILD_MAX)."""
    return (KEY_PASS if key == PASS else key) | (KEY_SATURATED if real > RAVE_CHILD_MAX else 0)


def rave_placements(keys, movers):
    """Each side's placement of each tile in a descent's moves (tree, then
    playout): {(mover, tile): (key, ply)}, ply the move's index in ``keys``."""
    placed = {}
    for j, (key, mover) in enumerate(zip(keys, movers)):
        if key != PASS:
            placed[(mover, ALL_SHAPES[key & 127].tile)] = (key, j)
    return placed


def rave_update(placed, mover, word, i, n, r):
    """RAVE's update of a child of path node ``i`` whose children ``mover``
    chooses among, from its KEY ``word``: None, or (n8 added, w8 added) when
    ``mover`` placed the child's move later in the descent (ply j > i) of
    ``n`` moves and the child is not saturated; ``r`` the descent's result
    for ``mover``. The weight RAVE_W8 * (rest - (j - i)) // rest, rest = n - i."""
    key = word & ~KEY_SATURATED
    if word & KEY_SATURATED or key == KEY_PASS:
        return None
    k_j = placed.get((mover, ALL_SHAPES[key & 127].tile))
    if k_j is None or k_j[0] != key or k_j[1] <= i:
        return None
    rest = n - i
    wgt = RAVE_W8 * (rest - (k_j[1] - i)) // rest
    return wgt, (wgt * r) >> 8


class _Descent(object):
    __slots__ = ("path", "keys", "movers", "result", "plies")

    def __init__(self):
        self.path, self.keys, self.movers, self.result, self.plies = [0], [], [], 0, 0


def select_work(node, children):
    """The tree unit's cycles for a choice at ``node`` among ``children`` and
    the virtual loss on the child chosen (its STATS read, updated and written,
    its SUMMARY written; its LINK read while the update runs)."""
    if node == 0:
        return ROOT_SELECT_WORK + ROOT_CHILD_WORK * children + (children >> SLACK_SHIFT)
    return SELECT_NODE_WORK + CHILD_WORK * children + (children >> SLACK_SHIFT)


def write_work(children):
    """The tree unit's cycles for an expansion's writes of ``children``
    children (their KEY, SUMMARY, STATS and LINK words, the parent's LINK)."""
    return WRITE_NODE_WORK + WRITE_WORK * children + (children >> WRITE_SLACK_SHIFT)


def rave_scan_work(node, children):
    """The tree unit's cycles for RAVE's match of the keys of ``node``'s
    ``children`` (on chip at the root, read from the SDRAM below it)."""
    if node == 0:
        return ROOT_RAVE_SCAN_WORK + RAVE_KEY_WORK * children
    return RAVE_SCAN_WORK + RAVE_KEY_WORK * children + (children >> SLACK_SHIFT)


class _Search(object):
    """One search's tree, generators and counters."""

    def __init__(self, root_state):
        self.root = root_state
        self.tree = Tree()
        self.rng = list(UNIT_SEEDS)
        self.playout_plies = self.tree_plies = self.expansions = self.playout_work = 0
        self.scored = self.scanned = self.max_depth = 0

    def expand(self, node, state):
        """Expand ``node``: (done, the cycles of its scan and writes)."""
        done, moves, scans = expand(self.tree, node, state)
        work = expand_work(scans, moves)
        if done:
            self.expansions += 1
            self.scored += moves
            work += write_work(self.tree.count[node])
        return done, work

    def down(self):
        """Selection of one descent, with its virtual loss: (the descent, the
        state at its leaf, the tree unit's cycles)."""
        tree, d, st = self.tree, _Descent(), self.root.copy()
        node, work = 0, 0
        while not st.over():
            fresh = False
            if tree.first[node] < 0:
                if tree.real[node] < EXPAND_AFTER:
                    break
                done, scan = self.expand(node, st)
                work += replay_work(d.keys) + scan
                if not done:
                    break
                fresh = True
            self.scanned += tree.count[node]
            if not fresh:
                work += select_work(node, tree.count[node])
            node = select(tree, node)
            d.movers.append(st.to_move)
            d.keys.append(tree.key[node])
            st.play(tree.key[node])
            d.path.append(node)
            tree.n8[node] += 256
        self.tree_plies += len(d.path) - 1
        self.max_depth = max(self.max_depth, len(d.path) - 1)
        return d, st, work

    def play_out(self, unit, d, st):
        """The playout unit's part of a descent: its cycles."""
        work = replay_work(d.keys)
        keys, movers, d.result, self.rng[unit], playout = play_out(st, self.rng[unit])
        self.playout_work += playout
        d.keys += keys
        d.movers += movers
        d.plies = len(keys)
        self.playout_plies += d.plies
        return work + playout

    def back_up(self, d):
        """The back-up and RAVE of a descent: the tree unit's cycles."""
        tree, r0 = self.tree, d.result
        work = BACKUP_NODE_WORK * len(d.path)
        for k, node in enumerate(d.path):
            r = r0 if k == 0 or d.movers[k - 1] == ME else 256 - r0
            if k == 0:
                tree.n8[node] += 256
            tree.w8[node] += r
            tree.real[node] += 1
            if k and tree.real[node] == RAVE_CHILD_MAX + 1:
                work += KEY_FLAG_WORK          # its KEY word's flag set
        placed = rave_placements(d.keys, d.movers)
        n = len(d.keys)
        for i in range(len(d.path) - 2, -1, -1):
            node = d.path[i]
            if tree.real[node] > RAVE_PARENT_MAX or tree.first[node] < 0:
                continue
            mover = d.movers[i]
            r = r0 if mover == ME else 256 - r0
            work += rave_scan_work(node, tree.count[node])
            for c in tree.children(node):
                update = rave_update(placed, mover, key_word(tree.key[c], tree.real[c]), i, n, r)
                if update is not None:
                    tree.n8[c] += update[0]
                    tree.w8[c] += update[1]
                    work += RAVE_UPDATE_WORK
        return work


def next_unit(waiting):
    """The unit the tree unit serves next: of those waiting (``waiting[u]``
    the cycle unit u began to wait, None when it is not waiting), the one that
    has waited since the earliest cycle, the lower number of equals."""
    return min((w, v) for v, w in enumerate(waiting) if w is not None)[1]


def drain_bound(units=BATCH):
    """The most clock cycles a search of ``units`` playout units can run
    past max(budget, the root's expansion): a proven bound, from the work
    functions at their largest, for any position.

    The proof. A job starts a walk only before the budget, so let T0 be the
    start of the last job that did (none: no unit ever played out, and the
    search ends with the root's expansion). That job is one back-up and one
    walk, so it ends by T0 + BK + WK. Every job after it is a back-up only
    (it starts at or past the budget), and each unit has at most one descent
    left to back up, so there are at most ``units`` of them, each BK at most.
    The tree unit runs them one after the other, each no earlier than its
    unit's playout ends: by T0 + BK + WK + PO for T0's unit, and earlier for
    the others (their playouts began before T0). So the search ends by
    T0 + BK + WK + PO + units x BK, with T0 < budget. Each term is bounded by
    the game: a descent's moves (tree and playout together) are at most
    MAX_GAME_PLIES (42 placements, at most one pass between two and two at
    the end), so its path has at most MAX_GAME_PLIES + 1 nodes, the root's
    included; a node has at most MAX_CHILDREN children; a scan gives at most
    MAX_SIDE_MOVES moves; a playout ply walks at most N_SHAPES shapes and
    scans at most twice; RAVE updates at most MAX_RAVE_UPDATES children of a
    node (a child matches only the one placement of its tile by its chooser).
      PO: the replay of MAX_GAME_PLIES tree moves, then a playout of as many
          plies, each of two scans and N_SHAPES shapes walked;
      WK: a choice at every level (the root's, then below it), each among
          MAX_CHILDREN, and one expansion: the replay, two scans giving
          MAX_SIDE_MOVES moves, the writes of MAX_CHILDREN children;
      BK: every path node backed up with its KEY flag (the root without),
          RAVE's match at every node but the leaf with its updates.
    """
    check_units(units)
    plies, nodes = MAX_GAME_PLIES, MAX_GAME_PLIES + 1
    tree_moves = [0] * plies            # placements: the dearest replay
    playout = (replay_work(tree_moves) + PLAYOUT_WORK
               + plies * ply_work(2, N_SHAPES))
    walk = (select_work(0, MAX_CHILDREN) + (plies - 1) * select_work(1, MAX_CHILDREN)
            + replay_work(tree_moves) + expand_work(2, MAX_SIDE_MOVES)
            + write_work(MAX_CHILDREN))
    back_up = (BACKUP_NODE_WORK * nodes + KEY_FLAG_WORK * (nodes - 1)
               + (nodes - 1) * (rave_scan_work(1, MAX_CHILDREN)
                                + MAX_RAVE_UPDATES * RAVE_UPDATE_WORK))
    return back_up + walk + playout + units * back_up


ROOT_WORK_MAX = expand_work(2, MAX_SIDE_MOVES) + write_work(MAX_CHILDREN)
"""The most cycles the root's expansion takes (two scans giving MAX_SIDE_MOVES
moves, the writes of MAX_CHILDREN children): a search's first job starts
after it, and a budget smaller than it still pays it."""


def search_bound(budget, units=BATCH):
    """The most clock cycles a search with ``budget`` can take (its MctsResult
    ``work``), for any position: the root's expansion or the budget, whichever
    is later, and drain_bound(units) past it."""
    check_budget(budget)
    return max(budget, ROOT_WORK_MAX) + drain_bound(units)


def check_budget(budget):
    """ValueError unless ``budget`` is an int in 1..MAX_BUDGET (bool refused)."""
    return check_int_budget(budget, MAX_BUDGET)


def check_units(units):
    """ValueError unless ``units`` is an int in 1..MAX_UNITS (bool refused)."""
    if isinstance(units, bool) or not isinstance(units, int) or not 1 <= units <= MAX_UNITS:
        raise ValueError("units must be an int in 1..%d (the playout units), not %r"
                         % (MAX_UNITS, units))
    return units


def search(position, budget=DEFAULT_BUDGET, last_opp=0, max_playouts=None, units=BATCH):
    """The search on ``position`` (ME to move); ``last_opp``: the squares of
    the opponent's last move (0 when unknown or a pass); ``max_playouts``
    (for tests) also stops it after that many descents have started;
    ``units``: the playout units of the schedule, units 0 .. units - 1
    (the core's is ``BATCH``; others, up to ``MAX_UNITS``, for the study of
    other builds). An MctsResult."""
    check_budget(budget)
    check_units(units)
    pos = position.copy()
    placed = bin(pos.used[ME]).count("1") + bin(pos.used[OPP]).count("1")
    root = State(pos, ME, [[0, 0], [last_opp, 0]], placed)
    sr = _Search(root)
    tree = sr.tree
    _, start = sr.expand(0, root.copy())
    if tree.count[0] == 1 and tree.key[tree.first[0]] == PASS:
        return MctsResult(None, 0, start, 0, 0, 1, 0, 0, 0, len(tree), 0, 0, 0,
                          tree_digest(tree), 0, start)
    # the schedule: each unit's waiting cycle (None: stopped) and descent
    waiting, descent = [start] * units, [None] * units
    tree_free, started, done, busy = start, 0, 0, start
    while any(w is not None for w in waiting):
        u = next_unit(waiting)
        job = max(tree_free, waiting[u])
        work = 0
        if descent[u] is not None:
            work += sr.back_up(descent[u])
            descent[u] = None
            done += 1
        if job < budget and (max_playouts is None or started < max_playouts):
            d, st, select_work = sr.down()
            work += select_work
            descent[u] = d
            started += 1
            waiting[u] = job + work + sr.play_out(u, d, st)
        else:
            waiting[u] = None
        tree_free = job + work
        busy += work
    if tree_free > max(budget, start) + drain_bound(units):
        raise RuntimeError("the search ended %d cycles past its budget %d, more than "
                           "drain_bound(%d) = %d: the deadline's proof is wrong"
                           % (tree_free - max(budget, start), budget, units, drain_bound(units)))
    best = max(tree.children(0), key=lambda c: (tree.real[c], -c))
    return MctsResult(key_move(tree.key[best]), done, tree_free, sr.playout_plies,
                      sr.tree_plies, sr.expansions, sr.scored, sr.scanned, sr.max_depth,
                      len(tree), tree.real[best], tree.n8[best], tree.w8[best],
                      tree_digest(tree), sr.playout_work, busy)
