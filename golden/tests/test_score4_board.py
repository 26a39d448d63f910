"""Score-4 rules: gravity, heights, 4-in-a-line and full-board detection."""
import functools
import itertools
import operator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from golden.score4 import board as B
from golden.score4 import encoding as E
from golden.score4.board import EMPTY, Position

COORDS = range(1, 5)
DIRECTIONS = [d for d in itertools.product((-1, 0, 1), repeat=3)
              if d != (0, 0, 0)]


def cell_of(x, y, z):
    return (x - 1) + 4 * (y - 1) + 16 * (z - 1)


def to_coords(bb):
    return {(x, y, z) for x, y, z in itertools.product(COORDS, COORDS, COORDS)
            if bb >> cell_of(x, y, z) & 1}


def brute_has_four(bb, through=None):
    """Four beads in a straight row, walking the grid (no line table).

    With through=(x, y, z), only rows that contain that cell count.
    """
    pts = to_coords(bb)
    for s in pts:
        for d in DIRECTIONS:
            row = [tuple(s[i] + t * d[i] for i in range(3)) for t in range(4)]
            if all(p in pts for p in row):
                if through is None or through in row:
                    return True
    return False


class Replay(object):
    """Independent gravity model: a column list per (x, y)."""

    def __init__(self):
        self.cols = {(x, y): [] for x in COORDS for y in COORDS}

    def play(self, x, y, who):
        col = self.cols[(x, y)]
        if len(col) >= 4:
            return False
        col.append(who)
        return True

    def bitboards(self):
        bbs = {"m": 0, "t": 0}
        for (x, y), col in self.cols.items():
            for k, who in enumerate(col):
                bbs[who] |= 1 << cell_of(x, y, k + 1)
        return bbs["m"], bbs["t"]

    def heights(self):
        return tuple(len(self.cols[(p % 4 + 1, p // 4 + 1)])
                     for p in range(16))


def play_sequence(posts, first="m"):
    """Play posts alternately (skipping full ones) in both models."""
    pos, ref, who = EMPTY, Replay(), first
    for p in posts:
        x, y = p % 4 + 1, p // 4 + 1
        if not ref.play(x, y, who):
            assert not pos.can_play(p)
            with pytest.raises(ValueError):
                pos.play_mine(p)
            continue
        pos = pos.play_mine(p) if who == "m" else pos.play_theirs(p)
        who = "t" if who == "m" else "m"
    return pos, ref


post_lists = st.lists(st.integers(0, 15), max_size=80)
def _random_bitboard(rng, density):
    return sum(1 << c for c in range(64) if rng.random() < density)


# Every density from empty to full (plain st.integers over 64 bits is mostly
# tiny numbers), and unions of whole lines with a few cells knocked out, so
# that complete and nearly complete lines are common.
bitboards = st.one_of(
    st.integers(0, E.FULL_BOARD),
    st.builds(_random_bitboard, st.randoms(use_true_random=False),
              st.floats(0, 1)),
    st.builds(lambda lines, holes: functools.reduce(operator.or_, lines)
              & ~holes,
              st.lists(st.sampled_from(E.LINES), min_size=1, max_size=4),
              st.builds(_random_bitboard, st.randoms(use_true_random=False),
                        st.floats(0, 0.3))),
)


# ------------------------------------------------------------------ gravity

def test_gravity_stacks_and_full_post_rejects():
    p = E.post_index(3, 2)
    pos = EMPTY
    for k in range(4):
        assert pos.height(p) == k
        assert pos.can_play(p)
        assert pos.drop_cell(p) == cell_of(3, 2, k + 1)
        pos = pos.play_mine(p) if k % 2 == 0 else pos.play_theirs(p)
    assert pos.height(p) == 4
    assert pos.drop_cell(p) is None
    assert not pos.can_play(p)
    assert p not in pos.legal_posts()
    assert len(pos.legal_posts()) == 15
    with pytest.raises(ValueError):
        pos.play_mine(p)
    with pytest.raises(ValueError):
        pos.play_theirs(p)
    assert to_coords(pos.mine) == {(3, 2, 1), (3, 2, 3)}
    assert to_coords(pos.theirs) == {(3, 2, 2), (3, 2, 4)}
    assert pos.heights() == tuple(4 if q == p else 0 for q in range(16))


def test_positions_are_immutable_values():
    a = EMPTY.play_mine(0)
    b = a.play_theirs(0)
    assert EMPTY == Position(0, 0) and EMPTY.mine == 0 and EMPTY.theirs == 0
    assert a == Position(1, 0) and b == Position(1, 1 << 16)
    assert a != b and hash(a) == hash(Position(1, 0))
    assert b.swapped() == Position(1 << 16, 1)
    assert len({a, Position(1, 0), b}) == 2


@pytest.mark.parametrize("p", [-1, 16, 1.0, None, "1"])
def test_can_play_rejects_non_posts(p):
    assert not EMPTY.can_play(p)


@given(post_lists)
def test_heights_and_bitboards_match_replay(posts):
    pos, ref = play_sequence(posts)
    assert (pos.mine, pos.theirs) == ref.bitboards()
    assert pos.heights() == ref.heights()
    assert pos.legal_posts() == [p for p in range(16) if ref.heights()[p] < 4]
    assert pos.check() is pos
    land = pos.landing_cells()
    assert bin(land).count("1") == len(pos.legal_posts())
    for p in range(16):
        h = ref.heights()[p]
        x, y = E.post_xy(p)
        assert pos.drop_cell(p) == (None if h == 4 else cell_of(x, y, h + 1))


def test_check_rejects_malformed_positions():
    with pytest.raises(ValueError):
        Position(1, 1).check()                   # shared cell
    with pytest.raises(ValueError):
        Position(1 << 16, 0).check()             # floating bead
    with pytest.raises(ValueError):
        Position(1 << 64, 0).check()             # not 64-bit
    with pytest.raises(ValueError):
        Position(-1, 0).check()
    Position(1, 1 << 16).check()


# ---------------------------------------------------------- four in a line

@given(bitboards)
def test_has_four_matches_brute_force_on_bitboards(bb):
    assert B.has_four(bb) == brute_has_four(bb)


@given(post_lists, st.sampled_from(["m", "t"]))
def test_win_detection_matches_brute_force_on_games(posts, first):
    pos, _ = play_sequence(posts, first)
    assert pos.mine_has_four() == brute_has_four(pos.mine)
    assert pos.theirs_has_four() == brute_has_four(pos.theirs)


@given(bitboards, st.integers(0, 63), st.data())
def test_completes_line_matches_brute_force(bb, c, data):
    if bb and data.draw(st.booleans()):
        # Often pick c among the beads (then knock it out): near-complete
        # lines through c are what completes_line is about.
        c = data.draw(st.sampled_from([k for k in range(64) if bb >> k & 1]))
        bb &= ~(1 << c)
    expect = brute_has_four(bb | (1 << c), through=E.cell_xyz(c))
    assert B.completes_line(bb, c) == expect


def test_each_line_alone_is_four_and_three_is_not():
    for mask, cells in zip(E.LINES, E.LINE_CELLS):
        assert B.has_four(mask)
        for c in cells:
            assert not B.has_four(mask & ~(1 << c))
            assert B.completes_line(mask & ~(1 << c), c)
    assert not B.has_four(0)


def test_vertical_win_by_stacking():
    p = E.post_index(4, 4)
    pos = EMPTY
    for _ in range(3):
        pos = pos.play_mine(p)
    assert not pos.mine_has_four()
    assert B.completes_line(pos.mine, pos.drop_cell(p))
    assert pos.play_mine(p).mine_has_four()
    assert not pos.play_theirs(p).theirs_has_four()


# --------------------------------------------------------------- full board

def test_full_board_detection():
    pos = EMPTY
    order = list(range(16)) * 4
    for k, p in enumerate(order):
        assert not pos.is_full()
        pos = pos.play_mine(p) if k % 2 == 0 else pos.play_theirs(p)
    assert pos.is_full()
    assert pos.occupied == E.FULL_BOARD
    assert pos.legal_posts() == []
    assert pos.landing_cells() == 0
    assert all(pos.drop_cell(p) is None for p in range(16))
    assert pos.heights() == (4,) * 16
    assert bin(pos.mine).count("1") == bin(pos.theirs).count("1") == 32
    pos.check()


@given(st.permutations(list(range(16)) * 4), st.integers(40, 64))
def test_is_full_iff_64_beads(order, n):
    # Play the first n beads of a random filling order: near-full boards.
    pos, _ = play_sequence(order[:n])
    assert bin(pos.occupied).count("1") == n
    assert pos.is_full() == (n == 64)
    assert (pos.legal_posts() == []) == (n == 64)
    assert (pos.landing_cells() == 0) == (n == 64)


def test_render_shows_beads():
    pos = EMPTY.play_mine(0).play_theirs(0)
    text = pos.render()
    lines = text.splitlines()
    assert lines[3].startswith("1  X...   O...")
