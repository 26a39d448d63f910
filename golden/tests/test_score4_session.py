"""Score-4 byte-level session: every protocol rule, plus random streams."""
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from golden.score4 import DEFAULT_BUDGET, EMPTY, Position
from golden.score4 import Session as GoldenSession
from golden.score4 import search as S

BUDGET = 1
"""Budget of the sessions the protocol tests build: at budget 1 the board
answers at once (win, block, or the first free post in SEARCH_ORDER). The
default budget (DEFAULT_BUDGET, sized for the hardware's 10 s) would take
minutes per move in Python; test_score4_search.py tests the search and its
use by Session at other budgets."""


OPENING = S.search(EMPTY, 1).move
"""The board's move from the empty board: the opening book's (a book answer
does not depend on the budget)."""
OPENING_TEXT = b"%d%d" % (OPENING % 4 + 1, OPENING // 4 + 1)


def Session(budget=BUDGET, chooser=None):  # pylint: disable=invalid-name
    """golden.score4.Session with the protocol tests' budget by default."""
    return GoldenSession(budget=budget, chooser=chooser)


FE = "framing_error"
STALL = "stall"
COUNTERS = ("bad_bytes", "framing_errors", "illegal_moves", "requests")


def cell_of(x, y, z):
    return (x - 1) + 4 * (y - 1) + 16 * (z - 1)


def post(x, y):
    return (x - 1) + 4 * (y - 1)


def counters(s):
    return {k: getattr(s, k) for k in COUNTERS}


def snapshot(s):
    return (s.position, s.seat, s.in_message, counters(s))


def parse_move(reply):
    assert len(reply) == 2 and reply != b"00", reply
    x, y = reply[0] - 48, reply[1] - 48
    assert 1 <= x <= 4 and 1 <= y <= 4, reply
    return x, y


class RefGame(object):
    """Independent model of the protocol (not sharing code with the golden
    model): a column per post, a string buffer for the message."""

    def __init__(self):
        self.buf = None          # None outside a message, else "A", "Ad"
        self.new_game()
        self.bad = self.fe = self.illegal = self.requests = 0

    def new_game(self):
        self.cols = {(x, y): [] for x in range(1, 5) for y in range(1, 5)}
        self.seat = None

    def full(self):
        return all(len(c) == 4 for c in self.cols.values())

    def position(self):
        bb = {"me": 0, "op": 0}
        for (x, y), col in self.cols.items():
            for k, who in enumerate(col):
                bb[who] |= 1 << cell_of(x, y, k + 1)
        return Position(bb["me"], bb["op"])

    def framing_error(self):
        self.fe += 1
        self.buf = None

    def byte(self, b, reply):
        """Advance by one byte; check the session's reply to it."""
        ch = chr(b)
        if self.buf is None:
            if ch == "0":
                self.new_game()
                assert reply == b"R00"
            elif ch == "A":
                self.buf = "A"
                assert reply == b""
            else:
                self.bad += 1
                assert reply == b""
            return
        if ch == "A":
            self.buf = "A"
            assert reply == b""
        elif ch in "01234":
            self.buf += ch
            if len(self.buf) == 3:
                req, self.buf = self.buf, None
                self.request(int(req[1]), int(req[2]), reply)
            else:
                assert reply == b""
        else:
            self.buf = None
            self.bad += 1
            assert reply == b""

    def request(self, x, y, reply):
        self.requests += 1
        if self.seat is None:
            self.seat = "first" if (x, y) == (0, 0) else "second"
        if (x, y) != (0, 0):
            col = self.cols.get((x, y))
            if col is not None and len(col) < 4:
                col.append("op")
            else:
                self.illegal += 1
        if self.full():
            assert reply == b"00"
        else:
            bx, by = parse_move(reply)          # legal at that time:
            assert len(self.cols[(bx, by)]) < 4
            self.cols[(bx, by)].append("me")

    def check(self, s):
        assert s.position == self.position()
        assert s.seat == self.seat
        assert s.in_message == (self.buf is not None)
        assert counters(s) == {"bad_bytes": self.bad,
                               "framing_errors": self.fe,
                               "illegal_moves": self.illegal,
                               "requests": self.requests}


def run_checked(events, budget=BUDGET):
    """Drive a session and the reference byte by byte; return all output."""
    s, ref, out = Session(budget=budget), RefGame(), []
    for ev in events:
        if ev == FE:
            assert s.framing_error() == b""
            ref.framing_error()
        elif ev == STALL:
            assert s.stall() == b""
        else:
            for b in ev:
                r = s.feed(bytes([b]))
                ref.byte(b, r)
                out.append(r)
        ref.check(s)
    return b"".join(out)


# ------------------------------------------------------------ construction

def test_power_up_state():
    assert GoldenSession().budget == DEFAULT_BUDGET == S.DEFAULT_BUDGET
    assert Session(budget=None).budget == DEFAULT_BUDGET
    assert snapshot(GoldenSession()) == snapshot(Session())
    s = Session()
    assert s.position == EMPTY and s.seat is None and not s.in_message
    assert counters(s) == dict.fromkeys(COUNTERS, 0)
    assert s.budget == BUDGET
    # Power-up behaves as after "0" (no R00 sent): A00 makes the board move.
    assert parse_move(s.feed(b"A00"))
    assert s.seat == "first"


@pytest.mark.parametrize("bad", [0, -3, S.MAX_BUDGET + 1])
def test_bad_budget_raises(bad):
    msg = "budget must be between 1 and %d " % S.MAX_BUDGET
    with pytest.raises(ValueError, match=msg):
        Session(budget=bad)


@pytest.mark.parametrize("bad", [1.5, "2", True])
def test_non_int_budget_raises(bad):
    with pytest.raises(ValueError, match="budget must be an int"):
        Session(budget=bad)


def test_budget_and_chooser_are_passed_through():
    calls = []

    def chooser(position, budget):
        calls.append((position, budget))
        return max(position.legal_posts())

    s = Session(budget=123, chooser=chooser)
    assert s.feed(b"0A11") == b"R0044"
    assert calls == [(Position(0, 1), 123)]
    assert s.position == Position(1 << cell_of(4, 4, 1), 1)


def test_reset_returns_to_power_up():
    s = Session()
    s.feed(b"A00A1x")
    s.framing_error()
    s.feed(b"A2")
    s.reset()
    assert snapshot(s) == snapshot(Session())


def test_feed_accepts_bytes_like_only():
    s = Session()
    assert s.feed(b"") == b""
    assert s.feed(bytearray(b"0")) == b"R00"
    assert s.feed(memoryview(b"0")) == b"R00"
    with pytest.raises(TypeError):
        s.feed("0")


# ---------------------------------------------------------------- new game

def test_zero_outside_message_is_new_game():
    s = Session()
    assert s.feed(b"0") == b"R00"
    assert s.feed(b"00") == b"R00R00"
    s.feed(b"A22")
    assert s.position != EMPTY and s.seat == "second"
    assert s.feed(b"0") == b"R00"
    assert s.position == EMPTY and s.seat is None
    assert s.requests == 1                 # counters survive a new game
    assert s.feed(b"A00") != b"00" and s.seat == "first"


# ---------------------------------------------------------------- requests

def test_A00_first_board_moves_and_seat_first():
    s = Session()
    s.feed(b"0")
    reply = s.feed(b"A00")
    x, y = parse_move(reply)
    assert reply == OPENING_TEXT           # the opening book's move
    assert s.seat == "first"
    assert s.position == Position(1 << cell_of(x, y, 1), 0)
    assert s.requests == 1 and s.illegal_moves == 0


def test_Axy_first_applies_opponent_and_seat_second():
    s = Session()
    s.feed(b"0")
    reply = s.feed(b"A31")
    assert s.seat == "second"
    x, y = parse_move(reply)
    assert s.position.theirs == 1 << cell_of(3, 1, 1)
    assert s.position.mine == 1 << cell_of(x, y, 1)
    # x is the column, y the row: A13 is post (1,3), not (3,1).
    s.feed(b"0A13")
    assert s.position.theirs == 1 << cell_of(1, 3, 1)


def test_A00_later_is_a_pass():
    s = Session()
    s.feed(b"0A00")
    before = s.position
    reply = s.feed(b"A00")
    x, y = parse_move(reply)
    assert s.seat == "first"
    assert s.position.theirs == before.theirs == 0
    assert s.position == before.play_mine(post(x, y))
    assert s.illegal_moves == 0
    # Also as second player.
    s.feed(b"0A44")
    r2 = s.feed(b"A00")
    parse_move(r2)
    assert s.seat == "second"
    assert s.position.theirs == 1 << cell_of(4, 4, 1)
    assert bin(s.position.mine).count("1") == 2


def test_zero_mid_message_is_a_digit():
    s = Session()
    assert s.feed(b"A0") == b""
    reply = s.feed(b"0")
    assert reply != b"R00"
    parse_move(reply)
    assert s.seat == "first" and s.requests == 1
    s2 = Session()
    s2.feed(b"A1")
    assert s2.feed(b"0") == OPENING_TEXT   # A10: illegal, still answered
    assert s2.illegal_moves == 1 and s2.position.theirs == 0


def test_A_restarts_a_message():
    for stream in (b"A1A22", b"AA22", b"A3AA22", b"A0A22"):
        s = Session()
        assert s.feed(stream) == Session().feed(b"A22"), stream
        assert s.bad_bytes == 0 and s.requests == 1
        assert s.position.theirs == 1 << cell_of(2, 2, 1)


@pytest.mark.parametrize("req", [b"A03", b"A30", b"A40", b"A04", b"A10",
                                 b"A01"])
def test_one_zero_digit_is_illegal(req):
    s = Session()
    reply = s.feed(req)
    assert reply == OPENING_TEXT           # answered from the held position
    assert s.illegal_moves == 1 and s.requests == 1
    assert s.position.theirs == 0
    assert s.seat == "second"              # not "00": the second player's


def test_full_post_is_illegal_and_not_applied():
    s = Session()
    s.feed(b"0")
    n = 0
    while s.position.height(post(1, 1)) < 4:
        parse_move(s.feed(b"A11"))
        n += 1
    assert s.illegal_moves == 0
    before = s.position
    reply = s.feed(b"A11")
    assert s.illegal_moves == 1
    x, y = parse_move(reply)
    assert s.position.theirs == before.theirs
    assert s.position == before.play_mine(post(x, y))
    assert s.requests == n + 1


def test_keeps_answering_after_a_win():
    s = Session(chooser=lambda pos, budget: max(pos.legal_posts()))
    s.feed(b"0")
    for x in (1, 2, 3, 4):                 # opponent fills row y=1
        s.feed(("A%d1" % x).encode())
    assert s.position.theirs_has_four()
    parse_move(s.feed(b"A12"))
    parse_move(s.feed(b"A00"))


def test_chooser_none_means_pass_and_bad_post_raises():
    s = Session(chooser=lambda pos, budget: None)
    assert s.feed(b"A00") == b"00"
    assert s.position == EMPTY
    s = Session(chooser=lambda pos, budget: 16)
    with pytest.raises(ValueError):
        s.feed(b"A00")
    s = Session(chooser=lambda pos, budget: 0)
    s.feed(b"A00A00A00A00")
    with pytest.raises(ValueError):
        s.feed(b"A00")                     # post 0 is full


def test_chooser_not_asked_on_a_full_board():
    calls = []

    def chooser(pos, budget):
        calls.append(pos)
        return pos.legal_posts()[0] if pos.legal_posts() else 0

    s = Session(chooser=chooser)
    for _ in range(64):
        parse_move(s.feed(b"A00"))
    assert s.position.is_full() and len(calls) == 64
    assert s.feed(b"A00") == b"00"
    assert len(calls) == 64


# ---------------------------------------------------------------- bad bytes

OUTSIDE_BAD = ([ord(c) for c in "123456789"] + [13, 10]
               + [ord(c) for c in "BRZaz@ -/:"] + [0x00, 0x7F, 0x80, 0xC1, 0xFF])
INSIDE_BAD = ([ord(c) for c in "56789"] + [13, 10]
              + [ord(c) for c in "BRZa@ /:"] + [0x00, 0x80, 0xB0, 0xC1, 0xFF])


@pytest.mark.parametrize("b", OUTSIDE_BAD)
def test_bad_byte_outside_message(b):
    s = Session()
    s.feed(b"A00")
    before = snapshot(s)
    assert s.feed(bytes([b])) == b""
    assert s.bad_bytes == 1
    assert s.position == before[0] and s.seat == before[1]
    assert not s.in_message
    # Nothing lingers: the next request is handled normally.
    parse_move(s.feed(b"A11"))
    assert s.bad_bytes == 1


@pytest.mark.parametrize("prefix", [b"A", b"A1", b"A0"])
@pytest.mark.parametrize("b", INSIDE_BAD)
def test_bad_byte_inside_message_drops_it(prefix, b):
    s = Session()
    assert s.feed(prefix) == b""
    assert s.feed(bytes([b])) == b""
    assert s.bad_bytes == 1 and not s.in_message
    assert s.position == EMPTY and s.requests == 0 and s.seat is None
    # The parser is outside a message: "1" is bad, "0" is a new game.
    assert s.feed(b"1") == b""
    assert s.bad_bytes == 2
    assert s.feed(b"0") == b"R00"


def test_cr_lf_after_requests_are_dropped():
    s = Session()
    replies = s.feed(b"0\r\nA00\r\nA11\r\n")
    assert replies[:3] == b"R00"
    assert len(replies) == 7
    assert s.bad_bytes == 6 and s.requests == 2


# ----------------------------------------------------- line events

def test_framing_error_mid_message_drops_it():
    s = Session()
    s.feed(b"A1")
    assert s.framing_error() == b""
    assert s.framing_errors == 1 and not s.in_message
    assert s.feed(b"2") == b""             # outside: a bad byte
    assert s.bad_bytes == 1 and s.requests == 0
    s = Session()
    s.feed(b"A")
    s.framing_error()
    assert s.feed(b"00") == b"R00R00"      # the digits now mean new game


def test_framing_errors_in_a_row_act_like_one():
    a, b = Session(), Session()
    a.feed(b"A00A3")
    b.feed(b"A00A3")
    a.framing_error()
    for _ in range(5):
        b.framing_error()
    assert b.framing_errors == 5
    assert a.position == b.position and a.in_message == b.in_message
    assert a.feed(b"A12") == b.feed(b"A12")
    assert a.position == b.position


def test_framing_error_outside_message_only_counts():
    s = Session()
    s.feed(b"A00")
    before = snapshot(s)
    s.framing_error()
    after = snapshot(s)
    assert after[:3] == before[:3]
    assert s.framing_errors == 1 and s.bad_bytes == 0


def test_stall_has_no_effect():
    s, t = Session(), Session()
    s.feed(b"A1")
    t.feed(b"A1")
    for _ in range(3):
        assert s.stall() == b""
    assert snapshot(s) == snapshot(t)
    assert s.feed(b"2") == t.feed(b"2") != b""
    assert s.requests == 1
    s.stall()
    assert snapshot(s) == snapshot(t)


# ------------------------------------------------------------ whole games

def play_full_game(rng, board_first, pass_rate=0.1, illegal_rate=0.1):
    """The host plays random moves through the session until the board is
    full; check every reply against an independent replay."""
    s, ref = Session(), RefGame()
    answers = []

    def send(data):
        for b in data:
            r = s.feed(bytes([b]))
            ref.byte(b, r)
            if r:
                answers.append(r)
        ref.check(s)
        return answers[-1]

    send(b"0")
    if board_first:
        send(b"A00")
    else:
        x, y = rng.randint(1, 4), rng.randint(1, 4)
        send(b"A%d%d" % (x, y))
    while not ref.full():
        roll = rng.random()
        free = [k for k, c in ref.cols.items() if len(c) < 4]
        if roll < pass_rate:
            req = b"A00"
        elif roll < pass_rate + illegal_rate:
            full = [k for k, c in ref.cols.items() if len(c) == 4]
            bad = [(0, rng.randint(1, 4)), (rng.randint(1, 4), 0)]
            x, y = rng.choice(bad + full)
            req = b"A%d%d" % (x, y)
        else:
            x, y = rng.choice(free)
            req = b"A%d%d" % (x, y)
        reply = send(req)
        if reply != b"00":
            parse_move(reply)
    # Full board: every further request, legal or not, is answered 00.
    assert send(b"A00") == b"00"
    assert send(b"A11") == b"00"
    assert s.position.is_full()
    assert s.seat == ("first" if board_first else "second")
    # Before the board filled, no answer was 00.
    first_00 = answers.index(b"00")
    assert all(a == b"00" for a in answers[first_00:])
    assert s.position == ref.position()
    return s


@pytest.mark.parametrize("seed", range(6))
def test_whole_random_games(seed):
    rng = random.Random(seed)
    play_full_game(rng, board_first=seed % 2 == 0)


@given(st.randoms(use_true_random=False), st.booleans(),
       st.floats(0, 0.3), st.floats(0, 0.3))
def test_whole_random_games_hypothesis(rng, board_first, p_pass, p_illegal):
    play_full_game(rng, board_first, p_pass, p_illegal)


def test_board_answers_00_only_when_full():
    # Legal play only: the last bead is the host's (board second) or the
    # board's (board first) - both cases end in 00 exactly when full.
    for board_first in (True, False):
        rng = random.Random(99)
        s = play_full_game(rng, board_first, pass_rate=0, illegal_rate=0)
        assert s.illegal_moves == 1        # only the final A11 on a full board


# ------------------------------------------------------- random streams

PROTO_BYTES = st.sampled_from(list(b"A01234") * 4 + list(b"59\r\nBa\x00\xff"))
REQUEST = st.tuples(st.integers(0, 4), st.integers(0, 4)).map(
    lambda t: b"A%d%d" % t)
CHUNK = st.one_of(
    st.lists(PROTO_BYTES, min_size=1, max_size=8).map(bytes),
    st.binary(min_size=1, max_size=4),
    REQUEST, REQUEST,
    st.just(b"0"),
)
# A prelude of requests (mostly legal posts) fills posts, sometimes the whole
# board, so that full posts and full boards also meet random noise.
# Passes alone let the board fill the board by itself (64 of them).
PRELUDE = st.one_of(
    st.lists(st.tuples(st.integers(1, 4), st.integers(1, 4)).map(
        lambda t: b"A%d%d" % t), max_size=48).map(lambda rs: [b"".join(rs)]),
    st.integers(40, 70).map(lambda k: [b"A00" * k]))
EVENTS = st.tuples(PRELUDE, st.lists(
    st.one_of(CHUNK, st.just(FE), st.just(STALL)), max_size=40)).map(
    lambda t: t[0] + t[1])


@given(EVENTS)
def test_random_streams_match_reference(events):
    # Never raises; every answer is R00, 00 or a move legal at that time;
    # position, seat and counters always equal the independent reference.
    run_checked(events)


@given(EVENTS, st.integers(1, 50))
def test_random_streams_other_budget(events, budget):
    run_checked(events, budget)


def feed_in_pieces(stream, cuts):
    s = Session()
    out = []
    prev = 0
    for c in sorted(set(cuts)) + [len(stream)]:
        out.append(s.feed(stream[prev:c]))
        prev = c
    return b"".join(out), snapshot(s)


@given(st.lists(st.one_of(CHUNK), max_size=30).map(b"".join),
       st.lists(st.integers(0, 200), max_size=10))
def test_split_anywhere_gives_same_output(stream, cuts):
    s = Session()
    whole = s.feed(stream)
    ref = (whole, snapshot(s))
    cuts = [c for c in cuts if c <= len(stream)]
    assert feed_in_pieces(stream, cuts) == ref
    assert feed_in_pieces(stream, range(len(stream) + 1)) == ref  # bytewise


def test_split_at_every_boundary():
    stream = (b"0A00\r\nA12A3A44xA0A5A21A13\xffA00A22A2" + b"0A00A11" * 3
              + b"A4")
    s = Session()
    whole = s.feed(stream)
    ref = (whole, snapshot(s))
    for i in range(len(stream) + 1):
        assert feed_in_pieces(stream, [i]) == ref
        for j in range(i, len(stream) + 1, 7):
            assert feed_in_pieces(stream, [i, j]) == ref
