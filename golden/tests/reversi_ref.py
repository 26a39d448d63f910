"""Independent Reversi reference for the tests: plain lists of cell codes,
rules walked cell by cell, and the search written again from the docstring
of golden/reversi/search.py. Shares no code with golden/reversi (it reads
the same weights file)."""
import json
import os

DIRS = [(dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0)]

# The classic 8 x 8 square table the golden weights must reproduce.
CLASSIC_8X8 = [
    [100, -20, 10, 5, 5, 10, -20, 100],
    [-20, -50, -2, -2, -2, -2, -50, -20],
    [10, -2, -1, -1, -1, -1, -2, 10],
    [5, -2, -1, -1, -1, -1, -2, 5],
    [5, -2, -1, -1, -1, -1, -2, 5],
    [10, -2, -1, -1, -1, -1, -2, 10],
    [-20, -50, -2, -2, -2, -2, -50, -20],
    [100, -20, 10, 5, 5, 10, -20, 100],
]

WIN = 32768
INF = 65535
ENDGAME_EMPTIES = 16      # the solver's reach, in empty cells
ENDGAME_AFTER = 8         # midgame iterations before it

# The learned evaluation's weights (the data file golden reads; the code
# that uses them below is written again from the docstring)
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "reversi",
                       "evaluation.json")) as _f:
    _DATA = json.load(_f)
WEIGHTS = _DATA["weights"]
TABLES = _DATA.get("patterns")
STAGES = 6


def pattern_instances():
    """golden.reversi.patterns' docstring, written again with (x, y): the
    4 edges from their lower-index end, then for each corner (x, y) in
    (0, 0), (7, 0), (0, 7), (7, 7) its 2 x 4 rectangle along the row (4
    edge cells from the corner, then the 4 beside them) and along the
    column; cells as y * 8 + x."""
    out = [[x for x in range(8)], [56 + x for x in range(8)],
           [8 * y for y in range(8)], [8 * y + 7 for y in range(8)]]
    for cx, cy in ((0, 0), (7, 0), (0, 7), (7, 7)):
        sx, sy = (1 if cx == 0 else -1), (1 if cy == 0 else -1)
        out.append([(cy + sy * r) * 8 + cx + sx * a for r in (0, 1) for a in range(4)])
        out.append([(cy + sy * a) * 8 + cx + sx * r for r in (0, 1) for a in range(4)])
    return out


def pattern_term(cells, w, h, me, stage):
    """The tables' sum on an 8 x 8 board (0 on any other)."""
    if TABLES is None or (w, h) != (8, 8):
        return 0
    group = stage * TABLES["groups"] // STAGES
    total = 0
    for k, inst in enumerate(pattern_instances()):
        index = 0
        for j, c in enumerate(inst):
            index += 3 ** j * (1 if cells[c] == me else 2 if cells[c] else 0)
        total += TABLES["edges" if k < 4 else "rects"][group][index]
    return total
CLASS_ORDER = [(0, 0), (0, 1), (0, 2), (0, 3), (1, 1), (1, 2), (1, 3), (2, 2), (2, 3), (3, 3)]


def weight(x, y, w, h):
    """Square weight: the classic table's value for the cell whose distances
    to the nearest vertical and horizontal edges (capped at 3) match."""
    dx = min(x, w - 1 - x, 3)
    dy = min(y, h - 1 - y, 3)
    return CLASSIC_8X8[dy][dx]


def start_cells(w, h):
    cells = [0] * (w * h)
    x0, y0 = w // 2 - 1, h // 2 - 1
    cells[y0 * w + x0] = 2
    cells[y0 * w + x0 + 1] = 1
    cells[(y0 + 1) * w + x0] = 1
    cells[(y0 + 1) * w + x0 + 1] = 2
    return cells


def flips(cells, w, h, c, me):
    if cells[c] != 0:
        return []
    opp = 3 - me
    x, y = c % w, c // w
    out = []
    for dx, dy in DIRS:
        run = []
        cx, cy = x + dx, y + dy
        while 0 <= cx < w and 0 <= cy < h and cells[cy * w + cx] == opp:
            run.append(cy * w + cx)
            cx += dx
            cy += dy
        if run and 0 <= cx < w and 0 <= cy < h and cells[cy * w + cx] == me:
            out += run
    return out


def moves(cells, w, h, me):
    return [c for c in range(w * h) if flips(cells, w, h, c, me)]


def play(cells, w, h, c, me):
    f = flips(cells, w, h, c, me)
    assert f, "illegal"
    new = list(cells)
    new[c] = me
    for k in f:
        new[k] = me
    return new


def order(w, h):
    return sorted(range(w * h), key=lambda c: (-weight(c % w, c // w, w, h), c))


def dead_cells(cells, w, h):
    """The 3 neighbours of an occupied corner (C- and X-squares counted dead)."""
    dead = set()
    for cx, cy in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
        if cells[cy * w + cx]:
            for x in range(w):
                for y in range(h):
                    if max(abs(x - cx), abs(y - cy)) == 1:
                        dead.add(y * w + x)
    return dead


def square_class(x, y, w, h):
    dx = min(x, w - 1 - x, 3)
    dy = min(y, h - 1 - y, 3)
    return CLASS_ORDER.index((min(dx, dy), max(dx, dy)))


def stage_of(discs, w, h):
    return min(STAGES - 1, max(0, discs - 4) * STAGES // (w * h - 4))


def next_to(cells, w, h, c, who):
    x, y = c % w, c // w
    return any(0 <= x + dx < w and 0 <= y + dy < h and cells[(y + dy) * w + x + dx] == who
               for dx, dy in DIRS)


def evaluate(cells, w, h, me, stage):
    """The docstring's cell-by-cell sum."""
    wt = WEIGHTS[stage]
    opp = 3 - me
    dead = dead_cells(cells, w, h)
    my_moves, their_moves = set(moves(cells, w, h, me)), set(moves(cells, w, h, opp))
    s = wt[14]
    for c, v in enumerate(cells):
        k = square_class(c % w, c // w, w, h)
        if c in dead:
            k = 10 if k == 1 else 11
        if v == me:
            s += wt[k]
        elif v == opp:
            s -= wt[k]
        else:
            if c in my_moves and c not in their_moves:
                s += wt[12]
            elif c in their_moves and c not in my_moves:
                s -= wt[12]
            near_opp, near_me = next_to(cells, w, h, c, opp), next_to(cells, w, h, c, me)
            if near_opp and not near_me:
                s += wt[13]
            elif near_me and not near_opp:
                s -= wt[13]
    return s + pattern_term(cells, w, h, me, stage)


def discs(cells):
    return sum(1 for v in cells if v)


def final(cells, me):
    d = cells.count(me) - cells.count(3 - me)
    return WIN + d if d > 0 else -WIN + d if d < 0 else 0


def minimax(cells, w, h, me, d, stage=None):
    """Plain negamax without pruning, as the docstring's steps 1-5; leaves at
    the stage of the position's discs plus d (the root's of an iteration)."""
    if stage is None:
        stage = stage_of(discs(cells) + d, w, h)
    opp = 3 - me
    my = moves(cells, w, h, me)
    their = moves(cells, w, h, opp)
    if not my and not their:
        return final(cells, me)
    if d == 0:
        return evaluate(cells, w, h, me, stage)
    if not my:
        return -minimax(cells, w, h, opp, d - 1, stage)
    return max(-minimax(play(cells, w, h, c, me), w, h, opp, d - 1, stage) for c in my)


class Stop(Exception):
    pass


class RefSearch(object):
    """search() written from the docstring, on lists."""

    def __init__(self, w, h, budget):
        self.w, self.h, self.budget = w, h, budget
        self.nodes = 0
        self.static = False
        self.passes = 0
        self.order = order(w, h)
        self.killers = {}                       # ply -> the last cell that cut a node there
        self.killer_hits = 0                    # nodes whose killer was not their first in order

    def count(self):
        if self.nodes == self.budget:
            raise Stop()
        self.nodes += 1

    def ab(self, cells, me, d, alpha, beta, ply):
        w, h = self.w, self.h
        opp = 3 - me
        my = set(moves(cells, w, h, me))
        their = moves(cells, w, h, opp)
        if not my and not their:
            return final(cells, me)
        if d == 0:
            self.static = True
            return evaluate(cells, w, h, me, self.stage)
        if not my:
            self.count()
            self.passes += 1
            return -self.ab(cells, opp, d - 1, -beta, -alpha, ply + 1)
        best = -INF
        killer = self.killers.get(ply)
        tries = [killer] if killer in my else []
        if tries and killer != min(my, key=self.order.index):
            self.killer_hits += 1
        for c in tries + [c for c in self.order if c in my and c != killer]:
            self.count()
            s = -self.ab(play(cells, w, h, c, me), opp, d - 1, -beta, -max(alpha, best), ply + 1)
            if s > best:
                best = s
                if best >= beta:
                    self.killers[ply] = c
                    break
        return best

    def root(self, cells, me, root, plies, alpha, beta):
        """One iteration: (best, best_move) over the root moves in the
        order `root`, root window (alpha, beta); Stop when the budget ends
        it, with self.partial = (best, best_move) so far."""
        w, h = self.w, self.h
        self.static = False
        self.stage = stage_of(discs(cells) + plies, w, h)
        best, best_move = -INF, None
        self.partial = (best, best_move)
        for c in root:
            self.count()
            s = -self.ab(play(cells, w, h, c, me), 3 - me, plies - 1, -beta, -max(alpha, best), 1)
            if s > best:
                best, best_move = s, c
                self.partial = (best, best_move)
            if best >= beta:
                break
        return best, best_move

    def run(self, cells, me):
        """(move, score, nodes, depth, stop, [(depth, nodes, score, move)])"""
        w, h = self.w, self.h
        legal = [c for c in self.order if c in set(moves(cells, w, h, me))]
        if not legal:
            return None, None, 0, 0, "pass", []
        if len(legal) == 1:
            return legal[0], None, 0, 0, "forced", []
        answer, score, depth = legal[0], None, 0
        its = []
        endgame = w * h - discs(cells) <= ENDGAME_EMPTIES
        # the iterations: depth 1, 2, ...; in an endgame, after ENDGAME_AFTER
        # of them, a win/loss/draw solve at depth 63, then (unless a draw)
        # an exact one
        schedule = [("mid", d) for d in range(1, 64)]
        if endgame:
            schedule = schedule[:ENDGAME_AFTER] + [("wld", 63), ("exact", 63)]
        root = legal
        for kind, d in schedule:
            if kind == "mid":
                alpha, beta = -INF, INF
            elif kind == "wld":
                alpha, beta = -1, 1
            else:
                alpha, beta = (0 if score >= 1 else -INF), INF
            try:
                best, best_move = self.root(cells, me, root, d, alpha, beta)
            except Stop:
                best, best_move = self.partial
                if best_move is not None and (kind != "wld" or best >= 0):
                    answer, score = best_move, best
                return answer, score, self.nodes, depth, "wld" if kind == "exact" else "budget", its
            if kind != "wld" or best >= 0:      # a proven loss: the midgame move stays
                answer = best_move
            score, depth = best, d
            its.append((d, self.nodes, best, best_move))
            if not self.static:
                if kind != "wld" or score == 0:
                    return answer, score, self.nodes, depth, "exact", its
            root = [answer] + [c for c in legal if c != answer]
        return answer, score, self.nodes, depth, "depth", its


def cells_of(position):
    """List of cell codes of a golden Position (by its public ints)."""
    n = position.width * position.height
    return [1 if position.black >> c & 1 else 2 if position.white >> c & 1 else 0
            for c in range(n)]


def random_cells(rng, w, h, plies):
    """A position reached by random legal play from the start (passes made
    when forced); returns (cells, side to move) or the last one before the
    game ended."""
    cells = start_cells(w, h)
    me = 1
    for _ in range(plies):
        my = moves(cells, w, h, me)
        if not my:
            if not moves(cells, w, h, 3 - me):
                break
            me = 3 - me
            continue
        cells = play(cells, w, h, rng.choice(my), me)
        me = 3 - me
    return cells, me
