"""The human Reversi player, driven by a scripted standard input: commands,
errors on standard error, a whole game, and leaving."""
import io
import threading

from golden.reversi.board import start
from golden.reversi.encoding import BLACK, cell_name
from host.reversi.players import PlayerClient, make_session
from host.tests.reversi_support import GM, LOOPBACK


def _script_against_first(width, height):
    """The lines a person types to play the last legal move every turn as
    Black against the first-legal White, with errors before the first move."""
    pos = start(width, height)
    lines = ["zz", "a1", "p", "l", "b", "h"]      # errors and commands first
    while not pos.game_over():
        moves = pos.legal_moves()
        if not moves:
            pos = pos.play(None)
            continue
        if pos.to_move == BLACK:
            m = moves[-1]
            lines.append(cell_name(m, width).lower())
        else:
            m = moves[0]
        pos = pos.play(m)
    return lines, pos


def _play(lines, games=1):
    out, err = io.StringIO(), io.StringIO()
    g = GM(time_limit_ms=0)
    try:
        human = PlayerClient(make_session("human", stdin=io.StringIO("\n".join(lines) + "\n"),
                                          out=out, err=err), LOOPBACK, g.ports["black"], games, 5.0)
        first = PlayerClient(make_session("first"), LOOPBACK, g.ports["white"], 1, 5.0)
        t = threading.Thread(target=first.run, daemon=True)
        t.start()
        how = human.run()
        assert g.wait(lambda gm: gm.referee.state == "over")
        t.join(5)
        return how, g.referee.history[-1], out.getvalue(), err.getvalue()
    finally:
        g.stop()


def test_human_plays_a_whole_game():
    lines, final = _script_against_first(8, 8)
    how, res, out, err = _play(lines)
    assert how == "end"
    assert res.reason == "end" and (res.black, res.white) == final.score()
    errors = err.splitlines()
    assert errors[0].startswith("error: 'zz' is neither a cell")
    assert errors[1] == "error: A1 is illegal: it flips nothing ('l' lists the legal moves)"
    assert errors[2].startswith("error: pass is not allowed")
    assert len(errors) == 3
    assert "legal moves: D3 C4 F5 E6" in out        # 'l' at the start of 8x8, Black
    assert "You play Black (B)." in out and "\tA\tB\tC\tD\tE\tF\tG\tH" in out


def test_human_leaves_and_loses():
    how, res, out, err = _play(["q"])
    assert how == "quit"
    assert res.reason == "disconnect" and res.winner == 2


def test_end_of_input_leaves():
    how, res, out, err = _play([])
    assert how == "quit" and res.reason == "disconnect"
