"""Opt-in: whole games through the official contest host (HEART 2014
``blokus-host``, TCP mode) against host.bridge, in every seat setting.

The project holds none of the host's code: build it from the contest's
published source (docs/contest-host.md) and give its path:

    CONTEST_HOST=/path/to/blokus-host .venv/bin/python -m pytest host/tests/test_contest_host.py

CONTEST_PLAYER=sim (default: the RTL in simulation), golden or mirror chooses
what the bridge puts on the link. Every answer the bridge's player sent is
checked against a golden session fed the same bytes (mirror: a session
choosing with the mirror at the core's budget, which golden in Python cannot
search in reasonable time; the mirror's equality to golden is
bench/blokus/test_mirror.py's), the host must end every game normally (no
violation) and every bridge must report a normal end.
The host's logs go to build/contest-host/.
"""
import fcntl
import os
import re
import shutil
import subprocess
import sys

import pytest

from golden.blokus import Session
from hdl import configs
from host.cores import DEFAULT_CONFIG, GOLDEN_BUDGET, REPO, core_budget, mirror_chooser

HOST = os.environ.get("CONTEST_HOST")
PLAYER = os.environ.get("CONTEST_PLAYER", "sim")
LOGS = REPO / "build" / "contest-host"
SEATS = {            # host flags -> the ports with a bridge
    "-1": ["10000"], "-1 -r": ["10000"], "-2": ["10000"], "-2 -r": ["10000"],
    "-3": ["10000", "10001"], "-3 -r": ["10000", "10001"],
}
TRACE = re.compile(r"^bridge:\s+[\d.]+ s (host|core)> (.*)$")

pytestmark = pytest.mark.skipif(
    not HOST, reason="no contest host: set CONTEST_HOST=/path/to/blokus-host (built from the "
                     "contest's published source, see docs/contest-host.md)")


def _golden_for_player():
    if PLAYER == "golden":
        return lambda: Session(budget=GOLDEN_BUDGET["blokus"], team="01")
    if PLAYER == "mirror":
        return lambda: Session(budget=core_budget("blokus"), team="01",
                               chooser=mirror_chooser("blokus"))
    cfg = configs.get(DEFAULT_CONFIG["blokus"])
    return lambda: Session(budget=cfg.budget, team=cfg.team)


def _check_trace(log, fresh):
    """The player's answers in a bridge's --trace log equal a golden session's."""
    session, want, got = fresh(), b"", b""
    for line in log.splitlines():
        m = TRACE.match(line)
        if not m:
            continue
        data = m.group(2).encode("ascii").decode("unicode_escape").encode("latin-1")
        if m.group(1) == "host":
            want += session.feed(data)
        else:
            got += data
    assert got == want, "the player sent %r, golden %r" % (got, want)
    return len(want)


@pytest.mark.parametrize("seat", sorted(SEATS))
def test_whole_game_through_the_contest_host(seat, tmp_path):
    if not (os.path.isfile(HOST) and os.access(HOST, os.X_OK)):
        pytest.fail("CONTEST_HOST=%s is not an executable file" % HOST)
    LOGS.mkdir(parents=True, exist_ok=True)
    with open(LOGS / ".lock", "w") as lock:      # the host's ports are fixed: one game at a time
        fcntl.flock(lock, fcntl.LOCK_EX)
        host_cmd = [HOST, "-T"] + seat.split() + ["-a", "2", "-o", "100"]
        if shutil.which("stdbuf"):
            host_cmd = ["stdbuf", "-oL"] + host_cmd
        host_log = LOGS / ("host%s.log" % seat.replace(" ", ""))
        with open(host_log, "w") as out:
            host = subprocess.Popen(host_cmd, stdin=subprocess.DEVNULL, stdout=out,
                                    stderr=subprocess.STDOUT)
            bridges = [subprocess.Popen(
                [sys.executable, "-m", "host.bridge", "blokus", "--connect", "127.0.0.1:" + port,
                 "--player", PLAYER, "--trace"], cwd=str(REPO), stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT, text=True) for port in SEATS[seat]]
            try:
                logs = [b.communicate(timeout=1800)[0] for b in bridges]
                host.wait(timeout=60)
            finally:
                for p in bridges + [host]:
                    if p.poll() is None:
                        p.kill()
    text = host_log.read_text(errors="replace")
    assert "sending termination code" in text and "by violation" not in text, text[-3000:]
    assert re.search(r"\*\* Tiles: \d+ / \d+, Score: -?\d+ / -?\d+\. (Player \d won|Draw)", text)
    for b, log in zip(bridges, logs):
        assert b.returncode == 0 and "end: a normal end" in log, log[-3000:]
        assert _check_trace(log, _golden_for_player()) >= 3 * 4
