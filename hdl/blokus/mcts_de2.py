"""The Blokus Duo core with the Monte-Carlo search on a Terasic DE2 board."""
from myhdl import ResetSignal, Signal, always_comb, block, concat, intbv

from hdl.blokus.de2_face import blokus_de2_face
from hdl.blokus.ports import MctsStatus
from hdl.blokus.top import blokus_mcts_top
from hdl.sdram_pins import sdram_pins

BAR_PLAYOUTS = 1 << 10        # playouts per LEDR light (18 lights: about 18,000, the most
#                               the default budget affords in the opening)
VISITS_SHOWN = 0xFFFF         # view 4 shows the answer's visits up to this, then this


@block
def blokus_mcts_de2(CLOCK_50, KEY, SW, UART_RXD, UART_TXD, LEDR, LEDG,
                    HEX0, HEX1, HEX2, HEX3, HEX4, HEX5, HEX6, HEX7, DRAM_ADDR, DRAM_DQ,
                    DRAM_BA_0, DRAM_BA_1, DRAM_LDQM, DRAM_UDQM, DRAM_WE_N, DRAM_CAS_N,
                    DRAM_RAS_N, DRAM_CS_N, DRAM_CLK, DRAM_CKE, divisor, budget, team,
                    stall_cycles, clk_hz):
    """blokus_mcts_top with the DE2's pins, its SDRAM among them.

    Ports (DE2 pin names; CLOCK_50, KEY and SW as hdl.de2_panel.de2_panel
    takes them: the clock, KEY[0] the reset, the view shown by SW and KEY):
        UART_RXD   in   RS-232 from the host
        UART_TXD   out  RS-232 to the host
        LEDR       out  18 red LEDs: the last search's playouts as a bar graph
                        (one LED per BAR_PLAYOUTS playouts)
        LEDG, HEX7..HEX0  out  as hdl.blokus.de2_face.blokus_de2_face shows
                        them (the team code at power-up; views 0, 1 and 3
                        the moves, the errors and the cycles), with
                        2 search: the last search's deepest tree path (2
                          digits) and its playouts (6 digits)
                        4 glitches, overflows (2 digits each), the answer's
                          playouts (its visits, 4 digits, ffff from 65,535 up)
        DRAM_*     the SDRAM chip, where the search's tree lives
                   (hdl.sdram_pins.sdram_pins: DRAM_CLK is CLOCK_50 inverted)
    Settings: divisor, budget, team, stall_cycles, clk_hz as blokus_mcts_top.
    """
    rst = ResetSignal(0, active=1, isasync=False)
    status = MctsStatus()
    search_view = Signal(intbv(0)[32:])
    visits16 = Signal(intbv(0)[16:])

    core = blokus_mcts_top(CLOCK_50, rst, UART_RXD, UART_TXD, **status.ports(),
                           divisor=divisor, budget=budget, team=team,
                           stall_cycles=stall_cycles, clk_hz=clk_hz)
    chip = sdram_pins(CLOCK_50, status.sd_cke, status.sd_cs_n, status.sd_ras_n,
                      status.sd_cas_n, status.sd_we_n, status.sd_ba, status.sd_addr,
                      status.sd_dqm, status.sd_dq_o, status.sd_dq_oe, status.sd_dq_i, DRAM_ADDR,
                      DRAM_DQ, DRAM_BA_0, DRAM_BA_1, DRAM_LDQM, DRAM_UDQM, DRAM_WE_N,
                      DRAM_CAS_N, DRAM_RAS_N, DRAM_CS_N, DRAM_CLK, DRAM_CKE)
    face = blokus_de2_face(CLOCK_50, KEY, SW, LEDR, LEDG, HEX0, HEX1, HEX2, HEX3, HEX4, HEX5,
                           HEX6, HEX7, rst, status, search_view, visits16, status.playouts,
                           team=team, bar_step=BAR_PLAYOUTS)
    depth_pad = 8 - len(status.max_depth)
    playouts_pad = 24 - len(status.playouts)

    @always_comb
    def search():
        search_view.next = concat(intbv(0)[depth_pad:], status.max_depth,
                                  intbv(0)[playouts_pad:], status.playouts)

    @always_comb
    def visits_shown():
        if status.visits >= VISITS_SHOWN:
            visits16.next = VISITS_SHOWN
        else:
            visits16.next = status.visits[16:]

    return core, chip, face, search, visits_shown
