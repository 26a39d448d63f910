"""cocotb smoke test of the DE2 top level score4_de2: reset by KEY[0], the
serial pins, the LED flags and the display views, against the golden session."""
import cocotb

from golden.score4 import Session
from hdl.score4.search import REASONS
from verif.de2 import Board


@cocotb.test()
async def board(dut):
    # an answer takes the search's fixed cycles (4358: the table is cleared
    # first) plus up to 5 a node, i.e. up to ~190 bit times at 32 clocks a bit
    board = await Board.power_up(dut, answer_bits=400)
    golden = Session(budget=board.cfg.budget)

    assert await board.ask(golden, b"0") == b"R00"
    move = await board.ask(golden, b"A00")
    await board.settle()
    assert board.green_leds() & 0b111 == 0b010, "LEDG %s: expected idle and seat 'first'" % bin(
        board.green_leds())
    # view 0: opponent's request 00, our move, one request answered
    assert board.shown() == "00%s0001" % move.decode(), board.shown()
    # view 2 by switch: reason (golden) and nodes
    r = golden.last_search
    assert await board.view(switches=2) == "%x%07x" % (REASONS.index(r.reason), r.nodes), (
        board.shown(), r)
    await board.check_error_view(golden, b"A03")
    # KEY[0] resets the core mid-game: the next A00 is a first request again
    await board.press_reset()
    await board.ask(Session(budget=board.cfg.budget), b"A00")
