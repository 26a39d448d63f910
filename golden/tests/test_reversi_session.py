"""Reversi player Session: every protocol rule of its docstring, streams split
anywhere, and random streams against an independent model of the session."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from golden.reversi import BLACK, WHITE, Position, start
from golden.reversi import encoding as E
from golden.reversi import search as S
from golden.reversi.session import Session as GoldenSession
from golden.tests import reversi_ref as R

BUDGET = 1
"""At budget 1 the session answers the first legal move in move order at
once; test_reversi_search.py tests the search itself."""

FE, STALL = "framing_error", "stall"


def Session(budget=BUDGET, **kw):  # pylint: disable=invalid-name
    return GoldenSession(budget=budget, **kw)


def next_turn(pos, last=None):
    return E.encode_next_turn(last, pos.black, pos.white, pos.width, pos.height)


def first_in_order(pos):
    legal = pos.legal_moves()
    return [c for c in R.order(pos.width, pos.height) if c in legal][0]


def move_bytes(c, w):
    return bytes((3, c % w, c // w))


# ------------------------------------------------------------ connect

def test_hello_is_connect_with_name():
    s = Session(name="Philip Blake")
    assert s.hello() == b"\x01\x0cPhilip Blake"
    assert s.reset() == s.hello()
    assert Session().hello() == b"\x01\x0cFPGA Reversi"
    assert Session(name=b"x").hello() == b"\x01\x01x"


@pytest.mark.parametrize("name", ["", "a" * 33, "caf\xe9", "tab\there", b"\x00"])
def test_bad_names(name):
    with pytest.raises(ValueError):
        Session(name=name)


@pytest.mark.parametrize("kw", [dict(max_size=10 + 1), dict(max_size=2), dict(max_size=18),
                                dict(budget=0), dict(budget=S.MAX_BUDGET + 1)])
def test_bad_parameters(kw):
    with pytest.raises(ValueError):
        Session(**kw)


def test_default_budget():
    assert GoldenSession().budget == S.DEFAULT_BUDGET


# ------------------------------------------------------------ playing

def test_first_next_turn_plays_black_first_move_in_order():
    s = Session()
    assert s.feed(next_turn(start(8, 8))) == b"\x03\x03\x02"      # D3
    assert s.requests == 1 and s.position == start(8, 8)
    # one node: D3's value at the first stage (the weights of record)
    assert s.last_search == S.SearchResult(19, -68, 1, 0, "budget")


def test_answer_is_the_search_move_at_the_budget():
    pos = start(8, 8).play(19)
    s = Session(budget=500)
    s.feed(E.encode_player_ok(WHITE))
    out = s.feed(next_turn(pos, last=19))
    r = S.search(Position(8, 8, pos.black, pos.white, WHITE), 500)
    assert out == move_bytes(r.move, 8) and s.last_search == r


def test_player_ok_sets_colour():
    s = Session()
    assert s.feed(E.encode_player_ok(WHITE)) == b""
    assert s.colour == WHITE
    pos = start(8, 8).swapped()                 # White to move from the start
    assert s.feed(next_turn(start(8, 8))) == move_bytes(first_in_order(pos), 8)
    assert s.position.to_move == WHITE


def test_colour_inferred_from_last_move_without_player_ok():
    pos = start(8, 8).play(19)                  # Black played D3
    s = Session()
    assert s.feed(next_turn(pos, last=19)) == move_bytes(first_in_order(pos), 8)
    assert s.position.to_move == WHITE and s.colour is None
    # the last move names a White disc: the session is Black
    pos2 = pos.play(18)
    s2 = Session()
    s2.feed(next_turn(pos2, last=18))
    assert s2.position.to_move == BLACK
    # the last move names an empty cell or lies off the board: Black
    for last in (0, None):
        s3 = Session()
        s3.feed(next_turn(pos, last=last))
        assert s3.position.to_move == BLACK
    s4 = Session()
    s4.feed(E.encode_board_message(E.OP_NEXT_TURN, None, pos.black, pos.white, 8, 8)[:1]
            + bytes((9, 1)) + next_turn(pos)[3:])
    assert s4.position.to_move == BLACK


def test_player_ok_beats_inference():
    pos = start(8, 8).play(19)
    s = Session()
    s.feed(E.encode_player_ok(BLACK))
    s.feed(next_turn(pos, last=19))             # the last move is Black's: still Black
    assert s.position.to_move == BLACK


def test_pass_when_no_legal_move():
    cells = [1, 1, 2, 0] + [0] * 12             # White has no move
    black, white = E.cells_to_bitboards(cells)
    s = Session()
    s.feed(E.encode_player_ok(WHITE))
    assert s.feed(E.encode_next_turn(3, black, white, 4, 4)) == b"\x03\xff\xff"
    # a finished game also gets a pass
    s.feed(E.encode_next_turn(None, *E.cells_to_bitboards([1, 2] * 8), 4, 4))
    assert s.requests == 2


def test_any_playable_size():
    for w, h in [(4, 4), (6, 8), (16, 16), (16, 4)]:
        s = Session(max_size=16)
        pos = start(w, h)
        assert s.feed(next_turn(pos)) == move_bytes(first_in_order(pos), w)


def test_chooser_used_and_checked():
    seen = []

    def chooser(pos, budget):
        seen.append((pos, budget))
        return pos.legal_moves()[-1]
    s = Session(chooser=chooser, budget=7)
    assert s.feed(next_turn(start(8, 8))) == move_bytes(44, 8)   # E6, the last by index
    assert seen == [(start(8, 8), 7)]
    s2 = Session(chooser=lambda pos, budget: 0)
    with pytest.raises(ValueError):
        s2.feed(next_turn(start(8, 8)))
    s3 = Session(chooser=lambda pos, budget: None)
    with pytest.raises(ValueError):
        s3.feed(next_turn(start(8, 8)))


def test_split_anywhere_gives_same_answers():
    pos = start(8, 8).play(19)
    stream = (E.encode_player_ok(WHITE) + next_turn(pos, 19) + E.encode_ok(True)
              + next_turn(pos.play(18).play(17), 17))
    whole = Session(budget=50).feed(stream)
    assert len(whole) == 6
    rng = random.Random(0)
    for _ in range(50):
        s = Session(budget=50)
        out = b""
        i = 0
        while i < len(stream):
            j = i + rng.randrange(0, 8)
            out += s.feed(stream[i:j])
            i = j
        assert out == whole


# ------------------------------------------------------------ other messages

def test_ok_nok_counted_no_answer():
    s = Session()
    assert s.feed(E.encode_ok(True) + E.encode_ok(False) + E.encode_ok(False)) == b""
    assert (s.oks, s.noks) == (1, 2)


def test_messages_for_others_are_ignored_but_framed():
    s = Session()
    others = (E.encode_connect(b"\x05\x05\x05") + E.encode_new_move(1, 2)
              + E.encode_status1(None, 1, 2, 4, 4)
              + E.encode_status2((1, 2, b"\x05x"), (3, 4, b"\x04"))
              + E.encode_control(8, 8, 1, 1))
    assert s.feed(others) == b""
    assert s.ignored == 5 and s.bad_bytes == 0 and s.ends == 0 and s.requests == 0
    assert s.feed(next_turn(start(8, 8))) == b"\x03\x03\x02"


def test_end_stops_until_player_ok_or_reset():
    s = Session()
    s.feed(next_turn(start(8, 8)))
    assert s.feed(E.encode_end()) == b""
    assert s.stopped and s.ends == 1
    assert s.feed(next_turn(start(8, 8))) == b""
    assert s.ignored == 1 and s.requests == 1
    assert s.position == start(8, 8)                        # kept
    assert s.feed(E.encode_player_ok(BLACK)) == b""
    assert not s.stopped
    assert s.feed(next_turn(start(8, 8))) == b"\x03\x03\x02"
    s.feed(E.encode_end())
    assert s.reset() == s.hello() and not s.stopped and s.requests == 0 and s.position is None
    assert s.feed(next_turn(start(8, 8))) == b"\x03\x03\x02"


# ------------------------------------------------------------ bad input

@pytest.mark.parametrize("w,h", [(10, 8), (8, 10), (16, 16), (2, 2), (3, 3), (5, 8), (1, 16)])
def test_unsupported_size_skipped_no_answer(w, h):
    s = Session()                                   # max_size 8
    s.feed(next_turn(start(8, 8)))
    n = E.board_bytes(w, h)
    msg = bytes((5, 0xFF, 0xFF, w, h)) + b"\x04" * n   # board bytes that look like End
    assert s.feed(msg) == b""
    assert s.unsupported == 1 and s.ends == 0 and s.bad_bytes == 0
    assert s.position == start(8, 8)
    assert s.feed(next_turn(start(8, 8))) == b"\x03\x03\x02"


def test_seed_2x2_next_turn_is_framed_and_unsupported():
    s = Session()
    assert s.feed(bytes((0x05, 0xFF, 0xFF, 2, 2, 0x96))) == b""
    assert s.unsupported == 1 and s.position is None and s.bad_bytes == 0


def test_max_size_parameter():
    s = Session(max_size=10)
    assert s.feed(next_turn(start(10, 10))) != b""
    assert s.feed(next_turn(start(12, 10))) == b"" and s.unsupported == 1


@pytest.mark.parametrize("board", [b"\xc0" + b"\x00" * 15, b"\x00" * 15 + b"\x03"])
def test_unused_cell_code_refused(board):
    s = Session()
    s.feed(next_turn(start(8, 8)))
    assert s.feed(bytes((5, 0xFF, 0xFF, 8, 8)) + board) == b""
    assert s.bad_boards == 1 and s.position == start(8, 8)
    assert s.feed(next_turn(start(8, 8))) == b"\x03\x03\x02"


@pytest.mark.parametrize("garbage", [b"\x00", b"\x09", b"\x0f", b"\x11", b"\xff", b"\r\n"])
def test_unknown_opcodes_dropped(garbage):
    s = Session()
    assert s.feed(garbage + next_turn(start(8, 8))) == b"\x03\x03\x02"
    assert s.bad_bytes == len(garbage)


@pytest.mark.parametrize("bad", [
    b"\x10\x00", b"\x10\x03", b"\x02\x02", b"\x05\x00\x00\x00", b"\x05\x00\x00\x11",
    b"\x05\x00\x00\x08\x00", b"\x05\x00\x00\x08\xff"])
def test_bad_field_drops_message_not_reread(bad):
    s = Session()
    assert s.feed(bad) == b""
    assert s.bad_bytes == 1 and not s.in_message and s.colour is None
    # the next byte starts a message again
    assert s.feed(next_turn(start(8, 8))) == b"\x03\x03\x02"


def test_bad_colour_byte_that_is_an_opcode_is_not_reread():
    s = Session()
    assert s.feed(b"\x10\x04") == b""               # 0x04 (End) as a colour
    assert s.ends == 0 and s.bad_bytes == 1 and not s.stopped


def test_framing_error_and_stall_drop_partial():
    s = Session()
    nt = next_turn(start(8, 8))
    assert s.feed(nt[:10]) == b""
    assert s.framing_error() == b""
    assert s.framing_errors == 1 and not s.in_message
    assert s.feed(nt[10:]) == b""                   # the tail is read from a message start
    s2 = Session()
    s2.feed(nt[:7])
    assert s2.stall() == b"" and s2.stalls == 1 and not s2.in_message
    assert s2.stall() == b"" and s2.stalls == 1
    assert s2.feed(nt) == b"\x03\x03\x02"


# ------------------------------------------------------------ random streams

class RefSession(object):
    """The session written again from its docstring and docs/protocol-reversi.md."""

    def __init__(self, max_size):
        self.max_size = max_size
        self.buf = []
        self.colour = None
        self.stopped = False
        self.pos = None
        self.c = dict(bad_bytes=0, framing_errors=0, stalls=0, ignored=0, unsupported=0,
                      bad_boards=0, oks=0, noks=0, ends=0, requests=0)

    def need(self):
        """Total length of the message in buf, or None if not known yet;
        'bad' if the last byte broke it."""
        b = self.buf
        op = b[0]
        fixed = {0x02: 2, 0x10: 2, 0x03: 3, 0x04: 1, 0x08: 5}
        if op in (0x02, 0x10) and len(b) == 2:
            if b[1] not in ((0, 1) if op == 0x02 else (1, 2)):
                return "bad"
        if op in fixed:
            return fixed[op]
        if op == 0x01:
            return None if len(b) < 2 else 2 + b[1]
        if op in (0x05, 0x06):
            if len(b) in (4, 5) and not 1 <= b[-1] <= 16:
                return "bad"
            return None if len(b) < 5 else 5 + (b[3] * b[4] + 3) // 4
        if len(b) < 5:
            return None
        k = 5 + b[4]
        return None if len(b) < k + 4 else k + 4 + b[k + 3]

    def byte(self, x):
        if not self.buf and x not in (1, 2, 3, 4, 5, 6, 7, 8, 0x10):
            self.c["bad_bytes"] += 1
            return b""
        self.buf.append(x)
        n = self.need()
        if n == "bad":
            self.c["bad_bytes"] += 1
            self.buf = []
        elif n == len(self.buf):
            m, self.buf = self.buf, []
            return self.message(m)
        return b""

    def message(self, m):
        op = m[0]
        if op == 0x10:
            self.colour, self.stopped = m[1], False
        elif op == 0x02:
            self.c["oks" if m[1] else "noks"] += 1
        elif op == 0x04:
            self.stopped = True
            self.c["ends"] += 1
        elif op != 0x05:
            self.c["ignored"] += 1
        elif self.stopped:
            self.c["ignored"] += 1
        else:
            w, h = m[3], m[4]
            if not (w % 2 == 0 and h % 2 == 0 and 4 <= w <= self.max_size and 4 <= h <= self.max_size):
                self.c["unsupported"] += 1
                return b""
            cells = [(m[5 + c // 4] >> (6 - 2 * (c % 4))) & 3 for c in range(w * h)]
            if 3 in cells:
                self.c["bad_boards"] += 1
                return b""
            me = self.colour
            if me is None:
                lx, ly = m[1], m[2]
                me = 1
                if lx < w and ly < h and cells[ly * w + lx]:
                    me = 3 - cells[ly * w + lx]
            self.pos = (cells, w, h, me)
            self.c["requests"] += 1
            legal = R.moves(cells, w, h, me)
            if not legal:
                return b"\x03\xff\xff"
            c = [k for k in R.order(w, h) if k in legal][0]
            return bytes((3, c % w, c // w))
        return b""


def _chunks(draw_rng):
    """A random stream: good and bad messages, garbage, framing errors, stalls."""
    rng = draw_rng
    out = []
    for _ in range(rng.randrange(1, 25)):
        k = rng.randrange(12)
        if k == 0:
            out.append(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 6))))
        elif k == 1:
            out.append(rng.choice([FE, STALL]))
        elif k == 2:
            out.append(E.encode_player_ok(rng.choice((1, 2))))
        elif k == 3:
            out.append(rng.choice([E.encode_end(), E.encode_ok(rng.random() < 0.5),
                                   E.encode_control(*[rng.randrange(256) for _ in range(4)]),
                                   E.encode_new_move(rng.randrange(256), rng.randrange(256)),
                                   E.encode_connect(bytes(rng.randrange(256) for _ in range(rng.randrange(6)))),
                                   E.encode_status2((1, 2, b"\x05"), (3, 4, b""))]))
        elif k <= 9:
            w, h = rng.choice([(4, 4), (6, 6), (8, 8), (8, 6), (10, 10), (3, 5), (2, 2)])
            cells = [rng.choice((0, 0, 1, 2)) for _ in range(w * h)]
            if rng.random() < 0.1:
                cells[rng.randrange(w * h)] = 3
            last = rng.choice([(255, 255), (rng.randrange(w), rng.randrange(h)), (w, 0)])
            msg = bytes((5,) + last + (w, h)) + E.pack_board(cells)
            if rng.random() < 0.2:
                msg = msg[:rng.randrange(1, len(msg))]          # truncated
            out.append(msg)
        else:
            out.append(bytes((rng.choice(E.OPCODES),)) + bytes(rng.randrange(256) for _ in range(rng.randrange(4))))
    return out


@settings(max_examples=120)
@given(st.randoms(use_true_random=False), st.sampled_from([4, 8, 16]))
def test_random_streams_match_reference_and_stay_legal(rng, max_size):
    s = Session(max_size=max_size)
    ref = RefSession(max_size)
    for chunk in _chunks(rng):
        if chunk == FE:
            assert s.framing_error() == b""
            ref.c["framing_errors"] += 1
            ref.buf = []
        elif chunk == STALL:
            assert s.stall() == b""
            if ref.buf:
                ref.c["stalls"] += 1
                ref.buf = []
        else:
            cut = rng.randrange(len(chunk) + 1)
            got = s.feed(chunk[:cut]) + s.feed(chunk[cut:])
            want = b"".join(ref.byte(x) for x in chunk)
            assert got == want
            if got:
                assert len(got) % 3 == 0
                pos = s.position
                x, y = got[-2], got[-1]
                move = None if (x, y) == (255, 255) else y * pos.width + x
                assert pos.is_legal(move)
        assert s.counters() == ref.c
        assert s.colour == ref.colour and s.stopped == ref.stopped
        if ref.pos is not None:
            cells, w, h, me = ref.pos
            assert (R.cells_of(s.position), s.position.width, s.position.height,
                    s.position.to_move) == (cells, w, h, me)
