"""The Blokus search engine: the position, the opponent's move check, the search."""
from myhdl import Signal, always_comb, always_seq, block, concat, enum, intbv

from golden.blokus.search import MAX_BUDGET, MAX_REACH, TOP_K, W_OPP, W_SIZE
from hdl.blokus.checker import blokus_checker
from hdl.blokus.maps import blokus_maps
from hdl.blokus.reach import REACH_LATENCY, blokus_reach
from hdl.blokus.topk import blokus_topk
from hdl.blokus.tables import (CODE_DX1, CODE_DY1, CODE_SHAPE, EXT_BITS, J_BITS,
                               J_FIRST, J_LAST, N_SHAPES, SHAPE_BITS, SHAPE_DIGIT,
                               SHAPE_MASK, SHAPE_SIZE, SHAPE_TILE)
from hdl.decoder import decoder
from hdl.lowest_one import lowest_one
from hdl.register import register
from hdl.signals import signed, unsigned

assert W_OPP == 1
CMD_NEW, CMD_OPP, CMD_SEARCH = 0, 1, 2
NODE_BITS = 18                    # budget and node counter (MAX_BUDGET = 2**18 - 1)
COUNT_BITS = 16                   # a reach count (at most MAX_REACH = 1,764), a score term
SCORE_MIN, SCORE_MAX = -(1 << 16), 1 << 16
SIZE_X = tuple(W_SIZE * s for s in SHAPE_SIZE)
PIPE = 5 + REACH_LATENCY + 2
"""Evaluation pipeline stages: the candidate (1), its shape's mask (2), its
row shift (3), its column shift (4), the maps' inputs registered (5: the
board's maps into the reach unit; 6: the opponent's), the reach unit, the
second count (PIPE - 1), the score (last). Nodes enter at most every other
cycle, so the one reach unit serves both players."""
STATES = ("IDLE", "OPP_MAP", "OPP_LOAD", "OPP_SHIFT", "OPP_TEST", "APPLY_OPP",
          "ROOT_PREP", "ROOT_LOAD", "SCAN", "BSTOP", "PW1", "PW2", "PW3",
          "P2_NEXT", "P2_TAKE", "P2_SETM", "P2_END", "FINISH",
          "FIRST_WAIT", "FIRST_KEPT", "APPLY_ME")
"""The engine's states, in their binary encoding order (benches read `state`)."""
assert MAX_BUDGET == (1 << NODE_BITS) - 1
assert MAX_REACH < (1 << COUNT_BITS)


@block
def blokus_search(clk, rst, command, budget, answer, report):
    """Holds the position; checks and applies the opponent's moves; searches.

    Ports:
        clk, rst   in   clock, synchronous reset (empty board, seat (5,5))
        command    in   SearchCommand (hdl/blokus/search_ports.py): op, start,
                        seat_a and a move's fields, read with `start`
        budget     in   NODE_BITS: the most nodes (evaluations) one search
                        spends, read with a CMD_SEARCH
        answer     out  SearchAnswer: done, legal, and the chosen move (which
                        is applied to the board)
        report     out  SearchReport: nodes, score and cycles of the last search
    The search is golden/blokus/search.py's. A scan streams the side to
    move's forbidden and anchor maps through a 5 x 5 window (blokus_checker:
    all 91 shapes a cycle) and issues its legal moves in scan order, one
    every other cycle, into the evaluation pipeline (PIPE stages: the shape
    is shifted into place, rows then columns; the maps after it, the board's
    then (players swapped) the opponent's, feed one blokus_reach unit on
    consecutive cycles; the score W_SIZE * squares + mover's reach - other's
    reach). Phase 1: the TOP_K best candidates are kept sorted (blokus_topk).
    Phase 2: for each kept candidate m, m goes into `cand_map` and the
    opponent's replies are scanned and evaluated the same way from its side;
    m's value is W_SIZE * squares(m) minus the best reply, and m is dropped as
    soon as it cannot beat the best value so far: the replies still in the
    pipeline are discarded (never counted). `report.nodes` counts the
    evaluations that leave the pipeline; the budget is checked when a node
    enters it (nodes in the pipeline included), so the nodes, the kept
    candidates and the answer are the golden model's for every budget.
    Cycles: hdl.blokus.worst_case_cycles.

    bench/blokus/rtl_search.py and hdl/tests/test_blokus_budget.py read
    `state`, `phase2`, `valid`, `cut` and `after_place`, and write `occ_me` and
    `used_me`, by their Verilog names: renaming them breaks those benches.
    """
    board_map = lambda: unsigned(EXT_BITS)   # a bit per cell (hdl/blokus/tables.py: "ext")
    signed_value = lambda: signed(SCORE_MIN, SCORE_MAX)     # a score or a move's value
    shape_index = lambda: Signal(intbv(0, min=0, max=N_SHAPES))
    occ_me, occ_opp, cand_map = board_map(), board_map(), board_map()
    used_me, used_opp, scan_used = unsigned(21), unsigned(21), unsigned(21)
    seat_a, phase2, trial_on = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    first_me, first_opp = Signal(bool(1)), Signal(bool(1))
    own_me, own_opp = board_map(), board_map()
    forbidden_me, anchors_me = board_map(), board_map()
    forbidden_opp, anchors_opp = board_map(), board_map()
    map_seat = Signal(bool(0))
    # the maps are the board's (me) and the opponent's, but swapped while the
    # opponent's reach is counted (`swap_players`): the reach unit reads
    # forbidden_me, anchors_me
    maps = blokus_maps(own_me, own_opp, first_me, first_opp, map_seat,
                       forbidden_me, anchors_me, forbidden_opp, anchors_opp)
    in_own_me, in_own_opp = board_map(), board_map()    # the maps' inputs, registered below
    in_first_me, in_first_opp, in_seat = Signal(bool(1)), Signal(bool(1)), Signal(bool(0))

    # the evaluation pipeline: stage k holds the node (window step, shape)
    # (stage_step[k - 1], stage_shape[k - 1]); valid[k - 1] is set when it
    # holds a node
    stage_step = [unsigned(J_BITS) for _ in range(PIPE)]
    stage_shape = [shape_index() for _ in range(PIPE)]
    stage1_step, stage1_shape = stage_step[0], stage_shape[0]
    stage2_step, stage3_step = stage_step[1], stage_step[2]
    counted_shape = stage_shape[PIPE - 2]   # the stage the reach counts arrive in
    out_step, out_shape = stage_step[PIPE - 1], stage_shape[PIPE - 1]
    stage_tags = [register(clk, rst, stage_step[k], stage_step[k + 1]) for k in range(PIPE - 1)] + \
        [register(clk, rst, stage_shape[k], stage_shape[k + 1]) for k in range(PIPE - 1)]
    valid = unsigned(PIPE)
    # stage 3: the shape moved down to its rows; 4: in place; 5: the same a cycle later
    placed_rows, placed, placed_s5 = board_map(), board_map(), board_map()
    trial_move = board_map()        # the trial placement the maps see
    shape_mask, shape_mask_s2 = unsigned(25), unsigned(25)
    spread_mask = unsigned(69)
    counted_size_term = Signal(intbv(0, min=0, max=1 << COUNT_BITS))

    @always_comb
    def rom_mask():
        shape_mask.next = SHAPE_MASK[stage1_shape]

    @always_comb
    def spread_rows():
        # the 5 x 5 mask's rows, 16 cells apart as on the board
        spread_mask.next = concat(shape_mask_s2[25:20], intbv(0)[11:], shape_mask_s2[20:15],
                                  intbv(0)[11:], shape_mask_s2[15:10], intbv(0)[11:],
                                  shape_mask_s2[10:5], intbv(0)[11:], shape_mask_s2[5:0])

    @always_comb
    def rom_counted_size_term():
        counted_size_term.next = SIZE_X[counted_shape]

    swap_players = Signal(bool(0))  # stage 5 holds a node: its opponent's turn

    @always_comb
    def trial_place():
        swap_players.next = valid[4]
        if valid[4]:
            trial_move.next = placed_s5
        else:
            trial_move.next = placed

    trial_occ_me, trial_occ_opp = board_map(), board_map()
    trial_first_me, trial_first_opp = Signal(bool(1)), Signal(bool(1))

    @always_comb
    def trial_owners():
        # the trial move is on the board during a scan: the board's (phase 1)
        # or the opponent's reply to the candidate `cand_map` (phase 2)
        if phase2:
            trial_occ_me.next = occ_me | cand_map
        elif trial_on:
            trial_occ_me.next = occ_me | trial_move
        else:
            trial_occ_me.next = occ_me
        if phase2 and trial_on:
            trial_occ_opp.next = occ_opp | trial_move
        else:
            trial_occ_opp.next = occ_opp

    @always_comb
    def firsts():
        # a player whose trial move is on the board has placed a tile
        trial_first_me.next = used_me == 0 and not trial_on and not phase2
        trial_first_opp.next = used_opp == 0 and not (phase2 and trial_on)

    @always_comb
    def map_players():
        # stage 5 holds a node: the opponent's maps next (players swapped)
        if swap_players:
            in_own_me.next = trial_occ_opp
            in_own_opp.next = trial_occ_me
            in_first_me.next = trial_first_opp
            in_first_opp.next = trial_first_me
            in_seat.next = not seat_a
        else:
            in_own_me.next = trial_occ_me
            in_own_opp.next = trial_occ_opp
            in_first_me.next = trial_first_me
            in_first_opp.next = trial_first_opp
            in_seat.next = seat_a

    @always_seq(clk.posedge, reset=rst)
    def map_inputs():
        own_me.next = in_own_me
        own_opp.next = in_own_opp
        first_me.next = in_first_me
        first_opp.next = in_first_opp
        map_seat.next = in_seat

    reach_count = Signal(intbv(0, min=0, max=1 << COUNT_BITS))      # the reach unit's count
    reach_count_me = Signal(intbv(0, min=0, max=1 << COUNT_BITS))   # the board's: a cycle earlier
    reach_unit = blokus_reach(clk, rst, forbidden_me, anchors_me, reach_count)
    node_score, node_score_r = signed_value(), signed_value()     # the node's score, formed

    @always_comb
    def trial_score():
        if phase2:
            node_score.next = counted_size_term + reach_count - reach_count_me
        else:
            node_score.next = counted_size_term + reach_count_me - reach_count

    @always_seq(clk.posedge, reset=rst)
    def pipeline():
        shape_mask_s2.next = shape_mask
        placed_rows.next = (concat(intbv(0)[EXT_BITS - 69:], spread_mask)
                            << concat(stage2_step[J_BITS:4], intbv(0)[4:]))
        placed.next = placed_rows << stage3_step[4:0]
        placed_s5.next = placed
        reach_count_me.next = reach_count
        node_score_r.next = node_score
        reply_cuts_r.next = reply_cuts

    # the scan: the window (the maps shifted past it), the legal shapes of the
    # window's step not yet issued, the lowest of them
    scan_forbidden, scan_anchors = board_map(), board_map()
    window_legal = unsigned(N_SHAPES)
    window_checker = blokus_checker(scan_forbidden, scan_anchors, scan_used, window_legal)
    pending = unsigned(N_SHAPES)
    pending_step = unsigned(J_BITS)
    lowest = unsigned(SHAPE_BITS)
    pending_rest = unsigned(N_SHAPES)
    lowest_pick = lowest_one(pending, lowest, pending_rest)
    lowest_r = unsigned(SHAPE_BITS)     # pending's lowest shape, registered
    pending_rest_r = unsigned(N_SHAPES)
    pending_new = Signal(bool(0))       # pending was written: lowest_r is a cycle late
    pending_any = Signal(bool(0))       # pending != 0, registered with pending

    @always_seq(clk.posedge, reset=rst)
    def lowest_reg():
        lowest_r.next = lowest
        pending_rest_r.next = pending_rest

    # the shape in the control's hand and its tables
    cur_shape = shape_index()
    cur_step = unsigned(J_BITS)
    tile = unsigned(5)
    digit = unsigned(3)
    cur_size_term = Signal(intbv(0, min=0, max=1 << COUNT_BITS))
    tile_onehot = unsigned(21)
    tile_decoder = decoder(tile, tile_onehot)

    @always_comb
    def rom_tile():
        tile.next = SHAPE_TILE[cur_shape]

    @always_comb
    def rom_digit():
        digit.next = SHAPE_DIGIT[cur_shape]

    @always_comb
    def rom_cur_size_term():
        cur_size_term.next = SIZE_X[cur_shape]

    # the opponent's code -> its shape and canonical centre
    opp_code = unsigned(8)
    opp_shape = shape_index()
    centre_dx1, centre_dy1 = unsigned(2), unsigned(2)   # the shift to it, + 1
    centre_x1, centre_y1 = unsigned(5), unsigned(5)     # canonical centre + 1: 2..15 on the board

    @always_comb
    def opp_code_index():
        opp_code.next = concat(command.tile, command.digit)

    @always_comb
    def rom_opp_shape():
        opp_shape.next = CODE_SHAPE[opp_code]

    @always_comb
    def rom_centre_dx1():
        centre_dx1.next = CODE_DX1[opp_code]

    @always_comb
    def rom_centre_dy1():
        centre_dy1.next = CODE_DY1[opp_code]

    @always_comb
    def canonical_centre():
        centre_x1.next = concat(False, command.x) + concat(intbv(0)[3:], centre_dx1)
        centre_y1.next = concat(False, command.y) + concat(intbv(0)[3:], centre_dy1)

    # phase 1: the kept candidates
    kept_clear, kept_insert = Signal(bool(0)), Signal(bool(0))
    kept_index = Signal(intbv(0, min=0, max=TOP_K + 1))
    kept_value, kept_step, kept_shape = signed_value(), unsigned(J_BITS), shape_index()
    kept_count = Signal(intbv(0, min=0, max=TOP_K + 1))
    kept_list = blokus_topk(clk, rst, kept_clear, kept_insert, node_score_r, out_step, out_shape,
                            kept_index, kept_value, kept_step, kept_shape, kept_count, k=TOP_K)
    # phase 2: the candidate m being examined (its step, shape, phase-1 score,
    # size term and value), its best reply so far, the best finished candidate
    cand_step, cand_shape = unsigned(J_BITS), shape_index()
    cand_score1, cand_value = signed_value(), signed_value()
    cand_size_term = Signal(intbv(0, min=0, max=1 << COUNT_BITS))
    best_reply, best_reply_new = signed_value(), signed_value()
    any_reply, cut = Signal(bool(0)), Signal(bool(0))
    cut_threshold = signed_value()      # a reply of at least this cuts m
    reply_cuts, reply_cuts_r = Signal(bool(0)), Signal(bool(0))
    best_value, best_step, best_shape = signed_value(), unsigned(J_BITS), shape_index()
    have_best = Signal(bool(0))
    answer_value = signed_value()       # the chosen move's value, for `report.score`
    node_leaves = Signal(bool(0))       # a node leaves the pipeline this cycle

    @always_comb
    def leaving():
        node_leaves.next = valid[PIPE - 1]
        kept_insert.next = valid[PIPE - 1] and not phase2

    @always_comb
    def replies():
        if any_reply and best_reply >= node_score_r:
            best_reply_new.next = best_reply
        else:
            best_reply_new.next = node_score_r
        if any_reply:
            cand_value.next = cand_size_term - best_reply
        else:
            cand_value.next = cand_score1

    @always_comb
    def alpha_beta():
        # the node leaving the pipeline makes m unable to beat the best value:
        # cand_size_term - max(replies) <= best_value, and no earlier reply
        # did, so this one is at least cut_threshold = cand_size_term -
        # best_value (compared as the score is formed)
        reply_cuts.next = node_score >= cut_threshold
        cut.next = valid[PIPE - 1] and phase2 and have_best and reply_cuts_r

    cur_centre = unsigned(J_BITS)

    @always_comb
    def centre():
        cur_centre.next = cur_step + 2      # Y * 16 + X

    t_state = enum(*STATES)
    t_after_place = enum("OPP", "ME", "M")
    state = Signal(t_state.IDLE)
    after_place = Signal(t_after_place.OPP)     # what a placement (PW1..PW3) is for
    next_step = unsigned(J_BITS)        # the next window step of the scan
    steps_left = unsigned(J_BITS)       # window steps to the opponent's move
    inflight = Signal(intbv(0, min=0, max=PIPE + 1))
    inflight_wide = unsigned(NODE_BITS)     # inflight, as wide as the node counter
    budget_left = unsigned(NODE_BITS)       # budget - nodes - inflight: nodes that may enter

    @always_comb
    def widen_inflight():
        inflight_wide.next = concat(intbv(0)[NODE_BITS - len(inflight):], inflight)
    opp_fits = Signal(bool(0))
    searching = Signal(bool(0))

    @always_comb
    def scanning():
        trial_on.next = state == t_state.SCAN or state == t_state.BSTOP

    @always_seq(clk.posedge, reset=rst)
    def count_cycles():
        if state == t_state.IDLE and command.start and command.op == CMD_SEARCH:
            report.cycles.next = 1
        elif searching:
            report.cycles.next = report.cycles + 1

    @always_seq(clk.posedge, reset=rst)
    def control():
        answer.done.next = 0
        kept_clear.next = 0
        pending_new.next = 0
        valid.next = concat(valid[PIPE - 1:0], False)
        if node_leaves:
            report.nodes.next = report.nodes + 1
            inflight.next = inflight - 1
            if phase2:
                best_reply.next = best_reply_new
                any_reply.next = 1
        if state == t_state.IDLE:
            if command.start:
                if command.op == CMD_NEW:
                    occ_me.next = 0
                    occ_opp.next = 0
                    used_me.next = 0
                    used_opp.next = 0
                    seat_a.next = command.seat_a
                    answer.done.next = 1
                elif command.op == CMD_OPP:
                    if command.is_pass:
                        answer.legal.next = used_opp != 0
                        answer.done.next = 1
                    else:
                        cur_shape.next = opp_shape
                        state.next = t_state.OPP_MAP
                else:
                    report.nodes.next = 0
                    budget_left.next = budget
                    kept_clear.next = 1
                    have_best.next = 0
                    phase2.next = 0
                    kept_index.next = 0
                    searching.next = 1
                    state.next = t_state.ROOT_LOAD

        # -- the opponent's move: walk its maps to the centre, test the shape
        elif state == t_state.OPP_MAP:
            if centre_x1 < 2 or centre_x1 > 15 or centre_y1 < 2 or centre_y1 > 15:
                answer.legal.next = 0
                answer.done.next = 1
                state.next = t_state.IDLE
            else:
                # (centre_y1 - 1) * 16 + (centre_x1 - 1) - 2
                cur_step.next = concat(centre_y1[4:], centre_x1[4:]) - 19
                state.next = t_state.OPP_LOAD
        elif state == t_state.OPP_LOAD:
            scan_forbidden.next = forbidden_opp >> J_FIRST
            scan_anchors.next = anchors_opp >> J_FIRST
            scan_used.next = used_opp
            steps_left.next = cur_step - J_FIRST
            state.next = t_state.OPP_SHIFT
        elif state == t_state.OPP_SHIFT:
            if steps_left == 0:
                opp_fits.next = window_legal[cur_shape]     # registered: the 91-to-1 pick is slow
                state.next = t_state.OPP_TEST
            else:
                scan_forbidden.next = scan_forbidden >> 1
                scan_anchors.next = scan_anchors >> 1
                steps_left.next = steps_left - 1
        elif state == t_state.OPP_TEST:
            if opp_fits:
                stage1_step.next = cur_step
                stage1_shape.next = cur_shape
                after_place.next = t_after_place.OPP
                state.next = t_state.PW1
            else:
                answer.legal.next = 0
                answer.done.next = 1
                state.next = t_state.IDLE
        elif state == t_state.APPLY_OPP:
            occ_opp.next = occ_opp | placed
            used_opp.next = used_opp | tile_onehot
            answer.legal.next = 1
            answer.done.next = 1
            state.next = t_state.IDLE

        # -- a placement: (stage1_step, stage1_shape) through the pipeline's mask
        # and shifts into `placed`
        elif state == t_state.PW1:
            state.next = t_state.PW2
        elif state == t_state.PW2:
            state.next = t_state.PW3
        elif state == t_state.PW3:
            if after_place == t_after_place.OPP:
                state.next = t_state.APPLY_OPP
            elif after_place == t_after_place.M:
                state.next = t_state.P2_SETM
            else:
                state.next = t_state.APPLY_ME

        # -- a scan: the board's moves (phase 1) or the opponent's replies (phase 2)
        elif state == t_state.ROOT_LOAD:
            if phase2:
                scan_forbidden.next = forbidden_opp >> J_FIRST
                scan_anchors.next = anchors_opp >> J_FIRST
                scan_used.next = used_opp
            else:
                scan_forbidden.next = forbidden_me >> J_FIRST
                scan_anchors.next = anchors_me >> J_FIRST
                scan_used.next = used_me
            pending.next = 0
            pending_any.next = 0
            pending_new.next = 0
            next_step.next = J_FIRST
            inflight.next = 0
            state.next = t_state.SCAN
        elif state == t_state.SCAN or state == t_state.BSTOP:
            if cut:                             # m dropped: discard the pipeline
                valid.next = 0
                inflight.next = 0
                # all but the leaving node return to the budget
                budget_left.next = budget_left + inflight_wide - 1
                kept_index.next = kept_index + 1
                state.next = t_state.P2_NEXT
            elif state == t_state.BSTOP:        # the budget is spent: drain
                if inflight == 0:
                    state.next = t_state.FINISH
            elif pending_any:
                if valid[0] or pending_new:     # a node entered last cycle: wait one
                    pass
                elif budget_left == 0:
                    state.next = t_state.BSTOP
                else:                           # a node enters the pipeline
                    stage1_step.next = pending_step
                    stage1_shape.next = lowest_r
                    budget_left.next = budget_left - 1
                    valid.next = concat(valid[PIPE - 1:0], True)
                    pending.next = pending_rest_r
                    pending_any.next = pending_rest_r != 0
                    pending_new.next = 1
                    if node_leaves:             # one in, one out
                        inflight.next = inflight
                    else:
                        inflight.next = inflight + 1
            elif next_step <= J_LAST:           # the next window step
                pending.next = window_legal
                pending_any.next = window_legal != 0
                pending_new.next = 1
                pending_step.next = next_step
                scan_forbidden.next = scan_forbidden >> 1
                scan_anchors.next = scan_anchors >> 1
                next_step.next = next_step + 1
            elif inflight == 0:                 # scanned and evaluated
                if phase2:
                    state.next = t_state.P2_END
                else:
                    state.next = t_state.P2_NEXT

        # -- phase 2: the kept candidates one by one
        elif state == t_state.P2_NEXT:
            phase2.next = 0
            cand_map.next = 0
            if kept_index == kept_count:
                state.next = t_state.FINISH
            else:
                state.next = t_state.P2_TAKE
        elif state == t_state.P2_TAKE:          # entry kept_index, read out of blokus_topk
            cur_step.next = kept_step
            cur_shape.next = kept_shape
            stage1_step.next = kept_step
            stage1_shape.next = kept_shape
            cand_score1.next = kept_value
            after_place.next = t_after_place.M
            state.next = t_state.PW1
        elif state == t_state.P2_SETM:
            cand_map.next = placed
            cand_size_term.next = cur_size_term
            cut_threshold.next = cur_size_term - best_value
            cand_step.next = cur_step
            cand_shape.next = cur_shape
            any_reply.next = 0
            phase2.next = 1
            state.next = t_state.ROOT_PREP
        elif state == t_state.ROOT_PREP:        # the maps' inputs take cand_map
            state.next = t_state.ROOT_LOAD
        elif state == t_state.P2_END:
            if not have_best or cand_value > best_value:
                have_best.next = 1
                best_value.next = cand_value
                best_step.next = cand_step
                best_shape.next = cand_shape
            kept_index.next = kept_index + 1
            state.next = t_state.P2_NEXT

        # -- the answer: phase 2's best, else phase 1's best, else a pass
        elif state == t_state.FINISH:
            phase2.next = 0
            cand_map.next = 0
            if have_best:
                cur_shape.next = best_shape
                cur_step.next = best_step
                stage1_step.next = best_step
                stage1_shape.next = best_shape
                answer_value.next = best_value
                after_place.next = t_after_place.ME
                state.next = t_state.PW1
            elif kept_count != 0:
                kept_index.next = 0
                state.next = t_state.FIRST_WAIT
            else:
                answer.is_pass.next = 1
                report.score.next = 0
                searching.next = 0
                answer.done.next = 1
                state.next = t_state.IDLE
        elif state == t_state.FIRST_WAIT:       # blokus_topk reads entry 0 out
            state.next = t_state.FIRST_KEPT
        elif state == t_state.FIRST_KEPT:       # phase 1's best: the first kept
            cur_shape.next = kept_shape
            cur_step.next = kept_step
            stage1_step.next = kept_step
            stage1_shape.next = kept_shape
            answer_value.next = kept_value
            after_place.next = t_after_place.ME
            state.next = t_state.PW1
        else:  # APPLY_ME
            occ_me.next = occ_me | placed
            used_me.next = used_me | tile_onehot
            answer.is_pass.next = 0
            answer.x.next = cur_centre[4:0]
            answer.y.next = cur_centre[8:4]
            answer.tile.next = tile
            answer.digit.next = digit
            report.score.next = answer_value
            searching.next = 0
            answer.done.next = 1
            state.next = t_state.IDLE

    return (maps, trial_place, trial_owners, firsts, stage_tags, rom_mask, spread_rows,
            rom_counted_size_term, map_players, reach_unit, trial_score, pipeline, window_checker,
            lowest_pick, lowest_reg, map_inputs, tile_decoder, rom_tile, rom_digit,
            rom_cur_size_term, opp_code_index, rom_opp_shape, rom_centre_dx1, rom_centre_dy1,
            canonical_centre, kept_list, leaving, replies, alpha_beta, centre, scanning,
            widen_inflight, count_cycles, control)
