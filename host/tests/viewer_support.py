"""What the viewer tests share: one recorded game of each kind, and the
board after every move of it as the golden rules replay it (independently
of host/viewer.py: from the transcript's answers, or from a golden Reversi
referee fed the recorded inputs)."""
import io
import json

from host import games
from host.reversi import cli as reversi_cli
from host.tests.helpers import run_referee


def record_game(kind, path, seed=7):
    """Play one game of ``kind`` (score4, blokus, reversi) with a transcript
    at ``path``; returns the path."""
    if kind == "reversi":
        out, err = io.StringIO(), io.StringIO()
        code = reversi_cli.run(["game", "golden:200", "random", "--seed", str(seed), "--quiet",
                                "--transcript", str(path)], out=out, err=err)
        assert code == 0, err.getvalue()
    else:
        code, out, err = run_referee([kind, "golden:200", "random", "--seed", str(seed),
                                      "--quiet", "--transcript", str(path)])
        assert code == 0, err
    return path


def _records(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def golden_boards(kind, path):
    """The board after every move of the (first) game of the transcript, as
    rows of letters (index 0: the start): N/R/B as the board files write
    them for Score-4 and Blokus, N/B/W for Reversi."""
    recs = _records(path)
    if kind == "reversi":
        return _reversi_boards(recs)
    g = games.GAMES[kind]()
    boards = [_rows(g)]
    first = next(r for r in recs if r["t"] == "game")["first"]
    answers = [r for r in recs if r["t"] == "x" and r["sent"] != "0"]     # not the hellos
    for k, x in enumerate(answers):
        seat = k % 2
        assert x["p"] == (first if seat == 0 else 1 - first)
        move = g.parse(x["got"].encode("latin-1"))
        g.apply(seat, move)
        boards.append(_rows(g))
        if g.result():
            break
    return boards


def _rows(g):
    return [row.replace(" ", "") for row in g.board_text().splitlines()]


def _reversi_boards(recs):
    from golden.reversi.encoding import BLACK, WHITE
    from golden.reversi.referee import Referee
    from host.reversi.transcript import unhex
    ref, boards = None, None

    def rows(pos):
        return ["".join({BLACK: "B", WHITE: "W"}.get(pos.cell(y * pos.width + x), "N")
                        for x in range(pos.width)) for y in range(pos.height)]

    for r in recs:
        if r["t"] == "gm":
            if boards is not None:
                break                               # the first game only
            ref = Referee(r["size"][0], r["size"][1], r["time_limit_ms"], r["mode"],
                          r["max_illegal"])
            boards = [rows(ref.position)]
        elif r["t"] == "rx" and ref is not None:
            before = len(ref.moves)
            ref.receive(r["port"], unhex(r["hex"]), r["ms"])
            # a move and the pass the referee makes for a side without one: the same board
            boards += [rows(ref.position)] * (len(ref.moves) - before)
        elif r["t"] == "close" and ref is not None:
            ref.disconnect(r["port"], r["ms"])
        elif r["t"] == "tick" and ref is not None:
            ref.tick(r["ms"])
    return boards
