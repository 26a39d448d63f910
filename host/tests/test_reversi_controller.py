"""The Reversi controller, programmatic and in the terminal: step by step,
continuous, a size change, restart and quit, with two players on a game
master on loopback."""
import io
import os
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from golden.reversi.encoding import NO_MOVE
from host.reversi.controller import ControllerClient, run_terminal
from host.reversi.players import PlayerClient, make_session
from host.tests.reversi_support import GM, LOOPBACK

REPO = Path(__file__).resolve().parents[2]


def _players(gm, games, kinds=("first", "golden:200")):
    out = []
    for kind, colour in zip(kinds, ("black", "white")):
        c = PlayerClient(make_session(kind), LOOPBACK, gm.ports[colour], games, 5.0)
        t = threading.Thread(target=c.run, daemon=True)
        t.start()
        out.append((c, t))
    return out


def test_step_continuous_size_restart_quit(tmp_path):
    transcript = tmp_path / "t.jsonl"
    with open(transcript, "w") as record, GM(time_limit_ms=2000, transcript=record) as g:
        ctl = ControllerClient(LOOPBACK, g.ports["controller"])
        assert ctl.wait(lambda s: s.status2 >= 1), "no Status on Connect"
        ctl.step()                                  # step-by-step mode before the game
        assert ctl.wait(lambda s: s.oks >= 1)
        _players(g, games=2)
        # the game starts (Status of the start position) and Black's turn is held
        assert ctl.wait(lambda s: s.status2 >= 2)
        time.sleep(0.3)
        assert g.referee.moves == [] and g.referee.held
        for n in (1, 2, 3):                         # each step: exactly one more move
            ctl.step()
            assert ctl.wait(lambda s: len(g.referee.moves) >= n and s.last is not None)
            time.sleep(0.2)
            assert len(g.referee.moves) == n and g.referee.held
        assert ctl.screen.last_of[1] is not None and ctl.screen.last_of[2] is not None
        ctl.size(6, 6)                              # pending: this game stays 8x8
        assert ctl.wait(lambda s: s.oks >= 5)
        assert g.referee.size == (8, 8) and g.referee.pending_size == (6, 6)
        ctl.restart()                               # ends this game, sets up 6x6
        assert ctl.wait(lambda s: s.ends >= 1)
        assert g.referee.history[-1].reason == "restart"
        assert ctl.wait(lambda s: s.position is not None and s.position.width == 6)
        # the players reconnect; the step mode still holds the first move
        assert g.wait(lambda gm: gm.referee.state == "playing")
        ctl.continuous()                            # releases it; the game runs to its end
        assert ctl.wait(lambda s: s.ends >= 2, timeout=60)
        res = g.referee.history[-1]
        assert res.reason == "end" and res.black + res.white <= 36
        assert ctl.screen.position.width == 6 and ctl.screen.position.game_over()
        ctl.size(5, 5)                              # an odd size is refused
        assert ctl.wait(lambda s: s.noks >= 1)
        assert g.referee.pending_size == (6, 6)
        ctl.quit()
        assert ctl.closed.is_set()
        time.sleep(0.1)
        assert g.thread.is_alive()                  # the game master goes on
    # the viewer draws the second game on the 6 x 6 board the restart set up
    from host import viewer
    games = viewer.reversi_page(str(transcript))["games"]
    assert [len(g["frames"][0]["board"]) for g in games] == [8, 6]
    assert games[1]["frames"][-1]["points"] == [res.black, res.white]


class _Lines(object):
    """A stdin whose lines the test writes one at a time (a pipe)."""

    def __init__(self):
        r, w = os.pipe()
        self.reader = os.fdopen(r, "r")
        self.writer = os.fdopen(w, "w")

    def say(self, line):
        self.writer.write(line + "\n")
        self.writer.flush()

    def close(self):
        self.writer.close()


class _Out(io.StringIO):
    def __init__(self):
        super().__init__()
        self.lock = threading.Lock()

    def write(self, s):
        with self.lock:
            return super().write(s)

    def text(self):
        with self.lock:
            return self.getvalue()


def _until(pred, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if pred():
            return True
        time.sleep(0.02)
    return False


def test_terminal_commands():
    with GM(time_limit_ms=2000) as g:
        stdin, out, err = _Lines(), _Out(), _Out()
        box = {}
        t = threading.Thread(target=lambda: box.setdefault(
            "code", run_terminal(LOOPBACK, g.ports["controller"], stdin.reader, out, err)),
            daemon=True)
        t.start()
        assert _until(lambda: "Black Player : -" in out.text())     # the screen on connect
        stdin.say("s")
        stdin.say("ch 6 4")                         # 6 wide, 4 high
        assert _until(lambda: g.referee.pending_size == (6, 4))
        stdin.say("ch 7 4")
        stdin.say("frobnicate")
        assert _until(lambda: "unknown command" in err.text())
        assert "ch needs" in err.text() or "even in 4..16, not 7 x 4" in err.text()
        stdin.say("r")
        assert _until(lambda: g.referee.size == (6, 4))
        _players(g, games=1, kinds=("first", "first"))
        assert g.wait(lambda gm: gm.referee.state == "playing" and gm.referee.held)
        stdin.say("s")
        assert g.wait(lambda gm: len(gm.referee.moves) == 1)
        stdin.say("c")
        assert g.wait(lambda gm: gm.referee.state == "over", timeout=60)
        assert _until(lambda: "== End: the game is over" in out.text())
        text = out.text()
        assert "Black Player : First Legal" in text and "Last Move : " in text
        last = text.rsplit("Black Player :", 1)[1]     # the last screen: 6 wide, 4 high
        assert "\tA\tB\tC\tD\tE\tF\n1\t" in last and "\n4\t" in last and "\n5\t" not in last
        assert "Time : " in text and "Points : " in text
        stdin.say("b")
        stdin.say("q")
        t.join(5)
        assert box.get("code") == 0
        assert g.referee.history[-1].reason == "end"
        stdin.close()


def test_no_move_shows_dash():
    with GM() as g:
        ctl = ControllerClient(LOOPBACK, g.ports["controller"])
        assert ctl.wait(lambda s: s.status1 >= 1)
        assert ctl.screen.last is None and NO_MOVE == 0xFF
        assert "Last Move : -" in ctl.screen.render()
        ctl.quit()


def test_ctrl_c_twice_exits_quietly():
    """Ctrl-C, then another at once (an impatient person): exit 130, one
    'interrupted' line, never a traceback (the second used to land in the
    interpreter's shutdown)."""
    with GM() as g:
        for gap in (0.0, 0.0, 0.001, 0.01):
            p = subprocess.Popen([sys.executable, "-m", "host.reversi", "controller", "--port",
                                  str(g.ports["controller"])], cwd=str(REPO),
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE)
            try:
                seen = b""
                deadline = time.monotonic() + 30
                while b"Black Player" not in seen and time.monotonic() < deadline:
                    if select.select([p.stdout], [], [], 0.5)[0]:
                        seen += os.read(p.stdout.fileno(), 4096)
                assert b"Black Player" in seen, "the controller showed no screen"
                p.send_signal(signal.SIGINT)
                time.sleep(gap)
                p.send_signal(signal.SIGINT)
                out, err = p.communicate(timeout=30)
            finally:
                if p.poll() is None:
                    p.kill()
                    p.wait(5)
            err = err.decode()
            assert p.returncode == 130, (gap, p.returncode, err)
            assert "Traceback" not in err and "Exception ignored" not in err, err
            assert err.strip() in ("", "interrupted"), err
