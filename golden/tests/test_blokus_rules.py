"""Blokus rules: bitboard legality against a naive cell-by-cell checker,
move generation, the spec's worked example, scoring and end of game."""
import random

import pytest
from hypothesis import given, settings, strategies as st

from golden.blokus import board as B
from golden.blokus import encoding as E
from golden.tests.test_blokus_encoding import STRING_ORIENT, TILE_SQUARES

LETTERS = "abcdefghijklmnopqrstu"


def naive_cells(letter, r, X, Y):
    """Cells of a placement, from the independent transcription."""
    base = TILE_SQUARES[letter]
    grid = ["".join("#" if (row, c) in base else "." for c in range(5))
            for row in range(5)]
    g = STRING_ORIENT[r](grid)
    return [(X - 2 + c, Y - 2 + row) for row in range(5) for c in range(5)
            if g[row][c] == "#"]


class Naive(object):
    """Cell sets and the host's checks, in the host's order."""

    def __init__(self, starts):
        self.own = [set(), set()]
        self.used = [set(), set()]
        self.starts = starts

    def check(self, p, move):
        if move is None:
            return None if self.used[p] else "first pass"
        X, Y, t, r = move
        letter = LETTERS[t]
        if letter in self.used[p]:
            return "used"
        cells = naive_cells(letter, r, X, Y)
        taken = self.own[0] | self.own[1]
        for x, y in cells:
            if not (1 <= x <= 14 and 1 <= y <= 14) or (x, y) in taken:
                return "occupied"
        mine = self.own[p]
        for x, y in cells:
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                if (x + dx, y + dy) in mine:
                    return "edge"
        if self.used[p]:
            for x, y in cells:
                for dx, dy in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
                    if (x + dx, y + dy) in mine:
                        return None
            return "corner"
        if self.starts[p] not in cells:
            return "start"
        return None

    def apply(self, p, move):
        if move is None:
            return
        X, Y, t, r = move
        self.own[p] |= set(naive_cells(LETTERS[t], r, X, Y))
        self.used[p].add(LETTERS[t])


NAME = {None: None, "first pass": B.FIRST_PASS, "used": B.TILE_USED,
        "occupied": B.OCCUPIED, "edge": B.EDGE, "corner": B.NO_CORNER,
        "start": B.NO_START}


def random_game(seed, plies, seat="5"):
    """Position and Naive after ``plies`` random legal plies (with passes)."""
    rng = random.Random(seed)
    pos = B.Position(seat)
    nv = Naive(pos.start)
    p = rng.randrange(2)
    for _ in range(plies):
        moves = B.legal_moves(pos, p)
        if moves and (not pos.first_done(p) or rng.random() > 0.05):
            m = rng.choice(moves)
        else:
            m = None if pos.first_done(p) else moves[0]
        assert nv.check(p, m) is None
        pos.apply(p, m)
        nv.apply(p, m)
        p ^= 1
    return pos, nv, rng


def near_candidates(pos, rng, n):
    """Random moves centred near own squares or start cells (many reasons)."""
    out = []
    for _ in range(n):
        p = rng.randrange(2)
        cells = E.bitboard_cells(pos.cells[p]) or [pos.start[p]]
        x, y = rng.choice(cells)
        out.append((p, (min(14, max(0, x + rng.randint(-3, 3))),
                        min(14, max(0, y + rng.randint(-3, 3))),
                        rng.randrange(21), rng.randrange(8))))
    return out


MOVE = st.tuples(st.integers(0, 14), st.integers(0, 14), st.integers(0, 20),
                 st.integers(0, 7))


@settings(max_examples=120)
@given(seed=st.integers(0, 2 ** 32), plies=st.integers(0, 40),
       seat=st.sampled_from("5A"),
       cands=st.lists(st.tuples(st.integers(0, 1), MOVE), max_size=10))
def test_check_agrees_with_naive_checker(seed, plies, seat, cands):
    pos, nv, rng = random_game(seed, plies, seat)
    for p, m in cands + near_candidates(pos, rng, 60):
        assert B.check(pos, p, m) == NAME[nv.check(p, m)], (p, m)
    for p in (0, 1):
        assert B.check(pos, p, None) == NAME[nv.check(p, None)]


def test_every_reason_occurs():
    seen = set()
    for seed in range(30):
        pos, nv, rng = random_game(seed, seed % 12)
        for p, m in near_candidates(pos, rng, 200):
            seen.add(B.check(pos, p, m))
        for p in (0, 1):
            seen.add(B.check(pos, p, None))
    assert seen == set(B.REASONS) | {B.FIRST_PASS, None}


def _exhaustive(pos, p):
    """Legal canonical moves by checking every code, in generation order."""
    out = []
    for t in range(21):
        for s in E.SHAPES[t]:
            for y in range(1, 15):
                for x in range(1, 15):
                    m = (x, y, t, s.r)
                    if B.check(pos, p, m) is None:
                        out.append(m)
    return out


@settings(max_examples=40)
@given(seed=st.integers(0, 2 ** 32), plies=st.integers(0, 30))
def test_legal_moves_equal_exhaustive_check_in_order(seed, plies):
    pos, _, _ = random_game(seed, plies)
    for p in (0, 1):
        moves = B.legal_moves(pos, p)
        assert moves == _exhaustive(pos, p)
        assert moves == sorted(moves, key=lambda m: (
            m[2], m[3], m[1], m[0]))
        assert all(E.canonical_move(m) == m for m in moves)
        assert B.first_legal_move(pos, p) == (moves[0] if moves else None)


@pytest.mark.parametrize("seed,plies", [(1, 0), (2, 7), (3, 16), (4, 25)])
def test_legal_moves_equal_naive_enumeration(seed, plies):
    pos, nv, _ = random_game(seed, plies)
    for p in (0, 1):
        want = set()
        for t, letter in enumerate(LETTERS):
            if letter in nv.used[p]:
                continue
            for r in range(8):
                for X in range(1, 15):
                    for Y in range(1, 15):
                        if nv.check(p, (X, Y, t, r)) is None:
                            want.add((letter, frozenset(
                                naive_cells(letter, r, X, Y))))
        got = [(LETTERS[m[2]], frozenset(E.move_cells(m)))
               for m in B.legal_moves(pos, p)]
        assert len(got) == len(set(got))       # one move per placement
        assert set(got) == want


def test_first_move_on_empty_board():
    pos = B.Position("5")
    moves = B.legal_moves(pos, B.ME)
    # every placement covering (5,5): one per (shape, square of the shape)
    assert len(moves) == sum(E.TILE_SIZE[s.tile] for s in E.ALL_SHAPES)
    assert all((5, 5) in E.move_cells(m) for m in moves)
    assert moves[0] == (5, 5, 0, 0)
    assert all((10, 10) in E.move_cells(m)
               for m in B.legal_moves(pos, B.OPP))


WORKED = [(B.ME, "53e0"), (B.OPP, "a8e0"), (B.ME, "21k7"), (B.OPP, "94j0"),
          (B.ME, "61a0"), (B.OPP, "71b3")]

BOARD_AFTER_14 = [
    "1111.122......",
    "1...1...2.....",
    "....1...2.....",
    "....1...2.....",
    "....1...2.....",
    "........2.....",
]


def test_worked_example_replays_as_position():
    pos = B.Position("5")          # board 1 covers (5,5) and moves first
    for p, code in WORKED:
        m = E.decode_move(code)
        assert B.check(pos, p, m) is None, code
        pos.apply(p, m)
    rows = B.render(pos)
    assert rows[:6] == BOARD_AFTER_14
    # the spec prints rows 1..6 only; a8e0 also covers (a,7)..(a,a)
    assert rows[6:10] == [".........2...."] * 4
    assert rows[10:] == ["." * 14] * 4


def test_worked_example_each_move_checked_against_naive():
    nv = Naive(((5, 5), (10, 10)))
    for p, code in WORKED:
        m = E.decode_move(code)
        assert nv.check(p, m) is None
        nv.apply(p, m)
    assert sorted(nv.own[0]) == sorted(
        [(1, 1), (2, 1), (3, 1), (4, 1), (1, 2), (6, 1)]
        + [(5, y) for y in range(2, 6)])


def test_apply_play_and_first_pass():
    pos = B.Position("A")
    assert pos.start == ((10, 10), (5, 5))
    with pytest.raises(ValueError):
        pos.play(B.ME, None)            # a first move may not be a pass
    with pytest.raises(ValueError):
        pos.play(B.ME, E.decode_move(b"53e0"))      # misses (a,a)
    pos.play(B.ME, E.decode_move(b"aae0"))
    pos.play(B.ME, None)
    assert pos.passes == 1
    with pytest.raises(ValueError):
        B.Position("a")


# ---------------------------------------------------------------- scoring
def test_score_unplaced_squares():
    pos = B.Position("5")
    assert B.score(pos, B.ME) == -89 and B.score(pos, B.OPP) == -89
    pos.play(B.ME, E.decode_move(b"53e0"))
    assert B.score(pos, B.ME) == -85
    pos.play(B.OPP, E.decode_move(b"aaa0"))
    assert B.score(pos, B.OPP) == -88
    assert B.squares_left(pos, B.ME) == 85


def test_score_bonus_all_21():
    pos = B.Position("5")
    pos.used[B.ME] = E.ALL_TILES
    pos.last[B.ME] = 5
    assert B.score(pos, B.ME) == 15
    pos.last[B.ME] = 0          # the monomino 'a' placed last
    assert B.score(pos, B.ME) == 20
    pos.used[B.ME] = E.ALL_TILES & ~(1 << 20)   # all but 'u' (5 squares)
    assert B.score(pos, B.ME) == -5


def _all_21_for_me():
    """Moves placing all 21 tiles of ME by legal play (OPP never moves):
    biggest tiles first, 'a' last, depth-first over generation order."""
    order = list(range(20, 0, -1)) + [0]

    def rec(pos, k):
        if k == len(order):
            return []
        t = order[k]
        tried = 0
        for m in B.iter_legal_moves(pos, B.ME):
            if m[2] != t:
                continue
            q = pos.copy()
            q.play(B.ME, m)
            rest = rec(q, k + 1)
            if rest is not None:
                return [m] + rest
            tried += 1
            if tried == 4:
                break
        return None

    seq = rec(B.Position("5"), 0)
    assert seq is not None
    return seq


def test_bonus_through_play_of_all_21_tiles():
    pos = B.Position("5")
    seq = _all_21_for_me()
    for m in seq[:-1]:
        pos.play(B.ME, m)
        assert not B.game_over(pos)
    assert B.score(pos, B.ME) == -1
    pos.play(B.ME, seq[-1])
    assert pos.used[B.ME] == E.ALL_TILES and pos.last[B.ME] == 0
    assert B.score(pos, B.ME) == 20
    assert B.game_over(pos)           # all 21 placed ends the game at once
    assert B.legal_moves(pos, B.ME) == []


def test_game_over_two_passes_in_a_row():
    pos = B.Position("5")
    pos.play(B.ME, E.decode_move(b"55a0"))
    pos.play(B.OPP, E.decode_move(b"aaa0"))
    assert not B.game_over(pos)
    pos.play(B.ME, None)
    assert not B.game_over(pos)
    pos.play(B.OPP, E.decode_move(b"98b0"))   # a placement resets the count
    pos.play(B.ME, None)
    assert not B.game_over(pos)
    pos.play(B.OPP, None)
    assert B.game_over(pos)


def test_random_play_takes_turns_and_stops_at_the_end():
    rng = random.Random(4)
    pos = B.Position("A")
    assert B.random_play(pos, B.OPP, 3, rng) == B.ME       # OPP, ME, OPP moved
    assert bin(pos.used[B.OPP]).count("1") == 2 and bin(pos.used[B.ME]).count("1") == 1
    side = B.random_play(pos, B.ME, 500, rng)                # far past the end
    assert B.game_over(pos) and side in (B.ME, B.OPP)
    assert B.random_play(pos, side, 5, rng) == side and B.game_over(pos)   # nothing more


def test_random_games_end_and_score():
    for seed in range(3):
        rng = random.Random(seed)
        pos = B.Position("5")
        p = 0
        while not B.game_over(pos):
            moves = B.legal_moves(pos, p)
            pos.play(p, rng.choice(moves) if moves else None)
            p ^= 1
        for q in (0, 1):
            left = sum(E.TILE_SIZE[t] for t in range(21)
                       if not pos.used[q] >> t & 1)
            assert B.score(pos, q) == -left or pos.used[q] == E.ALL_TILES
        if E.ALL_TILES not in pos.used:
            # the random players pass only when stuck: both are stuck now
            assert pos.passes == 2
            assert B.legal_moves(pos, 0) == [] and B.legal_moves(pos, 1) == []
