"""The game viewer's page without a browser: the boards it holds are the
golden replay's, it is self-contained, a search's figures show where the
transcript has them, and a transcript that does not replay gives the same
one-line error as the replay itself."""
import json
import re

import pytest

from host.reversi import cli as reversi_cli
from host.tests.helpers import run_referee
from host.tests.reversi_support import run_cli
from host.tests.viewer_support import golden_boards, record_game

KINDS = ("score4", "blokus", "reversi")


@pytest.fixture(scope="module")
def transcripts(tmp_path_factory):
    folder = tmp_path_factory.mktemp("viewer")
    return {k: record_game(k, folder / ("%s.jsonl" % k)) for k in KINDS}


def html_of(kind, transcript, out):
    """(exit code, stdout, stderr) of the viewer's command for ``kind``."""
    if kind == "reversi":
        return run_cli(["replay", str(transcript), "--html", str(out)])
    return run_referee(["--replay", str(transcript), "--html", str(out)])


def replay(kind, transcript):
    if kind == "reversi":
        return run_cli(["replay", str(transcript), "--quiet"])
    return run_referee(["--replay", str(transcript), "--quiet"])


def page_data(path):
    text = path.read_text()
    m = re.search(r'<script id="data" type="application/json">(.*?)</script>', text, re.S)
    return json.loads(m.group(1).replace("<\\/", "</"))


@pytest.mark.parametrize("kind", KINDS)
def test_page_holds_the_golden_boards(tmp_path, transcripts, kind):
    out = tmp_path / "game.html"
    code, stdout, err = html_of(kind, transcripts[kind], out)
    assert code == 0 and err == "", err
    data = page_data(out)
    frames = data["games"][0]["frames"]
    assert [f["board"] for f in frames] == golden_boards(kind, transcripts[kind])
    assert "wrote %s: 1 game(s), %d moves" % (out, len(frames) - 1) in stdout
    assert data["games"][0]["result"]["text"]
    moves = frames[1:]
    assert all(f["move"] and f["player"] in (0, 1) for f in moves)
    assert all(f["seconds"] is None or f["seconds"] >= 0 for f in moves)
    if kind == "blokus":
        assert frames[0]["tiles"] == [list("abcdefghijklmnopqrstu")] * 2
        placed = sum(21 - len(f["tiles"][0]) for f in frames[-1:])
        assert placed == sum(1 for f in moves if f["player"] == 0 and not f["pass"])


def test_page_is_self_contained(tmp_path, transcripts):
    out = tmp_path / "game.html"
    assert html_of("blokus", transcripts["blokus"], out)[0] == 0
    text = out.read_text()
    assert "<link" not in text and " src=" not in text and "@import" not in text
    assert set(re.findall(r"https?://[^\s\"']+", text)) == {"http://www.w3.org/2000/svg"}


def test_search_figures_where_the_transcript_has_them(tmp_path, transcripts):
    recs = [json.loads(line) for line in transcripts["score4"].read_text().splitlines()]
    for r in recs:
        r.pop("search", None)           # the referee's own: only the one below stays
    answers = [r for r in recs if r["t"] == "x" and r["sent"] != "0"]
    answers[0]["search"] = {"depth": 7, "nodes": 12345, "score": -3}
    t = tmp_path / "with-search.jsonl"
    t.write_text("".join(json.dumps(r) + "\n" for r in recs))
    out = tmp_path / "game.html"
    assert html_of("score4", t, out)[0] == 0
    frames = page_data(out)["games"][0]["frames"]
    assert frames[1]["search"] == {"depth": 7, "nodes": 12345, "score": -3}
    assert all("search" not in f for f in frames[2:])


def _tampered(kind, transcript, tmp_path):
    """The transcript with its second move changed to another legal one
    (the replay diverges) and a copy that is not JSON at line 3."""
    lines = transcript.read_text().splitlines()
    broken = tmp_path / "broken.jsonl"
    broken.write_text("\n".join(lines[:2] + ["{not json"] + lines[3:]) + "\n")
    recs = [json.loads(line) for line in lines]
    if kind == "reversi":
        rx = [r for r in recs if r["t"] == "rx" and r["port"] in ("black", "white")]
        r = rx[-1]
        r["hex"] = r["hex"][:-2] + ("%02x" % (int(r["hex"][-2:], 16) ^ 1))
    else:
        x = [r for r in recs if r["t"] == "x" and r["sent"] != "0"][-1]
        x["got"] = "99" if kind == "score4" else "zzzz"      # malformed: the end differs
    diverging = tmp_path / "diverging.jsonl"
    diverging.write_text("".join(json.dumps(r) + "\n" for r in recs))
    return broken, diverging


@pytest.mark.parametrize("kind", KINDS)
def test_a_transcript_that_does_not_replay_gives_the_replays_error(tmp_path, transcripts, kind):
    for bad in _tampered(kind, transcripts[kind], tmp_path):
        code, out, err = replay(kind, bad)
        assert code in (1, 2) and len(err.strip().splitlines()) == 1, (bad, err)
        page = tmp_path / "page.html"
        assert html_of(kind, bad, page)[::2] == (code, err)
        assert not page.exists()


def test_html_needs_a_replay_and_a_writable_place(tmp_path, transcripts):
    code, out, err = run_referee(["score4", "golden", "random", "--html", str(tmp_path / "x.html")])
    assert code == 2 and err == ("error: --html OUT.html draws a recorded game: give it with "
                                 "--replay TRANSCRIPT\n")
    missing = tmp_path / "no" / "x.html"
    for kind in ("score4", "reversi"):
        code, out, err = html_of(kind, transcripts[kind], missing)
        assert code == 2 and err.startswith("error: --html %s: " % missing), err
        assert len(err.splitlines()) == 1 and "directory" in err


@pytest.mark.parametrize("kind", ("blokus", "reversi"))
def test_the_commands_themselves_print_one_line(tmp_path, transcripts, kind):
    # as `python -m ...`: the referee's module is __main__ there, its errors its own
    import subprocess
    import sys
    for bad in _tampered(kind, transcripts[kind], tmp_path):
        command = (["-m", "host.reversi", "replay", str(bad)] if kind == "reversi"
                   else ["-m", "host.referee", "--replay", str(bad)])
        plain = subprocess.run([sys.executable] + command, capture_output=True, text=True)
        page = subprocess.run([sys.executable] + command + ["--html", str(tmp_path / "p.html")],
                              capture_output=True, text=True)
        assert plain.returncode in (1, 2) and len(plain.stderr.splitlines()) == 1, plain.stderr
        assert (page.returncode, page.stderr) == (plain.returncode, plain.stderr)


@pytest.mark.parametrize("kind", ("score4", "blokus"))
def test_referee_records_the_golden_players_searches(tmp_path, transcripts, kind):
    """The referee writes each golden answer's search (depth, nodes, score) in
    the transcript, as a fresh golden session fed the same bytes computes it,
    and the page shows them."""
    from golden.blokus import Session as BlokusSession
    from golden.score4 import Session as Score4Session
    recs = [json.loads(line) for line in transcripts[kind].read_text().splitlines() if line]
    golden_x = [r for r in recs if r.get("t") == "x" and r["p"] == 0]    # golden:200 is player 1
    session = Score4Session(budget=200) if kind == "score4" else BlokusSession(budget=200, team="01")
    searched = 0
    for r in golden_x:
        session.last_search = None
        session.feed(r["sent"].encode("latin-1"))
        want = session.last_search
        if want is None:
            assert "search" not in r, r
            continue
        searched += 1
        figures = {"depth": want.depth, "nodes": want.nodes, "score": want.score}
        assert r["search"] == {k: v for k, v in figures.items() if v is not None}, r
    assert searched >= 5
    assert all("search" not in r for r in recs if r.get("t") == "x" and r["p"] == 1)   # random
    out = tmp_path / "game.html"
    assert html_of(kind, transcripts[kind], out)[0] == 0
    frames = page_data(out)["games"][0]["frames"]
    assert sum(1 for f in frames if f.get("search")) == searched
    assert "<th>depth</th>" in out.read_text()
