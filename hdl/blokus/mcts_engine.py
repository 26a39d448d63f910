"""The Monte-Carlo core's engine: the position on a ring board, the opponent's move checked, the search."""
from myhdl import Signal, always_comb, always_seq, block, concat, enum, intbv

from golden.blokus.mcts import BATCH, search_bound
from hdl.blokus.mcts_search import blokus_mcts_search
from hdl.blokus.move_code import blokus_move_code
from hdl.blokus.playout import KEY_BITS as SLOT_BITS
from hdl.blokus.ring_board import RING0, RING_BITS, TURN_BITS, WINDOW_BITS, blokus_ring_board
from hdl.blokus.search import CMD_NEW, CMD_OPP
from hdl.blokus.tables import (EXT_BITS, J_BITS, N_SHAPES, N_TILES, SHAPE_DIGIT, SHAPE_MASK,
                               SHAPE_TILE)
from hdl.blokus.tree_layout import KEY_BITS as TREE_KEY_BITS
from hdl.blokus.tree_unit import BUDGET_BITS, CLOCK_BITS
from hdl.blokus.window_check import blokus_window_check
from hdl.blokus.window_scan import WIDE
from hdl.decoder import decoder
from hdl.signals import check_widths, flag, unsigned

TOP_LEFT_7 = 2 + WIDE + RING0
"""A move's 16 Y + X minus the ring turns that bring its 7 x 7 window in: the
5 x 5 window starts at ext cell J = 16 Y + X - 2 (the ext layout's two
padding rows included), the 7 x 7 one WIDE cells (a row and a column)
before it, and the ring's bit 0 holds ext cell RING0 at rest."""
START_CYCLES = 2
"""CMD_SEARCH's edge and the cycle the search's `done` of the last search falls."""
DONE_CYCLES = BATCH + 5
"""blokus_mcts_search's `done` comes at most this many cycles after golden's
last job ends (its units' stops, one a cycle, then the answer's key read)."""
PLACE_CYCLES = 1 + RING_BITS + 2
"""The answer on the board: the cycle that reads the key, RING_BITS turns
(the window's turn and the rest of the way), the check's cycle and the put."""


TURN_UP = RING_BITS - TOP_LEFT_7
"""The window's turn of a move whose 16 Y + X is below TOP_LEFT_7, less its 16 Y + X."""


def mcts_worst_case_cycles(budget):
    """The most clock cycles a CMD_SEARCH with this budget takes, from its
    start to the answer's `done`: golden's bound on the search's work
    (golden.blokus.mcts.search_bound), the search's latency and the answer's
    placement."""
    return START_CYCLES + search_bound(budget) + DONE_CYCLES + PLACE_CYCLES


@block
def blokus_mcts_engine(clk, rst, command, budget, answer, report, sd_cke, sd_cs_n, sd_ras_n,
                       sd_cas_n, sd_we_n, sd_ba, sd_addr, sd_dqm, sd_dq_o, sd_dq_oe, sd_dq_i,
                       clk_hz=50000000):
    """Holds the position; checks and applies the opponent's moves; searches (blokus_mcts_search).

    Ports:
        clk, rst   in   clock, synchronous reset (empty board, seat (5,5))
        command    in   SearchCommand (hdl/blokus/search_ports.py): op, start,
                        seat_a and a move's fields, read with `start`
        budget     in   BUDGET_BITS: the search's budget in clock cycles
                        (golden.blokus.mcts's), read with CMD_SEARCH
        answer     out  SearchAnswer: done, legal, and the chosen move (which
                        is applied to the board)
        report     out  MctsReport: the last search's statistics and cycles
        sd_*            the SDRAM chip's pins (sdram_controller's)
    The position is golden.blokus.Session's with engine="mcts": each side's
    squares (blokus_ring_board) and tiles, the seat, the passes in a row
    (saturating at 3), the tiles placed, and the opponent's last move as a
    playout's move slot (0 for a pass, an illegal move or none).

    A move (the opponent's, or the search's answer) is placed in one turn
    of the ring: RING_BITS turns, stopping on the move's 7 x 7 window for a
    cycle in which blokus_window_check judges it (registered) and one in
    which it is put on the board (the opponent's only if it fits: the
    answer is golden's and legal by construction). A code whose canonical
    centre is off the board is illegal without a turn.
    """
    check_widths("blokus_mcts_engine", (("budget", budget, BUDGET_BITS),))
    # the position
    occ_me, occ_opp = unsigned(EXT_BITS), unsigned(EXT_BITS)
    used_me, used_opp = unsigned(N_TILES), unsigned(N_TILES)
    seat_a = flag()
    passes, placed = unsigned(2), unsigned(6)
    last_opp = unsigned(SLOT_BITS)
    window_me, window_opp = unsigned(WINDOW_BITS), unsigned(WINDOW_BITS)
    clear, turn, put_me, put_opp = flag(), flag(), flag(), flag()
    put_mask = unsigned(WINDOW_BITS)
    board = blokus_ring_board(clk, rst, clear, turn, put_me, put_opp, put_mask, occ_me, occ_opp,
                              window_me, window_opp)

    # the move in hand: its shape and canonical centre, whose it is
    shape = Signal(intbv(0, min=0, max=N_SHAPES))
    centre_x, centre_y = unsigned(4), unsigned(4)
    centre_x1, centre_y1 = unsigned(5), unsigned(5)     # an opponent's code's, + 1: 2..15 on it
    mover_opp = flag()
    mask = unsigned(25)
    tile, digit = unsigned(5), unsigned(3)
    tile_onehot = unsigned(N_TILES)
    tiles = decoder(tile, tile_onehot)

    @always_comb
    def rom_mask():
        mask.next = SHAPE_MASK[shape]

    @always_comb
    def rom_tile():
        tile.next = SHAPE_TILE[shape]

    @always_comb
    def rom_digit():
        digit.next = SHAPE_DIGIT[shape]

    # an opponent's code: its shape and canonical centre (+ 1)
    code_shape = Signal(intbv(0, min=0, max=N_SHAPES))
    code_x1, code_y1 = unsigned(5), unsigned(5)
    code = blokus_move_code(command, code_shape, code_x1, code_y1)

    # the check on the ring's window, from the mover's side
    own, other = unsigned(WINDOW_BITS), unsigned(25)
    first, tile_used, fits, fits_r = flag(), flag(), flag(), flag()
    start_x, start_y = unsigned(4), unsigned(4)
    check = blokus_window_check(mask, own, other, centre_x, centre_y, first, start_x, start_y,
                                tile_used, fits)

    @always_comb
    def mover_side():
        if mover_opp:
            own.next = window_opp
            other.next = concat(window_me[41:36], window_me[34:29], window_me[27:22],
                                window_me[20:15], window_me[13:8])
            first.next = used_opp == 0
            tile_used.next = used_opp[tile]
        else:
            own.next = window_me
            other.next = concat(window_opp[41:36], window_opp[34:29], window_opp[27:22],
                                window_opp[20:15], window_opp[13:8])
            first.next = used_me == 0
            tile_used.next = used_me[tile]
        if seat_a != mover_opp:         # (a,a): the board's from seat A, else the opponent's
            start_x.next = 10
            start_y.next = 10
        else:
            start_x.next = 5
            start_y.next = 5

    @always_comb
    def window_mask():
        # the shape's 5 x 5 in the 7 x 7 window's inner cells (rows 1..5, columns 1..5)
        put_mask.next = concat(intbv(0)[8:], mask[25:20], intbv(0)[2:], mask[20:15],
                               intbv(0)[2:], mask[15:10], intbv(0)[2:], mask[10:5],
                               intbv(0)[2:], mask[5:0], intbv(0)[8:])

    # the turn the ring must reach: 16 Y + X - TOP_LEFT_7 (mod RING_BITS)
    step = unsigned(J_BITS)              # the 5 x 5 window's top-left, 16 Y + X - 2
    centre_cell = unsigned(J_BITS)       # 16 Y + X
    target, turned = unsigned(TURN_BITS), unsigned(TURN_BITS)

    @always_comb
    def window_centre():
        centre_cell.next = concat(centre_y, centre_x)

    @always_comb
    def window_turn():
        step.next = centre_cell - 2

    @always_comb
    def window_turn_mod():
        if centre_cell >= TOP_LEFT_7:
            target.next = centre_cell - TOP_LEFT_7
        else:
            target.next = centre_cell + TURN_UP

    # the search
    search_start, search_done, root_pass = flag(), flag(), flag()
    best_key = unsigned(TREE_KEY_BITS)
    s = _search_signals()
    # the report is the search's own counters, which hold from its `done`
    # until the next search's start (during a search they count)
    search = blokus_mcts_search(clk, rst, search_start, budget, occ_me, occ_opp, used_me,
                                used_opp, seat_a, passes, placed, last_opp, search_done,
                                root_pass, s["best_place"], report.visits, best_key,
                                report.nodes, s["playout_plies"], s["playout_work"],
                                report.playouts, report.work, s["overrun"], s["tree_plies"],
                                report.max_depth, s["expansions"],
                                s["busy"], s["scanned"], s["scored"], sd_cke, sd_cs_n, sd_ras_n,
                                sd_cas_n, sd_we_n, sd_ba, sd_addr, sd_dqm, sd_dq_o, sd_dq_oe,
                                sd_dq_i, clk_hz=clk_hz)

    t_state = enum("IDLE", "MAP", "TURN", "CHECK", "APPLY", "BACK", "SEARCH_START", "SEARCH")
    state = Signal(t_state.IDLE)
    searching = flag()

    @always_comb
    def commands():
        clear.next = state == t_state.IDLE and command.start and command.op == CMD_NEW
        turn.next = ((state == t_state.TURN and turned != target)
                     or (state == t_state.BACK and turned != 0))
        put_opp.next = state == t_state.APPLY and mover_opp and fits_r
        put_me.next = state == t_state.APPLY and not mover_opp
        search_start.next = (state == t_state.IDLE and command.start and command.op != CMD_NEW
                             and command.op != CMD_OPP)

    @always_seq(clk.posedge, reset=rst)
    def count_cycles():
        if search_start:
            report.cycles.next = 1
        elif searching:
            report.cycles.next = report.cycles + 1

    @always_seq(clk.posedge, reset=rst)
    def control():
        answer.done.next = 0
        if turn:
            if turned == RING_BITS - 1:
                turned.next = 0
            else:
                turned.next = turned + 1
        if state == t_state.IDLE:
            if command.start:
                if command.op == CMD_NEW:        # clear
                    used_me.next = 0
                    used_opp.next = 0
                    seat_a.next = command.seat_a
                    passes.next = 0
                    placed.next = 0
                    last_opp.next = 0
                    answer.done.next = 1
                elif command.op == CMD_OPP:
                    last_opp.next = 0
                    if command.is_pass:
                        answer.legal.next = used_opp != 0
                        if used_opp != 0 and passes != 3:
                            passes.next = passes + 1
                        answer.done.next = 1
                    else:
                        shape.next = code_shape
                        centre_x1.next = code_x1
                        centre_y1.next = code_y1
                        mover_opp.next = 1
                        state.next = t_state.MAP
                else:                           # search_start
                    searching.next = 1
                    state.next = t_state.SEARCH_START
        elif state == t_state.MAP:
            if centre_x1 < 2 or centre_x1 > 15 or centre_y1 < 2 or centre_y1 > 15:
                answer.legal.next = 0
                answer.done.next = 1
                state.next = t_state.IDLE
            else:
                centre_x.next = centre_x1[4:] - 1
                centre_y.next = centre_y1[4:] - 1
                state.next = t_state.TURN
        elif state == t_state.TURN:
            if turned == target:
                state.next = t_state.CHECK
        elif state == t_state.CHECK:
            fits_r.next = fits
            state.next = t_state.APPLY
        elif state == t_state.APPLY:            # put_me, or put_opp if it fits
            if not mover_opp:
                used_me.next = used_me | tile_onehot
                placed.next = placed + 1
                passes.next = 0
            elif fits_r:
                used_opp.next = used_opp | tile_onehot
                placed.next = placed + 1
                passes.next = 0
                last_opp.next = concat(True, step, shape[7:])
            state.next = t_state.BACK
        elif state == t_state.BACK:
            if turned == 0:
                if mover_opp:
                    answer.legal.next = fits_r
                else:
                    answer.is_pass.next = 0
                    answer.x.next = centre_x
                    answer.y.next = centre_y
                    answer.tile.next = tile
                    answer.digit.next = digit
                    searching.next = 0
                answer.done.next = 1
                state.next = t_state.IDLE
        elif state == t_state.SEARCH_START:     # the last search's `done` falls
            state.next = t_state.SEARCH
        else:  # SEARCH
            if search_done:
                if root_pass:
                    if passes != 3:
                        passes.next = passes + 1
                    answer.is_pass.next = 1
                    answer.done.next = 1
                    searching.next = 0
                    state.next = t_state.IDLE
                else:
                    shape.next = best_key[7:0]
                    centre_x.next = best_key[11:7]
                    centre_y.next = best_key[15:11]
                    mover_opp.next = 0
                    state.next = t_state.TURN

    return (board, tiles, rom_mask, rom_tile, rom_digit, code, check, mover_side, window_mask,
            window_centre, window_turn, window_turn_mod, search, commands, count_cycles, control)


def _search_signals():
    """blokus_mcts_search's outputs the engine leaves, at their widths."""
    from hdl.blokus.child_select import CHILD_BITS
    from hdl.blokus.tree_unit import EXPANSIONS_BITS, PLIES_BITS, SCANNED_BITS, SCORED_BITS

    return {"best_place": unsigned(CHILD_BITS), "playout_plies": unsigned(PLIES_BITS),
            "playout_work": unsigned(CLOCK_BITS + 1), "overrun": flag(),
            "tree_plies": unsigned(PLIES_BITS), "expansions": unsigned(EXPANSIONS_BITS),
            "busy": unsigned(CLOCK_BITS), "scanned": unsigned(SCANNED_BITS),
            "scored": unsigned(SCORED_BITS)}
