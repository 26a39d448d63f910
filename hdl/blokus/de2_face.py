"""What a person sees of a Blokus Duo core on the DE2: the displays, the LEDs,
the buttons and switches. blokus_de2 and blokus_mcts_de2 differ only in the
search's figures they give it."""
from myhdl import ConcatSignal, Signal, always_comb, block, concat, intbv

from hdl.de2_panel import De2Views, de2_panel
from hdl.hex_overlay import hex_overlay
from hdl.seven_seg import text_n
from hdl.signals import check_widths


@block
def blokus_de2_face(CLOCK_50, KEY, SW, LEDR, LEDG, HEX0, HEX1, HEX2, HEX3, HEX4, HEX5, HEX6,
                    HEX7, rst, status, search_view, score_low, bar_count, team, bar_step):
    """The board's face of a Blokus Duo core.

    Ports (the DE2's as hdl.de2_panel.de2_panel takes them, and):
        rst          out  the core's reset (KEY[0], de2_panel's)
        status       in   the core's status outputs (hdl.core_ports.CoreStatus
                          with `n_stall`: the moves, the error counters, `busy`,
                          `seat`, `n_requests`, `cycles`)
        search_view  in   32 bits: view 2, the search's figures
        score_low    in   16 bits: view 4's low four digits
        bar_count    in   what LEDR shows as a bar graph
    Settings:
        team         the team code the displays spell at power-up
        bar_step     bar_count per LEDR light: LEDR[i] lit while bar_count >
                     bar_step * i
    What it shows:
        LEDG      0 thinking, 1 seat (5,5), 2 seat (a,a), 3 an illegal opponent
                  move was seen, 4 a bad byte, 5 a framing error, 6 a stalled
                  message, 7 a receive-queue overflow, 8 heartbeat (~0.75 Hz)
        HEX7..0   from power-up (and KEY[0]) until the first move request is
                  answered, with SW at 0 and no key held, HEX1-0 spell the team
                  code (the rest dark). Then the view's 32 bits as hex:
                  0 moves: HEX7-4 the opponent's last code (X Y then tile and
                    digit as 5 + 3 bits), HEX3-0 our last code
                  1 errors: bad bytes, framing errors, stalls, illegal moves
                    (two digits each)
                  2 search: `search_view`
                  3 cycles: the last search's clock cycles
                  4 glitches, overflows (two digits each), `score_low`
    """
    check_widths("blokus_de2_face", (("search_view", search_view, 32),
                                     ("score_low", score_low, 16), ("LEDR", LEDR, 18)))
    views = De2Views()
    flags = Signal(intbv(0)[8:])
    bar_bits = [Signal(bool(0)) for _ in range(len(LEDR))]
    bar = ConcatSignal(*reversed(bar_bits))
    digits_n = [Signal(intbv(0x7F)[7:]) for _ in range(8)]
    panel = de2_panel(CLOCK_50, KEY, SW, LEDG, digits_n, rst, views, flags)
    show_team = Signal(bool(0))
    overlays = [hex_overlay(show_team, digits_n[i], hex_n, pattern_n=pattern)
                for i, (hex_n, pattern) in enumerate(zip(
                    (HEX0, HEX1, HEX2, HEX3, HEX4, HEX5, HEX6, HEX7), text_n(team)))]
    bars = [_bar_led(bar_count, bar_bits[i], bar_step * i) for i in range(len(LEDR))]

    @always_comb
    def team_splash():
        show_team.next = status.n_requests == 0 and SW == 0 and KEY[4:1] == 7

    @always_comb
    def contents():
        views.moves.next = concat(status.last_rx, status.last_tx)
        views.errors.next = concat(status.n_bad, status.n_frame, status.n_stall,
                                   status.n_illegal)
        views.search.next = search_view
        views.cycles.next = status.cycles
        views.score.next = concat(status.n_glitch, status.n_overflow, score_low)

    @always_comb
    def red():
        LEDR.next = bar

    @always_comb
    def flag_bits():
        flags.next = concat(status.n_overflow != 0, status.n_stall != 0, status.n_frame != 0,
                            status.n_bad != 0, status.n_illegal != 0, status.seat == 2,
                            status.seat == 1, status.busy)

    return panel, overlays, bars, team_splash, contents, red, flag_bits


@block
def _bar_led(count, led, threshold):
    """led lit while count > threshold."""
    @always_comb
    def lit():
        led.next = count > threshold
    return lit
