"""The Reversi bridge: a core on a serial line carried to a game master's
port. The golden Session stands in for the core on a pseudo-terminal (the
bridge opens it as a serial port with pyserial) and in process; whole games,
every answer the golden session's; the simulator hook's error."""
import re
import select
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from golden.reversi.session import Session
from host.bridge import BridgeError, PtyEnd
from host.reversi.bridge import GoldenCore, SerialEnd, carry, open_core, serve_core
from host.reversi.players import PlayerClient, make_session
from host.tests.reversi_support import GM, LOOPBACK, check_player_answers, read_jsonl, run_cli

REPO = Path(__file__).resolve().parents[2]


def _white(g, games):
    c = PlayerClient(make_session("first"), LOOPBACK, g.ports["white"], games, 5.0)
    t = threading.Thread(target=c.run, daemon=True)
    t.start()
    return t


def test_golden_core_on_a_pty_two_games(tmp_path):
    t = tmp_path / "t.jsonl"
    f = open(t, "w")
    pty = PtyEnd()                      # the stand-in core's line (master side)
    stop = threading.Event()
    core = threading.Thread(target=serve_core, args=(pty, Session(budget=200)),
                            kwargs={"stop": stop}, daemon=True)
    core.start()
    try:
        with GM(games=2, transcript=f, width=6, height=6) as g:
            _white(g, 2)
            line = SerialEnd(pty.name)  # what the bridge opens: /dev/pts/N at 115200 8N1
            code, how = carry((LOOPBACK, g.ports["black"]), line, hello_wait=0.3, games=2)
            line.close()
            assert code == 0, how
            assert g.wait(lambda gm: len(gm.results) == 2)
            assert [r.reason for r, _ in g.gm.results] == ["end", "end"]
            # pyserial flushed the core's power-up Connect: the bridge sent one for it
            assert g.gm.results[0][1][1] == "FPGA Reversi"
    finally:
        stop.set()
        core.join(2)
        pty.close()
        f.close()
    recs = read_jsonl(t)
    n = check_player_answers(recs, "black", lambda: Session(budget=200))
    assert n >= 8


def test_golden_core_in_process_sends_its_own_connect():
    with GM(games=1) as g:
        _white(g, 1)
        core = GoldenCore(budget=100, name="Stand In")
        code, how = carry((LOOPBACK, g.ports["black"]), core, hello_wait=5.0)
        assert code == 0, how
        assert g.wait(lambda gm: len(gm.results) == 1)
        res, names = g.gm.results[0]
        assert res.reason == "end" and names[1] == "Stand In"


def test_gm_closing_mid_game_is_exit_1():
    g = GM(games=0, time_limit_ms=0)
    core = GoldenCore(budget=100)
    box = {}
    t = threading.Thread(target=lambda: box.setdefault(
        "r", carry((LOOPBACK, g.ports["black"]), core, hello_wait=5.0)), daemon=True)
    t.start()
    assert g.wait(lambda gm: gm.referee.connected[1])
    g.stop()                            # the game master goes away before any End
    t.join(5)
    assert box["r"][0] == 1 and "closed the connection" in box["r"][1]


def _read_exactly(core, n, deadline_s=120):
    """n bytes from the core's end, or what came before the hang guard."""
    got = bytearray()
    deadline = time.monotonic() + deadline_s
    while len(got) < n and time.monotonic() < deadline:
        data = core.read(0.2)
        if data is None:
            break
        got += data
    return bytes(got)


def test_sim_core_plays_through_the_bridge_end():
    """The simulated RTL (reversi_fast) behind open_core("sim"): its Connect
    after reset, then the golden session's answer to a Player OK and a Next
    Turn, byte for byte."""
    from golden.reversi import encoding as E
    from golden.reversi.board import start
    from golden.reversi.session import Session
    from hdl import configs

    core = open_core("sim:reversi_fast")
    try:
        session = Session(budget=configs.get("reversi_fast").budget)
        assert _read_exactly(core, len(session.hello())) == session.hello()
        pos = start(8, 8).play(19)
        data = E.encode_player_ok(E.WHITE) + E.encode_next_turn(19, pos.black, pos.white, 8, 8)
        want = session.feed(data)
        core.write(data)
        assert len(want) == 3 and _read_exactly(core, 3) == want
    finally:
        assert core.close() is None


def test_bad_cores():
    with pytest.raises(BridgeError, match="is not defined in hdl/configs.py"):
        open_core("sim:reversi_nothing")
    with pytest.raises(BridgeError, match="unknown core"):
        open_core("usb")
    with pytest.raises(BridgeError, match="cannot open the serial port"):
        open_core("serial:/dev/does-not-exist")
    code, out, err = run_cli(["bridge", "--core", "serial:/dev/does-not-exist"])
    assert code == 2 and err.startswith("error: cannot open the serial port")
    assert len(err.splitlines()) == 1


def _spawn(*args):
    return subprocess.Popen([sys.executable, "-m", "host.reversi"] + list(args), cwd=str(REPO),
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def test_core_command_on_its_pty_through_the_bridge():
    core = _spawn("core", "--pty", "--budget", "100")
    try:
        assert select.select([core.stdout], [], [], 20)[0], "the core printed no pty name"
        line = core.stdout.readline()
        assert line.startswith("core: pty /dev/"), line
        name = line.split()[2]
        with GM(games=1, width=4, height=4) as g:
            _white(g, 1)
            end = SerialEnd(name)
            code, how = carry((LOOPBACK, g.ports["black"]), end, hello_wait=0.3)
            end.close()
            assert code == 0, how
            assert g.wait(lambda gm: len(gm.results) == 1)
            assert g.gm.results[0][0].reason == "end"
    finally:
        core.terminate()
        core.wait(10)
    assert core.returncode == 130


def _gm_and_controller(size):
    """A game master process on free ports and a controller process on its
    port: (gm, {black, white, controller: port}, controller)."""
    gm = _spawn("gm", "--games", "1", "--size", str(size), "--black-port", "0",
                "--white-port", "0", "--controller-port", "0")
    try:
        assert select.select([gm.stdout], [], [], 20)[0], "the game master printed nothing"
        first = gm.stdout.readline()
        ports = dict(zip(("black", "white", "controller"),
                         re.findall(r"(?:Black|White|controller) port (\d+)", first)))
        assert len(ports) == 3, first
    except AssertionError:
        gm.kill()
        gm.wait(5)
        raise
    ctl = _spawn("controller", "--port", ports["controller"])
    time.sleep(0.3)
    return gm, ports, ctl


def test_gm_controller_and_two_players_as_processes():
    """The four programs of a session, each its own process, on loopback."""
    gm, ports, ctl = _gm_and_controller(size=6)
    procs = [gm, ctl]
    try:
        pb = _spawn("player", "first", "--colour", "black", "--port", ports["black"])
        pw = _spawn("player", "golden:200", "--colour", "white", "--port", ports["white"])
        procs += [pb, pw]
        assert gm.wait(30) == 0
        assert pb.wait(10) == 0 and pw.wait(10) == 0
        out, _ = ctl.communicate("", timeout=60)     # end of input: it leaves
        assert ctl.returncode in (0, 1)
        assert "== End: the game is over" in out and "Black Player : First Legal" in out
        assert "\tA\tB\tC\tD\tE\tF\n" in out
        log, _ = gm.communicate(timeout=60)
        assert "** " in log and ("won the game" in log or "Draw game" in log)
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait(5)


def test_gm_controller_player_and_the_simulated_core_as_processes():
    """A whole game of the four programs, one player the simulated RTL core
    (reversi_fast, through the bridge's --core sim), the other golden's
    search: the game master checks every move of both and ends the game."""
    gm, ports, ctl = _gm_and_controller(size=6)
    procs = [gm, ctl]
    try:
        core = _spawn("bridge", "--core", "sim", "--colour", "black",
                      "--gm", "127.0.0.1:%s" % ports["black"])
        pw = _spawn("player", "golden:200", "--colour", "white", "--port", ports["white"])
        procs += [core, pw]
        assert gm.wait(300) == 0                     # a hang guard: a loaded machine
        assert core.wait(120) == 0 and pw.wait(30) == 0, core.stderr.read()
        out, _ = ctl.communicate("", timeout=60)
        assert "== End: the game is over" in out and "Black Player : FPGA Reversi" in out
        log, _ = gm.communicate(timeout=60)
        assert "** " in log and ("won the game" in log or "Draw game" in log), log
        assert "illegal" not in log.lower(), log
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait(5)


def test_bridge_pty_waits_for_the_core_program():
    """--core pty: the bridge makes the pty; a core program opens it later
    (here the golden stand-in through pyserial) and its own Connect is used."""
    from host.reversi.bridge import open_core
    end = open_core("pty", log=open("/dev/null", "w"))
    stop = threading.Event()
    with GM(games=1, width=4, height=4) as g:
        _white(g, 1)
        box = {}
        t = threading.Thread(target=lambda: box.setdefault(
            "r", carry((LOOPBACK, g.ports["black"]), end, hello_wait=0.2)), daemon=True)
        t.start()
        time.sleep(0.5)                               # no core yet: nothing reaches the GM
        assert not g.referee.connected[1] and not g.gm.conns["black"]
        line = SerialEnd(end.name)
        core = threading.Thread(target=serve_core, args=(line, Session(budget=100, name="Late")),
                                kwargs={"stop": stop}, daemon=True)
        core.start()
        t.join(15)
        stop.set()
        core.join(2)
        line.close()
        end.close()
        assert box["r"][0] == 0, box
        assert g.gm.results[0][1][1] == "Late"        # the core's own Connect
