"""The mirror player (referee `mirror[:BUDGET]`, bridge `--player mirror`):
golden's moves by the compiled mirror, at the core's own budget by default;
and what the banners say about budgets (golden far weaker than the board,
a tiny sim budget a demonstration, the team golden answers)."""
import os
import socket
import subprocess
import sys
import time

import pytest

from golden.blokus import search as blokus_search
from golden.score4 import search as score4_search
from host import bridge, games, players
from host.tests.helpers import (check_answers_against_golden, free_port, golden_session,
                                read_transcript, run_referee)

REPO = str(bridge.REPO)
CORE_BUDGET = {"score4": score4_search.DEFAULT_BUDGET, "blokus": blokus_search.DEFAULT_BUDGET}
NO_GCC = dict(os.environ, CC="/nonexistent/cc")     # the mirror cannot be built


@pytest.mark.parametrize("game,budget,seed", [("score4", 2000, 4), ("blokus", 3000, 5)])
def test_mirror_answers_golden_moves_in_a_referee_game(tmp_path, game, budget, seed):
    t = tmp_path / "t.jsonl"
    code, out, err = run_referee([game, "mirror:%d" % budget, "random", "--seed", str(seed),
                                  "--transcript", str(t)])
    assert code == 0 and err == "" and "violation" not in out, err + out
    assert "Player 1: mirror:%d (the compiled mirror of the core's search, budget %d; " \
           % (budget, budget) in out
    # every answer of the mirror player is golden's `choose` at the same budget
    assert check_answers_against_golden(read_transcript(t), 0, game, budget=budget) > 5
    # and its searches' figures are recorded for the viewer (checked against golden's above)
    assert sum(1 for r in read_transcript(t) if r["t"] == "x" and "search" in r) >= 3


@pytest.mark.parametrize("game", ["score4", "blokus"])
def test_mirror_default_budget_is_the_cores(game):
    from bench.blokus import mirror as blokus_mirror
    p = players.parse_spec("mirror", 1)
    p.open(games.GAMES[game], None)
    assert p.session.budget == CORE_BUDGET[game] > players.GOLDEN_BUDGET[game]
    if game == "blokus":
        from golden.blokus.board import Position
        for seat in ("5", "A"):                 # it chooses as the mirror does
            assert p.session.chooser(Position(seat), 300) == blokus_mirror.choose(Position(seat), 300)
    assert p.describe(games.GAMES[game]) == \
        "mirror (the compiled mirror of the core's search, budget %d: the board's moves)" \
        % CORE_BUDGET[game]


def test_mirror_has_the_sim_limit_not_the_boards():
    """Its moves are the board's, its speed is not: it answers within
    --sim-limit, while a random player still has --time-limit (and cannot
    answer even the hello within a nanosecond)."""
    code, out, err = run_referee(["blokus", "mirror:300", "random", "--seed", "1",
                                  "--time-limit", "0.000000001"])
    assert code == 0 and "** Player 2 (random) lost the game by violation" in out, out


def test_mirror_that_cannot_be_built_is_one_error_line():
    r = subprocess.run([sys.executable, "-m", "host.referee", "blokus", "mirror", "random"],
                       cwd=REPO, env=NO_GCC, capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
    assert r.stderr.startswith("error: the mirror player needs the compiled blokus mirror, which "
                               "cannot be built: C compiler '/nonexistent/cc' not found")


# ------------------------------------------------------------------ the bridge
def _bridge(*args, env=None):
    return subprocess.Popen([sys.executable, "-m", "host.bridge"] + list(args), cwd=REPO,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)


def _connect(proc, port):
    for _ in range(600):
        try:
            return socket.create_connection(("127.0.0.1", port), timeout=2)
        except OSError:
            assert proc.poll() is None, proc.stdout.read().decode()
            time.sleep(0.1)
    raise AssertionError("the bridge never listened")


def _recv(sock, n):
    data = b""
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        assert chunk, data
        data += chunk
    return data


def _exchange(game, args, messages, budget):
    """Run a bridge on a free port, send `messages`, check every answer is a
    golden session's at `budget`; the bridge's output."""
    port = free_port()
    proc = _bridge(game, "--listen", str(port), *args)
    try:
        sock = _connect(proc, port)
        want_session = golden_session(game, budget=budget)
        for msg in messages:
            want = want_session.feed(msg)
            sock.sendall(msg)
            assert _recv(sock, len(want)) == want
        sock.close()
        out = proc.communicate(timeout=60)[0].decode()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, out
    return out


@pytest.mark.parametrize("game,messages", [
    ("blokus", [b"0", b"25", b"4aae0", b"9"]),
    ("score4", [b"0", b"A00", b"A44"]),
])
def test_bridge_mirror_answers_as_golden(game, messages):
    out = _exchange(game, ["--player", "mirror", "--budget", "2000"], messages, 2000)
    assert "core: compiled mirror of the core's search (the board's moves), budget 2000%s; a " \
           "quick demonstration" % (", team 01" if game == "blokus" else "") in out


def test_bridge_mirror_default_budget_and_golden_team():
    out = _exchange("blokus", ["--player", "mirror"], [b"0", b"9"], None)
    assert "bridge: blokus core: compiled mirror of the core's search (the board's moves), " \
           "budget %d, team 01\n" % CORE_BUDGET["blokus"] in out
    out = _exchange("blokus", ["--player", "golden"], [b"0", b"9"], None)
    assert "bridge: blokus core: golden model in Python, budget %d, team 01; far weaker than " \
           "the board" % players.GOLDEN_BUDGET["blokus"] in out and "None" not in out


def test_bridge_mirror_that_cannot_be_built_is_one_error_line():
    proc = _bridge("score4", "--player", "mirror", "--listen", str(free_port()), env=NO_GCC)
    out = proc.communicate(timeout=120)[0].decode()
    assert proc.returncode == 2 and out.count("\n") == 1, out
    assert out.startswith("error: the mirror player needs the compiled score4 mirror")


def test_bridge_sim_banner_says_a_tiny_budget_is_a_demonstration():
    for game in ("score4", "blokus"):
        label = bridge.SimCore(game, None, None, None).label
        assert label.endswith("; a quick demonstration, not the core's strength: the board "
                              "searches %d nodes a move" % CORE_BUDGET[game])
    assert "demonstration" not in bridge.SimCore("blokus", None, 1000000, None).label


def test_bridge_help_names_no_configuration_it_refuses():
    r = subprocess.run([sys.executable, "-m", "host.bridge", "--help"], cwd=REPO,
                       capture_output=True, text=True)
    assert r.returncode == 0 and "reversi" not in r.stdout.lower()
    assert "score4_fast for score4, blokus_fast for blokus" in " ".join(r.stdout.split())
    assert "--player {sim,golden,mirror}" in r.stdout
