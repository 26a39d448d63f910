"""Replays to the end: a game left early (Ctrl-C, a person's 'q') still ends
its transcript with an end record, and a game lost on time replays with the
recorded limits."""
import io

import pytest

from host import players, referee
from host.tests.helpers import FakeBoard, read_transcript, run_referee


def _interrupt_on_call(monkeypatch, n):
    """The golden players' exchange raises KeyboardInterrupt on its n-th call."""
    calls = [0]
    exchange = players.SessionPlayer.exchange

    def interrupted(self, data, size, limit):
        calls[0] += 1
        if calls[0] == n:
            raise KeyboardInterrupt
        return exchange(self, data, size, limit)
    monkeypatch.setattr(players.SessionPlayer, "exchange", interrupted)


def _replays_to_the_end(t, reason):
    code, out, err = run_referee(["--replay", str(t)])
    assert code == 0 and err == "" and "diverges" not in err
    assert "** Game abandoned (%s)." % reason in out
    assert "replay: 1 game(s) follow the transcript" in out


@pytest.mark.parametrize("game,call", [("score4", 7), ("blokus", 6), ("score4", 1)])
def test_interrupted_game_is_recorded_and_replays(tmp_path, monkeypatch, game, call):
    t = tmp_path / "t.jsonl"
    _interrupt_on_call(monkeypatch, call)
    code, out, err = run_referee([game, "golden", "golden:20", "--seed", "1", "--transcript", str(t)])
    monkeypatch.undo()
    assert code == 130 and err == "interrupted\n"
    assert "** Game abandoned (interrupted)." in out
    end = read_transcript(t)[-1]
    assert end["t"] == "end" and end["reason"] == "abandoned: interrupted" and end["winner"] is None
    _replays_to_the_end(t, "interrupted")


class InterruptedStdin(io.StringIO):
    """A console where Ctrl-C is pressed after the given lines."""

    def readline(self, *args):
        line = super().readline(*args)
        if not line:
            raise KeyboardInterrupt
        return line


def test_person_interrupted_at_the_console(tmp_path):
    t = tmp_path / "t.jsonl"
    out, err = io.StringIO(), io.StringIO()
    code = referee.run(["blokus", "human", "golden", "--transcript", str(t)], out=out, err=err,
                       stdin=InterruptedStdin("5 3 e 0\n"))
    assert code == 130 and "** Game abandoned (interrupted)." in out.getvalue()
    _replays_to_the_end(t, "interrupted")


def test_person_leaving_replays(tmp_path):
    t = tmp_path / "t.jsonl"
    code, out, err = run_referee(["score4", "human", "golden", "--transcript", str(t)], stdin="22\nq\n")
    assert code == 0 and "** Game abandoned (q)." in out
    _replays_to_the_end(t, "q")


@pytest.mark.parametrize("game,limit", [("score4", "0.3"), ("blokus", "0.25")])
def test_game_lost_on_time_replays(tmp_path, game, limit):
    t = tmp_path / "t.jsonl"
    fake = FakeBoard(game, lambda k, req, ans: None if k == 1 else ans)
    code, out, err = run_referee([game, fake.spec, "golden:20", "--time-limit", limit,
                                  "--transcript", str(t)])
    reason = "lost the game by violation: timeout: no move within %s s" % limit
    assert code == 0 and reason in out
    code, out, err = run_referee(["--replay", str(t), "--time-limit", "9"])
    assert code == 0 and err == "" and reason in out
