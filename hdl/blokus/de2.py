"""The Blokus Duo core on a Terasic DE2 board."""
from myhdl import ConcatSignal, ResetSignal, Signal, always_comb, block, concat, intbv

from hdl.blokus.ports import BlokusStatus
from hdl.blokus.top import blokus_top
from hdl.de2_panel import De2Views, de2_panel
from hdl.hex_overlay import hex_overlay
from hdl.seven_seg import text_n

BAR_NODES = 1 << 20           # nodes per LEDR light (18 lights: about the default budget)


@block
def blokus_de2(CLOCK_50, KEY, SW, UART_RXD, UART_TXD, LEDR, LEDG,
               HEX0, HEX1, HEX2, HEX3, HEX4, HEX5, HEX6, HEX7, divisor, budget, team,
               stall_cycles):
    """blokus_top with the DE2's pins, buttons, switches, LEDs and displays.

    Ports (DE2 pin names; CLOCK_50, KEY and SW as hdl.de2_panel.de2_panel
    takes them: the clock, KEY[0] the reset, the view shown by SW and KEY):
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
                        2 search: the last search's depth (the deepest
                          iteration it finished, 1 digit) and nodes (7 digits)
                        3 cycles: the last search's clock cycles
                        4 score: glitches, overflows (2 digits each), the last
                          move's score (4 digits, two's complement)
    Settings: divisor, budget, team, stall_cycles as blokus_top.
    """
    rst = ResetSignal(0, active=1, isasync=False)
    status = BlokusStatus()
    views = De2Views()
    flags = Signal(intbv(0)[8:])
    bar_bits = [Signal(bool(0)) for _ in range(18)]
    bar = ConcatSignal(*reversed(bar_bits))

    core = blokus_top(CLOCK_50, rst, UART_RXD, UART_TXD, **status.ports(), divisor=divisor,
                      budget=budget, team=team, stall_cycles=stall_cycles)
    digits_n = [Signal(intbv(0x7F)[7:]) for _ in range(8)]
    panel = de2_panel(CLOCK_50, KEY, SW, LEDG, digits_n, rst, views, flags)
    show_team = Signal(bool(0))
    overlays = [hex_overlay(show_team, digits_n[i], hex_n, pattern_n=pattern)
                for i, (hex_n, pattern) in enumerate(zip(
                    (HEX0, HEX1, HEX2, HEX3, HEX4, HEX5, HEX6, HEX7), text_n(team)))]

    @always_comb
    def team_splash():
        show_team.next = status.n_requests == 0 and SW == 0 and KEY[4:1] == 7
    bars = [_bar_led(status.nodes, bar_bits[i], i) for i in range(18)]

    score16 = Signal(intbv(0)[16:])

    @always_comb
    def clip():
        # 16 bits, two's complement, saturated (real scores stay well inside)
        if status.score >= 0x7FFF:
            score16.next = 0x7FFF
        elif status.score < -0x8000:
            score16.next = 0x8000
        else:
            score16.next = status.score[16:]

    @always_comb
    def contents():
        views.moves.next = concat(status.last_rx, status.last_tx)
        views.errors.next = concat(status.n_bad, status.n_frame, status.n_stall,
                                   status.n_illegal)
        views.search.next = concat(status.depth, intbv(0)[28 - len(status.nodes):], status.nodes)
        views.cycles.next = status.cycles
        views.score.next = concat(status.n_glitch, status.n_overflow, score16)

    @always_comb
    def red():
        LEDR.next = bar

    @always_comb
    def flag_bits():
        flags.next = concat(status.n_overflow != 0, status.n_stall != 0, status.n_frame != 0,
                            status.n_bad != 0, status.n_illegal != 0, status.seat == 2,
                            status.seat == 1, status.busy)

    return (core, panel, overlays, team_splash, bars, clip, contents, red, flag_bits)


@block
def _bar_led(nodes, led, i):
    """led lit when the last search spent more than BAR_NODES * i nodes."""
    @always_comb
    def lit():
        led.next = nodes > BAR_NODES * i
    return lit
