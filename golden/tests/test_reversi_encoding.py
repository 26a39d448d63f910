"""Reversi encoding: the seed's board bytes, the numbering, every message's
bytes and the framing rules of encoding.Reader."""
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from golden.reversi import encoding as E
from golden.tests import reversi_ref as R

SIZES = [(w, h) for w in range(4, 17, 2) for h in range(4, 17, 2)]


# ------------------------------------------------------------ the seed

def test_seed_2x2_example_is_0x96():
    # white(0,0) black(0,1) / black(1,0) white(1,1): bit codes 10,01,01,10
    cells = [E.WHITE, E.BLACK, E.BLACK, E.WHITE]
    assert E.pack_board(cells) == b"\x96"
    assert E.unpack_board(b"\x96", 2, 2) == cells


def test_seed_4x4_example_bytes():
    cells = [2, 1, 0, 0,
             0, 2, 1, 0,
             0, 1, 2, 0,
             0, 0, 0, 0]
    assert E.pack_board(cells) == bytes((0x90, 0x24, 0x18, 0x00))
    black, white = E.decode_board(bytes((0x90, 0x24, 0x18, 0x00)), 4, 4)
    assert [((black >> c) & 1) | ((white >> c) & 1) << 1 for c in range(16)] == cells
    msg = E.encode_next_turn(None, black, white, 4, 4)
    assert msg == bytes((0x05, 0xFF, 0xFF, 4, 4, 0x90, 0x24, 0x18, 0x00))


def test_seed_colour_codes_and_opcodes():
    assert (E.EMPTY, E.BLACK, E.WHITE, E.UNUSED) == (0b00, 0b01, 0b10, 0b11)
    assert (E.OP_CONNECT, E.OP_OK, E.OP_NEW_MOVE, E.OP_END, E.OP_NEXT_TURN,
            E.OP_STATUS1, E.OP_STATUS2, E.OP_CONTROL, E.OP_PLAYER_OK) == (
        0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x10)
    assert (E.OK, E.NOK, E.MODE_CONTINUOUS, E.MODE_STEP, E.RESTART) == (1, 0, 0, 1, 1)
    assert E.encode_player_ok(E.BLACK) == b"\x10\x01"
    assert E.encode_player_ok(E.WHITE) == b"\x10\x02"


def test_seed_8x8_start_matches_figure():
    # the seed's ASCII figure before D3 / C3: D4 and E5 White, E4 and D5 Black
    g = E.geometry(8, 8)
    black, white = g.start()
    assert white == (1 << E.parse_cell_name("D4", 8, 8)) | (1 << E.parse_cell_name("E5", 8, 8))
    assert black == (1 << E.parse_cell_name("E4", 8, 8)) | (1 << E.parse_cell_name("D5", 8, 8))


# ------------------------------------------------------------ geometry

def test_cell_numbering_and_names():
    assert E.cell_index(3, 2, 8, 8) == 19
    assert E.cell_xy(19, 8) == (3, 2)
    assert E.cell_name(19, 8) == "D3"
    assert E.parse_cell_name("d3", 8, 8) == 19
    assert E.cell_name(0, 16) == "A1" and E.cell_name(255, 16) == "P16"
    with pytest.raises(ValueError):
        E.parse_cell_name("I1", 8, 8)
    with pytest.raises(ValueError):
        E.cell_index(8, 0, 8, 8)


def test_sizes():
    assert E.SIZES == (4, 6, 8, 10, 12, 14, 16)
    for w in range(0, 20):
        for h in range(0, 20):
            assert E.size_ok(w, h) == (w in E.SIZES and h in E.SIZES)
    assert E.size_ok(8, 8, max_size=8) and not E.size_ok(10, 8, max_size=8)
    assert not E.size_ok(True, 4)
    for bad in [(2, 2), (5, 8), (8, 18), (0, 0)]:
        with pytest.raises(ValueError):
            E.geometry(*bad)


@pytest.mark.parametrize("w,h", SIZES)
def test_start_position_all_sizes(w, h):
    black, white = E.geometry(w, h).start()
    assert E.bitboards_to_cells(black, white, w, h) == R.start_cells(w, h)


@pytest.mark.parametrize("w,h", [(4, 4), (8, 8), (6, 10), (16, 4), (16, 16)])
def test_shifts_move_one_step_without_wrapping(w, h):
    g = E.geometry(w, h)
    for (dx, dy), (s, pre) in zip(E.DIRECTIONS, g.shifts):
        for c in range(w * h):
            x, y = c % w, c // w
            b = 1 << c
            moved = ((b & pre) << s) & g.full if s > 0 else (b & pre) >> -s
            nx, ny = x + dx, y + dy
            want = 1 << (ny * w + nx) if 0 <= nx < w and 0 <= ny < h else 0
            assert moved == want, (w, h, dx, dy, c)


def test_weights_classic_8x8_and_order():
    g = E.geometry(8, 8)
    assert [g.weight[y * 8:(y + 1) * 8] for y in range(8)] == [tuple(r) for r in R.CLASSIC_8X8]
    assert g.order[:4] == (0, 7, 56, 63)             # the corners, by index
    assert g.order[-4:] == (9, 14, 49, 54)           # the X-squares last
    assert [w for w, _ in g.classes] == [100, 10, 5, -1, -2, -20, -50]


@pytest.mark.parametrize("w,h", SIZES)
def test_weights_and_order_all_sizes(w, h):
    g = E.geometry(w, h)
    assert list(g.weight) == [R.weight(c % w, c // w, w, h) for c in range(w * h)]
    assert list(g.order) == R.order(w, h)
    assert sorted(g.order) == list(range(w * h))
    assert all(g.order[g.rank[c]] == c for c in range(w * h))
    assert sum(m for _, m in g.classes) == g.full
    assert all(-128 <= x < 128 for x in g.weight)


# ------------------------------------------------------------ board bytes

def test_board_bit_layout_by_string():
    rng = random.Random(5)
    for w, h in [(4, 4), (6, 4), (8, 8), (16, 16)]:
        cells = [rng.choice((0, 1, 2)) for _ in range(w * h)]
        bits = "".join(format(v, "02b") for v in cells)
        want = bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits), 8))
        assert E.pack_board(cells) == want
        assert len(want) == E.board_bytes(w, h) == w * h // 4


@given(st.sampled_from(SIZES), st.randoms(use_true_random=False))
def test_board_round_trip(size, rng):
    w, h = size
    cells = [rng.choice((0, 1, 2)) for _ in range(w * h)]
    black, white = E.cells_to_bitboards(cells)
    data = E.encode_board(black, white, w, h)
    assert E.decode_board(data, w, h) == (black, white)
    assert E.unpack_board(data, w, h) == cells


def test_unused_code_and_padding_refused():
    with pytest.raises(ValueError):
        E.decode_board(b"\x03\x00\x00\x00", 4, 4)        # cell 3 holds 0b11
    with pytest.raises(ValueError):
        E.decode_board(b"\x00\x00\x00", 4, 4)            # too short
    assert E.board_bytes(3, 3) == 3
    with pytest.raises(ValueError):
        E.decode_board(b"\x00\x00\x01", 3, 3)            # padding bits set
    assert E.decode_board(b"\x00\x00\x40", 3, 3) == (1 << 8, 0)
    with pytest.raises(ValueError):
        E.encode_board(1, 1, 4, 4)


# ------------------------------------------------------------ messages

def _messages():
    return [
        (E.encode_connect(b"Philip Blake"), E.Connect(b"Philip Blake")),
        (E.encode_connect(b""), E.Connect(b"")),
        (E.encode_player_ok(E.WHITE), E.PlayerOk(E.WHITE)),
        (E.encode_ok(True), E.OkNok(True)),
        (E.encode_ok(False), E.OkNok(False)),
        (E.encode_new_move(3, 2), E.NewMove(3, 2)),
        (E.encode_new_move(0xFF, 0xFF), E.NewMove(0xFF, 0xFF)),
        (E.encode_end(), E.End()),
        (E.encode_status1(13, 0x8, 0x4, 4, 4),
         E.BoardMessage(E.OP_STATUS1, 1, 3, 4, 4, E.encode_board(0x8, 0x4, 4, 4))),
        (E.encode_status2((3, 20, b"Philip Blake"), (3, 18, b"Rick Grimes")),
         E.Status2((3, 20, b"Philip Blake"), (3, 18, b"Rick Grimes"))),
        (E.encode_control(10, 6, E.MODE_STEP, E.RESTART), E.Control(10, 6, 1, 1)),
    ]


def test_message_bytes():
    assert E.encode_connect("Bob") == b"\x01\x03Bob"
    assert E.encode_new_move(3, 2) == b"\x03\x03\x02"
    assert E.encode_ok(True) == b"\x02\x01" and E.encode_ok(False) == b"\x02\x00"
    assert E.encode_end() == b"\x04"
    assert E.encode_control(8, 8, 1, 0) == b"\x08\x08\x08\x01\x00"
    s2 = E.encode_status2((3, 20, b"PB"), (300, 70000, b"R"))
    assert s2 == b"\x07\x03\x00\x14\x02PB\xff\xff\xff\x01R"   # saturated
    assert E.encode_status2((0, 0x1234, b""), (0, 0, b""))[2:4] == b"\x12\x34"
    with pytest.raises(ValueError):
        E.encode_connect(b"x" * 256)


def test_every_message_round_trips_through_the_reader():
    msgs = _messages()
    stream = b"".join(m for m, _ in msgs)
    r = E.Reader()
    frames = r.feed(stream)
    assert frames == [m for m, _ in msgs]
    assert [E.decode(f) for f in frames] == [d for _, d in msgs]
    assert r.bad_bytes == 0 and r.partial == b""


@given(st.lists(st.integers(0, 400), max_size=12))
def test_reader_split_anywhere(cuts):
    stream = b"".join(m for m, _ in _messages()) * 2
    cuts = sorted(set(c for c in cuts if c < len(stream)))
    r = E.Reader()
    frames = []
    prev = 0
    for c in cuts + [len(stream)]:
        frames += r.feed(stream[prev:c])
        prev = c
    assert frames == E.split_messages(stream)
    assert len(frames) == 2 * len(_messages())


def test_reader_bad_opcode_dropped_then_next_byte_is_a_start():
    r = E.Reader()
    assert r.feed(b"\x00\x09\xff\x11\x04") == [b"\x04"]
    assert r.bad_bytes == 4


@pytest.mark.parametrize("prefix,bad", [
    (b"\x10", 0x00), (b"\x10", 0x03), (b"\x02", 0x02), (b"\x02", 0x04),
    (b"\x05\x00\x00", 0), (b"\x05\x00\x00", 17), (b"\x05\x00\x00\x04", 0),
    (b"\x06\x00\x00\x04", 200)])
def test_reader_checked_fields_drop_without_rereading(prefix, bad):
    r = E.Reader()
    # the bad byte is 0x04 (End) in two cases: it must not be read as End
    assert r.feed(prefix + bytes((bad,))) == []
    assert r.bad_bytes == 1 and r.partial == b""
    assert r.feed(b"\x04") == [b"\x04"]


def test_reader_unchecked_fields_taken_as_they_come():
    r = E.Reader()
    # Control fields and New Move coordinates are judged by the receiver
    assert r.feed(b"\x08\xff\x03\x07\x09\x03\x09\x09") == [b"\x08\xff\x03\x07\x09", b"\x03\x09\x09"]
    # an odd or tiny board in a Next Turn is framed by ceil(cells / 4) bytes
    assert r.feed(b"\x05\x00\x00\x03\x03\x00\x00\x00\x04") == [b"\x05\x00\x00\x03\x03\x00\x00\x00", b"\x04"]
    assert r.feed(b"\x05\x00\x00\x02\x02\x96") == [b"\x05\x00\x00\x02\x02\x96"]
    assert r.bad_bytes == 0


def test_reader_stall_and_framing_error_drop_partial():
    r = E.Reader()
    r.feed(b"\x05\x00\x00\x04\x04\x90")
    r.stall()
    assert r.stalls == 1 and r.partial == b""
    r.stall()
    assert r.stalls == 1                       # nothing partial: not counted
    r.feed(b"\x01\x05ab")
    r.framing_error()
    assert r.framing_errors == 1 and r.partial == b""
    assert r.feed(b"\x04") == [b"\x04"]


def test_longest_frames():
    r = E.Reader()
    nt = E.encode_next_turn(None, 0, 0, 16, 16)
    assert len(nt) == 69
    c = E.encode_connect(b"n" * 255)
    s2 = E.encode_status2((1, 2, b"a" * 255), (3, 4, b"b" * 255))
    assert r.feed(nt + c + s2) == [nt, c, s2]


def test_move_coordinates():
    assert E.move_xy(None, 8) == (0xFF, 0xFF)
    assert E.move_xy(19, 8) == (3, 2)
    assert E.xy_move(3, 2, 8, 8) == 19
    assert E.xy_move(8, 2, 8, 8) is None and E.xy_move(0xFF, 0xFF, 8, 8) is None


@pytest.mark.parametrize("w,h", SIZES)
def test_corner_zones(w, h):
    g = E.geometry(w, h)
    corners = [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)]
    assert [bit for bit, _ in g.corner_zones] == [1 << (y * w + x) for x, y in corners]
    for (cx, cy), (_, zone) in zip(corners, g.corner_zones):
        cells = R.dead_cells([1 if (x, y) == (cx, cy) else 0 for y in range(h) for x in range(w)], w, h)
        assert zone == sum(1 << c for c in cells)
        assert all(g.weight[c] in (-20, -50) for c in cells)
