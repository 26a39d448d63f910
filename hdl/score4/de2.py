"""The Score-4 core on a Terasic DE2 board."""
from myhdl import ResetSignal, Signal, always_comb, block, concat, intbv

from golden.score4.search import PROVEN
from hdl.de2_panel import De2Views, de2_panel
from hdl.score4.ports import Score4Status
from hdl.score4.search import NODE_BITS
from hdl.score4.top import score4_top


@block
def score4_de2(CLOCK_50, KEY, SW, UART_RXD, UART_TXD, LEDR, LEDG,
               HEX0, HEX1, HEX2, HEX3, HEX4, HEX5, HEX6, HEX7, divisor, budget):
    """score4_top with the DE2's pins, buttons, switches, LEDs and displays.

    Ports (DE2 pin names; CLOCK_50, KEY and SW as hdl.de2_panel.de2_panel
    takes them: the clock, KEY[0] the reset, the view shown by SW and KEY):
        UART_RXD   in   RS-232 from the host
        UART_TXD   out  RS-232 to the host
        LEDR       out  18 red LEDs: the last search's node count, bits 27..10
                        (a bar: how hard the core thought)
        LEDG       out  9 green LEDs: 0 thinking, 1 playing first, 2 playing
                        second, 3 an illegal opponent move was seen, 4 a bad
                        byte, 5 a framing error, 6 a receive-queue overflow,
                        7 the last search proved a win, 8 heartbeat (~0.75 Hz)
        HEX7..HEX0 out  8 digits, active low, showing the view's 32 bits:
                        0 moves: HEX7-6 opponent's last request xy, HEX5-4 our
                          last move xy (00: pass), HEX3-0 requests answered
                        1 errors: bad bytes, framing errors, glitches, illegal
                          moves (two digits each)
                        2 search: reason (1 win, 2 block, 3 search, 4 fallback)
                          then the last search's nodes (7 digits)
                        3 cycles: the last search's clock cycles
                        4 score: receive overflows (2 digits), depth (2), root
                          score (4, two's complement)
    Settings: divisor, budget as score4_top.
    """
    rst = ResetSignal(0, active=1, isasync=False)
    status = Score4Status()
    views = De2Views()
    flags = Signal(intbv(0)[8:])
    proven, any_overflow, any_frame, any_bad, any_illegal, first, second = [
        Signal(bool(0)) for _ in range(7)]

    core = score4_top(CLOCK_50, rst, UART_RXD, UART_TXD, **status.ports(), divisor=divisor,
                      budget=budget)
    panel = de2_panel(CLOCK_50, KEY, SW, LEDG, (HEX0, HEX1, HEX2, HEX3, HEX4, HEX5, HEX6, HEX7),
                      rst, views, flags)

    @always_comb
    def contents():
        views.moves.next = concat(status.last_rx, status.last_tx, status.n_requests)
        views.errors.next = concat(status.n_bad, status.n_frame, status.n_glitch,
                                   status.n_illegal)
        views.search.next = concat(intbv(0)[1:], status.reason, status.nodes)
        views.cycles.next = status.cycles
        views.score.next = concat(status.n_overflow, intbv(0)[1:], status.depth,
                                  status.score[13], status.score[13], status.score[14:])

    @always_comb
    def red():
        LEDR.next = status.nodes[NODE_BITS:10]

    @always_comb
    def flag_bits():
        flags.next = concat(proven, any_overflow, any_frame, any_bad, any_illegal, second,
                            first, status.busy)

    @always_comb
    def flag_values():
        proven.next = status.score >= PROVEN
        any_overflow.next = status.n_overflow != 0
        any_frame.next = status.n_frame != 0
        any_bad.next = status.n_bad != 0
        any_illegal.next = status.n_illegal != 0
        second.next = status.seat == 2
        first.next = status.seat == 1

    return core, panel, contents, red, flag_bits, flag_values
