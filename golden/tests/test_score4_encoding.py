"""Score-4 encoding: numbering, the 76 lines, protocol text."""
import itertools

import pytest

from golden.score4 import encoding as E

COORDS = range(1, 5)


def cell_of(x, y, z):
    # The fixed convention of the brief, written out independently.
    return (x - 1) + 4 * (y - 1) + 16 * (z - 1)


def coords_of_mask(mask):
    out = set()
    for x, y, z in itertools.product(COORDS, COORDS, COORDS):
        if mask >> cell_of(x, y, z) & 1:
            out.add((x, y, z))
    return out


def brute_force_lines():
    """Every set of 4 collinear, consecutive cells of the 4x4x4 grid."""
    lines = set()
    for d in itertools.product((-1, 0, 1), repeat=3):
        if d == (0, 0, 0):
            continue
        for s in itertools.product(COORDS, COORDS, COORDS):
            pts = [tuple(s[i] + t * d[i] for i in range(3)) for t in range(4)]
            if all(1 <= v <= 4 for p in pts for v in p):
                lines.add(frozenset(pts))
    return lines


# ---------------------------------------------------------------- numbering

def test_post_and_cell_numbering():
    assert E.post_index(1, 1) == 0
    assert E.post_index(4, 1) == 3
    assert E.post_index(1, 4) == 12
    assert E.post_index(4, 4) == 15
    for x, y in itertools.product(COORDS, COORDS):
        p = E.post_index(x, y)
        assert p == (x - 1) + 4 * (y - 1)
        assert E.post_xy(p) == (x, y)
        for z in COORDS:
            c = E.cell_index(x, y, z)
            assert c == cell_of(x, y, z)
            assert E.cell_xyz(c) == (x, y, z)
            assert E.cell_post(c) == p
            assert E.cell_level(c) == z
    assert sorted(E.cell_index(x, y, z) for x, y, z in
                  itertools.product(COORDS, COORDS, COORDS)) == list(range(64))


@pytest.mark.parametrize("bad", [(0, 1), (1, 0), (5, 1), (1, 5), (-1, 2)])
def test_post_index_rejects_off_board(bad):
    with pytest.raises(ValueError):
        E.post_index(*bad)


@pytest.mark.parametrize("call", [lambda: E.post_xy(16), lambda: E.post_xy(-1),
                                  lambda: E.cell_xyz(64),
                                  lambda: E.cell_index(1, 1, 0),
                                  lambda: E.cell_index(1, 1, 5)])
def test_index_helpers_reject_out_of_range(call):
    with pytest.raises(ValueError):
        call()


def test_post_and_level_masks():
    assert len(E.POST_MASK) == 16 and len(E.LEVEL_MASK) == 4
    for p in range(16):
        x, y = E.post_xy(p)
        assert coords_of_mask(E.POST_MASK[p]) == {(x, y, z) for z in COORDS}
    for z in COORDS:
        assert coords_of_mask(E.LEVEL_MASK[z - 1]) == {
            (x, y, z) for x in COORDS for y in COORDS}
    assert E.BOTTOM_LEVEL == E.LEVEL_MASK[0] == 0xFFFF
    assert E.TOP_LEVEL == 0xFFFF << 48
    assert E.FULL_BOARD == 2 ** 64 - 1
    assert sum(E.POST_MASK) == E.FULL_BOARD == sum(E.LEVEL_MASK)


# ---------------------------------------------------------------- the lines

def test_exactly_76_distinct_lines_of_4_cells():
    assert E.NUM_LINES == 76
    assert len(E.LINES) == 76 and len(E.LINE_CELLS) == 76
    assert len(set(E.LINES)) == 76
    for mask, cells in zip(E.LINES, E.LINE_CELLS):
        assert isinstance(mask, int) and 0 < mask <= E.FULL_BOARD
        assert bin(mask).count("1") == 4
        assert len(set(cells)) == 4
        assert mask == sum(1 << c for c in cells)


def test_each_line_is_four_collinear_consecutive_cells():
    for cells in E.LINE_CELLS:
        pts = [E.cell_xyz(c) for c in cells]
        step = tuple(pts[1][i] - pts[0][i] for i in range(3))
        assert step != (0, 0, 0)
        assert all(v in (-1, 0, 1) for v in step)
        for t in range(4):
            assert pts[t] == tuple(pts[0][i] + t * step[i] for i in range(3))
        # A line of 4 in a 4-grid spans the whole cube along each moving axis.
        for i in range(3):
            if step[i]:
                assert {p[i] for p in pts} == {1, 2, 3, 4}


def test_lines_equal_brute_force_enumeration():
    expected = brute_force_lines()
    assert len(expected) == 76
    got = {frozenset(coords_of_mask(m)) for m in E.LINES}
    assert got == expected


def test_line_order_is_the_documented_one():
    kinds = []
    for cells in E.LINE_CELLS:
        pts = [E.cell_xyz(c) for c in cells]
        moving = tuple(len({p[i] for p in pts}) > 1 for i in range(3))
        kinds.append(moving)
    # 0..15 verticals by post index.
    for p in range(16):
        assert E.LINES[p] == E.POST_MASK[p]
    # 16..55 horizontal, level by level: 4 rows, 4 columns, diag, anti-diag.
    for z in COORDS:
        base = 16 + 10 * (z - 1)
        for k in range(4):
            y = k + 1
            assert coords_of_mask(E.LINES[base + k]) == {
                (x, y, z) for x in COORDS}
            x = k + 1
            assert coords_of_mask(E.LINES[base + 4 + k]) == {
                (x, yy, z) for yy in COORDS}
        assert E.LINE_CELLS[base + 8] == tuple(cell_of(t, t, z) for t in COORDS)
        assert E.LINE_CELLS[base + 9] == tuple(cell_of(5 - t, t, z)
                                               for t in COORDS)
    # 56..71 upright-plane diagonals; 72..75 space diagonals.
    for i in range(56, 64):
        assert kinds[i] == (True, False, True)
    for i in range(64, 72):
        assert kinds[i] == (False, True, True)
    for i in range(72, 76):
        assert kinds[i] == (True, True, True)
    assert E.LINE_CELLS[56] == (cell_of(1, 1, 1), cell_of(2, 1, 2),
                                cell_of(3, 1, 3), cell_of(4, 1, 4))
    assert E.LINE_CELLS[57] == (cell_of(4, 1, 1), cell_of(3, 1, 2),
                                cell_of(2, 1, 3), cell_of(1, 1, 4))
    assert E.LINE_CELLS[64] == (cell_of(1, 1, 1), cell_of(1, 2, 2),
                                cell_of(1, 3, 3), cell_of(1, 4, 4))
    assert E.LINE_CELLS[72] == (0, 21, 42, 63)
    assert E.LINE_CELLS[73] == tuple(cell_of(5 - t, t, t) for t in COORDS)
    assert E.LINE_CELLS[74] == tuple(cell_of(t, 5 - t, t) for t in COORDS)
    assert E.LINE_CELLS[75] == tuple(cell_of(5 - t, 5 - t, t) for t in COORDS)
    assert E.LINES[16] == 0xF            # row y=1, level 1


def test_lines_through_cell():
    assert len(E.LINES_THROUGH_CELL) == 64
    total = 0
    for c in range(64):
        idx = E.LINES_THROUGH_CELL[c]
        assert list(idx) == sorted(idx)
        assert set(idx) == {i for i, m in enumerate(E.LINES) if m >> c & 1}
        assert E.LINE_MASKS_THROUGH_CELL[c] == tuple(E.LINES[i] for i in idx)
        x, y, z = E.cell_xyz(c)
        special = (all(v in (1, 4) for v in (x, y, z))
                   or all(v in (2, 3) for v in (x, y, z)))
        assert len(idx) == (7 if special else 4)
        total += len(idx)
    assert total == 76 * 4


# ----------------------------------------------------------- move ordering

def test_centre_first_order():
    assert E.CENTRE_POSTS == (E.post_index(2, 2), E.post_index(3, 2),
                              E.post_index(2, 3), E.post_index(3, 3))
    assert E.CENTRE_POSTS == (5, 6, 9, 10)
    assert E.CENTRE_FIRST_ORDER == (5, 6, 9, 10, 0, 1, 2, 3, 4, 7, 8, 11, 12,
                                    13, 14, 15)


# ------------------------------------------------------------ protocol text

def test_protocol_constants():
    assert E.NEW_GAME == b"0" and E.NEW_GAME_BYTE == 0x30
    assert E.REQUEST_OPENER == b"A" and E.REQUEST_OPENER_BYTE == 0x41
    assert E.NEW_GAME_REPLY == b"R00"
    assert E.PASS == b"00"
    assert E.REQUEST_DIGITS == b"01234"
    assert E.DIGIT_ZERO_BYTE == ord("0")


def test_move_text_round_trip():
    assert E.post_to_text(0) == b"11"
    assert E.post_to_text(E.post_index(3, 2)) == b"32"
    assert E.post_to_text(15) == b"44"
    assert E.text_to_post(b"32") == E.post_index(3, 2)
    assert E.text_to_post(b"00") is None
    assert E.move_to_text(None) == b"00"
    for p in range(16):
        t = E.post_to_text(p)
        x, y = E.post_xy(p)
        assert t == ("%d%d" % (x, y)).encode("ascii")
        assert E.text_to_post(t) == p
        assert E.text_to_post(bytearray(t)) == p
        assert E.move_to_text(p) == t


@pytest.mark.parametrize("bad", [b"03", b"30", b"05", b"50", b"1", b"111",
                                 b"", b"A1", b"1A", b"55", b"//"])
def test_text_to_post_rejects(bad):
    with pytest.raises(ValueError):
        E.text_to_post(bad)
