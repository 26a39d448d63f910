"""cocotb smoke test of the DE2 top level reversi_de2: the Connect after KEY[0],
the serial pins, the LED flags and the display views, against the golden session."""
import cocotb
from cocotb.triggers import ClockCycles, with_timeout

from golden.reversi import Session
from golden.reversi import encoding as E
from golden.reversi.board import start
from golden.reversi.search import STOPS
from golden.reversi.session import DEFAULT_NAME
from verif.de2 import Board


async def hello(board):
    """The Connect the core sends after a reset."""
    want = E.encode_connect(DEFAULT_NAME)
    got = b""
    while len(got) < len(want):
        got += bytes(await with_timeout(board.sink.read(1), 400 * board.cfg.bit_ps, "ps"))
    assert got == want, (got, want)


@cocotb.test()
async def board(dut):
    # an answer takes up to 5 + 6 cycles a node (budget 300: ~60 bit times at
    # 32 clocks a bit) after its Next Turn
    board = await Board.power_up(dut, answer_bits=400)
    await hello(board)
    golden = Session(budget=board.cfg.budget)
    await board.ask(golden, E.encode_player_ok(E.WHITE))
    pos = start(8, 8).play(19)                          # Black played d3: White to move
    move = await board.ask(golden, E.encode_next_turn(19, pos.black, pos.white, 8, 8))
    await board.settle()
    assert board.green_leds() & 0b111 == 0b100, "LEDG %s: expected idle and White" % bin(
        board.green_leds())
    # view 0: the last move in (3, 2), ours out
    assert board.shown() == "0302%02x%02x" % (move[1], move[2]), board.shown()
    # view 2 by switch: the stop and the nodes of golden's search
    r = golden.last_search
    assert r is not None
    assert await board.view(switches=2) == "%x0%06x" % (STOPS.index(r.stop), r.nodes), (
        board.shown(), r)
    # KEY[1] held: the error counters; a bad byte and a bad board count there
    assert await board.view(key1_held=True) == "00000000", board.shown()
    await board.ask(golden, b"\x99")
    bad = bytearray(E.encode_next_turn(None, pos.black, pos.white, 8, 8))
    bad[7] |= 0x03
    await board.ask(golden, bytes(bad))
    await board.src.wait()                  # neither is answered: wait until both are sent
    await ClockCycles(dut.CLOCK_50, 100)
    assert golden.bad_bytes == 1 and golden.bad_boards == 1, golden
    assert board.shown() == "01000001", board.shown()
    assert board.green_leds() & 0b11000 == 0b11000, bin(board.green_leds())
    # KEY[0] resets the core: it sends its Connect again
    await board.press_reset()
    await hello(board)
