"""Blokus byte-level Session: every protocol rule, splitting, robustness."""
import pytest
from hypothesis import given, settings, strategies as st

from golden.blokus import Session as _Session
from golden.blokus import board as B
from golden.blokus import encoding as E
from golden.blokus import search

ME, OPP = B.ME, B.OPP


def first_chooser(pos, budget):
    """The first legal move in rules order: fast, and known to these tests."""
    return B.first_legal_move(pos, ME)


def Session(**kw):
    """Protocol tests run with ``first_chooser`` (the search has its own
    tests in test_blokus_search.py, and a whole game below uses it)."""
    kw.setdefault("chooser", first_chooser)
    return _Session(**kw)

# Which bytes may stand where (written independently of encoding).
XY = set(b"0123456789abcde")
TL = set(b"abcdefghijklmnopqrstu")
RD = set(b"01234567")


def valid_next(partial):
    """Bytes that may follow the partial message ``partial`` (bytes)."""
    if not partial:
        return set(b"02349")
    op = partial[:1]
    if op in (b"2", b"3") and len(partial) == 1:
        return set(b"5A")
    code = partial[1:] if op == b"4" else partial[2:]
    n = len(code)
    if n < 2:
        return set(XY)
    if n == 2:
        return TL | ({ord("0")} if code == b"00" else set())
    return {ord("0")} if code[2:3] == b"0" else set(RD)


def state(s):
    return (s.position.key(), s.seat, s.bad_bytes, s.framing_errors,
            s.stalls, s.illegal_moves, s.requests)


def setup():
    """A session in a game: board seat 5, board and opponent moved once."""
    s = Session(team="Zq")
    assert s.feed(b"0") == b"1Zq"
    assert s.feed(b"25") == b"55a0"        # first legal move: 'a' on (5,5)
    s.feed(b"4aae0")                       # opponent: 'e' over (a,9)..(a,c)
    assert s.illegal_moves == 0 and s.requests == 2
    return s


def opp_code(s):
    return E.encode_move(B.first_legal_move(s.position, OPP))


def expected_answer(pos):
    m = B.first_legal_move(pos, ME)
    return E.encode_move(m)


# ------------------------------------------------------------ construction
def test_constructor_validation():
    s = Session()
    assert s.budget == search.DEFAULT_BUDGET <= search.MAX_BUDGET == (1 << 25) - 1
    assert Session(budget=search.MAX_BUDGET).budget == search.MAX_BUDGET
    assert s.team == "01"
    assert _Session().chooser is None              # the search by default
    assert Session(budget=5, team="aZ").budget == 5
    for bad in (0, -1, 1.5, "1", True, search.MAX_BUDGET + 1):
        with pytest.raises(ValueError, match="budget"):
            Session(budget=bad)
    for bad in ("1", "123", "0!", "", " 1", "é1", 12, b"01", None):
        with pytest.raises(ValueError, match="team"):
            Session(team=bad)


def test_power_up_state():
    s = Session()
    assert s.seat is None
    assert s.position == B.Position("5")
    assert (s.bad_bytes, s.framing_errors, s.stalls, s.illegal_moves,
            s.requests) == (0, 0, 0, 0, 0)


# ------------------------------------------------------------- opcodes
def test_0_answers_team_and_forgets_the_game():
    s = setup()
    assert s.seat == "5" and s.position.used[ME]
    assert s.feed(b"0") == b"1Zq"
    assert s.seat is None and s.position == B.Position("5")
    assert Session(team="01").feed(b"0") == b"101"
    assert Session(team="AA").feed(b"00") == b"1AA1AA"


def test_9_is_silent_and_changes_nothing():
    s = setup()
    before = state(s)
    assert s.feed(b"9") == b""
    assert state(s) == before
    assert Session().feed(b"9") == b""
    # the game is still held: a move request is still answered
    assert len(s.feed(b"4" + opp_code(s))) == 4


@pytest.mark.parametrize("seat,cell", [("5", (5, 5)), ("A", (10, 10))])
def test_2_starts_fresh_game_board_first(seat, cell):
    s = setup()
    reply = s.feed(b"2" + seat.encode())
    assert s.seat == seat
    m = E.decode_move(reply)
    assert cell in E.move_cells(m)
    fresh = B.Position(seat)
    assert B.check(fresh, ME, m) is None
    fresh.apply(ME, m)
    assert s.position == fresh          # nothing of the old game is left
    assert reply == expected_answer(B.Position(seat))


@pytest.mark.parametrize("seat", ["5", "A"])
def test_3_starts_fresh_game_with_opponent_first_move(seat):
    s = setup()
    other = E.START_CELL[E.OTHER_SEAT[seat]]
    first = E.encode_move((other[0], other[1], 4, 0))     # 'e' on its start
    reply = s.feed(b"3" + seat.encode() + first)
    assert s.seat == seat and s.illegal_moves == 0
    ref = B.Position(seat)
    ref.play(OPP, E.decode_move(first))
    assert reply == expected_answer(ref)
    ref.play(ME, E.decode_move(reply))
    assert s.position == ref


def test_worked_example_board_1_session():
    s = Session(team="AA")
    host = B.Position("5")        # the host's view: ME is board 1
    assert s.feed(b"0") == b"1AA"
    replies = [s.feed(b"25")]
    for code in (b"a8e0", b"94j0", b"71b3"):
        m = E.decode_move(replies[-1])
        assert m is not None and B.check(host, ME, m) is None
        host.apply(ME, m)
        assert B.check(host, OPP, E.decode_move(code)) is None
        host.apply(OPP, E.decode_move(code))
        replies.append(s.feed(b"4" + code))
    m = E.decode_move(replies[-1])
    assert B.check(host, ME, m) is None
    host.apply(ME, m)
    assert s.illegal_moves == 0 and s.requests == 4
    assert s.position == host
    assert all(E.code_ok(r) for r in replies)
    assert (5, 5) in E.move_cells(E.decode_move(replies[0]))
    assert s.feed(b"9") == b""


def test_board_2_of_worked_example_accepts_53e0():
    s = Session(team="BB")
    assert s.feed(b"0") == b"1BB"
    reply = s.feed(b"3A53e0")
    assert s.illegal_moves == 0
    assert (10, 10) in E.move_cells(E.decode_move(reply))
    assert s.position.cells[OPP] == E.placement_mask(E.decode_move(b"53e0"))


# ------------------------------------------------------------- bad bytes
PARTIALS = [b"", b"2", b"3", b"3A", b"3A5", b"3A53", b"3A53e", b"35",
            b"350", b"3500", b"35000", b"4", b"4a", b"4a8", b"4a8e", b"40",
            b"400", b"4000", b"40a", b"4a0", b"4e"]


def test_partials_cover_every_position_of_every_message():
    kinds = {}
    for p in PARTIALS:
        kinds.setdefault(p[:1], set()).add(len(p))
    assert kinds == {b"": {0}, b"2": {1}, b"3": {1, 2, 3, 4, 5},
                     b"4": {1, 2, 3, 4}}


@pytest.mark.parametrize("partial", PARTIALS)
def test_bad_byte_drops_partial_message(partial):
    good = valid_next(partial)
    base = setup()
    follow = b"4" + opp_code(base)
    ref = setup()
    ref_reply = ref.feed(follow)
    ref_state = state(ref)
    for b in range(256):
        if b in good:
            continue
        s = setup()
        before = state(s)
        assert s.feed(partial + bytes([b])) == b"", (partial, b)
        after = state(s)
        assert after[:2] == before[:2]                   # position, seat
        assert after[2] == before[2] + 1                 # one bad byte
        assert after[3:] == before[3:]
        # back at a message start: the byte is not reinterpreted
        assert s.feed(follow) == ref_reply
        assert state(s)[:2] == ref_state[:2]
        assert s.bad_bytes == ref.bad_bytes + 1


def test_valid_next_matches_parser_for_good_bytes():
    # every allowed byte keeps the message alive (no answer, no bad byte)
    for partial in PARTIALS:
        for b in valid_next(partial):
            s = setup()
            msg = partial + bytes([b])
            out = s.feed(msg)
            assert s.bad_bytes == 0, msg
            complete = (msg in (b"0", b"25", b"2A") or
                        (msg[:1] == b"3" and len(msg) == 6) or
                        (msg[:1] == b"4" and len(msg) == 5))
            assert (out != b"") == complete, msg


def test_bad_byte_examples():
    s = setup()
    before = state(s)
    assert s.feed(b"2a") == b""           # seats are case sensitive
    assert s.feed(b"4A") == b""           # coordinates are lower case
    assert s.feed(b"4aav") == b""         # no tile 'v'
    assert s.feed(b"4aaa8") == b""        # no orientation 8
    assert s.feed(b"4a0") + s.feed(b"0") == b""    # '0' tile needs X=Y=0
    assert s.feed(b"4000a") == b""        # '0' tile needs '0' digit
    assert s.bad_bytes == before[2] + 6
    assert state(s)[:2] == before[:2]
    assert s.feed(b"x1") == b""           # unknown opcode, then bad '1'
    assert s.bad_bytes == before[2] + 8
    # a dropping '0' is not a new match: no answer
    assert s.feed(b"20") == b"" and s.seat == "5"


def test_cr_lf_are_bad_bytes_everywhere():
    s = setup()
    before = state(s)
    assert s.feed(b"\r\n") == b""
    assert s.bad_bytes == before[2] + 2
    code = opp_code(s)
    assert s.feed(b"4" + code[:2] + b"\r\n") == b""
    assert s.bad_bytes == before[2] + 4          # CR drops, LF at start
    assert state(s)[:2] == before[:2]
    ref = setup()
    assert s.feed(b"4" + code) == ref.feed(b"4" + code)
    assert s.feed(b"0\r\n") == b"1Zq"


# -------------------------------------------------- framing error, stall
def test_framing_error_mid_message():
    s = setup()
    ref = setup()
    code = opp_code(s)
    assert s.feed(b"4" + code[:3]) == b""
    assert s.framing_error() == b""
    assert s.framing_errors == 1 and s.bad_bytes == 0
    assert s.feed(b"4" + code) == ref.feed(b"4" + code)
    assert state(s)[:2] == state(ref)[:2]


def test_several_framing_errors_act_as_one():
    a, b = setup(), setup()
    code = opp_code(a)
    a.feed(b"3A5")
    b.feed(b"3A5")
    a.framing_error()
    for _ in range(4):
        b.framing_error()
    assert b.framing_errors == 4
    assert state(a)[:2] == state(b)[:2]
    ref = setup()                         # never saw the partial message
    want = ref.feed(b"4" + code)
    assert a.feed(b"4" + code) == b.feed(b"4" + code) == want
    assert state(a)[:3] == state(b)[:3] == state(ref)[:3]
    c = setup()
    c.framing_error()                     # at a message start: nothing else
    assert state(c)[:3] == state(setup())[:3]


def test_stall_mid_message():
    s = setup()
    ref = setup()
    code = opp_code(s)
    assert s.stall() == b""
    assert s.stalls == 0                  # nothing to drop
    assert s.feed(b"4" + code[:2]) == b""
    assert s.stall() == b""
    assert s.stalls == 1
    assert s.stall() == b"" and s.stalls == 1
    assert s.feed(b"4" + code) == ref.feed(b"4" + code)
    assert state(s)[0] == state(ref)[0]
    s2 = Session()
    s2.feed(b"2")
    s2.stall()
    assert s2.feed(b"5") == b"" and s2.seat is None and s2.bad_bytes == 1


# ------------------------------------------------------- opponent moves
def test_4_without_game():
    s = Session()
    assert s.feed(b"4aae0") == b""
    assert s.illegal_moves == 1 and s.requests == 0
    assert s.position == B.Position("5") and s.seat is None
    s = setup()
    s.feed(b"0")
    assert s.feed(b"40000") == b""
    assert s.illegal_moves == 1 and s.seat is None


def _illegal_case(s, code, reason):
    """Feed an opponent move expected illegal for ``reason``."""
    pos = s.position.copy()
    assert B.check(pos, OPP, E.decode_move(code)) == reason
    n = s.illegal_moves
    reply = s.feed(b"4" + code)
    assert s.illegal_moves == n + 1
    assert reply == expected_answer(pos)
    assert s.position.cells[OPP] == pos.cells[OPP]
    assert s.position.used[OPP] == pos.used[OPP]
    assert s.position.passes == (pos.passes + 1 if reply == b"0000" else 0)
    pos.play(ME, E.decode_move(reply))
    assert s.position == pos


def test_each_kind_of_illegal_opponent_move():
    s = Session()
    s.feed(b"0")
    assert s.feed(b"25") == b"55a0"
    # first move: a pass, then not covering its start cell
    pos = s.position.copy()
    assert s.feed(b"40000") == expected_answer(pos)
    assert s.illegal_moves == 1 and s.position.used[OPP] == 0
    _illegal_case(s, b"11a0", B.NO_START)
    _illegal_case(s, b"55a0", B.OCCUPIED)         # on the board's square
    _illegal_case(s, b"00a0", B.OCCUPIED)         # off the board
    _illegal_case(s, b"e1e0", B.OCCUPIED)         # partly off the board
    assert s.feed(b"4aae0") != b""                # legal: 'e' (a,9)..(a,c)
    assert s.illegal_moves == 5
    _illegal_case(s, b"a5e0", B.TILE_USED)
    _illegal_case(s, b"bab0", B.EDGE)             # beside its own 'e'
    _illegal_case(s, b"33b0", B.NO_CORNER)        # far from its own tiles
    assert s.illegal_moves == 8


def test_3_with_illegal_first_moves():
    for code, reason in ((b"0000", None), (b"aaa0", B.NO_START),
                         (b"00a0", B.OCCUPIED)):
        s = Session()
        reply = s.feed(b"3A" + code)
        assert s.illegal_moves == 1, code
        assert s.position.used[OPP] == 0 and s.position.cells[OPP] == 0
        assert reply == expected_answer(B.Position("A"))
        if reason:
            assert B.check(B.Position("A"), OPP, E.decode_move(code)) == reason


def test_opponent_pass_after_first_move():
    s = setup()
    pos = s.position.copy()
    reply = s.feed(b"40000")
    assert s.illegal_moves == 0
    pos.apply(OPP, None)
    assert reply == expected_answer(pos)
    pos.apply(ME, E.decode_move(reply))
    assert s.position == pos and s.position.passes == 0


def test_no_legal_move_answers_0000():
    s = setup()
    # the opponent's colour fills every cell the board has not covered
    pos = s.position
    pos.cells[OPP] = E.ON_BOARD & ~pos.cells[ME]
    assert B.legal_moves(pos, ME) == []
    n = s.requests
    assert s.feed(b"40000") == b"0000"
    assert s.position.passes == 2 and B.game_over(s.position)
    assert s.requests == n + 1
    assert s.feed(b"40000") == b"0000"          # still answered


def test_all_tiles_placed_answers_0000():
    s = setup()
    s.position.used[ME] = E.ALL_TILES
    assert s.feed(b"4" + opp_code(s)) == b"0000"


def test_chooser_contract_and_lowest_digit():
    seen = []

    def chooser(pos, budget):
        seen.append(budget)
        pos.cells[ME] = -1                   # a copy: harmless
        return (5, 6, 1, 4)                  # 'b' turned: (5,5),(5,6)

    s = Session(budget=7, chooser=chooser)
    assert s.feed(b"25") == b"55b0"          # lowest digit, centre moved
    assert seen == [7]
    assert s.position.cells[ME] == E.placement_mask((5, 5, 1, 0))
    bad = Session(chooser=lambda pos, budget: (1, 1, 0, 0))
    with pytest.raises(RuntimeError):
        bad.feed(b"25")
    lazy = Session(chooser=lambda pos, budget: None)
    with pytest.raises(RuntimeError):
        lazy.feed(b"25")


# --------------------------------------------------------- whole games
def referee(code, host, player):
    m = E.decode_move(code)
    if m is None:
        assert B.legal_moves(host, player) == [], "passed with a legal move"
        assert host.first_done(player)
    else:
        assert E.canonical_move(m) == m
        assert B.check(host, player, m) is None
    host.apply(player, m)


def test_two_sessions_play_a_whole_game():
    a, b = Session(team="AA"), Session(team="BB")
    assert a.feed(b"0") == b"1AA" and b.feed(b"0") == b"1BB"
    host = B.Position("5")                     # ME = board a
    ra = a.feed(b"25")
    referee(ra, host, ME)
    rb = b.feed(b"3A" + ra)
    referee(rb, host, OPP)
    passes = 0
    while not B.game_over(host):
        ra = a.feed(b"4" + rb)
        referee(ra, host, ME)
        if B.game_over(host):
            break
        rb = b.feed(b"4" + ra)
        referee(rb, host, OPP)
        passes += (ra == b"0000") + (rb == b"0000")
    assert passes >= 1
    assert a.illegal_moves == b.illegal_moves == 0
    assert a.position == host
    assert b.position.cells == host.cells[::-1]
    assert a.feed(b"9") == b.feed(b"9") == b""


def test_whole_game_with_the_search_at_two_budgets():
    """The real chooser: every answer legal, equal to search.choose, and the
    session records the SearchResult it sent."""
    a, b = _Session(budget=3, team="AA"), _Session(budget=40, team="BB")
    a.feed(b"0"), b.feed(b"0")
    host = B.Position("A")                     # ME = board a, seat A
    rb = None
    ra = a.feed(b"2A")
    referee(ra, host, ME)
    assert a.last_search.nodes == 3 and a.last_search.move == E.decode_move(ra)
    rb = b.feed(b"35" + ra)
    referee(rb, host, OPP)
    while not B.game_over(host):
        expect = search.choose(host, 3)
        ra = a.feed(b"4" + rb)
        assert ra == (E.encode_move(expect) if expect else b"0000")
        assert a.last_search.nodes == min(3, a.last_search.moves)
        referee(ra, host, ME)
        if B.game_over(host):
            break
        rb = b.feed(b"4" + ra)
        referee(rb, host, OPP)
    assert a.illegal_moves == b.illegal_moves == 0
    assert a.position.cells[ME] == host.cells[ME]      # b may have moved last
    assert a.position.used[ME] == host.used[ME]


# ------------------------------------------------------ splitting, fuzz
CODE_NEAR = st.builds(
    lambda x, y, t, r: E.encode_move((x, y, t, r)),
    st.integers(2, 13), st.integers(2, 13), st.integers(0, 6),
    st.integers(0, 7))
CODE_ANY = st.one_of(CODE_NEAR, st.just(b"0000"), st.just(b"00a0"),
                     st.builds(lambda x, y, t, r: E.encode_move((x, y, t, r)),
                               st.integers(0, 14), st.integers(0, 14),
                               st.integers(0, 20), st.integers(0, 7)))
TOKEN = st.one_of(
    st.sampled_from([b"0", b"9", b"25", b"2A", b"\r", b"\n", b"2", b"3A",
                     b"4"]),
    st.builds(lambda s, c: b"3" + s + c, st.sampled_from([b"5", b"A"]),
              CODE_ANY),
    st.builds(lambda c: b"4" + c, CODE_ANY),
    st.builds(lambda c, k: b"4" + c[:k], CODE_ANY, st.integers(0, 3)),
    st.binary(min_size=1, max_size=3),
)
STREAM = st.lists(TOKEN, max_size=25).map(b"".join)


@settings(max_examples=60)
@given(stream=STREAM, cuts=st.lists(st.integers(0, 200), max_size=8))
def test_split_anywhere_equals_feed_at_once(stream, cuts):
    whole = Session(team="x9")
    out = whole.feed(stream)
    one = Session(team="x9")
    out1 = b"".join(one.feed(stream[i:i + 1]) for i in range(len(stream)))
    assert out1 == out
    assert state(one) == state(whole)
    parts = Session(team="x9")
    edges = [0] + sorted(c % (len(stream) + 1) for c in cuts) + [len(stream)]
    out2 = b"".join(parts.feed(stream[i:j]) for i, j in zip(edges, edges[1:]))
    assert out2 == out
    assert state(parts) == state(whole)


def _check_reply(s, before, seat_before, reply):
    """Every answer: 1+team, or a legal canonical code (0000 only if none)."""
    if reply == b"":
        assert s.position == before and s.seat == seat_before
        return
    if reply == b"1" + s.team.encode():
        assert s.seat is None and s.position == B.Position("5")
        return
    assert len(reply) == 4 and E.code_ok(reply) and s.seat is not None
    m = E.decode_move(reply)
    mid = s.position.copy()
    if m is not None:
        assert E.canonical_move(m) == m
        mid.cells[ME] &= ~E.placement_mask(m)
        mid.used[ME] &= ~(1 << m[2])
        assert mid.cells[ME] & E.placement_mask(m) == 0
        assert B.check(mid, ME, m) is None
    else:
        assert B.legal_moves(mid, ME) == []
        assert mid.used[ME] != 0             # never passes its first move
    if mid.used[ME] == 0:                    # a fresh game (2 or 3)
        assert mid.cells[ME] == 0
    else:                                    # 4: own side as it was
        assert mid.cells[ME] == before.cells[ME]
        extra = mid.cells[OPP] & ~before.cells[OPP]
        assert mid.cells[OPP] & before.cells[OPP] == before.cells[OPP]
        assert bin(extra).count("1") <= 5


@settings(max_examples=100)
@given(data=st.data())
def test_random_streams_with_errors_never_break_the_contract(data):
    s = Session(team=data.draw(st.sampled_from(["01", "Ab", "z9"])))
    counters = state(s)[2:]
    for _ in range(data.draw(st.integers(1, 40))):
        kind = data.draw(st.sampled_from(
            ["token", "token", "legal", "legal", "legal", "fe", "stall"]))
        if kind == "fe":
            assert s.framing_error() == b""
            chunk = b""
        elif kind == "stall":
            assert s.stall() == b""
            chunk = b""
        elif kind == "legal" and s.seat is not None:
            moves = B.legal_moves(s.position, OPP)
            if moves:
                i = data.draw(st.integers(0, len(moves) - 1))
                chunk = b"4" + E.encode_move(moves[i])
            else:
                chunk = b"40000"
        else:
            chunk = data.draw(TOKEN)
        for i in range(len(chunk)):
            before, seat = s.position.copy(), s.seat
            reply = s.feed(chunk[i:i + 1])
            _check_reply(s, before, seat, reply)
        now = state(s)[2:]
        assert all(x >= y for x, y in zip(now, counters))
        counters = now


def test_in_message_tells_a_partial_message():
    s = Session(budget=1)
    assert not s.in_message
    s.feed(b"0")
    assert not s.in_message
    s.feed(b"2")
    assert s.in_message
    s.feed(b"5")
    assert not s.in_message
    s.feed(b"4ab")
    assert s.in_message
    s.feed(b"\n")              # a bad byte drops the partial message
    assert not s.in_message


# ------------------------------------------------------ the Monte-Carlo engine
MCTS_BUDGET = 60000                      # a few dozen descents: fast in CPython


def test_mcts_engine_answers_golden_mcts_search_with_the_opponents_last_move():
    """engine="mcts": every answer is mcts.search of the position held, at
    the session's budget, given the squares of the opponent's last move
    applied (0 at the start, after its pass and after an illegal move); the
    whole MctsResult is the session's last_search."""
    from golden.blokus import mcts
    s = _Session(budget=MCTS_BUDGET, engine="mcts")
    assert s.feed(b"0") == b"101"
    host = B.Position("5")
    expect = mcts.search(host.copy(), MCTS_BUDGET, 0)
    reply = s.feed(b"25")
    assert s.last_search == expect and reply == E.encode_move(expect.move)
    host.apply(ME, expect.move)
    # the opponent: a legal move, an illegal one (not applied), its pass
    legal = B.legal_moves(host, OPP)[7]
    for code, applied, last in ((E.encode_move(legal), legal, E.placement_mask(legal)),
                                (b"00a0", None, 0), (b"0000", None, 0)):
        if code == b"0000":
            host.apply(OPP, None)
        elif applied:
            host.apply(OPP, applied)
        expect = mcts.search(host.copy(), MCTS_BUDGET, last)
        reply = s.feed(b"4" + code)
        assert s.last_opp == last, code
        assert s.last_search == expect, code
        assert reply == (E.encode_move(expect.move) if expect.move else b"0000")
        if expect.move:
            host.apply(ME, expect.move)
        assert s.position == host
    assert s.illegal_moves == 1
    assert s.feed(b"2A") and s.last_opp == 0           # a new game forgets it


def test_mcts_engine_last_move_changes_the_search():
    """The opponent's last move reaches the search: the same position with
    and without it gives other playouts (the policy answers it locally)."""
    from golden.blokus import mcts
    s = _Session(budget=MCTS_BUDGET, engine="mcts")
    s.feed(b"0"), s.feed(b"25")
    move = B.legal_moves(s.position, OPP)[3]
    before = s.position.copy()
    before.apply(OPP, move)
    s.feed(b"4" + E.encode_move(move))
    assert s.last_search == mcts.search(before.copy(), MCTS_BUDGET, E.placement_mask(move))
    assert s.last_search != mcts.search(before.copy(), MCTS_BUDGET, 0)


def test_engine_and_budget_validation():
    from golden.blokus import mcts
    with pytest.raises(ValueError, match="engine must be one of alphabeta, mcts"):
        _Session(engine="minimax")
    with pytest.raises(ValueError):
        _Session(engine="mcts", budget=mcts.MAX_BUDGET + 1)
    assert _Session(engine="mcts").budget == mcts.DEFAULT_BUDGET
    assert _Session().budget == search.DEFAULT_BUDGET
