"""The golden-mcts player (referee `golden-mcts[:BUDGET]`): the golden Blokus
session answering with golden's Monte-Carlo search, the search the core is
moving to, checked here against golden.blokus.mcts.search itself, the
opponent's last move followed by the test."""
import pytest

from golden.blokus import board as B
from golden.blokus import encoding as E
from golden.blokus import mcts
from host import games, players
from host.tests.helpers import read_transcript, run_referee

BUDGET = 80000                           # clock cycles a move: a few dozen descents


def expected_answers(recs, player):
    """(got, golden's answer) of each move request `player` answered: the
    position and the opponent's last move kept from the bytes it was sent,
    its answer golden's mcts.search of them."""
    out, pos, last = [], None, 0
    for r in recs:
        if r["t"] != "x" or r["p"] != player or r["sent"] in ("0", "9"):
            continue
        sent = r["sent"].encode("latin-1")
        if sent[:1] in (b"2", b"3"):
            pos, last = B.Position(chr(sent[1])), 0
        code = sent[2:6] if sent[:1] == b"3" else sent[1:5] if sent[:1] == b"4" else None
        if code is not None:
            move, last = E.decode_move(code), 0
            if B.check(pos, B.OPP, move) is None:
                pos.apply(B.OPP, move)
                last = E.placement_mask(move) if move else 0
        want = mcts.search(pos.copy(), BUDGET, last).move
        out.append((r["got"], E.encode_move(want).decode() if want else "0000"))
        pos.apply(B.ME, want)
    return out


def test_golden_mcts_answers_golden_mcts_search_in_a_referee_game(tmp_path):
    t = tmp_path / "t.jsonl"
    code, out, err = run_referee(["blokus", "golden-mcts:%d" % BUDGET, "random", "--seed", "7",
                                  "--transcript", str(t)])
    assert code == 0 and err == "" and "violation" not in out, err + out
    assert "Player 1: golden-mcts:%d (golden's Monte-Carlo search in Python, %d clock cycles " \
           "a move; the core's budget will be %d)" % (BUDGET, BUDGET, mcts.DEFAULT_BUDGET) in out
    pairs = expected_answers(read_transcript(t), 0)
    assert len(pairs) > 10
    assert [got for got, _ in pairs] == [want for _, want in pairs]


def test_golden_mcts_default_budget_and_its_limit():
    p = players.parse_spec("golden-mcts", 1)
    p.open(games.GAMES["blokus"], None)
    assert p.session.budget == players.GOLDEN_MCTS_BUDGET and p.session.engine == "mcts"
    # its moves are the coming core's, its speed is CPython's: the sim players' limit
    code, out, err = run_referee(["blokus", "golden-mcts:2000", "random", "--seed", "1",
                                  "--time-limit", "0.000000001"])
    assert code == 0 and "** Player 2 (random) lost the game by violation" in out, out


@pytest.mark.parametrize("argv,message", [
    (["score4", "golden-mcts", "random"],
     "error: golden-mcts: golden-mcts plays Blokus only (golden.blokus.mcts); for score4 use "
     "golden or mirror\n"),
    (["blokus", "golden-mcts:0", "random"],
     "error: player 'golden-mcts:0': the budget of golden-mcts:BUDGET is an integer >= 1\n"),
    (["blokus", "golden-mcts:99999999999", "random"],
     "error: golden-mcts:99999999999: budget must be in 1..%d, not 99999999999\n"
     % mcts.MAX_BUDGET),
])
def test_golden_mcts_bad_use_is_one_error_line(argv, message):
    code, out, err = run_referee(argv)
    assert code == 2 and err == message, (code, err)
