"""Score-4 chooser: the placeholder policy (win, block, centre-first)."""
import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from golden.score4 import search as S
from golden.score4 import encoding as E
from golden.score4.board import EMPTY, Position

COORDS = range(1, 5)
DIRECTIONS = [d for d in itertools.product((-1, 0, 1), repeat=3)
              if d != (0, 0, 0)]
CENTRE_FIRST = [5, 6, 9, 10, 0, 1, 2, 3, 4, 7, 8, 11, 12, 13, 14, 15]


def cell_of(x, y, z):
    return (x - 1) + 4 * (y - 1) + 16 * (z - 1)


def pos_from(mine_xyz=(), theirs_xyz=()):
    m = sum(1 << cell_of(*c) for c in mine_xyz)
    t = sum(1 << cell_of(*c) for c in theirs_xyz)
    return Position(m, t).check()


def brute_new_line(bb, cell_xyz):
    pts = {(x, y, z) for x, y, z in itertools.product(COORDS, COORDS, COORDS)
           if bb >> cell_of(x, y, z) & 1}
    pts.add(cell_xyz)
    for d in DIRECTIONS:
        for k in range(4):
            start = tuple(cell_xyz[i] - k * d[i] for i in range(3))
            row = [tuple(start[i] + t * d[i] for i in range(3))
                   for t in range(4)]
            if all(p in pts for p in row):
                return True
    return False


def reference_choose(pos):
    occ = pos.mine | pos.theirs
    landing = {}
    for p in range(16):
        x, y = p % 4 + 1, p // 4 + 1
        h = sum(occ >> cell_of(x, y, z) & 1 for z in COORDS)
        if h < 4:
            landing[p] = (x, y, h + 1)
    if not landing:
        return None
    for bb in (pos.mine, pos.theirs):
        for p in sorted(landing):
            if brute_new_line(bb, landing[p]):
                return p
    return next(p for p in CENTRE_FIRST if p in landing)


def random_position(posts):
    pos, k = EMPTY, 0
    for p in posts:
        if pos.can_play(p):
            pos = pos.play_mine(p) if k % 2 == 0 else pos.play_theirs(p)
            k += 1
    return pos


# ------------------------------------------------------------------- budget

@pytest.mark.parametrize("bad", [0, -1, 1.0, "1", None, True, False, [1]])
def test_budget_must_be_int_at_least_1(bad):
    with pytest.raises(ValueError, match="budget must be an int >= 1"):
        S.choose(EMPTY, bad)
    with pytest.raises(ValueError, match="budget"):
        S.check_budget(bad)


def test_default_budget_and_large_budgets_accepted():
    assert S.DEFAULT_BUDGET == 1
    assert S.choose(EMPTY, S.DEFAULT_BUDGET) == 5
    assert S.choose(EMPTY, 10 ** 9) == 5


# ------------------------------------------------------------------- policy

def test_centre_first_order_when_nothing_urgent():
    pos = EMPTY
    seen = []
    # Fill posts one at a time in centre-first order, each post by alternate
    # sides from top-heavy patterns that never make a line.
    for _ in range(3):
        p = S.choose(pos, 1)
        seen.append(p)
        for k in range(4):
            pos = pos.play_mine(p) if k in (0, 3) else pos.play_theirs(p)
    assert seen == [5, 6, 9]


def test_centre_full_then_lowest_index():
    # Centre posts full with a pattern that makes no threat anywhere.
    pattern = ("m", "t", "t", "m")
    mine, theirs = [], []
    for p in (5, 6, 9, 10):
        x, y = p % 4 + 1, p // 4 + 1
        for z, who in zip(COORDS, pattern if p in (5, 10) else pattern[::-1]):
            (mine if who == "m" else theirs).append((x, y, z))
    pos = pos_from(mine, theirs)
    assert reference_choose(pos) == 0
    assert S.choose(pos, 1) == 0


def test_takes_immediate_win_before_block():
    # Mine: 3 in row y=1 level 1 (x=2..4): win at post (1,1) = 0.
    # Theirs: 3 in row y=2 level 1 (x=1..3): threat at post (4,2) = 7.
    pos = pos_from([(2, 1, 1), (3, 1, 1), (4, 1, 1)],
                   [(1, 2, 1), (2, 2, 1), (3, 2, 1)])
    assert S.choose(pos, 1) == 0
    # Colours swapped: the board now wins at 7 rather than block at 0.
    assert S.choose(pos.swapped(), 1) == 7


def test_lowest_index_win():
    # Two wins for mine: (1,4) via column x=1 and (4,4) via column x=4;
    # theirs threatens (2,4) and (3,4), which rank below any win.
    pos = pos_from([(1, 1, 1), (1, 2, 1), (1, 3, 1),
                    (4, 1, 1), (4, 2, 1), (4, 3, 1)],
                   [(2, 1, 1), (2, 2, 1), (3, 1, 1), (3, 2, 1),
                    (2, 3, 1), (3, 3, 1)])
    assert S.choose(pos, 1) == E.post_index(1, 4) == 12


def test_lowest_index_block_and_win_not_centre_first():
    # Theirs threatens (4,1,1) (row y=1, post 3) and (2,2,1) (column x=2,
    # post 5); mine threatens nothing. Lowest index (3) beats centre (5).
    theirs = [(1, 1, 1), (2, 1, 1), (3, 1, 1), (2, 3, 1), (2, 4, 1)]
    mine = [(1, 2, 1), (3, 2, 1)]
    pos = pos_from(mine, theirs)
    assert S.choose(pos, 1) == reference_choose(pos) == 3
    # Colours swapped: the same two cells are wins; again the lowest index.
    assert S.choose(pos.swapped(), 1) == 3
    # A single threat is blocked even when centre posts are free.
    pos1 = pos_from([(1, 1, 1), (2, 2, 1), (3, 3, 1)],
                    [(4, 2, 1), (4, 3, 1), (4, 4, 1)])
    assert S.choose(pos1, 1) == E.post_index(4, 1) == 3


def test_vertical_and_diagonal_wins_use_landing_cell():
    p = E.post_index(4, 4)
    pos = pos_from([(4, 4, 1), (4, 4, 2), (4, 4, 3)], [(1, 1, 1)])
    assert S.choose(pos, 1) == p
    # Space diagonal (t,t,t): mine holds (1,1,1), (2,2,2), (3,3,3); the
    # missing (4,4,4) is a win only once post (4,4) holds 3 beads.
    base = [(2, 2, 1), (3, 3, 1), (3, 3, 2)]
    pos2 = pos_from([(1, 1, 1), (2, 2, 2), (3, 3, 3), (4, 4, 1)],
                    base + [(4, 4, 2)])
    assert S.choose(pos2, 1) == reference_choose(pos2) != p
    pos3 = pos_from([(1, 1, 1), (2, 2, 2), (3, 3, 3), (4, 4, 1), (4, 4, 3)],
                    base + [(4, 4, 2)])
    assert S.choose(pos3, 1) == p


def test_existing_line_does_not_make_every_move_a_win():
    # Mine already holds row y=1 level 1; no move completes a new line.
    pos = pos_from([(x, 1, 1) for x in COORDS],
                   [(x, 2, 1) for x in (1, 2)] + [(1, 3, 1)])
    assert S.choose(pos, 1) == reference_choose(pos) == 5


def test_full_board_gives_none():
    pos = EMPTY
    for k, p in enumerate(list(range(16)) * 4):
        pos = pos.play_mine(p) if k % 2 == 0 else pos.play_theirs(p)
    assert pos.is_full()
    assert S.choose(pos, 1) is None


@given(st.lists(st.integers(0, 15), max_size=64))
def test_choose_matches_brute_force_reference(posts):
    pos = random_position(posts)
    got = S.choose(pos, 1)
    assert got == reference_choose(pos)
    if got is not None:
        assert pos.can_play(got)
    assert S.choose(pos, 7) == got   # budget is ignored by this policy
