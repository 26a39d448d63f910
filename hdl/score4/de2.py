"""The Score-4 core on a Terasic DE2 board."""
from myhdl import ResetSignal, Signal, always_comb, block, concat, intbv

from golden.score4.search import PROVEN
from hdl.de2_display import de2_display
from hdl.reset_sync import reset_sync
from hdl.score4.checker import SCORE_MAX, SCORE_MIN
from hdl.score4.search import NODE_BITS
from hdl.score4.top import score4_top

VIEWS = ("moves", "errors", "search", "cycles", "score")   # the HEX views, by number


@block
def score4_de2(CLOCK_50, KEY, SW, UART_RXD, UART_TXD, LEDR, LEDG,
               HEX0, HEX1, HEX2, HEX3, HEX4, HEX5, HEX6, HEX7, divisor, budget):
    """score4_top with the DE2's pins, buttons, switches, LEDs and displays.

    Ports (DE2 pin names):
        CLOCK_50   in   50 MHz clock
        KEY        in   4 push buttons, active low: KEY[0] resets the core;
                        while KEY[1], KEY[2] or KEY[3] is held the displays show
                        view 1, 2 or 3
        SW         in   3 switches: the view shown otherwise (VIEWS; 5..7 = 0)
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
    b = lambda n: Signal(intbv(0)[n:])
    busy, seat, last_rx, last_tx = Signal(bool(0)), b(2), b(8), b(8)
    n_bad, n_frame, n_glitch, n_illegal, n_requests, n_overflow = b(8), b(8), b(8), b(8), b(16), b(8)
    nodes, cycles, depth, reason = b(NODE_BITS), b(32), b(7), b(3)
    score = Signal(intbv(0, min=SCORE_MIN, max=SCORE_MAX))
    key0 = Signal(bool(1))
    views = [b(32) for _ in range(5)]
    v0, v1, v2, v3, v4 = views
    beat = Signal(bool(0))
    flags = b(8)
    proven, any_overflow, any_frame, any_bad, any_illegal, first, second = [
        Signal(bool(0)) for _ in range(7)]

    resets = reset_sync(CLOCK_50, key0, rst)
    core = score4_top(CLOCK_50, rst, UART_RXD, UART_TXD, busy, seat, last_rx, last_tx,
                      n_bad, n_frame, n_glitch, n_illegal, n_requests, n_overflow, nodes,
                      cycles, depth, score, reason, divisor=divisor, budget=budget)
    display = de2_display(CLOCK_50, rst, KEY, SW, v0, v1, v2, v3, v4,
                          HEX0, HEX1, HEX2, HEX3, HEX4, HEX5, HEX6, HEX7, beat)

    @always_comb
    def reset_key():
        key0.next = KEY[0]

    @always_comb
    def contents():
        v0.next = concat(last_rx, last_tx, n_requests)
        v1.next = concat(n_bad, n_frame, n_glitch, n_illegal)
        v2.next = concat(intbv(0)[1:], reason, nodes)
        v3.next = cycles
        v4.next = concat(n_overflow, intbv(0)[1:], depth, score[13], score[13], score[14:])

    @always_comb
    def leds():
        LEDR.next = nodes[NODE_BITS:10]
        LEDG.next = concat(beat, flags)

    @always_comb
    def flag_bits():
        flags.next = concat(proven, any_overflow, any_frame, any_bad, any_illegal, second,
                            first, busy)

    @always_comb
    def flag_values():
        proven.next = score >= PROVEN
        any_overflow.next = n_overflow != 0
        any_frame.next = n_frame != 0
        any_bad.next = n_bad != 0
        any_illegal.next = n_illegal != 0
        second.next = seat == 2
        first.next = seat == 1

    return resets, core, display, reset_key, contents, leds, flag_bits, flag_values
