"""cocotb smoke test of the DE2 top level blokus_mcts_de2 on its board
(verif/blokus/blokus_mcts_de2_board.v: the SDRAM chip's model on the DRAM_*
pins, the data bus one inout net): reset by KEY[0], the serial pins, the
chip's clock, the LED flags and the display views, against the golden
session with the Monte-Carlo engine."""
import cocotb
from cocotb.triggers import ClockCycles, FallingEdge, RisingEdge, Timer

from golden.blokus import Session
from hdl.blokus.mcts_de2 import BAR_PLAYOUTS, VISITS_SHOWN
from hdl.blokus.mcts_engine import mcts_worst_case_cycles
from hdl.seven_seg import text_n
from verif import tb
from verif.blokus.tb_de2 import first_moves
from verif.de2 import Board
from verif.sdram_model import SdramModel, start_up_cycles


def bar_graph(playouts):
    """LEDR as the playouts' bar graph shows them: one LED per BAR_PLAYOUTS started."""
    return sum(1 << i for i in range(18) if playouts > BAR_PLAYOUTS * i)


async def chip_ready(dut, cfg):
    """The time the SDRAM controller takes from a reset until it is ready."""
    await ClockCycles(dut.CLOCK_50, start_up_cycles(cfg.clk_hz))


async def check_chip_clock(dut):
    """DRAM_CLK is CLOCK_50 inverted (hdl/sdram_pins.py says why)."""
    for _ in range(3):
        await RisingEdge(dut.CLOCK_50)
        await Timer(1, "ns")
        assert int(dut.DRAM_CLK.value) == 0, "DRAM_CLK high after CLOCK_50 rose"
        await FallingEdge(dut.CLOCK_50)
        await Timer(1, "ns")
        assert int(dut.DRAM_CLK.value) == 1, "DRAM_CLK low after CLOCK_50 fell"


@cocotb.test()
async def board(dut):
    # the model follows the core's reset: KEY[0] pressed mid-game starts the chip over
    sdram = SdramModel(dut, tb.TbConfig.from_env().clk_period_ps, seed=int(tb.seed()),
                       reset=dut.rst)
    sdram.start()
    try:
        await _play(dut)
    finally:                  # the chip's rules also when the play failed: often the cause
        sdram.check()


async def _play(dut):
    board = await Board.power_up(dut, answer_bits=8000)
    cfg = board.cfg
    await check_chip_clock(dut)
    team = cfg.team
    golden = Session(budget=cfg.budget, team=team, engine="mcts")
    team_shown = text_n(team)
    assert board.patterns() == team_shown, "displays %s, want the team code %r %s" % (
        board.patterns(), team, team_shown)
    await chip_ready(dut, cfg)

    move2 = await first_moves(board, golden, team)
    last = golden.last_search
    assert last.playouts > 0, "the search at budget %d ran no playout: view 2 shows nothing" % (
        cfg.budget)
    # view 2: the deepest path and the playouts; the bar graph; view 4: the answer's visits
    assert await board.view(switches=2) == "%02x%06x" % (last.max_depth, last.playouts), (
        board.shown(), last)
    assert int(dut.LEDR.value) == bar_graph(last.playouts), (bin(int(dut.LEDR.value)), last)
    assert await board.view(switches=4) == "0000%04x" % min(last.visits, VISITS_SHOWN), (
        board.shown(), last)
    # view 3: the cycles of the search, inside the bound of the build's budget
    cycles = int(await board.view(switches=3), 16)
    bound = mcts_worst_case_cycles(cfg.budget)
    assert 0 < cycles <= bound, "the search took %d cycles, the bound is %d" % (cycles, bound)
    # a bad byte and an illegal move (tile a again)
    await board.view(switches=0)
    await board.check_error_view(golden, b"4" + move2[:2] + b"a0")
    # KEY[0] resets the core mid-game: the team code is shown again, and a new
    # match starts once the chip is ready again
    await board.view(switches=0)
    await board.press_reset()
    assert board.patterns() == team_shown, "KEY[0] did not bring the team code back"
    await chip_ready(dut, cfg)
    fresh = Session(budget=cfg.budget, team=team, engine="mcts")
    await board.ask(fresh, b"0")
    await board.ask(fresh, b"25")
