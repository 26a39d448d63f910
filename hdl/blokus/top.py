"""The Blokus Duo cores, board-independent: UART in, UART out, and an engine."""
from myhdl import Signal, block, intbv

from hdl.blokus.host_link import SEATS, blokus_host_link
from hdl.blokus.mcts_engine import blokus_mcts_engine
from hdl.blokus.search import NODE_BITS, blokus_search
from hdl.blokus.search_ports import MctsReport, SearchAnswer, SearchCommand, SearchReport
from hdl.blokus.tree_unit import BUDGET_BITS

__all__ = ["SEATS", "blokus_mcts_top", "blokus_top"]


@block
def blokus_top(clk, rst, uart_rx, uart_tx, busy, seat, last_rx, last_tx, n_bad, n_frame,
               n_stall, n_glitch, n_illegal, n_requests, n_overflow, nodes, score, cycles,
               depth, divisor, budget, team, stall_cycles):
    """Plays Blokus Duo over 8N1 serial exactly as golden.blokus.Session does.

    Ports: those of every core (hdl/core_ports.py; callers make the status
    outputs as hdl.blokus.ports.BlokusStatus), here meaning:
        busy        a command (a search, a move check) is running
        seat        SEATS index (none until `2`/`3` starts a game)
        last_rx     16 bits: the opponent's last code as X(4) Y(4) tile(5)
                    digit(3), 0 for a pass
        last_tx     16 bits: the last move sent, the same way, 0 for a pass
        n_illegal   opponent moves not applied, and `4` without a game
        nodes       NODE_BITS (25): nodes the last search spent (evaluations,
                    and SCAN_NODES a frame it entered)
        score       18-bit signed: the last chosen move's value
        depth       DEPTH_BITS (4): the deepest iteration the last search
                    finished (1: phase 1 only, 0: a pass)
    and besides:
        n_stall     out  8 bits: partial messages dropped for silence (saturates)
    Settings:
        divisor       clock cycles per bit (hdl.params.uart_divisor)
        budget        nodes per move (golden.blokus.search.check_budget)
        team          the two-character team code answered to `0`
        stall_cycles  silence that drops a partial message (Config.stall_cycles)

    The host side is blokus_host_link's; the engine blokus_search's
    (alpha-beta).
    """
    command, answer = SearchCommand(), SearchAnswer()
    link = blokus_host_link(clk, rst, uart_rx, uart_tx, busy, seat, last_rx, last_tx, n_bad,
                            n_frame, n_stall, n_glitch, n_illegal, n_requests, n_overflow,
                            command, answer, divisor=divisor, team=team,
                            stall_cycles=stall_cycles)
    budget_sig = Signal(intbv(budget)[NODE_BITS:])          # a constant of the build
    engine = blokus_search(clk, rst, command, budget_sig, answer,
                           SearchReport(nodes=nodes, score=score, cycles=cycles, depth=depth))
    return link, engine


@block
def blokus_mcts_top(clk, rst, uart_rx, uart_tx, busy, seat, last_rx, last_tx, n_bad, n_frame,
                    n_stall, n_glitch, n_illegal, n_requests, n_overflow, nodes, cycles,
                    playouts, work, visits, max_depth, sd_cke, sd_cs_n, sd_ras_n, sd_cas_n,
                    sd_we_n, sd_ba, sd_addr, sd_dqm, sd_dq_o, sd_dq_oe, sd_dq_i, divisor,
                    budget, team, stall_cycles, clk_hz):
    """Plays Blokus Duo over 8N1 serial exactly as golden.blokus.Session(engine="mcts") does.

    Ports: blokus_top's (callers make the status outputs as
    hdl.blokus.ports.MctsStatus), but for the search's report, which is
    MctsReport's (golden's MctsResult fields of the same names):
        nodes       the tree's nodes after the last search
        cycles      32 bits: clock cycles from the search's start to its answer
        playouts    the last search's descents
        work        the last search's cycles by golden's clock (its last job's end)
        visits      the answer's descents
        max_depth   the deepest tree path
    and the SDRAM chip's pins (sd_*: sdram_controller's), where the tree lives.
    Settings: blokus_top's, but
        budget        clock cycles per search (golden.blokus.mcts.check_budget)
        clk_hz        the clock, for the SDRAM's timing
    The host side is blokus_host_link's; the engine blokus_mcts_engine's.
    """
    command, answer = SearchCommand(), SearchAnswer()
    link = blokus_host_link(clk, rst, uart_rx, uart_tx, busy, seat, last_rx, last_tx, n_bad,
                            n_frame, n_stall, n_glitch, n_illegal, n_requests, n_overflow,
                            command, answer, divisor=divisor, team=team,
                            stall_cycles=stall_cycles)
    budget_sig = Signal(intbv(budget)[BUDGET_BITS:])        # a constant of the build
    report = MctsReport(nodes=nodes, cycles=cycles, playouts=playouts, work=work, visits=visits,
                        max_depth=max_depth)
    engine = blokus_mcts_engine(clk, rst, command, budget_sig, answer, report, sd_cke, sd_cs_n,
                                sd_ras_n, sd_cas_n, sd_we_n, sd_ba, sd_addr, sd_dqm, sd_dq_o,
                                sd_dq_oe, sd_dq_i, clk_hz=clk_hz)
    return link, engine
