"""listen:PORT players wait their documented time for the board to connect
(--accept-timeout, default players.ACCEPT_TIMEOUT), and no longer."""
import socket
import time

from host import players
from host.tests.helpers import ConnectingBoard, free_port, run_referee


def test_a_board_connecting_late_is_accepted():
    port = free_port()
    start = time.monotonic()
    board = ConnectingBoard(port, "blokus", delay=2.0)
    code, out, err = run_referee(["blokus", "listen:%d" % port, "golden:50", "--seed", "1"])
    assert code == 0 and err == ""
    assert board.connected_at - start >= 2.0
    assert "Waiting on TCP port %d for listen:%d (up to %g s)" % (port, port, players.ACCEPT_TIMEOUT) in out
    assert "== Move 1: Player 1 (listen:%d [01])" % port in out
    assert "Tiles:" in out and "violation" not in out


def test_accept_timeout_gives_up_in_one_line():
    port = free_port()
    start = time.monotonic()
    code, out, err = run_referee(["score4", "golden", "listen:%d" % port, "--accept-timeout", "0.7"])
    waited = time.monotonic() - start
    assert code == 2
    assert err == "error: listen:%d: no board connected within 0.7 s\n" % port
    assert 0.7 <= waited < 3


def test_accept_timeout_must_be_positive():
    code, out, err = run_referee(["score4", "golden", "listen:7000", "--accept-timeout", "0"])
    assert code == 2 and err == "error: --accept-timeout must be positive\n"


def test_the_same_port_twice_is_refused_at_once():
    port = free_port()
    start = time.monotonic()
    code, out, err = run_referee(["blokus", "listen:%d" % port, "listen:%d" % port,
                                  "--accept-timeout", "4"])
    assert code == 2 and time.monotonic() - start < 2
    assert err == "error: both players listen on TCP port %d: give each its own (e.g. listen:%d " \
                  "listen:%d)\n" % (port, port, port + 1)


def test_a_busy_second_port_is_refused_before_waiting_on_the_first():
    busy = socket.socket()
    busy.bind(("0.0.0.0", 0))
    busy.listen(1)
    try:
        port = busy.getsockname()[1]
        start = time.monotonic()
        code, out, err = run_referee(["score4", "listen:%d" % free_port(), "listen:%d" % port,
                                      "--accept-timeout", "4"])
    finally:
        busy.close()
    assert code == 2 and time.monotonic() - start < 2
    assert err.startswith("error: cannot listen on TCP port %d: " % port) and err.count("\n") == 1
    assert "Waiting" not in out
