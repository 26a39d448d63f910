"""The bridge: the Score-4 RTL (score4_fast) and the Blokus RTL (blokus_fast)
played over a loopback TCP socket, as a client (whole games under the
referee) and as a server, and on a pseudo-terminal, and the Monte-Carlo
Blokus RTL (blokus_mcts_root) with the SDRAM chip's model; every answer equal
to the golden session's."""
import os
import signal
import socket
import subprocess
import sys
import time

import pytest

from host import bridge
from host.tests.helpers import (check_answers_against_golden, free_port, golden_session,
                                read_transcript, run_referee)

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


@pytest.mark.slow
def test_whole_simulated_monte_carlo_game_over_tcp(tmp_path):
    """The Monte-Carlo core as the referee's sim player (sim:blokus_mcts_root:
    budget 1 cycle, team Tb) for a whole game against random moves, every
    answer equal to Session(engine="mcts"): make sim-long (2.5 minutes in CI
    beside the other worker; per commit, BlokusMctsGame plays the same core
    a whole game with every search compared, and test_monte_carlo_core_over_tcp
    runs it behind the bridge)."""
    t = tmp_path / "t.jsonl"
    code, out, err = run_referee(["blokus", "sim:blokus_mcts_root", "random", "--seed", "5",
                                  "--transcript", str(t), "--sim-limit", "120"])
    assert code == 0, err
    recs = read_transcript(t)
    n = check_answers_against_golden(recs, 0, "blokus", budget=1, team="Tb", engine="mcts")
    end = recs[-1]
    assert end["t"] == "end" and not end["violation"] and n >= 8


def test_listen_mode_and_exit_on_close():
    port = free_port()
    proc = _bridge("score4", "--listen", str(port), "--trace")
    try:
        sock = _connect(proc, port)
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


def test_monte_carlo_core_over_tcp():
    """The Monte-Carlo core (blokus_mcts_root: budget 1 cycle, the root's
    expansion alone) as a sim player, the SDRAM chip's model on its pins: the
    hello and two moves equal to Session(engine="mcts"), then the game's end;
    the chip's rules hold (a broken one fails the simulation and the exit)."""
    from golden.blokus import Session

    port = free_port()
    proc = _bridge("blokus", "--listen", str(port), "--config", "blokus_mcts_root")
    try:
        sock = _connect(proc, port, deadline_s=300)
        golden = Session(budget=1, team="Tb", engine="mcts")
        for msg in (b"0", b"2A", b"455a0"):
            want = golden.feed(msg)
            sock.sendall(msg)
            assert _recv(sock, len(want), timeout=300) == want, msg
        sock.sendall(b"9")
        time.sleep(0.5)
        sock.close()
        code = proc.wait(timeout=120)
        log = proc.stdout.read().decode()
        assert code == 0, log
        assert "blokus_mcts_root" in log and "a normal end" in log, log
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
    (["score4", "--listen", "1", "--config", "uart_fast"], "builds 'uart_echo', not a score4 core"),
    (["score4", "--connect", "host:port"], "--connect needs HOST:PORT"),
])
def test_cli_errors(args, msg):
    proc = _bridge(*args)
    out = proc.communicate(timeout=60)[0].decode()
    assert proc.returncode == 2 and out == "error: %s\n" % out[7:].rstrip("\n") and msg in out


def _connect(proc, port, deadline_s=120):
    deadline = time.monotonic() + deadline_s
    while True:
        try:
            return socket.create_connection(("127.0.0.1", port), timeout=2)
        except OSError:
            assert proc.poll() is None, proc.stdout.read().decode()
            assert time.monotonic() < deadline
            time.sleep(0.1)


def _finish(proc, timeout=60):
    out = proc.communicate(timeout=timeout)[0].decode()
    return proc.returncode, out


@pytest.mark.parametrize("args,msg", [
    (["blokus", "--connect", "127.0.0.1:1", "--wait", "0.3"], "cannot connect to 127.0.0.1:1"),
    (["blokus", "--connect", "127.0.0.1:1", "--wait", "-1"], "--wait must be 0 or more"),
    (["score4", "--listen", "1", "--team", "AB"], "score4 has none"),
    (["blokus", "--listen", "1", "--player", "golden", "--config", "blokus_fast"],
     "goes with --player sim"),
    (["blokus", "--listen", "1", "--player", "golden", "--budget", "0"], "budget must be in"),
    (["blokus", "--listen", "1", "--budget", "0"], "budget must be in"),
])
def test_bad_links_and_options_give_one_line(args, msg):
    code, out = _finish(_bridge(*args))
    lines = [l for l in out.splitlines() if l.startswith("error:")]
    assert code == 2 and len(lines) == 1 and msg in lines[0], out
    assert "Traceback" not in out


def test_listen_on_a_port_in_use():
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen(1)
    try:
        code, out = _finish(_bridge("blokus", "--listen", str(busy.getsockname()[1])))
    finally:
        busy.close()
    assert code == 2 and "it is in use" in out and "Traceback" not in out, out


@pytest.mark.parametrize("game,messages,end", [
    ("blokus", [b"0", b"25", b"4aae0", b"9"], "a normal end: the host ended the game (9)"),
    ("score4", [b"0", b"A00", b"A44"], "a normal end: the host closed the connection"),
])
def test_golden_player_answers_as_golden_and_ends_normally(game, messages, end):
    """--player golden: the golden session at the default budget (Blokus),
    byte for byte, and exit 0 after a normal end."""
    port = free_port()
    proc = _bridge(game, "--player", "golden", "--listen", str(port), "--team", "Zz") \
        if game == "blokus" else _bridge(game, "--player", "golden", "--listen", str(port))
    golden = golden_session(game, team="Zz")      # budget: what `golden` plays
    sock = _connect(proc, port)
    for msg in messages:
        want = golden.feed(msg)
        sock.sendall(msg)
        assert _recv(sock, len(want)) == want
    sock.close()
    code, out = _finish(proc)
    assert code == 0 and end in out, out


def test_host_closing_mid_game_is_not_a_normal_end():
    """Blokus without a 9: the host went away (killed): exit 1, and it says so."""
    port = free_port()
    proc = _bridge("blokus", "--player", "golden", "--listen", str(port))
    sock = _connect(proc, port)
    sock.sendall(b"025")
    _recv(sock, 7)
    sock.close()
    code, out = _finish(proc)
    assert code == 1 and "without ending the game (no 9)" in out, out


def test_host_giving_up_on_a_slow_core_is_a_timeout():
    """The host ends the game (9) while the simulated core still owes its
    answer, as the contest host does when its time limit runs out: exit 1."""
    port = free_port()
    proc = _bridge("blokus", "--listen", str(port), "--config", "blokus_think")
    sock = _connect(proc, port)
    sock.sendall(b"0")
    assert _recv(sock, 3) == b"1Tb"
    sock.sendall(b"25" + b"9")
    sock.close()
    code, out = _finish(proc)
    assert code == 1 and "the host ended the game while the core still owed 4" in out, out


def test_silent_host_warns(tmp_path):
    """Connected, but the host never speaks (a bridge queued behind another
    board on the same port): a warning names the likely cause."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(2)
    proc = _bridge("blokus", "--player", "golden", "--connect",
                   "127.0.0.1:%d" % server.getsockname()[1], "--silent-warn", "0.5")
    try:
        time.sleep(2.0)
    finally:
        server.close()       # never accepted: the bridge's connection is reset or closed
    code, out = _finish(proc)
    assert "the host has said nothing" in out and "accept queue" in out, out
    assert code == 1, out


def test_hard_kill_leaves_no_simulator_and_no_run_folder():
    port = free_port()
    proc = _bridge("score4", "--listen", str(port))
    sock = _connect(proc, port)
    sock.sendall(b"0")
    assert _recv(sock, 3) == b"R00"
    work = next(bridge.BRIDGE_ROOT.glob("*/run-%d" % proc.pid))
    assert work.is_dir()
    proc.kill()
    proc.wait()
    deadline = time.monotonic() + 60
    while work.exists() or _simulators_of(work):
        assert time.monotonic() < deadline, "left behind: %s %s" % (
            work.exists() and os.listdir(str(work)), _simulators_of(work))
        time.sleep(0.2)
    sock.close()


def _simulators_of(work):
    """Pids of vvp processes running in `work`."""
    pids = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            cmd = open("/proc/%s/cmdline" % pid, "rb").read().split(b"\0")
        except OSError:
            continue
        if cmd and cmd[0].endswith(b"vvp") and any(str(work).encode() in c for c in cmd):
            pids.append(int(pid))
    return pids


def test_simulator_tells_a_hard_kill_from_an_orderly_end(tmp_path):
    """A killed bridge's socket closes before its children lose their parent,
    so the simulator cannot wait for that: only the bridge's closing mark
    (written by SimCore.close) spares the run folder."""
    from host import bridge_tb
    assert bridge_tb._bridge_gone(str(tmp_path))            # no mark: clean up
    (tmp_path / bridge.CLOSING_MARK).touch()
    assert not bridge_tb._bridge_gone(str(tmp_path))        # the bridge reads the results
