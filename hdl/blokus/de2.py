"""The Blokus Duo core on a Terasic DE2 board."""
from myhdl import ResetSignal, Signal, always_comb, block, concat, intbv

from hdl.blokus.de2_face import blokus_de2_face
from hdl.blokus.ports import BlokusStatus
from hdl.blokus.top import blokus_top

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
        LEDG, HEX7..HEX0  out  as hdl.blokus.de2_face.blokus_de2_face shows
                        them (the team code at power-up; views 0, 1 and 3
                        the moves, the errors and the cycles), with
                        2 search: the last search's depth (the deepest
                          iteration it finished, 1 digit) and nodes (7 digits)
                        4 score: glitches, overflows (2 digits each), the last
                          move's score (4 digits, two's complement)
    Settings: divisor, budget, team, stall_cycles as blokus_top.
    """
    rst = ResetSignal(0, active=1, isasync=False)
    status = BlokusStatus()
    search_view = Signal(intbv(0)[32:])
    score16 = Signal(intbv(0)[16:])

    core = blokus_top(CLOCK_50, rst, UART_RXD, UART_TXD, **status.ports(), divisor=divisor,
                      budget=budget, team=team, stall_cycles=stall_cycles)
    face = blokus_de2_face(CLOCK_50, KEY, SW, LEDR, LEDG, HEX0, HEX1, HEX2, HEX3, HEX4, HEX5,
                           HEX6, HEX7, rst, status, search_view, score16, status.nodes,
                           team=team, bar_step=BAR_NODES)

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
    def search():
        search_view.next = concat(status.depth, intbv(0)[28 - len(status.nodes):], status.nodes)

    return core, face, clip, search
