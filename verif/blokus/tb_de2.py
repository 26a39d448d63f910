"""cocotb smoke test of the DE2 top level blokus_de2: reset by KEY[0], the
serial pins, the LED flags and the display views, against the golden session."""
import cocotb

from golden.blokus import Session
from golden.blokus.encoding import decode_move
from hdl.blokus.de2 import BAR_NODES
from hdl.seven_seg import text_n
from verif.de2 import Board


def packed(code):
    """A move code as the displays show it: X Y (4 bits each), tile (5), digit (3)."""
    m = decode_move(code)
    if m is None:
        return "0000"
    x, y, t, r = m
    return "%04x" % ((x << 12) | (y << 8) | (t << 3) | r)


def bar_graph(nodes):
    """LEDR as the node bar graph shows `nodes`: one LED per BAR_NODES started."""
    return sum(1 << i for i in range(18) if nodes > BAR_NODES * i)


async def first_moves(board, golden, team):
    """The hello (the team code still shown), a move from (a,a) (LEDG idle and
    the seat; view 0 our move, no opponent code yet) and the answer to the
    opponent's 55a0 (view 0 both); returns that answer."""
    assert await board.ask(golden, b"0") == b"1" + team.encode()
    assert board.patterns() == text_n(team), "the team code went after the hello"
    move = await board.ask(golden, b"2A")
    await board.settle()
    assert board.green_leds() & 0b111 == 0b100, "LEDG %s: expected idle and seat (a,a)" % bin(
        board.green_leds())
    assert board.shown() == "0000" + packed(move), board.shown()
    move2 = await board.ask(golden, b"455a0")
    await board.settle()
    assert board.shown() == packed(b"55a0") + packed(move2), board.shown()
    return move2


@cocotb.test()
async def board(dut):
    board = await Board.power_up(dut, answer_bits=2000)
    team = board.cfg.team
    golden = Session(budget=board.cfg.budget, team=team)
    # at power-up the displays spell the team code (HEX1-0), until the first move
    team_shown = text_n(team)
    assert board.patterns() == team_shown, "displays %s, want the team code %r %s" % (
        board.patterns(), team, team_shown)

    move2 = await first_moves(board, golden, team)
    # view 2 by switch: the search's depth and nodes
    nodes = golden.last_search.nodes
    depth = golden.last_search.depth
    assert await board.view(switches=2) == "%x%07x" % (depth, nodes), board.shown()
    assert int(dut.LEDR.value) == bar_graph(nodes), bin(int(dut.LEDR.value))
    # a bad byte and an illegal move (tile a again)
    await board.check_error_view(golden, b"4" + move2[:2] + b"a0")
    # KEY[0] resets the core mid-game: the team code is shown again, a new match starts
    await board.view(switches=0)
    await board.press_reset()
    assert board.patterns() == team_shown, "KEY[0] did not bring the team code back"
    fresh = Session(budget=board.cfg.budget, team=team)
    await board.ask(fresh, b"0")
    await board.ask(fresh, b"25")
