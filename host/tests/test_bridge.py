"""The bridge: the Score-4 RTL (score4_fast) and the Blokus RTL (blokus_fast)
played over a loopback TCP socket, as a client (whole games under the
referee) and as a server, and on a pseudo-terminal; every answer equal to the
golden session's."""
import os
import signal
import socket
import subprocess
import sys
import time

import pytest

from host import bridge
from host.tests.helpers import check_answers_against_golden, golden_session, read_transcript, run_referee

REPO = bridge.REPO


def _bridge(*args, **kw):
    return subprocess.Popen([sys.executable, "-m", "host.bridge"] + list(args), cwd=str(REPO),
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, **kw)


def _recv(sock, n, timeout=60):
    sock.settimeout(timeout)
    got = b""
    while len(got) < n:
        chunk = sock.recv(n - len(got))
        assert chunk, "the bridge closed the connection"
        got += chunk
    return got


def test_whole_simulated_game_over_tcp(tmp_path):
    """The referee's sim player: host.bridge --connect to the referee's port."""
    t = tmp_path / "t.jsonl"
    code, out, err = run_referee(["score4", "sim", "golden", "--seed", "1", "--transcript", str(t),
                                  "--sim-limit", "120"])
    assert code == 0, err
    recs = read_transcript(t)
    n = check_answers_against_golden(recs, 0, "score4", budget=300)   # score4_fast: budget 300
    end = recs[-1]
    assert end["t"] == "end" and not end["violation"] and n >= 8
    assert "won the game (four in a line)" in out or "Draw game" in out


def test_whole_simulated_blokus_game_over_tcp(tmp_path):
    """The same for the Blokus core (blokus_fast: budget 2, team Tb)."""
    t = tmp_path / "t.jsonl"
    code, out, err = run_referee(["blokus", "sim", "golden:20", "--seed", "2", "--transcript",
                                  str(t), "--sim-limit", "120"])
    assert code == 0, err
    recs = read_transcript(t)
    n = check_answers_against_golden(recs, 0, "blokus", budget=2, team="Tb")
    end = recs[-1]
    assert end["t"] == "end" and not end["violation"] and n >= 8


def test_listen_mode_and_exit_on_close():
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    proc = _bridge("score4", "--listen", str(port), "--trace")
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                sock = socket.create_connection(("127.0.0.1", port), timeout=2)
                break
            except OSError:
                assert proc.poll() is None, proc.stdout.read().decode()
                assert time.monotonic() < deadline
                time.sleep(0.2)
        golden = golden_session("score4")
        for msg in (b"0", b"A00", b"A44"):
            want = golden.feed(msg)
            sock.sendall(msg)
            assert _recv(sock, len(want)) == want
        sock.close()
        assert proc.wait(timeout=60) == 0
        log = proc.stdout.read().decode()
        assert "host> A44" in log and "core> " in log
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_pty_mode(tmp_path):
    import serial
    status = tmp_path / "status"
    proc = _bridge("score4", "--pty", "--status-file", str(status))
    try:
        deadline = time.monotonic() + 120
        while not (status.exists() and "pty " in status.read_text()):
            assert proc.poll() is None and time.monotonic() < deadline
            time.sleep(0.2)
        path = status.read_text().split("pty ", 1)[1].split()[0]
        port = serial.serial_for_url(path, baudrate=9600, timeout=30)
        port.write(b"0")
        assert port.read(3) == b"R00"
        port.write(b"A00")
        assert port.read(2) == golden_session("score4").feed(b"0A00")[3:]
        port.close()
    finally:
        os.kill(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)


@pytest.mark.parametrize("args,msg", [
    (["score4", "--listen", "1", "--config", "nope"], "configuration 'nope' is not defined"),
    (["score4", "--listen", "1", "--config", "uart_fast"], "builds 'uart_echo', not the score4 core"),
    (["score4", "--connect", "host:port"], "--connect needs HOST:PORT"),
])
def test_cli_errors(args, msg):
    proc = _bridge(*args)
    out = proc.communicate(timeout=60)[0].decode()
    assert proc.returncode == 2 and out == "error: %s\n" % out[7:].rstrip("\n") and msg in out
