"""Tests of bench/score4/book_compare.py on small synthetic books (no network)."""
import json
import os
import subprocess
import sys

import pytest

from golden.score4 import book as B
from golden.score4.board import landing_cells
from golden.score4.encoding import POST_MASK, text_to_post

from . import book_compare as C

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def post(t):
    return text_to_post(t.encode())


def bead(t, z=1):
    """Bitboard of one bead on post t ("xy") at level z."""
    return 1 << (post(t) + 16 * (z - 1))


def t11_key(mine, theirs):
    """T11's key of a position (mine to move): first player's beads << 64 | second's."""
    n = bin(mine | theirs).count("1")
    first, second = (mine, theirs) if n % 2 == 0 else (theirs, mine)
    return (first << 64) | second


def write_t11(path, entries):
    """A T11-format book: entries [(mine, theirs, move)] in any frame."""
    data = {"format": "score-four-opening-book/2",
            "entries": {str(t11_key(m, t)): [move, 0, 10, bin(m | t).count("1")]
                        for m, t, move in entries}}
    path.write_text(json.dumps(data))
    return str(path)


def write_ours(path, entries):
    """A book file of ours: entries [(mine, theirs, move)], made canonical."""
    rows = []
    for mine, theirs, move in entries:
        (m, t), frame = B.canonical(mine, theirs)
        rows.append({"mine": "%016x" % m, "theirs": "%016x" % t,
                     "move": B.transform_post(move, frame)})
    path.write_text(json.dumps({"header": {"plies": 4}, "entries": rows}))
    return str(path)


# ----------------------------------------------------------------- converter

def test_position_side_to_move_follows_bead_count():
    assert C.t11_position(0) == (0, 0)
    # one bead: the first player's; the second player (mine) is to move
    assert C.t11_position(bead("11") << 64) == (0, bead("11"))
    # two beads: the first player is to move again
    assert C.t11_position((bead("11") << 64) | bead("22")) == (bead("11"), bead("22"))


def test_cell_numbering_is_ours():
    # T11 cell z*16 + y*4 + x (0-based) is our cell of (x+1, y+1, z+1):
    # a first bead at T11 (x=1, y=2, z=0) is our post "23"; a second on it is level 2
    key = ((1 << (0 * 16 + 2 * 4 + 1)) << 64) | (1 << (1 * 16 + 2 * 4 + 1))
    assert C.t11_position(key) == (bead("23"), bead("23", 2))


@pytest.mark.parametrize("key", [
    (1 << 64) | 1,                      # a cell of both sides
    1,                                  # the second player ahead
    ((1 | 2 | 4) << 64) | 8,            # the first player two ahead
    1 << 128,                           # too wide
])
def test_position_rejects_impossible_keys(key):
    with pytest.raises(ValueError):
        C.t11_position(key)


def test_entry_is_put_in_our_canonical_frame():
    mine, theirs, move = bead("11"), bead("32"), post("22")
    want = C.t11_entry(t11_key(mine, theirs), move)
    assert want[0] == B.canonical(mine, theirs)[0]
    for k in range(8):          # the same entry written in any frame
        key = t11_key(B.transform(mine, k), B.transform(theirs, k))
        assert C.t11_entry(key, B.transform_post(move, k)) == want


def test_entry_rejects_a_full_post():
    column = sum(bead("11", z) for z in range(1, 5))
    mine, theirs = column & (bead("11", 1) | bead("11", 3)), column & (bead("11", 2) | bead("11", 4))
    with pytest.raises(ValueError, match="not a free post"):
        C.t11_entry(t11_key(mine, theirs), post("11"))


def test_line_of_reaches_the_position():
    mine, theirs = bead("11") | bead("22", 2), bead("22") | bead("44")
    sides = [0, 0]              # replay it: the first mover is mine (4 beads)
    for i, p in enumerate(C.line_of(mine, theirs)):
        sides[i % 2] |= landing_cells(sides[0] | sides[1]) & POST_MASK[p]
    assert sides == [mine, theirs]


# ---------------------------------------------------------------- comparison

def test_same_move_only_through_symmetries_of_the_position():
    assert C.same_move(0, 0, post("11"), post("44"))        # empty board: corners
    assert C.same_move(0, bead("11"), post("12"), post("21"))   # the diagonal mirror
    assert not C.same_move(0, bead("11"), post("22"), post("44"))


def test_compare_counts_agreements_and_disagreements(tmp_path):
    ours = dict(B.load(write_ours(tmp_path / "ours.json", [
        (0, 0, post("11")),                    # T11: another corner -> agree
        (0, bead("11"), post("22")),           # T11: "44" -> a disagreement
        (0, bead("22"), post("33")),           # not in T11's book
    ]))[1])
    t11 = C.load_t11(write_t11(tmp_path / "t11.json", [
        (0, 0, post("14")),
        (0, bead("41"), post("44")),           # corner 41 = our 11 turned, 44 not a centre
    ]))
    rows = C.compare(ours, t11)
    assert [(r[0], r[4] is not None, r[5]) for r in rows] == [
        (0, True, True), (1, True, False), (1, False, False)]
    text = C.report(rows, "cmd", "ours.json", "t11.json", len(t11))
    assert "T11 holds 2 of ours" in text and "agree (up to a symmetry fixing the position) in 1" in text
    differ = [line for line in text.splitlines() if line.startswith("| 1 | ")]
    assert len(differ) == 2                     # the by-beads row and one disagreement
    assert "| 1 | 11 | 22 |" in text            # line, our move, then T11's
    assert "| 1 | 2 | 1 | 0 | 1 |" in text


def test_main_writes_the_report(tmp_path, capsys):
    ours = write_ours(tmp_path / "ours.json", [(0, 0, post("22"))])
    t11 = write_t11(tmp_path / "t11.json", [(0, 0, post("33"))])
    out = tmp_path / "sub" / "report.md"
    assert C.main(["--t11-book", t11, "--book", ours, "--out", str(out)]) == 0
    assert "held by T11 1, agree 1, differ 0" in capsys.readouterr().out
    assert "Disagreements\n\nNone." in out.read_text()


# -------------------------------------------------------------------- errors

def test_missing_file_exits_2_with_one_line(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "bench.score4.book_compare",
         "--t11-book", str(tmp_path / "absent.json"), "--out", str(tmp_path / "r.md")],
        cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and len(proc.stderr.strip().splitlines()) == 1
    assert "git show HEAD:data/opening_book.json" in proc.stderr
    assert not (tmp_path / "r.md").exists()


@pytest.mark.parametrize("content, message", [
    ("{not json", "not JSON"),
    ('{"format": "x"}', "no \"entries\""),
    ('{"entries": {"abc": [0, 0]}}', "not a decimal integer"),
    ('{"entries": {"0": [16, 0]}}', "not a free post"),
])
def test_bad_t11_file_exits_2(tmp_path, capsys, content, message):
    path = tmp_path / "t11.json"
    path.write_text(content)
    assert C.main(["--t11-book", str(path), "--out", str(tmp_path / "r.md")]) == 2
    assert message in capsys.readouterr().err
