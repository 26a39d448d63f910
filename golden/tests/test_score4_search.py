"""Score-4 search (golden.score4.search) against its module docstring.

Everything the search is compared with is rebuilt here from the docstring
alone: the 76 lines (from 3-D geometry), gravity, the move ORDER, the win
test, ``evaluate`` (with its threat parity), the Zobrist table (splitmix64),
a plain negamax WITHOUT pruning, and an alpha-beta with the docstring's node
counting, budget rule, transposition table and killers, driven by iterative
deepening (``ref_search``). None of it calls ``golden.score4.search`` or
``golden.score4.board``'s bitboard helpers (test positions are built with
``Position.play_*``, tested in test_score4_board.py).
"""
import itertools
import random
import time

import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

import golden.score4
from golden.score4 import encoding as E
from golden.score4 import search as S
from golden.score4.board import EMPTY, Position
from golden.score4 import session as session_module
from golden.score4.session import Session

# ------------------------------------------------------ the docstring, again

ORDER = (5, 6, 9, 10, 0, 3, 12, 15, 1, 2, 4, 7, 8, 11, 13, 14)
WIN = 4096
INF = 8191
PROVEN = WIN - 64
WEIGHT = (0, 1, 4, 16, 0)
PARITY = S.THREAT_PARITY  # checked below to be the documented value
TT_BITS, CHECK_BITS, HASH_BITS = 12, 16, 28
FULL = (1 << 64) - 1
HUGE = 10 ** 7          # more nodes than any test position needs


def cell(x, y, z):
    return (x - 1) + 4 * (y - 1) + 16 * (z - 1)


def bits(cells_xyz):
    return sum(1 << cell(*c) for c in cells_xyz)


def _geometric_lines():
    """Every set of 4 cells in a straight line in the 4x4x4 cube."""
    rng = range(1, 5)
    found = set()
    for start in itertools.product(rng, rng, rng):
        for d in itertools.product((-1, 0, 1), repeat=3):
            if d == (0, 0, 0):
                continue
            pts = [tuple(start[i] + t * d[i] for i in range(3))
                   for t in range(4)]
            if all(1 <= v <= 4 for p in pts for v in p):
                found.add(frozenset(cell(*p) for p in pts))
    return sorted(sum(1 << c for c in line) for line in found)


REF_LINES = _geometric_lines()
REF_THROUGH = [[m for m in REF_LINES if m >> c & 1] for c in range(64)]


def pc(v):
    return bin(v).count("1")


def ref_landing(occ, p):
    """Cell where a bead on post p lands (gravity), None if p is full."""
    for z in range(4):
        c = p + 16 * z
        if not occ >> c & 1:
            return c
    return None


def ref_free(occ):
    """[(post, landing cell)] of the free posts, in ORDER."""
    out = []
    for p in ORDER:
        c = ref_landing(occ, p)
        if c is not None:
            out.append((p, c))
    return out


def ref_value(own, m):
    """What a line m holding only one side's beads ``own`` is worth to it: the
    weight of their count, and for a threat (3 beads) +PARITY when its empty
    cell is on level 1 or 3, -PARITY on level 2 or 4."""
    n = pc(own)
    if n == 3:
        z = ((m & ~own).bit_length() - 1) // 16 + 1
        return WEIGHT[3] + (PARITY if z % 2 == 1 else -PARITY)
    return WEIGHT[n]


def ref_term(m, x, y):
    a, b = x & m, y & m
    if a and not b:
        return ref_value(a, m)
    if b and not a:
        return -ref_value(b, m)
    return 0


def ref_evaluate(x, y):
    return sum(ref_term(m, x, y) for m in REF_LINES)


def ref_gain(x, y, c):
    """(does x's bead on c make 4 in a line through c, evaluate change)."""
    win, delta = False, 0
    for m in REF_THROUGH[c]:
        if pc(x & m) == 3:
            win = True
        delta += ref_term(m, x | 1 << c, y) - ref_term(m, x, y)
    return win, delta


def ref_splitmix64(seed, n):
    out, mask = [], (1 << 64) - 1
    for _ in range(n):
        seed = (seed + 0x9E3779B97F4A7C15) & mask
        z = seed
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        out.append(z ^ (z >> 31))
    return out


REF_ZOBRIST = [[v >> (64 - HASH_BITS) for v in ref_splitmix64(0x53636F726534, 128)[k * 64:(k + 1) * 64]]
               for k in (0, 1)]


def ref_hash(x, y):
    k = pc(x | y) % 2
    h = 0
    for c in range(64):
        if x >> c & 1:
            h ^= REF_ZOBRIST[k][c]
        if y >> c & 1:
            h ^= REF_ZOBRIST[1 - k][c]
    return h


def ref_negamax(x, y, d, ply=0, ev=None):
    """Plain negamax, no pruning: (score, first best move in ORDER)."""
    if ev is None:
        ev = ref_evaluate(x, y)
    best, best_move = -INF, None
    for p, c in ref_free(x | y):
        win, delta = ref_gain(x, y, c)
        x2 = x | 1 << c
        if win:
            s = WIN - (ply + 1)
        elif x2 | y == FULL:
            s = 0
        elif d == 1:
            s = ev + delta
        else:
            s = -ref_negamax(y, x2, d - 1, ply + 1, -(ev + delta))[0]
        if s > best:
            best, best_move = s, p
    return best, best_move


class Incomplete(Exception):
    pass


class RefAlphaBeta(object):
    """The docstring's node(): below the root a win at once returns at once;
    fail-soft alpha-beta, counting moves made;
    a move is only made while fewer than ``limit`` nodes were counted; a
    4096-entry table and a killer per ply, both empty at the start; a
    node's entry is not written over another position's deeper one, as
    the slot held it when the node was entered."""

    def __init__(self, limit):
        self.limit = limit
        self.nodes = 0
        self.table = {}
        self.killer = {}

    def node(self, x, y, d, alpha, beta, ply, moves, ev):
        h = ref_hash(x, y)
        slot, check = h % 4096, h >> TT_BITS
        deeper_other = False
        if ply > 0:
            if any(ref_gain(x, 0, c)[0] for _, c in moves):
                return WIN - (ply + 1), None     # step w: before the probe, no node
            hash_move = None
            e = self.table.get(slot)
            deeper_other = e is not None and e["check"] != check and e["depth"] > d
            if e is not None and e["check"] == check:
                if e["depth"] >= d and (e["bound"] == "exact"
                                        or e["bound"] == "lower" and e["score"] >= beta
                                        or e["bound"] == "upper" and e["score"] <= alpha):
                    return e["score"], None
                hash_move = e["move"]
            killer = self.killer.get(ply)
            free = dict(moves)
            order = [p for p in (hash_move, killer) if p in free]
            order = sorted(set(order), key=order.index)
            order += [p for p, _ in moves if p not in (hash_move, killer)]
            moves = [(p, free[p]) for p in order]
        best, best_move = -INF, None
        for p, c in moves:
            if self.nodes >= self.limit:
                raise Incomplete()
            self.nodes += 1
            win, delta = ref_gain(x, y, c)
            x2 = x | 1 << c
            if win:
                s = WIN - (ply + 1)
            elif x2 | y == FULL:
                s = 0
            elif d == 1:
                s = ev + delta
            else:
                s = -self.node(y, x2, d - 1, -beta, -max(alpha, best),
                               ply + 1, ref_free(x2 | y), -(ev + delta))[0]
            if s > best:
                best, best_move = s, p
            if max(alpha, best) >= beta:
                self.killer[ply] = p
                break
        if ply > 0 and not deeper_other:
            bound = ("lower" if best >= beta else "upper" if best <= alpha
                     else "exact")
            self.table[slot] = {"check": check, "depth": d, "bound": bound,
                                "score": best, "move": best_move}
        return best, best_move


def ref_first(x, occ):
    """First post in ORDER whose landing bead makes a line of x's beads."""
    for p, c in ref_free(occ):
        if ref_gain(x, 0, c)[0]:
            return p
    return None


def ref_iterations(x, y, limit):
    """Iterative deepening with one shared node count and at most ``limit``
    nodes: ([(depth, score, move, cumulative nodes)] of the iterations that
    completed within ``limit``, True if the last one hit a stop rule)."""
    moves = ref_free(x | y)
    empties = 64 - pc(x | y)
    ev = ref_evaluate(x, y)
    tree = RefAlphaBeta(limit)
    done, root, d = [], moves, 1
    while True:
        try:
            score, move = tree.node(x, y, d, -INF, INF, 0, root, ev)
        except Incomplete:
            return done, False
        done.append((d, score, move, tree.nodes))
        if abs(score) >= PROVEN or d >= empties:
            return done, True
        root = ([m for m in moves if m[0] == move]
                + [m for m in moves if m[0] != move])
        d += 1


def _ref_image(bits, k):
    """A bitboard under symmetry k of the book's docstring, by coordinates:
    identity, rotations by 90, 180, 270 degrees, mirror x, mirror y,
    transpose, anti-transpose."""
    out = 0
    for c in range(64):
        if bits >> c & 1:
            i, j, z = c % 4, c // 4 % 4, c // 16
            i2, j2 = ((i, j), (3 - j, i), (3 - i, 3 - j), (j, 3 - i), (3 - i, j), (i, 3 - j),
                      (j, i), (3 - j, 3 - i))[k]
            out |= 1 << (i2 + 4 * j2 + 16 * z)
    return out


def _ref_book():
    import json
    import os
    path = os.path.join(os.path.dirname(golden.score4.__file__), "book.json")
    with open(path) as f:
        data = json.load(f)
    return data["header"]["plies"], {(int(e["mine"], 16), int(e["theirs"], 16)): e["move"]
                                     for e in data["entries"]}


REF_BOOK_PLIES, REF_BOOK = _ref_book()


def ref_book(x, y):
    """Step 3b: the book's post, read from book.json by this file's own
    symmetries: the first image that is the least (mine, theirs) pair."""
    if bin(x | y).count("1") > REF_BOOK_PLIES:
        return None
    images = [(_ref_image(x, k), _ref_image(y, k)) for k in range(8)]
    k = images.index(min(images))
    move = REF_BOOK.get(images[k])
    if move is None:
        return None
    post = 1 << move                          # the move's post, back through symmetry k
    for j in range(8):
        if all(_ref_image(_ref_image(1 << p, k), j) == 1 << p for p in range(16)):
            return _ref_image(post, j).bit_length() - 1
    raise AssertionError("no inverse of symmetry %d" % k)


def ref_immediate(pos):
    """(move, reason) of steps 1-3b, or None when the search must run."""
    x, y = pos.mine, pos.theirs
    occ = x | y
    if not ref_free(occ):
        return (None, "full")
    w = ref_first(x, occ)
    if w is not None:
        return (w, "win")
    b = ref_first(y, occ)
    if b is not None:
        return (b, "block")
    book = ref_book(x, y)
    if book is not None:
        return (book, "book")
    return None


def expected_from(pos, iterations, budget):
    """What search(pos, budget) must return, as a tuple of its 5 fields."""
    done, stopped = iterations
    answer, depth, score = ref_free(pos.mine | pos.theirs)[0][0], 0, None
    for d, s, m, cum in done:
        if cum > budget:
            return (answer, budget, depth, score,
                    "search" if depth else "fallback")
        answer, depth, score = m, d, s
    if stopped:
        return (answer, done[-1][3], depth, score, "search")
    return (answer, budget, depth, score, "search" if depth else "fallback")


def ref_search(pos, budget):
    imm = ref_immediate(pos)
    if imm is not None:
        return (imm[0], 0, 0, None, imm[1])
    return expected_from(pos, ref_iterations(pos.mine, pos.theirs, budget),
                         budget)


def fields(r):
    return (r.move, r.nodes, r.depth, r.score, r.reason)


# ------------------------------------------------------------- positions

def play(posts, board_first=True):
    """Random legal play from the empty board (full posts are skipped)."""
    pos, k = EMPTY, 0 if board_first else 1
    for p in posts:
        if ref_landing(pos.mine | pos.theirs, p) is not None:
            pos = pos.play_mine(p) if k % 2 == 0 else pos.play_theirs(p)
            k += 1
    return pos


def played(max_beads):
    return st.builds(play, st.lists(st.integers(0, 15), max_size=max_beads),
                     st.booleans())


def stack(heights, colours):
    """Posts filled to the given heights, each bead's side from colours (the
    protocol allows passes, so any such position can be reached)."""
    occ = 0
    for p, h in enumerate(heights):
        for z in range(h):
            occ |= 1 << (p + 16 * z)
    return Position(occ & colours, occ & ~colours).check()


# Random stacks: lines of one colour, for either side, are common here.
STACKED = st.builds(stack, st.lists(st.integers(0, 4), min_size=16,
                                    max_size=16), st.integers(0, FULL))
ANY_POSITION = st.one_of(played(40), played(64), STACKED)


# A full board on which no line is one colour (found by local search).
DRAWN_MINE = 0xdb96ad2c586d145a
SYMMETRIES = [lambda x, y: (x, y), lambda x, y: (5 - x, y),
              lambda x, y: (x, 5 - y), lambda x, y: (5 - x, 5 - y),
              lambda x, y: (y, x), lambda x, y: (5 - y, x),
              lambda x, y: (y, 5 - x), lambda x, y: (5 - y, 5 - x)]


def transform(bb, sym):
    out = 0
    for x, y, z in itertools.product(range(1, 5), repeat=3):
        if bb >> cell(x, y, z) & 1:
            out |= 1 << cell(*(sym(x, y) + (z,)))
    return out


def near_full(rng, max_removed=8):
    """A drawn full board (any symmetry, either colour) minus the top beads
    of some posts, with no win or block at the root: the search must run."""
    for _ in range(500):
        sym = rng.choice(SYMMETRIES)
        mine = transform(DRAWN_MINE, sym)
        if rng.random() < 0.5:
            mine = FULL & ~mine
        occ = FULL
        for _ in range(rng.randint(1, max_removed)):
            p = rng.randrange(16)
            for z in range(3, -1, -1):
                if occ >> (p + 16 * z) & 1:
                    occ &= ~(1 << (p + 16 * z))
                    break
        pos = Position(mine & occ, ~mine & occ).check()
        if ref_immediate(pos) is None:
            return pos
    raise AssertionError("no near-full position found")  # pragma: no cover


NEAR_FULL = st.integers(0, 2 ** 32).map(
    lambda seed: near_full(random.Random(seed)))


def test_reference_geometry():
    assert len(REF_LINES) == 76
    assert sorted(E.LINES) == REF_LINES
    assert E.SEARCH_ORDER == ORDER
    assert (S.WIN, S.INF, tuple(S.W)) == (WIN, INF, WEIGHT)
    assert PARITY == 10
    assert S.ZOBRIST == (tuple(REF_ZOBRIST[0]), tuple(REF_ZOBRIST[1]))
    assert (S.TT_BITS, S.CHECK_BITS, S.HASH_BITS) == (TT_BITS, CHECK_BITS, HASH_BITS)
    assert S.PROVEN == PROVEN
    # The drawn board really is drawn.
    assert pc(DRAWN_MINE) == 32
    for m in REF_LINES:
        assert 0 < pc(DRAWN_MINE & m) < 4


# ------------------------------------------------------------------ budget

BAD_BUDGETS = [0, -1, -(2 ** 40), S.MAX_BUDGET + 1, 2 ** 64, True, False,
               1.5, 1.0, "3", b"3", None, [1]]


@pytest.mark.parametrize("bad", BAD_BUDGETS)
def test_bad_budget_raises_clear_message(bad):
    calls = [S.check_budget, lambda b: S.search(EMPTY, b)]
    if bad is not None:                  # choose(pos, None): the default
        calls.append(lambda b: S.choose(EMPTY, b))
    for call in calls:
        with pytest.raises(ValueError) as info:
            call(bad)
        msg = str(info.value)
        assert msg.startswith("budget must be"), msg
        assert ("got %r" % (bad,)) in msg, msg
        if isinstance(bad, int) and not isinstance(bad, bool):
            assert "between 1 and %d" % S.MAX_BUDGET in msg, msg
        else:
            assert "must be an int" in msg, msg


def test_max_budget_is_the_28_bit_counter():
    assert S.MAX_BUDGET == 2 ** 28 - 1


@given(st.integers(1, S.MAX_BUDGET))
def test_every_budget_in_range_accepted(budget):
    assert S.check_budget(budget) == budget
    # Quick to search at any budget: a near-full board.
    pos = near_full(random.Random(budget), max_removed=4)
    assert fields(S.search(pos, budget)) == ref_search(pos, budget)


@pytest.mark.parametrize("budget", [1, 2, S.MAX_BUDGET - 1, S.MAX_BUDGET])
def test_budget_edges_accepted(budget):
    assert S.check_budget(budget) == budget
    pos = near_full(random.Random(7))
    assert fields(S.search(pos, budget)) == ref_search(pos, budget)


def test_default_budget_is_a_valid_budget():
    # Its size is set by hdl.score4 (hdl/tests/test_score4_budget.py).
    assert S.check_budget(S.DEFAULT_BUDGET) == S.DEFAULT_BUDGET


def test_search_needs_a_budget_choose_has_a_default(monkeypatch):
    with pytest.raises(ValueError):
        S.search(EMPTY, None)
    with pytest.raises(TypeError):
        S.search(EMPTY)                  # pylint: disable=E1120
    # The real default on boards where it is quick (a stop rule ends it).
    for seed in range(5):
        pos = near_full(random.Random(seed))
        assert S.choose(pos) == S.search(pos, S.DEFAULT_BUDGET).move
        assert fields(S.search(pos, S.DEFAULT_BUDGET)) == ref_search(pos, HUGE)
    # choose() reads DEFAULT_BUDGET (not a copy of it): give it budgets
    # whose answers differ.
    pos = play([5, 5, 6, 10, 0, 9, 3])
    assert S.search(pos, 1).move != S.search(pos, 300).move
    for budget in (1, 300):
        monkeypatch.setattr(S, "DEFAULT_BUDGET", budget)
        assert S.choose(pos) == S.search(pos, budget).move
        assert S.choose(pos, None) == S.search(pos, budget).move


# -------------------------------------------------------------- evaluate

def test_evaluate_by_hand():
    assert S.evaluate(0, 0) == 0
    corner, inner = cell(1, 1, 1), cell(2, 2, 2)
    assert S.evaluate(1 << corner, 0) == 7           # 7 lines, 1 bead each
    assert S.evaluate(1 << inner, 0) == 7
    assert S.evaluate(1 << cell(2, 1, 1), 0) == 4    # an edge cell: 4 lines
    assert S.evaluate(0, 1 << corner) == -7
    # Two beads on row y=1 level 1: that row scores W[2]=4, each bead's other
    # lines W[1]: corner 6 others, (2,1,1) 3 others.
    two = (1 << corner) | (1 << cell(2, 1, 1))
    assert S.evaluate(two, 0) == 4 + 6 + 3
    # A bead of y on that row kills it; (3,1,1) has 3 other lines.
    assert S.evaluate(two, 1 << cell(3, 1, 1)) == 6 + 3 - 3
    # Three on the row: W[3] = 16; four (a complete line): W[4] = 0.
    row = [cell(x, 1, 1) for x in range(1, 5)]
    three = sum(1 << c for c in row[:3])
    assert S.evaluate(three, 0) == 16 + 10 + 6 + 3 + 3     # a threat on level 1: +10
    assert S.evaluate(three | 1 << row[3], 0) == 0 + 6 + 3 + 3 + 6


@given(ANY_POSITION)
def test_evaluate_matches_reference(pos):
    x, y = pos.mine, pos.theirs
    e = S.evaluate(x, y)
    assert e == ref_evaluate(x, y)
    assert S.evaluate(y, x) == -e
    assert -1976 <= e <= 1976
    for p, c in ref_free(x | y):         # the incremental form agrees
        assert ref_evaluate(x | 1 << c, y) == e + ref_gain(x, y, c)[1]


def test_evaluate_on_arbitrary_bitboards():
    # Within +-1976 = 76 * (W[3] + PARITY) even for arbitrary bitboards.
    rng = random.Random(3)
    for _ in range(200):
        x = rng.getrandbits(64)
        y = rng.getrandbits(64) & ~x
        assert -1976 <= S.evaluate(x, y) == ref_evaluate(x, y) <= 1976
    assert (max(WEIGHT) + PARITY) * 76 == 1976


# ------------------------------------------ alpha-beta == negamax, no pruning

@given(ANY_POSITION, st.integers(1, 3))
def test_alphabeta_root_equals_plain_negamax(pos, d):
    x, y = pos.mine, pos.theirs
    event("a side already has 4 in a line: %s"
          % any(z & m == m for m in REF_LINES for z in (x, y)))
    event("win or block at the root: %s" % (ref_immediate(pos) is not None))
    assume(ref_free(x | y))
    tree = S._Tree(budget=HUGE)
    got = tree.node(x, y, d, -S.INF, S.INF, 0)
    assert got == ref_negamax(x, y, d)
    assert 0 < tree.nodes < HUGE
    # ... and it spends exactly the nodes of the docstring's node().
    ref = RefAlphaBeta(HUGE)
    assert ref.node(x, y, d, -INF, INF, 0, ref_free(x | y),
                    ref_evaluate(x, y)) == got
    assert ref.nodes == tree.nodes


@settings(max_examples=50)
@given(NEAR_FULL)
def test_alphabeta_root_equals_negamax_to_the_end(pos):
    x, y = pos.mine, pos.theirs
    d = min(64 - pc(x | y), 5)
    assert S._Tree(HUGE).node(x, y, d, -INF, INF, 0) == ref_negamax(x, y, d)


@settings(max_examples=50)
@given(st.integers(0, 2 ** 32), st.integers(1, 3))
def test_full_board_is_scored_not_searched(seed, extra):
    # More plies than empty cells: the move that fills the board scores 0
    # (or a win); no node is entered with a full board.
    pos = near_full(random.Random(seed), max_removed=5)
    x, y = pos.mine, pos.theirs
    d = 64 - pc(x | y) + extra
    tree = S._Tree(HUGE)
    assert tree.node(x, y, d, -INF, INF, 0) == ref_negamax(x, y, d)
    ref = RefAlphaBeta(HUGE)
    ref.node(x, y, d, -INF, INF, 0, ref_free(x | y), ref_evaluate(x, y))
    assert tree.nodes == ref.nodes


def test_alphabeta_fails_soft_outside_the_window():
    # With a null window below the true value the root fails high; above it,
    # low; the returned bounds lie on the right side of the true value.
    pos = play([5, 6, 9, 10, 0, 3, 12, 15, 1])
    x, y = pos.mine, pos.theirs
    true = ref_negamax(x, y, 2)[0]
    hi = S._Tree(HUGE).node(x, y, 2, true - 50, true - 49, 0)[0]
    lo = S._Tree(HUGE).node(x, y, 2, true + 49, true + 50, 0)[0]
    assert true - 49 <= hi <= true
    assert true <= lo <= true + 49
    for a, b, v in ((true - 50, true - 49, hi), (true + 49, true + 50, lo)):
        ref = RefAlphaBeta(HUGE)
        assert ref.node(x, y, 2, a, b, 0, ref_free(x | y),
                        ref_evaluate(x, y))[0] == v


# ------------------------------------------------------- win / block / full

def test_full_board():
    pos = Position(DRAWN_MINE, FULL & ~DRAWN_MINE)
    for b in (1, 2, HUGE):
        assert fields(S.search(pos, b)) == (None, 0, 0, None, "full")
        assert S.choose(pos, b) is None


# Mine: row y=1 needs (2,1,1) (post 1); column x=1 needs (1,4,1) (post 12).
TWO_WINS_MINE = [(1, 1, 1), (3, 1, 1), (4, 1, 1), (1, 2, 1), (1, 3, 1)]
TWO_WINS_THEIRS = [(2, 2, 1), (3, 2, 1), (4, 4, 1), (2, 3, 1), (4, 2, 1)]


@pytest.mark.parametrize("budget", [1, 2, 3, 100, HUGE])
def test_win_first_in_order_not_lowest_index(budget):
    pos = Position(bits(TWO_WINS_MINE), bits(TWO_WINS_THEIRS)).check()
    r = S.search(pos, budget)
    assert fields(r) == (12, 0, 0, None, "win")        # corner before edge 1
    # Colours swapped: the same cells are blocks, again post 12 first.
    r = S.search(pos.swapped(), budget)
    assert fields(r) == (12, 0, 0, None, "block")


@pytest.mark.parametrize("budget", [1, 5, HUGE])
def test_win_preferred_over_block(budget):
    # Mine wins at (3,1,1) (post 2, an edge: late in ORDER); theirs
    # threatens (2,2,1) (post 5, the first centre post). Win, not block.
    mine = [(1, 1, 1), (2, 1, 1), (4, 1, 1)]
    theirs = [(1, 2, 1), (3, 2, 1), (4, 2, 1)]
    pos = Position(bits(mine), bits(theirs)).check()
    assert fields(S.search(pos, budget)) == (2, 0, 0, None, "win")
    assert fields(S.search(pos.swapped(), budget)) == (5, 0, 0, None, "win")


def test_win_uses_the_landing_cell_only():
    # Space diagonal (t,t,t) needs (4,4,4): a win only once post (4,4)
    # holds 3 beads (its landing cell is (4,4,3) before that).
    base = [(2, 2, 1), (3, 3, 1), (3, 3, 2), (4, 4, 2)]
    mine = [(1, 1, 1), (2, 2, 2), (3, 3, 3), (4, 4, 1)]
    pos = Position(bits(mine), bits(base)).check()
    assert S.search(pos, 1).reason != "win"
    pos3 = Position(bits(mine + [(4, 4, 3)]), bits(base)).check()
    assert fields(S.search(pos3, 1)) == (15, 0, 0, None, "win")
    # An existing line of mine makes no move a win.
    done = [(x, 1, 1) for x in range(1, 5)]
    pos4 = Position(bits(done), bits([(1, 2, 1), (2, 2, 1), (1, 3, 1)]))
    assert S.search(pos4.check(), 1).reason == "fallback"


@given(ANY_POSITION, st.sampled_from([1, 2, 3, 50]))
def test_steps_1_to_3_and_budget_one(pos, budget):
    r = S.search(pos, budget)
    assert r.reason in golden.score4.REASONS
    assert r.nodes <= budget
    imm = ref_immediate(pos)
    if imm is not None:
        assert fields(r) == (imm[0], 0, 0, None, imm[1])
    if r.move is None:
        assert pos.is_full() and r.reason == "full"
    else:
        assert pos.can_play(r.move)
    if budget == 1:
        # Budget 1: steps 1-3, or one node: the first free post in ORDER
        # (a depth-1 iteration completes only when a single post is free).
        assert fields(r) == ref_search(pos, 1)
        if imm is None:
            assert r.move == ref_free(pos.mine | pos.theirs)[0][0]
            assert r.nodes == 1
            assert r.reason == ("search" if len(ref_free(pos.occupied)) == 1
                                else "fallback")


# -------------------------------------------------------- budget semantics

B_MAX = 1000


@settings(max_examples=60)
@given(played(30), st.lists(st.integers(1, B_MAX), min_size=2, max_size=5))
def test_budget_exactly_as_the_docstring(pos, budgets):
    assume(ref_immediate(pos) is None)
    its = ref_iterations(pos.mine, pos.theirs, B_MAX)
    # The iteration boundaries and their neighbours, plus random budgets.
    edges = {1, 2, B_MAX}
    for _, _, _, cum in its[0]:
        edges |= {cum - 1, cum, cum + 1}
    prev = None
    for b in sorted(set(budgets) | {e for e in edges if 1 <= e <= B_MAX}):
        r = S.search(pos, b)
        assert fields(r) == expected_from(pos, its, b), b
        # Properties that hold whatever the reference says.
        assert r.nodes <= b
        assert r.reason in ("search", "fallback")
        assert (r.depth == 0) == (r.reason == "fallback") == (r.score is None)
        if r.nodes < b:                  # not cut by the budget: a stop rule
            assert (abs(r.score) >= PROVEN
                    or r.depth >= 64 - pc(pos.occupied))
        if prev is not None:
            assert r.depth >= prev.depth
            assert r.nodes >= prev.nodes
        prev = r


@given(NEAR_FULL)
def test_huge_budget_ends_by_a_stop_rule(pos):
    empties = 64 - pc(pos.occupied)
    r = S.search(pos, HUGE)
    assert r.reason == "search"
    assert 0 < r.nodes < HUGE
    assert fields(r) == ref_search(pos, HUGE)
    if abs(r.score) < PROVEN:
        assert r.depth == empties        # deepened to the end of the game
    else:
        assert r.depth <= empties
    # The score is the exact game value (wins counted by ply).
    if empties <= 6:
        assert r.score == ref_negamax(pos.mine, pos.theirs, empties)[0]
    # Exactly the nodes spent is enough; one fewer drops the last iteration.
    assert fields(S.search(pos, r.nodes)) == fields(r)
    if r.nodes > 1:
        fewer = S.search(pos, r.nodes - 1)
        assert fewer.nodes == r.nodes - 1
        assert fewer.depth == r.depth - 1
        assert fields(fewer) == ref_search(pos, r.nodes - 1)


# -------------------------------------------------------------- stop rules

FORCED_MINE = [(2, 1, 1), (3, 1, 1), (1, 2, 1), (1, 3, 1)]
FORCED_THEIRS = [(3, 3, 1), (4, 4, 1), (2, 3, 1), (3, 4, 1)]


def test_forced_win_in_three_plies_stops_deepening():
    # Post (1,1) makes two threats, (4,1,1) and (1,4,1): a win at ply 3.
    pos = Position(bits(FORCED_MINE), bits(FORCED_THEIRS)).check()
    assert ref_immediate(pos) is None
    r = S.search(pos, HUGE)
    assert r.score == WIN - 3 >= PROVEN
    assert (r.move, r.depth, r.reason) == (0, 3, "search")
    assert r.nodes < 2000
    assert fields(r) == ref_search(pos, HUGE)
    assert fields(S.search(pos, r.nodes)) == fields(r)
    # One node short: the depth-3 iteration is thrown away.
    short = S.search(pos, r.nodes - 1)
    assert (short.depth, short.nodes, short.reason) == (2, r.nodes - 1,
                                                        "search")
    assert abs(short.score) < PROVEN
    # Seen from the other side (no threat yet, so the search runs).
    other = S.search(pos.swapped(), 3000)
    assert other.reason == "search"
    assert fields(other) == ref_search(pos.swapped(), 3000)


@pytest.mark.parametrize("seed", range(12))
def test_near_full_boards_stop_at_the_end(seed):
    pos = near_full(random.Random(seed), max_removed=5)
    empties = 64 - pc(pos.occupied)
    r = S.search(pos, HUGE)
    assert r.depth == empties or abs(r.score) >= PROVEN
    assert r.score == ref_negamax(pos.mine, pos.theirs, empties)[0]
    assert fields(r) == ref_search(pos, HUGE)


# Near-full boards (found with near_full) whose result is proven before the
# search reaches the end of the game: (mine, theirs, depth, score).
PROVEN_EARLY = [
    (0x825841ad52b6797a, 0x79a7ba52a9498685, 2, -(WIN - 2)),
    (0x24095293a792eba5, 0xd396ad2c582d145a, 4, -(WIN - 4)),
    (0x29b082da9685a541, 0x86403d25297a5abe, 6, -(WIN - 6)),
    (0x246952c3a782eba5, 0xca86ac2c586d145a, 5, WIN - 5),
    (0x4922ba52ad498685, 0x8010452d52b6797a, 3, WIN - 3),
]


@pytest.mark.parametrize("mine, theirs, depth, score", PROVEN_EARLY)
def test_proven_win_or_loss_stops_before_the_end(mine, theirs, depth, score):
    pos = Position(mine, theirs).check()
    assert ref_immediate(pos) is None
    empties = 64 - pc(pos.occupied)
    assert depth < empties
    r = S.search(pos, HUGE)
    assert (r.depth, r.score, r.reason) == (depth, score, "search")
    assert fields(r) == ref_search(pos, HUGE)
    assert r.score == ref_negamax(mine, theirs, min(empties, 6))[0]


# ------------------------------------------------------------ determinism

class _Bare(object):
    """Not a Position: only the two bitboards the search may look at."""

    def __init__(self, mine, theirs):
        self.mine, self.theirs = mine, theirs


@settings(max_examples=30)
@given(played(40), st.integers(1, 400), played(40))
def test_determinism(pos, budget, other):
    first = fields(S.search(pos, budget))
    bitboards = (pos.mine, pos.theirs)
    S.search(other, 400)                     # unrelated work in between
    assert fields(S.search(pos, budget)) == first
    assert fields(S.search(Position(pos.mine, pos.theirs), budget)) == first
    assert fields(S.search(_Bare(pos.mine, pos.theirs), budget)) == first
    assert (pos.mine, pos.theirs) == bitboards


def test_no_clock_or_randomness(monkeypatch):
    def boom(*_a, **_k):
        raise AssertionError("the search must not read the clock or RNG")

    pos = Position(bits(FORCED_MINE), bits(FORCED_THEIRS))
    expected = fields(S.search(pos, 300))
    for name in ("time", "monotonic", "perf_counter", "process_time",
                 "time_ns", "monotonic_ns", "perf_counter_ns"):
        monkeypatch.setattr(time, name, boom)
    for name in ("random", "randrange", "randint", "choice", "shuffle",
                 "getrandbits"):
        monkeypatch.setattr(random, name, boom)
    assert fields(S.search(pos, 300)) == expected
    assert fields(S.search(pos, HUGE)) == ref_search(pos, HUGE)


# ---------------------------------------------------- session integration

def _drive(session, requests):
    """Feed requests; check each answer against search() on the position the
    board saw; return the answers."""
    answers = []
    for req in requests:
        before = session.position
        x, y = req[1] - 48, req[2] - 48
        seen = before
        if x and y and ref_landing(before.occupied, (x - 1) + 4 * (y - 1)) \
                is not None:
            seen = before.play_theirs((x - 1) + 4 * (y - 1))
        reply = session.feed(req)
        answers.append(reply)
        if seen.is_full():
            assert reply == b"00"
            continue
        exp = S.search(seen, session.budget)
        assert reply == E.post_to_text(exp.move)
        assert fields(session.last_search) == fields(exp)
        assert session.last_search.nodes <= session.budget
        assert session.position == seen.play_mine(exp.move)
    return answers


@settings(max_examples=15)
@given(st.integers(1, 400), st.lists(st.tuples(st.integers(0, 4),
                                               st.integers(0, 4)),
                                     max_size=30))
def test_session_plays_search(budget, moves):
    s = Session(budget=budget)
    assert s.last_search is None
    s.feed(b"0")
    _drive(s, [b"A%d%d" % m for m in moves] or [b"A00"])
    s.reset()
    assert s.last_search is None


def test_session_default_budget_and_custom_chooser(monkeypatch):
    assert Session().budget == Session(budget=None).budget == S.DEFAULT_BUDGET
    # (The real default searches ~1e8 nodes per move: too slow here.)
    monkeypatch.setattr(session_module, "DEFAULT_BUDGET", 300)
    s = Session()
    assert s.budget == 300
    s.feed(b"0")
    _drive(s, [b"A00", b"A22", b"A23", b"A00"])
    c = Session(chooser=lambda pos, budget: pos.legal_posts()[-1])
    assert c.feed(b"A00") == b"44"
    assert c.last_search is None             # only the default chooser records


def _game(budget_a, budget_b):
    """Session A (moves first) against session B, relaying the answers;
    ``board`` is the true position, from A's side."""
    a, b = Session(budget=budget_a), Session(budget=budget_b)
    assert a.feed(b"0") == b.feed(b"0") == b"R00"
    board, request, passes, turn = EMPTY, b"A00", 0, a
    while passes < 2:
        seen = board if turn is a else board.swapped()
        reply = turn.feed(request)
        assert turn.illegal_moves == 0
        assert turn.position.theirs == seen.theirs
        if reply == b"00":
            assert seen.is_full()
            passes += 1
        else:
            passes = 0
            p = E.text_to_post(reply)
            assert seen.can_play(p)
            assert fields(turn.last_search) == fields(
                S.search(seen, turn.budget))
            assert turn.last_search.move == p
            board = (board.play_mine(p) if turn is a
                     else board.play_theirs(p))
        assert turn.position == (board if turn is a else board.swapped())
        request = b"A" + reply
        turn = b if turn is a else a
    assert board.is_full()
    assert (a.seat, b.seat) == ("first", "second")


@pytest.mark.parametrize("budgets", [(1, 1), (1, 150), (150, 1), (40, 400)])
def test_session_against_session(budgets):
    _game(*budgets)


@settings(max_examples=4)
@given(st.integers(1, 250), st.integers(1, 250))
def test_session_against_session_random_budgets(ba, bb):
    _game(ba, bb)
