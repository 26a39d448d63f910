"""Bad input to the Reversi game master over TCP never wedges or crashes it:
garbage, truncated messages, wrong opcodes, moves out of turn, illegal
moves, slow players, disconnects, floods, bad Control; and one-line errors
on the command line."""
import io
import json
import socket
import time

import pytest

from golden.reversi.encoding import (OP_END, OP_NEXT_TURN, OP_OK, OP_PLAYER_OK, OP_STATUS1,
                                     OP_STATUS2, encode_connect, encode_control,
                                     encode_new_move, encode_status1)
from host.tests.reversi_support import GM, Raw, run_cli


def _join(g):
    """Black and White connected on raw sockets; Black's first Next Turn read."""
    b, w = Raw(g.ports["black"]), Raw(g.ports["white"])
    b.send(encode_connect("B"))
    assert b.frame() == bytes((OP_PLAYER_OK, 1))
    w.send(encode_connect("W"))
    assert w.frame() == bytes((OP_PLAYER_OK, 2))
    nt = b.frame()
    assert nt[0] == OP_NEXT_TURN
    return b, w, nt


def _alive(g):
    """The game master still answers: a controller Connect gets Status1/2."""
    c = Raw(g.ports["controller"])
    c.send(encode_connect("check"))
    assert c.frame()[0] == OP_STATUS1 and c.frame()[0] == OP_STATUS2
    c.close()
    assert g.thread.is_alive()


def _records(t, kind):
    return [r for r in map(json.loads, t.getvalue().splitlines()) if r["t"] == kind]


def test_garbage_and_wrong_opcodes_are_ignored_counted_and_said():
    t = io.StringIO()
    with GM(transcript=t) as g:
        b = Raw(g.ports["black"])
        b.send(b"\x00\xff\x99hello\x11")                      # no opcodes: dropped
        b.send(encode_status1(None, 0, 0, 4, 4))              # not for the game master
        b.send(bytes((OP_END,)) + encode_control(8, 8, 0, 1))  # nor these
        assert b.nothing(0.3)
        b.send(encode_connect("B"))
        assert b.frame() == bytes((OP_PLAYER_OK, 1))
        assert g.referee.ignored["black"] == 3
        assert g.referee.readers["black"].bad_bytes == 9
        _alive(g)
    # the log and the transcript say what was dropped (the docs: "dropped, counted")
    log = g.log.getvalue()
    assert "black port: dropped 9 bytes that start no message or break one (this port so " \
           "far: 9 bytes dropped" in log, log
    for name in ("Status1", "End", "Control"):
        assert "black port: ignored %s: a player sends only Connect and New Move" % name in log
    dropped = _records(t, "dropped")
    assert sum(r["count"] for r in dropped if r["what"] == "bad_bytes") == 9
    assert sorted(r["what"] for r in dropped if r["what"] != "bad_bytes") == [
        "control", "end", "status1"]


def test_truncated_message_is_dropped_after_a_stall():
    with GM() as g:
        b = Raw(g.ports["black"])
        b.send(b"\x01\x10abc")                                # a Connect cut short
        time.sleep(0.3)                                       # > 100 ms: dropped
        b.send(encode_connect("B"))
        assert b.frame() == bytes((OP_PLAYER_OK, 1))
        assert g.referee.names[1] == b"B"
        assert "dropped after 100 ms" in g.log.getvalue()


def test_out_of_turn_and_illegal_moves():
    t = io.StringIO()
    with GM(max_illegal=3, transcript=t) as g:
        b, w, nt = _join(g)
        w.send(encode_new_move(2, 3))                         # not White's turn
        assert w.frame() == bytes((OP_OK, 0))
        assert g.referee.illegal == {1: 0, 2: 0}
        b.send(encode_new_move(0, 0))                         # flips nothing
        assert b.frame() == bytes((OP_OK, 0)) and b.frame() == nt   # the same Next Turn again
        b.send(encode_new_move(9, 9))                         # off the board
        assert b.frame() == bytes((OP_OK, 0)) and b.frame() == nt
        b.send(encode_new_move(3, 3))                         # occupied: the third loses
        assert b.frame() == bytes((OP_OK, 0)) and b.frame() == bytes((OP_END,))
        assert w.frame() == bytes((OP_END,))
        res = g.referee.history[-1]
        assert res.reason == "illegal" and res.winner == 2
        b.send(encode_new_move(2, 3))                         # after End: ignored
        assert b.nothing(0.2)
        _alive(g)
    # each NOK names its reason, in the log and in the transcript
    log = g.log.getvalue()
    whys = ["not its turn", "A1 flips nothing (illegal move 1 of 3)",
            "(9, 9) is off the 8x8 board (illegal move 2 of 3)",
            "D4 is occupied (illegal move 3 of 3)"]
    assert [(r["colour"], r["reason"], r["why"]) for r in _records(t, "nok")] == list(zip(
        ["White", "Black", "Black", "Black"],
        ["not_its_turn", "flips_nothing", "off_board", "occupied"], whys))
    for colour, why in zip(["White (W)", "Black (B)", "Black (B)", "Black (B)"], whys):
        assert "NOK to %s: %s\n" % (colour, why) in log
    assert "black port: ignored New Move: the player is not connected" in log


def test_slow_player_loses_on_time():
    with GM(time_limit_ms=200) as g:
        b, w, nt = _join(g)
        assert b.frame(2.0) == bytes((OP_END,))               # nothing sent: the tick ends it
        assert g.referee.history[-1].reason == "time"
        b.send(encode_new_move(3, 2))                         # too late and no game
        _alive(g)


def test_second_player_too_slow_and_its_late_move():
    with GM(time_limit_ms=300) as g:
        b, w, nt = _join(g)
        time.sleep(0.05)
        b.send(encode_new_move(3, 2))                         # D3, in time
        assert b.frame() == bytes((OP_OK, 1))
        assert w.frame()[0] == OP_NEXT_TURN
        time.sleep(0.45)                                      # White too slow: the clock ends it
        assert w.frame() == bytes((OP_END,)) and b.frame(2.0)[0] == OP_END
        assert g.referee.history[-1].reason == "time" and g.referee.history[-1].winner == 1
        w.send(encode_new_move(2, 2))                         # the late move, after End: ignored
        assert w.nothing(0.3) and g.referee.ignored["white"] == 1
        _alive(g)


def test_disconnect_mid_game_loses_and_gm_goes_on():
    with GM() as g:
        b, w, nt = _join(g)
        b.close()
        assert w.frame() == bytes((OP_END,))
        res = g.referee.history[-1]
        assert res.reason == "disconnect" and res.winner == 2
        _alive(g)


def test_flood_and_abrupt_close_do_not_wedge():
    with GM() as g:
        f = Raw(g.ports["white"])
        f.send(bytes(range(256)) * 256)                       # 64 kB of everything
        f.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        f.close()                                             # a reset, not a FIN
        assert g.wait(lambda gm: gm.conns["white"] is None, timeout=60)
        _alive(g)
        b, w, nt = _join(g)                                   # a game still starts
        assert nt[0] == OP_NEXT_TURN


def test_second_connection_replaces_the_first():
    with GM() as g:
        b1 = Raw(g.ports["black"])
        b1.send(encode_connect("one"))
        assert b1.frame() == bytes((OP_PLAYER_OK, 1))
        b2 = Raw(g.ports["black"])
        b2.send(encode_connect("two"))
        assert b2.frame() == bytes((OP_PLAYER_OK, 1))
        assert g.referee.names[1] == b"two"
        b1.sock.settimeout(2)
        assert b1.sock.recv(100) == b""                       # the old one was closed
        _alive(g)


def test_a_second_connect_keeps_the_name_and_names_are_escaped():
    """A player that sends Connect again during a game (a reset core behind
    its bridge: the same connection) keeps the name the game started with;
    names that are not printable are shown escaped."""
    t = io.StringIO()
    with GM(time_limit_ms=300, transcript=t) as g:
        b, w = Raw(g.ports["black"]), Raw(g.ports["white"])
        b.send(encode_connect(b"\x03\x01"))
        assert b.frame() == bytes((OP_PLAYER_OK, 1))
        w.send(encode_connect("W"))
        assert w.frame() == bytes((OP_PLAYER_OK, 2))
        nt = b.frame()
        b.send(encode_connect(b"Mallory\\"))                  # again, another name
        assert b.frame() == bytes((OP_PLAYER_OK, 1)) and b.frame() == nt
        assert b.frame(2.0) == bytes((OP_END,))               # then too slow
        assert g.referee.names[1] == b"\x03\x01"
    log = g.log.getvalue()
    assert "black port: a Connect as 'Mallory\\\\' during the game: the name stays " \
           "'\\x03\\x01'" in log, log
    assert "** White (W) won the game, Black 2-2 White: Black (\\x03\\x01) lost on time." in log
    assert _records(t, "result")[0]["names"] == ["\\x03\\x01", "W"]
    assert len(_records(t, "name_kept")) == 1


def test_bad_control_is_nok():
    t = io.StringIO()
    with GM(transcript=t) as g:
        c = Raw(g.ports["controller"])
        for bad in (encode_control(7, 8, 0, 0), encode_control(2, 2, 0, 0),
                    encode_control(18, 18, 0, 0), encode_control(8, 0, 0, 0),
                    encode_control(0, 0, 2, 0), encode_control(0, 0, 0, 5)):
            c.send(bad)
            assert c.frame() == bytes((OP_OK, 0)), bad.hex()
        c.send(encode_new_move(1, 1) + b"\xee")                # not for the game master
        c.send(encode_control(6, 6, 0, 0))
        assert c.frame() == bytes((OP_OK, 1))
        assert g.referee.pending_size == (6, 6) and g.referee.ignored["controller"] == 1
        _alive(g)
    assert "NOK to the controller: size 7x8 is not 0x0 (no change) nor a game size" in \
        g.log.getvalue()
    assert [r["reason"] for r in _records(t, "nok")] == ["bad_control"] * 6


@pytest.mark.parametrize("argv,words", [
    (["gm", "--size", "7"], "even in 4..16, not 7 x 7"),
    (["gm", "--size", "big"], "a size is W or WxH"),
    (["gm", "--black-port", "70000"], "a port is 0..65535"),
    (["gm", "--time-limit", "-5"], "0 or more"),
    (["game", "first"], "the following arguments are required"),
    (["game", "first", "chess"], "unknown player 'chess'"),
    (["game", "golden:x", "first"], "golden:BUDGET needs a whole number"),
    (["game", "human", "first", "--games", "2"], "cannot seat a human"),
    (["player", "first", "--name", "\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9" * 5],
     "name must be"),
    (["bridge", "--core", "golden", "--gm", "nohost"], "HOST:PORT with PORT 1..65535"),
    (["bridge", "--core", "golden", "--gm", "localhost:0"], "HOST:PORT with PORT 1..65535"),
    (["replay", "/nonexistent/t.jsonl"], "cannot read"),
    (["frobnicate"], "invalid choice"),
])
def test_cli_errors_are_one_line(argv, words):
    code, out, err = run_cli(argv)
    assert code == 2 and words in err, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_cli_port_in_use_and_bad_transcript(tmp_path):
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen(1)
    try:
        code, out, err = run_cli(["gm", "--controller-port", str(s.getsockname()[1]),
                                  "--black-port", "0", "--white-port", "0"])
        assert code == 2 and "it is in use" in err and len(err.splitlines()) == 1
    finally:
        s.close()
    bad = tmp_path / "x.jsonl"
    bad.write_text('{"t": "header", "game": "score4"}\n')
    code, out, err = run_cli(["replay", str(bad)])
    assert code == 2 and "does not start with a Reversi transcript header" in err
    bad.write_text("not json\n")
    assert run_cli(["replay", str(bad)])[0] == 2
    code, out, err = run_cli(["player", "first", "--port", "1", "--wait", "0"])
    assert code == 2 and "cannot connect to the game master" in err


def test_every_subcommand_has_help():
    for cmd in ("gm", "controller", "player", "game", "bridge", "core", "replay"):
        with pytest.raises(SystemExit) as e:
            run_cli([cmd, "--help"])
        assert e.value.code == 0


def test_bad_input_transcript_replays(tmp_path):
    """Garbage, a stall, an illegal move, a late player and a disconnection,
    recorded and replayed byte for byte by a fresh golden referee."""
    from host.reversi import transcript
    t = tmp_path / "t.jsonl"
    with open(t, "w") as f:
        with GM(time_limit_ms=300, games=2, transcript=f) as g:
            b = Raw(g.ports["black"])
            b.send(b"\x99\x01\x05ab")                         # garbage, then a cut Connect
            time.sleep(0.25)
            b, w, nt = _join(g)
            b.send(encode_new_move(0, 0))
            assert b.frame() == bytes((OP_OK, 0))
            assert b.frame(2.0) == nt and b.frame(2.0) == bytes((OP_END,))   # too slow
            b.close()
            w.close()
            b, w, nt = _join(g)                               # game 2 (restarted by the GM)
            w.close()                                         # White leaves
            assert b.frame() == bytes((OP_END,))
            assert g.wait(lambda gm: len(gm.results) == 2)
    recs = transcript.read(str(t))
    kinds = set(r["t"] for r in recs)
    assert {"stall", "tick", "close", "restart", "nok", "result", "dropped"} <= kinds
    assert [r["reason"] for r in recs if r["t"] == "result"] == ["time", "disconnect"]
    assert recs[0]["version"] == 2 and [r["rules"] for r in recs if r["t"] == "gm"] == [2]
    # the Status2 of the game the GM restarted names nobody (both players were
    # forgotten at End); the loser on time shows the time that ran out (> 300 ms)
    k = next(i for i, r in enumerate(recs) if r["t"] == "restart")
    before = [bytes.fromhex(r["hex"]) for r in recs[:k] if r["t"] == "tx"
              and r["hex"][:2] == "07"][-1]
    after = next(bytes.fromhex(r["hex"]) for r in recs[k:] if r["t"] == "tx"
                 and r["hex"][:2] == "07")
    assert before[4:7] == b"\x01B\x02" and (before[2] << 8 | before[3]) > 300
    assert after == bytes((0x07, 2, 0, 0, 0, 2, 0, 0, 0))
    out = io.StringIO()
    assert transcript.replay(recs, out) == (2, False)
