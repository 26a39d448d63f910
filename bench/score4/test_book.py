"""bench/score4/book.py, the book's generator, on a tiny run: every position
of at most 2 beads the book's line reaches is there once (canonical), each
move is legal and is the move mirror.tree_search makes at the run's budget,
and its default_move the one it makes at ``--default-budget`` (small here: at
the core's own budget the test would take a minute); bad options stop with a
message."""
import json

import pytest

from bench.score4 import book as G
from bench.score4 import mirror
from golden.score4 import book as B
from golden.score4.board import Position


def test_tiny_book(tmp_path, capsys):
    out = tmp_path / "book.json"
    assert G.main(["--plies", "2", "--budget", "2000", "--default-budget", "300",
                   "--jobs", "1", "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    header, entries = data["header"], data["entries"]
    assert header["plies"] == 2 and header["budget"] == 2000
    assert header["default_budget"] == 300
    assert header["command"] == ("python -m bench.score4.book --plies 2 --budget 2000 "
                                 "--default-budget 300")
    # the empty board; the 16 first beads of the opponent up to symmetry (3);
    # two beads: the board's book move and each reply, up to symmetry
    assert [e["plies"] for e in entries].count(0) == 1
    assert [e["plies"] for e in entries].count(1) == 3
    keys = set()
    for e in entries:
        m, t = int(e["mine"], 16), int(e["theirs"], 16)
        assert (m, t) == B.canonical(m, t)[0], e
        assert (m, t) not in keys
        keys.add((m, t))
        assert Position(m, t).can_play(e["move"]), e
        assert mirror.tree_search(m, t, 2000)[0] == e["move"], e
        assert mirror.tree_search(m, t, 300)[0] == e["default_move"], e
    per_ply = header["per_ply"]
    assert sum(row["entries"] for row in per_ply.values()) == len(entries)
    # the 2-bead level: the empty board's move, then each of the 16 replies
    first = next(e for e in entries if e["plies"] == 0)["move"]
    m0 = Position().play_mine(first).mine
    reached = {B.canonical(m0, t | 0)[0] for t in
               (Position(m0, 0).swapped().play_mine(p).mine for p in range(16))}
    assert {k for k in keys if bin(k[0] | k[1]).count("1") == 2} == reached


@pytest.mark.parametrize("argv", [["--plies", "7"], ["--budget", "0"], ["--jobs", "0"],
                                  ["--default-budget", "0"]])
def test_bad_options_stop_with_a_message(argv, capsys):
    with pytest.raises(SystemExit) as e:
        G.main(argv)
    assert e.value.code == 2
    assert "error:" in capsys.readouterr().err
