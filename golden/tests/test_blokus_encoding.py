"""Blokus encoding: tiles, orientations, shapes, bitboards and move codes."""
import pytest
from hypothesis import given, strategies as st

from golden.blokus import encoding as E

# The tiles transcribed a second time, independently of encoding._DRAWING:
# for each letter the (row, col) squares of its orientation-0 5x5 drawing.
TILE_SQUARES = {
    "a": [(2, 2)],
    "b": [(2, 2), (3, 2)],
    "c": [(1, 2), (2, 2), (3, 2)],
    "d": [(1, 2), (2, 2), (2, 3)],
    "e": [(1, 2), (2, 2), (3, 2), (4, 2)],
    "f": [(1, 2), (2, 2), (3, 1), (3, 2)],
    "g": [(1, 2), (2, 2), (2, 3), (3, 2)],
    "h": [(2, 2), (2, 3), (3, 2), (3, 3)],
    "i": [(2, 1), (2, 2), (3, 2), (3, 3)],
    "j": [(0, 2), (1, 2), (2, 2), (3, 2), (4, 2)],
    "k": [(0, 2), (1, 2), (2, 2), (3, 1), (3, 2)],
    "l": [(0, 2), (1, 2), (2, 1), (2, 2), (3, 1)],
    "m": [(1, 2), (2, 1), (2, 2), (3, 1), (3, 2)],
    "n": [(1, 1), (1, 2), (2, 2), (3, 1), (3, 2)],
    "o": [(1, 2), (2, 2), (2, 3), (3, 2), (4, 2)],
    "p": [(1, 2), (2, 2), (3, 1), (3, 2), (3, 3)],
    "q": [(0, 2), (1, 2), (2, 2), (2, 3), (2, 4)],
    "r": [(1, 1), (1, 2), (2, 2), (2, 3), (3, 3)],
    "s": [(1, 1), (2, 1), (2, 2), (2, 3), (3, 3)],
    "t": [(1, 1), (2, 1), (2, 2), (2, 3), (3, 2)],
    "u": [(1, 2), (2, 1), (2, 2), (2, 3), (3, 2)],
}


def grid_squares(rows):
    return sorted((r, c) for r in range(5) for c in range(5)
                  if rows[r][c] == "#")


# Independent orientation transforms on string grids (not index formulas).
def _rot_cw(g):
    return ["".join(col) for col in zip(*g[::-1])]


def _transpose(g):
    return ["".join(col) for col in zip(*g)]


STRING_ORIENT = {
    0: lambda g: list(g),
    1: lambda g: [row[::-1] for row in g],
    2: _rot_cw,
    3: _transpose,
    4: lambda g: [row[::-1] for row in g[::-1]],
    5: lambda g: list(g[::-1]),
    6: lambda g: _rot_cw(_rot_cw(_rot_cw(g))),
    7: lambda g: _rot_cw(_rot_cw(_transpose(g))),
}


def test_tiles_match_independent_transcription():
    assert E.TILE_LETTERS == "abcdefghijklmnopqrstu"
    for t, letter in enumerate(E.TILE_LETTERS):
        assert grid_squares(E.TILES[t]) == sorted(TILE_SQUARES[letter]), letter
        assert E.TILE_SIZE[t] == len(TILE_SQUARES[letter])


def test_square_counts():
    assert [len(TILE_SQUARES[c]) for c in E.TILE_LETTERS] == \
        [1, 2, 3, 3] + [4] * 5 + [5] * 12
    assert sum(E.TILE_SIZE) == E.TOTAL_SQUARES == 89


def _free_shapes(cells):
    """Distinct translation classes over the 8 symmetries (independent)."""
    out = set()
    pts = list(cells)
    for sx in (1, -1):
        for sy in (1, -1):
            for swap in (False, True):
                q = [((c * sx, r * sy) if swap else (r * sy, c * sx))
                     for r, c in pts]
                mr = min(a for a, _ in q)
                mc = min(b for _, b in q)
                out.add(frozenset((a - mr, b - mc) for a, b in q))
    return out


def test_91_distinct_shapes_with_lowest_digit():
    assert E.N_SHAPES == len(E.ALL_SHAPES) == 91
    total = 0
    for t, letter in enumerate(E.TILE_LETTERS):
        indep = _free_shapes(TILE_SQUARES[letter])
        total += len(indep)
        got = [frozenset(s.cells) for s in E.SHAPES[t]]
        assert set(got) == indep and len(got) == len(indep)
        # each shape named by the lowest digit giving it, digits ascending
        digits = [s.r for s in E.SHAPES[t]]
        assert digits == sorted(digits) and digits[0] == 0
        for s in E.SHAPES[t]:
            for r in range(s.r):
                cells = E.OFFSETS[t][r]
                mr = min(a for a, _ in cells)
                mc = min(b for _, b in cells)
                assert frozenset((a - mr, b - mc) for a, b in cells) != \
                    frozenset(s.cells)
    assert total == 91


def test_orientation_maps_match_spec_table_and_string_transforms():
    table = {0: "[row][col]", 1: "[row][4-col]", 2: "[4-col][row]",
             3: "[col][row]", 4: "[4-row][4-col]", 5: "[4-row][col]",
             6: "[col][4-row]", 7: "[4-col][4-row]"}
    for r, text in table.items():
        for row in range(5):
            for col in range(5):
                want = tuple(eval(part, {"row": row, "col": col})
                             for part in text[1:-1].split("]["))
                assert E.ORIENT[r](row, col) == want
    for t in range(E.N_TILES):
        for r in range(8):
            assert list(E.oriented_grid(t, r)) == STRING_ORIENT[r](E.TILES[t])


def test_r2_turns_l_clockwise():
    # tile 'l' as drawn:  ..#.. / ..#.. / .##.. / .#... / .....
    # turned a quarter clockwise by hand: the stem (column 2, rows 0-2)
    # becomes row 2, columns 2-4; the foot (column 1) becomes row 1.
    l_cw = [".....", ".##..", "..###", ".....", "....."]
    assert list(E.oriented_grid(E.TILE_OF_CHAR["l"], 2)) == l_cw
    assert list(E.oriented_grid(E.TILE_OF_CHAR["l"], 6)) == \
        [".....", ".....", "###..", "..##.", "....."]


def test_offsets_centre_and_cells():
    for t in range(E.N_TILES):
        for r in range(8):
            offs = E.OFFSETS[t][r]
            assert (0, 0) in offs          # the centre is always a square
            assert sorted(offs) == sorted(
                (row - 2, col - 2) for row, col in
                grid_squares(STRING_ORIENT[r](E.TILES[t])))


def test_example_53e0():
    m = E.decode_move(b"53e0")
    assert m == (5, 3, E.TILE_OF_CHAR["e"], 0)
    assert sorted(E.move_cells(m)) == [(5, 2), (5, 3), (5, 4), (5, 5)]
    assert E.bitboard_cells(E.placement_mask(m)) == \
        [(5, 2), (5, 3), (5, 4), (5, 5)]


def test_bitboard_layout():
    assert bin(E.ON_BOARD).count("1") == 196
    for x in range(16):
        for y in range(16):
            inside = 1 <= x <= 14 and 1 <= y <= 14
            assert bool(E.ON_BOARD >> (y * 16 + x) & 1) == inside
            assert E.bit(x, y) == y * 16 + x
            assert E.cell_of_bit(E.bit(x, y)) == (x, y)
    # a one-step shift of a board cell that lands on a board cell lands on
    # the neighbouring cell: nothing wraps
    steps = {1: (1, 0), -1: (-1, 0), 16: (0, 1), -16: (0, -1),
             15: (-1, 1), -15: (1, -1), 17: (1, 1), -17: (-1, -1)}
    for b in range(256):
        if not E.ON_BOARD >> b & 1:
            continue
        x, y = E.cell_of_bit(b)
        for d, (dx, dy) in steps.items():
            nb = b + d
            if 0 <= nb < 256 and E.ON_BOARD >> nb & 1:
                assert E.cell_of_bit(nb) == (x + dx, y + dy)


def _naive_placements():
    """(tile, cell set) pairs on an empty 14x14 board, by brute force."""
    seen = set()
    for letter in E.TILE_LETTERS:
        base = TILE_SQUARES[letter]
        grid = ["".join("#" if (r, c) in base else "." for c in range(5))
                for r in range(5)]
        for r in range(8):
            g = STRING_ORIENT[r](grid)
            sq = grid_squares(g)
            for X in range(-2, 18):
                for Y in range(-2, 18):
                    cells = frozenset((X - 2 + c, Y - 2 + row)
                                      for row, c in sq)
                    if all(1 <= x <= 14 and 1 <= y <= 14 for x, y in cells):
                        seen.add((letter, cells))
    return seen


def test_empty_board_13729_placements():
    assert len(_naive_placements()) == 13729
    # bitboard method: every shape at every top-left that stays on the board
    n = 0
    for s in E.ALL_SHAPES:
        allowed = -1
        for o in s.offs:
            allowed &= E.ON_BOARD >> o
        n += bin(allowed).count("1")
    assert n == 13729


def test_canonical_move_same_cells_lowest_digit():
    for t in range(E.N_TILES):
        lowest = {}
        for s in E.SHAPES[t]:
            lowest[frozenset(s.cells)] = s.r
        for r in range(8):
            m = (7, 7, t, r)
            c = E.canonical_move(m)
            assert sorted(E.move_cells(c)) == sorted(E.move_cells(m))
            offs = E.OFFSETS[t][r]
            mr = min(a for a, _ in offs)
            mc = min(b for _, b in offs)
            norm = frozenset((a - mr, b - mc) for a, b in offs)
            assert c[3] == lowest[norm]
    assert E.canonical_move(None) is None
    # the domino turned 180 degrees is the domino as drawn, one row up
    assert E.canonical_move(E.decode_move(b"55b4")) == E.decode_move(b"54b0")


CODE_XY = "0123456789abcde"


def _code_ok_indep(code):
    if code == "0000":
        return True
    return (len(code) == 4 and code[0] in CODE_XY and code[1] in CODE_XY
            and code[2] in "abcdefghijklmnopqrstu" and code[3] in "01234567")


@given(st.one_of(st.binary(min_size=0, max_size=6),
                 st.text(alphabet="0159aeuvA7\r", max_size=5).map(
                     lambda t: t.encode("latin-1"))))
def test_code_ok_agrees_with_independent_rule(code):
    s = code.decode("latin-1")
    assert E.code_ok(code) == _code_ok_indep(s)


def test_code_ok_exhaustive_on_edge_characters():
    import itertools
    alphabet = "0178aeuvfA/:"
    n = 0
    for chars in itertools.product(alphabet, repeat=4):
        s = "".join(chars)
        assert E.code_ok(s.encode()) == _code_ok_indep(s), s
        n += _code_ok_indep(s)
    assert n > 100


def test_code_round_trip_and_pass():
    assert E.decode_move(b"0000") is None
    assert E.encode_move(None) == E.PASS_CODE == b"0000"
    n = 0
    for x in range(15):
        for y in range(15):
            for t in range(21):
                for r in range(8):
                    m = (x, y, t, r)
                    c = E.encode_move(m)
                    assert E.decode_move(c) == m
                    assert E.decode_move(c.decode()) == m
                    n += 1
    assert n == 15 * 15 * 21 * 8
    assert E.decode_move(b"ae" + b"u7") == (10, 14, 20, 7)
    assert E.decode_move(b"00a0") == (0, 0, 0, 0)
    for bad in (b"000a", b"0010", b"10a8", b"f0a0", b"00v0", b"5A00",
                b"53e", b"53e00", b"53E0"):
        with pytest.raises(ValueError):
            E.decode_move(bad)


def test_placement_mask_off_board():
    assert E.placement_mask((0, 0, 0, 0)) is None
    assert E.placement_mask((1, 1, 0, 0)) == 1 << 17
    assert E.placement_mask((14, 14, 0, 0)) == 1 << (14 * 16 + 14)
    # 'e' as drawn reaches two rows down from its centre
    assert E.placement_mask((5, 13, 4, 0)) is None
    assert E.placement_mask((5, 12, 4, 0)) is not None
    assert E.placement_mask((5, 1, 4, 0)) is None   # one row above row 1
    # 'c' turned (r=2) lies across: columns X-1..X+1
    assert E.placement_mask((13, 5, 2, 2)) is not None
    assert E.placement_mask((14, 5, 2, 2)) is None
    assert E.placement_mask((1, 5, 2, 2)) is None
    assert E.placement_mask((2, 5, 2, 2)) == 7 << (5 * 16 + 1)


def test_start_cells_and_opcodes():
    assert E.START_CELL == {"5": (5, 5), "A": (10, 10)}
    assert (E.OP_MATCH, E.OP_FIRST, E.OP_SECOND, E.OP_MOVE, E.OP_END) == \
        tuple(b"02349")
    assert E.COORD_OF_CHAR["a"] == 10 and E.COORD_OF_CHAR["e"] == 14
    assert E.COORD_OF_CHAR["0"] == 0 and E.COORD_OF_CHAR["9"] == 9
