"""Reversi game master (Referee): every rule of its docstring, and whole games
between two golden player sessions."""
import random

import pytest

from golden.reversi import BLACK, WHITE, Referee, start
from golden.reversi import encoding as E
from golden.reversi.referee import (BLACK_PORT, CONTROLLER, NOK_CODES, OVER, PLAYING, WAITING,
                                    WHITE_PORT)
from golden.reversi.session import Session
from golden.tests import reversi_ref as R

END = E.encode_end()
OK, NOK = E.encode_ok(True), E.encode_ok(False)


def nt(pos, last=None):
    return E.encode_next_turn(last, pos.black, pos.white, pos.width, pos.height)


def connected(**kw):
    r = Referee(**kw)
    assert r.receive(BLACK_PORT, E.encode_connect(b"Philip Blake"), 0) == [
        (BLACK_PORT, b"\x10\x01")]
    assert r.state == WAITING
    out = r.receive(WHITE_PORT, E.encode_connect(b"Rick Grimes"), 0)
    return r, out


def status(pos, last, bt, wt, names=(b"Philip Blake", b"Rick Grimes")):
    b, w = pos.score()
    return [(CONTROLLER, E.encode_status1(last, pos.black, pos.white, pos.width, pos.height)),
            (CONTROLLER, E.encode_status2((b, bt, names[0]), (w, wt, names[1])))]


def test_connect_and_start():
    r, out = connected()
    p = start(8, 8)
    assert out == [(WHITE_PORT, b"\x10\x02")] + status(p, None, 0, 0) + [(BLACK_PORT, nt(p))]
    assert out[-1][1][:5] == b"\x05\xff\xff\x08\x08"
    assert r.state == PLAYING and r.turn == BLACK and r.games == 1


def test_legal_move_ok_status_next_turn_with_timer():
    r, _ = connected()
    out = r.receive(BLACK_PORT, b"\x03\x03\x02", 20)            # D3 after 20 ms
    p = start(8, 8).play(19)
    assert out == [(BLACK_PORT, OK)] + status(p, 19, 20, 0) + [(WHITE_PORT, nt(p, 19))]
    out = r.receive(WHITE_PORT, b"\x03\x02\x02", 38)            # C3 after 18 ms
    p = p.play(18)
    assert out == [(WHITE_PORT, OK)] + status(p, 18, 20, 18) + [(BLACK_PORT, nt(p, 18))]
    # the seed's figure: points 3 and 3, times 20 and 18 ms
    assert out[2][1] == b"\x07\x03\x00\x14\x0cPhilip Blake\x03\x00\x12\x0bRick Grimes"


def test_illegal_move_nok_repeats_next_turn_and_third_loses():
    r, _ = connected()
    p = start(8, 8)
    for k, bad in enumerate([b"\x03\x00\x00", b"\x03\x08\x00", b"\x03\xff\xff"]):
        out = r.receive(BLACK_PORT, bad, 10 + k)
        if k < 2:
            assert out == [(BLACK_PORT, NOK), (BLACK_PORT, nt(p))]
            assert r.illegal[BLACK] == k + 1 and r.state == PLAYING
    assert out == [(BLACK_PORT, NOK)] + status(p, None, 0, 0) + [
        (BLACK_PORT, END), (WHITE_PORT, END), (CONTROLLER, END)]
    assert r.result == (WHITE, "illegal", 2, 2) and r.state == OVER
    assert not any(r.connected.values())


def test_clock_runs_through_noks():
    r, _ = connected(time_limit_ms=100)
    r.receive(BLACK_PORT, b"\x03\x00\x00", 60)
    assert r.receive(BLACK_PORT, b"\x03\x03\x02", 100)[0] == (BLACK_PORT, OK)
    assert r.times[BLACK] == 100


def test_out_of_turn_move_nok_without_penalty():
    r, _ = connected()
    assert r.receive(WHITE_PORT, b"\x03\x02\x02", 5) == [(WHITE_PORT, NOK)]
    assert r.illegal == {BLACK: 0, WHITE: 0} and r.turn == BLACK


def test_moves_before_connect_or_after_end_are_ignored():
    r = Referee()
    assert r.receive(BLACK_PORT, b"\x03\x03\x02", 0) == []
    assert r.ignored[BLACK_PORT] == 1
    r2 = Referee()
    r2.receive(BLACK_PORT, E.encode_connect(b"a"), 0)
    assert r2.receive(BLACK_PORT, b"\x03\x03\x02", 0) == [(BLACK_PORT, NOK)]   # no game yet


def test_late_move_loses_on_time():
    r, _ = connected(time_limit_ms=1000)
    out = r.receive(BLACK_PORT, b"\x03\x03\x02", 1001)
    assert out[0] == (BLACK_PORT, NOK) and out[-3:] == [
        (BLACK_PORT, END), (WHITE_PORT, END), (CONTROLLER, END)]
    assert r.result == (WHITE, "time", 2, 2) and r.times[BLACK] == 1001


def test_on_time_at_the_limit():
    r, _ = connected(time_limit_ms=1000)
    assert r.receive(BLACK_PORT, b"\x03\x03\x02", 1000)[0] == (BLACK_PORT, OK)


def test_tick_timeout():
    r, _ = connected(time_limit_ms=500)
    assert r.tick(500) == []
    out = r.tick(501)
    assert out[-3:] == [(BLACK_PORT, END), (WHITE_PORT, END), (CONTROLLER, END)]
    assert r.result.reason == "time" and r.result.winner == WHITE
    assert r.tick(10000) == []


def test_no_time_limit():
    r, _ = connected(time_limit_ms=0)
    assert r.tick(10 ** 9) == []
    assert r.receive(BLACK_PORT, b"\x03\x03\x02", 10 ** 6)[0] == (BLACK_PORT, OK)
    assert r.times[BLACK] == 0xFFFF                 # the timer saturates


def test_disconnect_loses_during_game_only():
    r, _ = connected()
    out = r.disconnect(WHITE_PORT, 3)
    assert r.result == (BLACK, "disconnect", 2, 2) and out[-1] == (CONTROLLER, END)
    assert r.disconnect(BLACK_PORT, 4) == [] and r.disconnect(CONTROLLER, 4) == []


def test_reconnect_mid_game_gets_its_question_again():
    r, _ = connected()
    out = r.receive(BLACK_PORT, E.encode_connect(b"Philip Blake"), 7)
    assert out == [(BLACK_PORT, b"\x10\x01"), (BLACK_PORT, nt(start(8, 8)))]
    # the clock kept running from time 0
    r.receive(BLACK_PORT, b"\x03\x03\x02", 30)
    assert r.times[BLACK] == 30
    # the player not asked gets only Player OK
    assert r.receive(BLACK_PORT, E.encode_connect(b"Philip Blake"), 31) == [(BLACK_PORT, b"\x10\x01")]


def test_ignored_messages_per_port():
    r, _ = connected()
    junk = E.encode_ok(True) + E.encode_end() + E.encode_control(8, 8, 0, 1) + E.encode_player_ok(1)
    assert r.receive(BLACK_PORT, junk, 1) == []
    assert r.ignored[BLACK_PORT] == 4 and r.state == PLAYING
    assert r.receive(CONTROLLER, E.encode_new_move(3, 2) + E.encode_end(), 1) == []
    assert r.ignored[CONTROLLER] == 2
    assert r.receive(CONTROLLER, E.encode_connect(b"GC"), 1) == status(start(8, 8), None, 0, 0)
    assert r.receive(BLACK_PORT, b"\x00\x99", 1) == [] and r.readers[BLACK_PORT].bad_bytes == 2


@pytest.mark.parametrize("ctl", [(5, 8, 0, 0), (8, 5, 0, 0), (2, 2, 0, 0), (18, 8, 0, 0),
                                 (0, 8, 0, 0), (8, 0, 0, 0), (8, 8, 2, 0), (8, 8, 0, 2),
                                 (255, 255, 0, 1)])
def test_invalid_control_nok_changes_nothing(ctl):
    r, _ = connected()
    assert r.receive(CONTROLLER, E.encode_control(*ctl), 1) == [(CONTROLLER, NOK)]
    assert r.pending_size == (8, 8) and r.mode == E.MODE_CONTINUOUS and r.state == PLAYING


def test_size_change_takes_effect_at_restart():
    r, _ = connected()
    assert r.receive(CONTROLLER, E.encode_control(6, 4, 0, 0), 1) == [(CONTROLLER, OK)]
    assert r.pending_size == (6, 4) and r.size == (8, 8) and r.state == PLAYING
    out = r.receive(CONTROLLER, E.encode_control(0, 0, 0, 1), 2)
    p8, p6 = start(8, 8), start(6, 4)
    # the new game's Status names nobody: both players were forgotten at End
    assert out == [(CONTROLLER, OK)] + status(p8, None, 0, 0) + [
        (BLACK_PORT, END), (WHITE_PORT, END), (CONTROLLER, END)] + status(p6, None, 0, 0,
                                                                          (b"", b""))
    assert r.history[-1] == (None, "restart", 2, 2)
    assert r.state == WAITING and r.size == (6, 4)
    r.receive(BLACK_PORT, E.encode_connect(b"Philip Blake"), 3)
    out = r.receive(WHITE_PORT, E.encode_connect(b"Rick Grimes"), 4)
    assert out[-1] == (BLACK_PORT, nt(p6)) and r.games == 2


def test_restart_after_game_over_with_players_back():
    r, _ = connected()
    r.disconnect(WHITE_PORT, 1)
    r.receive(BLACK_PORT, E.encode_connect(b"Philip Blake"), 2)
    r.receive(WHITE_PORT, E.encode_connect(b"Rick Grimes"), 2)
    assert r.state == OVER                          # a finished game waits for a restart
    out = r.receive(CONTROLLER, E.encode_control(0, 0, 0, 1), 3)
    assert out[-1] == (BLACK_PORT, nt(start(8, 8))) and r.state == PLAYING


def test_step_mode_holds_each_next_turn():
    r, out = connected(mode=E.MODE_STEP)
    assert out[-1][0] == CONTROLLER and r.held             # no Next Turn yet
    assert r.tick(10 ** 6) == []                           # no clock while held
    assert r.receive(BLACK_PORT, b"\x03\x03\x02", 5) == [(BLACK_PORT, NOK)]
    step = E.encode_control(0, 0, E.MODE_STEP, 0)
    assert r.receive(CONTROLLER, step, 10) == [(CONTROLLER, OK), (BLACK_PORT, nt(start(8, 8)))]
    assert r.receive(CONTROLLER, step, 11) == [(CONTROLLER, OK)]     # nothing held: no effect
    out = r.receive(BLACK_PORT, b"\x03\x03\x02", 15)
    assert out[-1][0] == CONTROLLER and r.times[BLACK] == 5 and r.held
    # continuous again: the held Next Turn goes, and the next ones follow at once
    out = r.receive(CONTROLLER, E.encode_control(0, 0, E.MODE_CONTINUOUS, 0), 20)
    assert out == [(CONTROLLER, OK), (WHITE_PORT, nt(start(8, 8).play(19), 19))]
    assert r.receive(WHITE_PORT, b"\x03\x02\x02", 21)[-1][0] == BLACK_PORT


def test_pass_sends_next_turn_to_the_same_player():
    # 4 x 4: after Black's D1... find, by random play, a game where White must pass
    rng = random.Random(3)
    for _ in range(500):
        cells, me = R.start_cells(4, 4), 1
        seq = []
        while True:
            my = R.moves(cells, 4, 4, me)
            if not my:
                break
            c = rng.choice(my)
            seq.append(c)
            cells = R.play(cells, 4, 4, c, me)
            me = 3 - me
        if R.moves(cells, 4, 4, me + 0) == [] and R.moves(cells, 4, 4, 3 - me):
            break
    else:
        pytest.fail("no pass found")
    r = Referee(4, 4)
    r.receive(BLACK_PORT, E.encode_connect(b"b"), 0)
    r.receive(WHITE_PORT, E.encode_connect(b"w"), 0)
    colour = BLACK
    for c in seq:
        out = r.receive(BLACK_PORT if colour == BLACK else WHITE_PORT,
                        bytes((3, c % 4, c // 4)), 1)
        colour = 3 - colour
    # the player just asked is the one who moved last: the other passed
    mover = 3 - colour
    port = BLACK_PORT if mover == BLACK else WHITE_PORT
    assert out[-1][0] == port and out[-1][1][1:3] == b"\xff\xff"
    assert r.turn == mover and r.moves[-1] == (colour, None)


def test_pass_with_legal_moves_is_illegal():
    r, _ = connected()
    assert r.receive(BLACK_PORT, b"\x03\xff\xff", 1)[0] == (BLACK_PORT, NOK)
    assert r.illegal[BLACK] == 1


def play_game(size, budget_black, budget_white, max_size=16, seed=None):
    """Two golden sessions play through the referee; returns (referee, log)."""
    r = Referee(*size, time_limit_ms=0)
    players = {BLACK_PORT: Session(budget=budget_black, name="B", max_size=max_size),
               WHITE_PORT: Session(budget=budget_white, name="W", max_size=max_size)}
    if seed is not None:
        rng = random.Random(seed)
        for s in players.values():
            s.chooser = lambda pos, budget: (rng.choice(pos.legal_moves())
                                             if pos.legal_moves() else None)
    queue = []
    for port in (BLACK_PORT, WHITE_PORT):
        queue += r.receive(port, players[port].hello(), 0)
    log = []
    t = 0
    while queue:
        port, data = queue.pop(0)
        log.append((port, data))
        if port == CONTROLLER:
            continue
        reply = players[port].feed(data)
        if reply:
            t += 1
            queue += r.receive(port, reply, t)
    return r, log


@pytest.mark.parametrize("size,bb,bw", [((8, 8), 30, 60), ((6, 6), 200, 1), ((4, 8), 50, 50)])
def test_whole_game_between_sessions(size, bb, bw):
    r, log = play_game(size, bb, bw)
    assert r.state == OVER and r.result.reason == "end"
    assert log[-3:] == [(BLACK_PORT, END), (WHITE_PORT, END), (CONTROLLER, END)]
    assert NOK not in [d for _, d in log]
    # replay the applied moves with the reference rules
    w, h = size
    cells, me = R.start_cells(w, h), 1
    for colour, move in r.moves:
        assert colour == me
        if move is None:
            assert not R.moves(cells, w, h, me)
        else:
            cells = R.play(cells, w, h, move, me)
        me = 3 - me
    assert not R.moves(cells, w, h, 1) and not R.moves(cells, w, h, 2)
    assert R.cells_of(r.position) == cells
    b, wh = cells.count(1), cells.count(2)
    assert r.result == ((1 if b > wh else 2 if wh > b else None), "end", b, wh)
    # the controller saw a Status1/Status2 pair after every applied move
    statuses = [d for p, d in log if p == CONTROLLER and d[0] == E.OP_STATUS1]
    assert len(statuses) == 1 + len([m for m in r.moves if m[1] is not None])


def test_random_games_with_passes_all_sizes():
    passes = 0
    for seed, size in enumerate([(4, 4), (4, 6), (6, 4), (4, 4), (10, 6), (16, 16), (4, 4)]):
        r, _ = play_game(size, 1, 1, seed=seed)
        assert r.result.reason == "end"
        passes += sum(1 for _, m in r.moves if m is None)
    assert passes > 0


def test_worked_example_of_protocol_doc():
    """docs/protocol-reversi.md, "Worked example", byte for byte."""
    def h(text):
        return bytes.fromhex(text.replace('"Philip Blake"', b"Philip Blake".hex())
                             .replace('"Rick Grimes"', b"Rick Grimes".hex()))
    start_board = "05 FF FF 08 08 00 00 00 00 00 00 02 40 01 80 00 00 00 00 00 00"
    after_d3 = "03 02 08 08 00 00 00 00 01 00 01 40 01 80 00 00 00 00 00 00"
    after_c3 = "02 02 08 08 00 00 00 00 09 00 02 40 01 80 00 00 00 00 00 00"
    r = Referee()
    assert r.receive(BLACK_PORT, h('01 0C "Philip Blake"'), 0) == [(BLACK_PORT, h("10 01"))]
    assert r.receive(WHITE_PORT, h('01 0B "Rick Grimes"'), 0) == [
        (WHITE_PORT, h("10 02")),
        (CONTROLLER, h("06" + start_board[2:])),
        (CONTROLLER, h('07 02 00 00 0C "Philip Blake" 02 00 00 0B "Rick Grimes"')),
        (BLACK_PORT, h(start_board))]
    assert r.receive(BLACK_PORT, h("03 03 02"), 20) == [
        (BLACK_PORT, h("02 01")),
        (CONTROLLER, h("06 " + after_d3)),
        (CONTROLLER, h('07 04 00 14 0C "Philip Blake" 01 00 00 0B "Rick Grimes"')),
        (WHITE_PORT, h("05 " + after_d3))]
    assert r.receive(WHITE_PORT, h("03 02 02"), 38) == [
        (WHITE_PORT, h("02 01")),
        (CONTROLLER, h("06 " + after_c3)),
        (CONTROLLER, h('07 03 00 14 0C "Philip Blake" 03 00 12 0B "Rick Grimes"')),
        (BLACK_PORT, h("05 " + after_c3))]
    assert r.receive(BLACK_PORT, h("03 00 00"), 50) == [
        (BLACK_PORT, h("02 00")), (BLACK_PORT, h("05 " + after_c3))]
    assert r.position.render().splitlines()[3] == "3\tN\tN\tW\tB\tN\tN\tN\tN"


def nok_notices(r):
    return [(n.port, n.code, n.text) for n in r.notices if n.kind == "nok"]


def test_every_nok_names_its_reason():
    """docs/protocol-reversi.md, "The game master" 2: the NOK's reason, for
    the log and the transcript (the bytes are only 02 00)."""
    r = Referee(max_illegal=9)
    r.receive(BLACK_PORT, E.encode_connect(b"b"), 0)
    assert r.receive(BLACK_PORT, b"\x03\x03\x02", 1) == [(BLACK_PORT, NOK)]      # no game yet
    r.receive(WHITE_PORT, E.encode_connect(b"w"), 2)
    for bad in (b"\x03\x08\x00", b"\x03\x00\xfe", b"\x03\x03\x03", b"\x03\x00\x00",
                b"\x03\xff\xff"):
        assert r.receive(BLACK_PORT, bad, 3)[0] == (BLACK_PORT, NOK)
    assert r.receive(WHITE_PORT, b"\x03\x02\x02", 4) == [(WHITE_PORT, NOK)]
    assert r.receive(CONTROLLER, E.encode_control(7, 8, 2, 0), 5) == [(CONTROLLER, NOK)]
    assert nok_notices(r) == [
        (BLACK_PORT, "no_game", "no game in progress"),
        (BLACK_PORT, "off_board", "(8, 0) is off the 8x8 board (illegal move 1 of 9)"),
        (BLACK_PORT, "off_board", "(0, 254) is off the 8x8 board (illegal move 2 of 9)"),
        (BLACK_PORT, "occupied", "D4 is occupied (illegal move 3 of 9)"),
        (BLACK_PORT, "flips_nothing", "A1 flips nothing (illegal move 4 of 9)"),
        (BLACK_PORT, "pass_with_move", "a pass with a legal move in hand (illegal move 5 of 9)"),
        (WHITE_PORT, "not_its_turn", "not its turn"),
        (CONTROLLER, "bad_control", "size 7x8 is not 0x0 (no change) nor a game size "
                                    "(both even, 4..16); mode 0x02 is not 0x00 or 0x01")]
    assert set(code for _, code, _ in nok_notices(r)) < set(NOK_CODES)


def test_held_and_late_noks_name_their_reason():
    r, _ = connected(mode=E.MODE_STEP, time_limit_ms=100)
    assert r.receive(BLACK_PORT, b"\x03\x03\x02", 5) == [(BLACK_PORT, NOK)]
    r.receive(CONTROLLER, E.encode_control(0, 0, E.MODE_STEP, 0), 10)      # Black asked at 10
    out = r.receive(BLACK_PORT, b"\x03\x03\x02", 111)                       # 101 ms later
    assert out[0] == (BLACK_PORT, NOK) and r.result.reason == "time"
    assert nok_notices(r) == [
        (BLACK_PORT, "held", "its Next Turn is held (step by step mode)"),
        (BLACK_PORT, "late", "too late: 101 ms, the limit is 100 ms")]


def test_a_move_after_end_is_ignored_and_noticed():
    r, _ = connected()
    r.disconnect(WHITE_PORT, 2)                                 # the game ends: nobody connected
    r.notices[:] = []
    assert r.receive(BLACK_PORT, E.encode_new_move(3, 2), 3) == []
    assert [(n.kind, n.port, n.code) for n in r.notices] == [
        ("ignored", BLACK_PORT, "new_move")]
    assert r.ignored == {BLACK_PORT: 1, WHITE_PORT: 0, CONTROLLER: 0}


def test_dropped_bytes_and_ignored_messages_are_noticed():
    r, _ = connected()
    r.notices[:] = []
    r.receive(BLACK_PORT, b"\x00\x99\x11" + E.encode_end() + E.encode_status1(None, 0, 0, 4, 4), 1)
    r.receive(CONTROLLER, E.encode_new_move(1, 1), 1)
    assert [tuple(n) for n in r.notices] == [
        ("bad_bytes", BLACK_PORT, 3, "3 bytes that start no message or break one"),
        ("ignored", BLACK_PORT, "end", "End: a player sends only Connect and New Move"),
        ("ignored", BLACK_PORT, "status1", "Status1: a player sends only Connect and New Move"),
        ("ignored", CONTROLLER, "new_move",
         "New Move: the controller sends only Connect and Control")]


def test_a_second_connect_does_not_rename_a_player_in_a_game():
    """A reset player (or another program on its port) sends Connect again:
    the game keeps the name it started with, also after its End, until the
    next restart; the new name is used from then on."""
    r, _ = connected()
    out = r.receive(BLACK_PORT, E.encode_connect(b"\x03\x01"), 5)
    assert out == [(BLACK_PORT, b"\x10\x01"), (BLACK_PORT, nt(start(8, 8)))]
    assert r.names[BLACK] == b"Philip Blake"
    assert r.notices[-1] == ("name_kept", BLACK_PORT, "name_kept",
                             "a Connect as '\\x03\\x01' during the game: "
                             "the name stays 'Philip Blake'")
    out = r.tick(1001)                                          # Black loses on time
    assert out[:2] == status(start(8, 8), None, 1001, 0)        # its timer: the time that ran out
    r.receive(BLACK_PORT, E.encode_connect(b"Negan"), 1002)     # after End: still the game's name
    assert r.receive(CONTROLLER, E.encode_connect(b"GC"), 1003) == status(start(8, 8), None,
                                                                          1001, 0)
    out = r.receive(CONTROLLER, E.encode_control(0, 0, 0, 1), 1004)
    # the new game: Black is back (as Negan), White has not connected since End
    assert out == [(CONTROLLER, OK)] + status(start(8, 8), None, 0, 0, (b"Negan", b""))
    out = r.receive(WHITE_PORT, E.encode_connect(b"Rick"), 1005)
    assert out[1:3] == status(start(8, 8), None, 0, 0, (b"Negan", b"Rick"))


def test_a_player_leaving_before_the_start_leaves_no_name():
    r = Referee()
    r.receive(BLACK_PORT, E.encode_connect(b"one"), 0)
    r.disconnect(BLACK_PORT, 1)
    assert r.receive(CONTROLLER, E.encode_connect(b"GC"), 2) == status(start(8, 8), None, 0, 0,
                                                                       (b"", b""))
    r.receive(BLACK_PORT, E.encode_connect(b"two"), 3)
    assert r.names[BLACK] == b"two"


def test_rules_1_renames_and_keeps_old_names():
    """The game master before rules 2, kept for old transcripts."""
    r, _ = connected(rules=1)
    r.receive(BLACK_PORT, E.encode_connect(b"\x03\x01"), 5)
    assert r.names[BLACK] == b"\x03\x01" and not [n for n in r.notices if n.kind == "name_kept"]
    out = r.receive(CONTROLLER, E.encode_control(0, 0, 0, 1), 6)
    assert out[-1] == status(start(8, 8), None, 0, 0, (b"\x03\x01", b"Rick Grimes"))[1]
    with pytest.raises(ValueError, match="rules must be 1 or 2"):
        Referee(rules=3)


def test_after_a_pass_the_next_turn_names_only_the_last_move():
    """docs/protocol-reversi.md, "Last move": the GM passes for P; the
    opponent Q moves twice (m0, then m1 after a Next Turn with FF FF); P's
    next Next Turn names only m1, but its board holds m0 too: a player must
    take the board from the Next Turn, not replay last moves."""
    seen = 0
    for seed in range(60):
        rng = random.Random(seed)
        r = Referee(4, 4, time_limit_ms=0)
        r.receive(BLACK_PORT, E.encode_connect(b"b"), 0)
        out = r.receive(WHITE_PORT, E.encode_connect(b"w"), 0)
        while r.state == PLAYING:
            (port, turn), = [(p, d) for p, d in out if p != CONTROLLER and d[0] == E.OP_NEXT_TURN]
            m = E.decode(turn)
            black, white = E.decode_board(m.board, 4, 4)
            assert (black, white) == (r.position.black, r.position.white)   # the whole board
            if len(r.moves) >= 3 and r.moves[-2][1] is None and r.moves[-3][1] is not None:
                m0, m1 = r.moves[-3][1], r.moves[-1][1]
                assert (m.last_x, m.last_y) == (m1 % 4, m1 // 4) != (m0 % 4, m0 // 4)
                assert (black | white) >> m0 & 1                 # m0 is only in the board
                seen += 1
            move = rng.choice(r.position.legal_moves())
            out = r.receive(port, E.encode_new_move(move % 4, move // 4), 1)
    assert seen >= 1
