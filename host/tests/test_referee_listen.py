"""listen:PORT players wait their documented time for the board to connect
(--accept-timeout, default players.ACCEPT_TIMEOUT), and no longer."""
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
