"""The Blokus Duo core on a Terasic DE2 board."""
from myhdl import ConcatSignal, ResetSignal, Signal, always_comb, block, concat, intbv

from hdl.blokus.search import NODE_BITS, SCORE_MAX, SCORE_MIN
from hdl.blokus.top import blokus_top
from hdl.de2_display import de2_display
from hdl.hex_overlay import hex_overlay
from hdl.reset_sync import reset_sync
from hdl.seven_seg import text_n

VIEWS = ("moves", "errors", "search", "cycles", "score")   # the HEX views, by number
BAR_NODES = 500                                           # nodes per LEDR light


@block
def blokus_de2(CLOCK_50, KEY, SW, UART_RXD, UART_TXD, LEDR, LEDG,
               HEX0, HEX1, HEX2, HEX3, HEX4, HEX5, HEX6, HEX7, divisor, budget, team,
               stall_cycles):
    """blokus_top with the DE2's pins, buttons, switches, LEDs and displays.

    Ports (DE2 pin names):
        CLOCK_50   in   50 MHz clock
        KEY        in   4 push buttons, active low: KEY[0] resets the core;
                        while KEY[1], KEY[2] or KEY[3] is held the displays show
                        view 1, 2 or 3
        SW         in   3 switches: the view shown otherwise (VIEWS; 5..7 = 0)
        UART_RXD   in   RS-232 from the host
        UART_TXD   out  RS-232 to the host
        LEDR       out  18 red LEDs: the last search's node count as a bar
                        graph (one LED per BAR_NODES nodes)
        LEDG       out  9 green LEDs: 0 thinking, 1 seat (5,5), 2 seat (a,a), 3 an
                        illegal opponent move was seen, 4 a bad byte, 5 a framing
                        error, 6 a stalled message, 7 a receive-queue overflow,
                        8 heartbeat (~0.75 Hz)
        HEX7..HEX0 out  8 digits, active low. From power-up (and KEY[0]) until
                        the first move request is answered, with SW at 0
                        and no key held, HEX1-0 show the team code as
                        letters (the rest dark): a team sees which code
                        its bitstream answers to `0`. Then the view's 32
                        bits as hex:
                        0 moves: HEX7-4 the opponent's last code (X Y then tile
                          and digit as 5 + 3 bits), HEX3-0 our last code
                        1 errors: bad bytes, framing errors, stalls, illegal
                          moves (two digits each)
                        2 search: requests answered (3 digits), nodes of the
                          last search (5 digits)
                        3 cycles: the last search's clock cycles
                        4 score: glitches, overflows (2 digits each), the last
                          move's score (4 digits, two's complement)
    Settings: divisor, budget, team, stall_cycles as blokus_top.
    """
    rst = ResetSignal(0, active=1, isasync=False)
    b = lambda n: Signal(intbv(0)[n:])
    busy, seat, last_rx, last_tx = Signal(bool(0)), b(2), b(16), b(16)
    n_bad, n_frame, n_stall, n_glitch = b(8), b(8), b(8), b(8)
    n_illegal, n_requests, n_overflow = b(8), b(16), b(8)
    nodes, cycles = b(NODE_BITS), b(32)
    score = Signal(intbv(0, min=SCORE_MIN, max=SCORE_MAX))
    key0 = Signal(bool(1))
    views = [b(32) for _ in range(5)]
    v0, v1, v2, v3, v4 = views
    beat = Signal(bool(0))
    flags = b(8)
    bar_bits = [Signal(bool(0)) for _ in range(18)]
    bar = ConcatSignal(*reversed(bar_bits))

    resets = reset_sync(CLOCK_50, key0, rst)
    core = blokus_top(CLOCK_50, rst, UART_RXD, UART_TXD, busy, seat, last_rx, last_tx,
                      n_bad, n_frame, n_stall, n_glitch, n_illegal, n_requests, n_overflow,
                      nodes, score, cycles, divisor=divisor, budget=budget, team=team,
                      stall_cycles=stall_cycles)
    digits_n = [Signal(intbv(0x7F)[7:]) for _ in range(8)]
    display = de2_display(CLOCK_50, rst, KEY, SW, v0, v1, v2, v3, v4, *digits_n, beat)
    show_team = Signal(bool(0))
    overlays = [hex_overlay(show_team, digits_n[i], hex_n, pattern_n=pattern)
                for i, (hex_n, pattern) in enumerate(zip(
                    (HEX0, HEX1, HEX2, HEX3, HEX4, HEX5, HEX6, HEX7), text_n(team)))]

    @always_comb
    def team_splash():
        show_team.next = n_requests == 0 and SW == 0 and KEY[4:1] == 7
    bars = [_bar_led(nodes, bar_bits[i], i) for i in range(18)]

    score16 = b(16)

    @always_comb
    def clip():
        # 16 bits, two's complement, saturated (real scores stay well inside)
        if score >= 0x7FFF:
            score16.next = 0x7FFF
        elif score < -0x8000:
            score16.next = 0x8000
        else:
            score16.next = score[16:]

    @always_comb
    def reset_key():
        key0.next = KEY[0]

    @always_comb
    def contents():
        v0.next = concat(last_rx, last_tx)
        v1.next = concat(n_bad, n_frame, n_stall, n_illegal)
        v2.next = concat(n_requests[12:0], intbv(0)[2:], nodes)
        v3.next = cycles
        v4.next = concat(n_glitch, n_overflow, score16)

    @always_comb
    def leds():
        LEDR.next = bar
        LEDG.next = concat(beat, flags)

    @always_comb
    def flag_bits():
        flags.next = concat(n_overflow != 0, n_stall != 0, n_frame != 0, n_bad != 0,
                            n_illegal != 0, seat == 2, seat == 1, busy)

    return (resets, core, display, overlays, team_splash, bars, clip, reset_key, contents, leds,
            flag_bits)


@block
def _bar_led(nodes, led, i):
    """led lit when the last search spent more than BAR_NODES * i nodes."""
    @always_comb
    def lit():
        led.next = nodes > BAR_NODES * i
    return lit
