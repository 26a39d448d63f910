"""The Reversi core on a Terasic DE2 board."""
from myhdl import ResetSignal, Signal, always_comb, block, concat, intbv

from golden.reversi.search import WIN
from hdl.de2_panel import De2Views, de2_panel
from hdl.reversi.ports import ReversiStatus
from hdl.reversi.search import BUDGET_BITS
from hdl.reversi.top import reversi_top


@block
def reversi_de2(CLOCK_50, KEY, SW, UART_RXD, UART_TXD, LEDR, LEDG,
                HEX0, HEX1, HEX2, HEX3, HEX4, HEX5, HEX6, HEX7, divisor, budget, side,
                player_name, stall_cycles):
    """reversi_top with the DE2's pins, buttons, switches, LEDs and displays.

    Ports (DE2 pin names; CLOCK_50, KEY and SW as hdl.de2_panel.de2_panel
    takes them: the clock, KEY[0] the reset, the view shown by SW and KEY):
        UART_RXD   in   RS-232 from the game master
        UART_TXD   out  RS-232 to the game master
        LEDR       out  18 red LEDs: the last search's node count, bits 23..6
        LEDG       out  9 green LEDs: 0 thinking, 1 playing Black, 2 playing
                        White, 3 a bad board was seen, 4 a bad byte, 5 a
                        framing error, 6 a message lost (queue or board slot
                        full), 7 the last search proved a won end, 8 heartbeat
        HEX7..HEX0 out  8 digits, active low, showing the view's 32 bits:
                        0 moves: HEX7-4 the last Next Turn's last move (X, Y
                          bytes; FFFF none), HEX3-0 our last move (FFFF a pass)
                        1 errors: bad bytes, framing errors, glitches, bad
                          boards (two digits each)
                        2 search: its stop (0 pass, 1 forced, 2 exact, 3
                          depth, 4 budget), then the last search's nodes
                        3 cycles: the last search's clock cycles
                        4 score: stalls (2 digits), depth (2), root score (4,
                          the low 16 bits, two's complement)
    Settings: divisor, budget, side, player_name, stall_cycles as reversi_top.
    """
    rst = ResetSignal(0, active=1, isasync=False)
    status = ReversiStatus()
    views = De2Views()
    flags = Signal(intbv(0)[8:])
    won, any_lost, any_frame, any_bad, any_board, black, white = [
        Signal(bool(0)) for _ in range(7)]

    core = reversi_top(CLOCK_50, rst, UART_RXD, UART_TXD, **status.ports(), divisor=divisor,
                       budget=budget, side=side, player_name=player_name,
                       stall_cycles=stall_cycles)
    panel = de2_panel(CLOCK_50, KEY, SW, LEDG, (HEX0, HEX1, HEX2, HEX3, HEX4, HEX5, HEX6, HEX7),
                      rst, views, flags)

    @always_comb
    def contents():
        views.moves.next = concat(status.last_rx, status.last_tx)
        views.errors.next = concat(status.n_bad, status.n_frame, status.n_glitch,
                                   status.n_illegal)
        views.search.next = concat(intbv(0)[1:], status.stop, intbv(0)[4:], status.nodes)
        views.cycles.next = status.cycles
        views.score.next = concat(status.n_stall, intbv(0)[2:], status.depth,
                                  status.score[16:])

    @always_comb
    def red():
        LEDR.next = status.nodes[BUDGET_BITS:BUDGET_BITS - 18]

    @always_comb
    def flag_bits():
        flags.next = concat(won, any_lost, any_frame, any_bad, any_board, white, black,
                            status.busy)

    @always_comb
    def flag_values():
        won.next = status.score >= WIN
        any_lost.next = status.n_overflow != 0 or status.n_lost != 0
        any_frame.next = status.n_frame != 0
        any_bad.next = status.n_bad != 0
        any_board.next = status.n_illegal != 0
        white.next = status.seat == 2
        black.next = status.seat == 1

    return core, panel, contents, red, flag_bits, flag_values
