"""The Blokus search engine: the position, the search control and the wiring of its blocks."""
from myhdl import Signal, always_comb, always_seq, block, concat, enum, intbv

from golden.blokus.search import INF, MAX_BUDGET, MAX_DEPTH, MAX_REACH, SCAN_NODES, TOP_K, W_SIZE
from hdl.blokus.board import blokus_board
from hdl.blokus.eval_pipeline import COUNT_BITS, PIPE, SIZE_X, blokus_eval_pipeline
from hdl.blokus.kept_store import blokus_kept_store
from hdl.blokus.ply_stack import blokus_ply_stack
from hdl.blokus.move_check import blokus_move_check
from hdl.blokus.tables import EXT_BITS, J_BITS, N_SHAPES, SHAPE_BITS, SHAPE_DIGIT, SHAPE_TILE
from hdl.blokus.topk import blokus_topk
from hdl.blokus.window_scan import blokus_window_scan
from hdl.decoder import decoder
from hdl.signals import signed, unsigned

CMD_NEW, CMD_OPP, CMD_SEARCH = 0, 1, 2
NODE_BITS = 25                    # budget and node counter (MAX_BUDGET = 2**25 - 1)
SCORE_MIN, SCORE_MAX = -(1 << 17), 1 << 17     # scores, values and alpha-beta windows
PLY_BITS = 3                      # frames 0 .. MAX_DEPTH - 1
K_BITS = 3                        # TOP_K entries a frame
DEPTH_BITS = 4                    # an iteration's depth, 2 .. MAX_DEPTH
STATES = ("IDLE", "OPP_CHECK", "APPLY_OPP",
          "ROOT_PREP", "ROOT_LOAD", "SCAN", "BSTOP", "PW1", "PW2", "PW3",
          "COPY", "ITER_START", "CHILD", "CHILD_WAIT", "TAKE", "APPLY_PATH",
          "RETURN", "UNDO", "UPDATE", "CUTCHK", "ITER_END",
          "FINISH", "FINISH_WAIT", "FINISH_TAKE", "APPLY_ME")
"""The engine's states, in their binary encoding order (benches read `state`)."""
assert MAX_BUDGET == (1 << NODE_BITS) - 1
assert TOP_K == 1 << K_BITS and MAX_DEPTH <= 1 << PLY_BITS and MAX_DEPTH < 1 << DEPTH_BITS
assert 2 * MAX_REACH + MAX_DEPTH * W_SIZE * 5 < INF
assert INF + MAX_DEPTH * W_SIZE * 5 + 2 * INF < SCORE_MAX


@block
def blokus_search(clk, rst, command, budget, answer, report):
    """Holds the position; applies the opponent's moves (checked by blokus_move_check); searches.

    Ports:
        clk, rst   in   clock, synchronous reset (empty board, seat (5,5))
        command    in   SearchCommand (hdl/blokus/search_ports.py): op, start,
                        seat_a and a move's fields, read with `start`
        budget     in   NODE_BITS: the most nodes one search spends, read
                        with a CMD_SEARCH
        answer     out  SearchAnswer: done, legal, and the chosen move (which
                        is applied to the board)
        report     out  SearchReport: nodes, score, depth and cycles of the
                        last search
    The search is golden/blokus/search.py's: phase 1, then iterations of
    depth 2 .. MAX_DEPTH over the TOP_K best moves at every ply.

    A scan streams the side to move's forbidden and anchor maps through a
    5 x 5 window (blokus_checker: all 91 shapes a cycle) and issues its legal
    moves in scan order, one every other cycle, into the evaluation pipeline
    (PIPE stages: the shape is shifted into place, rows then columns; the
    maps after it, the mover's then (players swapped) the other's, feed one
    blokus_reach unit on consecutive cycles; the score W_SIZE * squares +
    mover's reach - other's reach). The position a scan sees is the root's
    (blokus_board) with the moves of the current line on it.

    The line is a stack of frames, one per ply (`ply`): frame 0 is the root,
    frame q >= 1 the q-th move of the line, with its alpha-beta window, base
    (W_SIZE * squares), evaluation, best child value and the TOP_K kept
    moves of its scan (blokus_kept_store, copied out of blokus_topk); the
    current frame in registers (blokus_ply_stack). A frame one ply above
    the iteration's depth (`leaf`) scans its replies as leaves, keeps their
    best and stops as soon as the best reaches the cut threshold base -
    alpha: the replies still in the pipeline are discarded
    and return to the budget. Any other frame scans every reply into
    blokus_topk and visits the kept ones in order (the root: the previous
    iteration's best first). A move is put on the line (APPLY_PATH) and
    taken off (UNDO) through the pipeline's placement stages.

    The budget is checked when a node enters the pipeline (nodes in the
    pipeline included) and before a frame is entered (SCAN_NODES), so the
    nodes, the scores and the answer are the golden model's for every
    budget; `report.nodes` is budget - what is left. Cycles:
    hdl.blokus.worst_case_cycles.

    bench/blokus/rtl_search.py and hdl/tests/test_blokus_budget.py read
    `state`, `leaf`, `valid`, `cut` and `after_place`, and write `occ_me` and
    `used_me`, by their Verilog names: renaming them breaks those benches.
    """
    board_map = lambda: unsigned(EXT_BITS)   # a bit per cell (hdl/blokus/tables.py: "ext")
    value_sig = lambda: signed(SCORE_MIN, SCORE_MAX)     # a score, a value, a window edge
    shape_index = lambda: Signal(intbv(0, min=0, max=N_SHAPES))
    occ_me, occ_opp = board_map(), board_map()
    used_me, used_opp = unsigned(21), unsigned(21)
    seat_a, trial_on = Signal(bool(0)), Signal(bool(0))
    ply = unsigned(PLY_BITS)            # the frame whose moves are scanned / visited
    mover_opp = Signal(bool(0))         # the side to move at `ply`: the opponent at odd plies
    leaf = Signal(bool(0))              # the frame at `ply` scans leaves
    board_me, board_opp = board_map(), board_map()
    first_me, first_opp = Signal(bool(1)), Signal(bool(1))
    line_used_me, line_used_opp = unsigned(21), unsigned(21)
    new_game, put_opp, put_me, line_add, line_remove, line_clear, line_opp = (
        Signal(bool(0)) for _ in range(7))
    placed = board_map()                # a placement, three cycles after stage 1
    tile_onehot = unsigned(21)
    board = blokus_board(clk, rst, new_game, command.seat_a, put_opp, put_me, line_add,
                         line_remove, line_clear, line_opp, placed, tile_onehot, occ_me, occ_opp,
                         used_me, used_opp, seat_a, board_me, board_opp, first_me, first_opp,
                         line_used_me, line_used_opp)

    @always_comb
    def side_to_move():
        mover_opp.next = ply[0]

    # the evaluation pipeline: stage 1 holds (stage1_step, stage1_shape),
    # valid[k - 1] is set while stage k holds a node
    stage1_step, stage1_shape = unsigned(J_BITS), shape_index()
    valid = unsigned(PIPE)
    node_score, node_score_r = value_sig(), value_sig()     # the node's score, formed
    out_step, out_shape = unsigned(J_BITS), shape_index()
    forbidden_me, anchors_me = board_map(), board_map()
    forbidden_opp, anchors_opp = board_map(), board_map()
    cut_threshold = value_sig()         # a leaf of at least this cuts the frame
    reply_cuts_r = Signal(bool(0))      # the leaving node's score reaches cut_threshold
    evaluation = blokus_eval_pipeline(clk, rst, stage1_step, stage1_shape, valid, board_me,
                                      board_opp, first_me, first_opp, seat_a, trial_on,
                                      mover_opp, cut_threshold, placed, node_score,
                                      node_score_r, reply_cuts_r, out_step, out_shape,
                                      forbidden_me, anchors_me, forbidden_opp, anchors_opp)

    # the scan: the side's maps past the window, its legal moves in scan order
    scan_opp = Signal(bool(0))          # the scan reads the opponent's maps
    scan_forbidden_in, scan_anchors_in = board_map(), board_map()
    scan_used_in = unsigned(21)
    scan_load, scan_walk, scan_advance, scan_issue = (Signal(bool(0)) for _ in range(4))
    window_legal, pending_shapes = unsigned(N_SHAPES), unsigned(N_SHAPES)
    pending_any, pending_new, more_steps = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    lowest_r = unsigned(SHAPE_BITS)
    pending_step = unsigned(J_BITS)
    scan = blokus_window_scan(clk, rst, scan_load, scan_forbidden_in, scan_anchors_in,
                              scan_used_in, scan_walk, scan_advance, scan_issue, window_legal,
                              pending_shapes,
                              pending_any, pending_new, lowest_r, pending_step, more_steps)

    @always_comb
    def scan_side():
        if scan_opp:
            scan_forbidden_in.next = forbidden_opp
            scan_anchors_in.next = anchors_opp
            scan_used_in.next = line_used_opp
        else:
            scan_forbidden_in.next = forbidden_me
            scan_anchors_in.next = anchors_me
            scan_used_in.next = line_used_me

    # the move in the control's hand is stage 1's (stage1_step, stage1_shape):
    # a placement (PW1..PW3 and what follows it) and the answer read it there,
    # and only a scan's nodes move it; its tables:
    tile = unsigned(5)
    digit = unsigned(3)
    cur_size_term = Signal(intbv(0, min=0, max=1 << COUNT_BITS))
    tile_decoder = decoder(tile, tile_onehot)

    # The shape's tables, registered: read a cycle after the shape changes,
    # and used no sooner than three cycles after it (APPLY_*, UNDO, ROOT_PREP
    # come after the placement's PW1..PW3). Read combinationally, synthesis
    # moved the shape's register behind the ROMs, and the ROMs' logic ended
    # the control's longest path (73.5 MHz).
    @always_seq(clk.posedge, reset=rst)
    def rom_tile():
        tile.next = SHAPE_TILE[stage1_shape]

    @always_seq(clk.posedge, reset=rst)
    def rom_digit():
        digit.next = SHAPE_DIGIT[stage1_shape]

    @always_seq(clk.posedge, reset=rst)
    def rom_cur_size_term():
        cur_size_term.next = SIZE_X[stage1_shape]

    # the opponent's move, checked on the scan (its maps)
    check_start, check_load, check_advance, check_done, check_fits = (
        Signal(bool(0)) for _ in range(5))
    check_step, check_shape = unsigned(J_BITS), shape_index()
    move_check = blokus_move_check(clk, rst, check_start, command, pending_shapes, check_load,
                                   scan_walk, check_advance, check_done, check_fits, check_step,
                                   check_shape)

    # a scan's best TOP_K (blokus_topk), copied into the frame's kept list
    kept_clear, kept_insert = Signal(bool(0)), Signal(bool(0))
    kept_index = Signal(intbv(0, min=0, max=TOP_K + 1))
    kept_value, kept_step, kept_shape = value_sig(), unsigned(J_BITS), shape_index()
    kept_count = Signal(intbv(0, min=0, max=TOP_K + 1))
    kept_list = blokus_topk(clk, rst, kept_clear, kept_insert, node_score_r, out_step, out_shape,
                            kept_index, kept_value, kept_step, kept_shape, kept_count, k=TOP_K)
    # word ply * TOP_K + i: entry i of frame ply's kept moves (score, step, shape)
    KEPT_BITS = len(kept_value) + J_BITS + SHAPE_BITS
    kept_rd_addr = unsigned(PLY_BITS + K_BITS)
    kept_wr_addr = unsigned(PLY_BITS + K_BITS)
    kept_pack = unsigned(KEPT_BITS)     # blokus_topk's entry out, packed
    kept_wr_data = unsigned(KEPT_BITS)
    kept_we = Signal(bool(0))
    kept_q = unsigned(KEPT_BITS)        # the word at kept_rd_addr two edges ago
    kept_q_value, kept_q_step, kept_q_shape = value_sig(), unsigned(J_BITS), shape_index()
    kept_store = blokus_kept_store(clk, kept_we, kept_wr_addr, kept_wr_data, kept_rd_addr,
                                   kept_q, depth=MAX_DEPTH * TOP_K)

    @always_comb
    def kept_fields():
        kept_pack.next = concat(kept_value, kept_step, kept_shape)
        kept_q_value.next = kept_q[KEPT_BITS:J_BITS + SHAPE_BITS].signed()
        kept_q_step.next = kept_q[J_BITS + SHAPE_BITS:SHAPE_BITS]
        kept_q_shape.next = kept_q[SHAPE_BITS:]

    # the frames of the line (blokus_ply_stack), frame `ply` read and written
    next_alpha, next_beta = value_sig(), value_sig()        # the window of the child entered
    f_push, f_pop, f_root_init, f_leaf_take, f_child_done, f_list_done = (
        Signal(bool(0)) for _ in range(6))
    ret_value = value_sig()             # the value of the frame just left
    cur_base = Signal(intbv(0, min=0, max=1 << COUNT_BITS))
    entry_index = lambda: Signal(intbv(0, min=0, max=TOP_K + 1))
    cur_idx, cur_count = entry_index(), entry_index()
    cur_move_step, cur_move_shape = unsigned(J_BITS), shape_index()
    cur_any, cur_best, frame_value = Signal(bool(0)), value_sig(), value_sig()
    child_alpha, child_beta = value_sig(), value_sig()      # the next child's window
    frame_cuts, improves = Signal(bool(0)), Signal(bool(0))
    root_count = Signal(intbv(0, min=0, max=TOP_K + 1))
    root_any, root_best = Signal(bool(0)), value_sig()
    frames = blokus_ply_stack(clk, rst, ply, f_push, f_pop, cur_size_term, next_alpha, next_beta,
                              cut_threshold, kept_q_value, stage1_step, stage1_shape, f_root_init,
                              f_leaf_take, node_score_r, f_child_done, ret_value, f_list_done,
                              kept_count, cur_base, cur_idx, cur_count, cur_move_step,
                              cur_move_shape,
                              cur_any, cur_best, frame_value, child_alpha, child_beta,
                              frame_cuts, improves, root_count, root_any, root_best)
    node_leaves = Signal(bool(0))       # a node leaves the pipeline this cycle
    cut = Signal(bool(0))

    @always_comb
    def leaving():
        node_leaves.next = valid[PIPE - 1]
        kept_insert.next = valid[PIPE - 1] and not leaf
        f_leaf_take.next = valid[PIPE - 1] and leaf

    @always_comb
    def alpha_beta():
        # the leaf leaving the pipeline reaches the threshold base - alpha
        # (blokus_eval_pipeline compares as it forms the score)
        cut.next = valid[PIPE - 1] and leaf and reply_cuts_r

    # the root's order: the previous iteration's best (done_k) first
    done_k, root_best_k = unsigned(K_BITS), unsigned(K_BITS)
    child_k = unsigned(K_BITS)          # the kept entry of the frame's next child
    idx_before = Signal(intbv(0, min=0, max=TOP_K + 1))     # cur_idx - 1 (0 for 0)
    root_child_k = unsigned(K_BITS)     # the root's child being searched

    @always_comb
    def previous_entry():
        if cur_idx == 0:
            idx_before.next = 0
        else:
            idx_before.next = cur_idx - 1

    @always_comb
    def child_order():
        if ply != 0:
            child_k.next = cur_idx[K_BITS:]
        elif cur_idx == 0:
            child_k.next = done_k
        elif idx_before[K_BITS:] < done_k:          # idx_before <= TOP_K - 1 here
            child_k.next = idx_before[K_BITS:]
        else:
            child_k.next = cur_idx[K_BITS:]

    cur_centre = unsigned(J_BITS)

    @always_comb
    def centre():
        cur_centre.next = stage1_step + 2   # Y * 16 + X

    t_state = enum(*STATES)
    t_after_place = enum("OPP", "ME", "PATH", "UNDO")
    state = Signal(t_state.IDLE)
    after_place = Signal(t_after_place.OPP)     # what a placement (PW1..PW3) is for
    inflight = Signal(intbv(0, min=0, max=PIPE + 1))
    inflight_wide = unsigned(NODE_BITS)     # inflight, as wide as the node counter
    budget_left = unsigned(NODE_BITS)       # budget - nodes - inflight: nodes that may enter
    budget_r = unsigned(NODE_BITS)          # the search's budget
    copy_t = Signal(intbv(0, min=0, max=TOP_K + 2))
    copy_w = unsigned(K_BITS)               # the entry blokus_topk shows while copying
    iter_depth = unsigned(DEPTH_BITS)       # the iteration's depth
    done_depth = unsigned(DEPTH_BITS)       # the deepest finished
    done_value, answer_value = value_sig(), value_sig()
    in_iter, stopping = Signal(bool(0)), Signal(bool(0))
    from_iter = Signal(bool(0))             # the answer is the running iteration's best

    @always_comb
    def widen_inflight():
        inflight_wide.next = concat(intbv(0)[NODE_BITS - len(inflight):], inflight)
    searching = Signal(bool(0))

    @always_comb
    def scanning():
        trial_on.next = state == t_state.SCAN or state == t_state.BSTOP

    @always_comb
    def scan_commands():
        # what the scan does at this edge (blokus_window_scan), as SCAN decides
        scanning_on = state == t_state.SCAN and not cut
        scan_load.next = state == t_state.ROOT_LOAD or check_load
        scan_opp.next = mover_opp or check_load
        scan_issue.next = (scanning_on and pending_any and not (valid[0] or pending_new)
                           and budget_left != 0)
        scan_advance.next = (scanning_on and not pending_any and more_steps) or check_advance

    @always_comb
    def board_commands():
        # what the board does at this edge (blokus_board)
        new_game.next = state == t_state.IDLE and command.start and command.op == CMD_NEW
        put_opp.next = state == t_state.APPLY_OPP
        put_me.next = state == t_state.APPLY_ME
        line_add.next = state == t_state.APPLY_PATH
        line_remove.next = state == t_state.UNDO
        line_clear.next = state == t_state.FINISH
        # on: the mover at `ply`; off: frame ply's move, its parent's mover
        if state == t_state.APPLY_PATH:
            line_opp.next = mover_opp
        else:
            line_opp.next = not mover_opp

    @always_comb
    def frame_commands():
        # what the frames do at this edge (blokus_ply_stack)
        f_push.next = state == t_state.ROOT_PREP
        f_pop.next = state == t_state.UNDO
        f_root_init.next = state == t_state.ITER_START
        f_child_done.next = state == t_state.UPDATE
        f_list_done.next = state == t_state.COPY and copy_t == TOP_K + 1

    @always_comb
    def kept_read():
        # the kept word read: the frame's next child (CHILD), or the answer
        # (FINISH): the running iteration's best, else the last finished one's;
        # blokus_kept_store shows it two edges later (TAKE, FINISH_TAKE)
        if state == t_state.FINISH:
            if in_iter and root_any:
                kept_rd_addr.next = concat(intbv(0)[PLY_BITS:], root_best_k)
            else:
                kept_rd_addr.next = concat(intbv(0)[PLY_BITS:], done_k)
        else:
            kept_rd_addr.next = concat(ply, child_k)

    @always_comb
    def check_command():
        # blokus_move_check starts with the command (IDLE -> OPP_CHECK)
        check_start.next = (state == t_state.IDLE and command.start and command.op == CMD_OPP
                            and not command.is_pass)

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
        kept_we.next = 0
        valid.next = concat(valid[PIPE - 1:0], False)
        if node_leaves:
            inflight.next = inflight - 1
        if state == t_state.IDLE:
            if command.start:
                if command.op == CMD_NEW:        # new_game
                    answer.done.next = 1
                elif command.op == CMD_OPP:
                    if command.is_pass:
                        answer.legal.next = used_opp != 0
                        answer.done.next = 1
                    else:                       # check_start
                        state.next = t_state.OPP_CHECK
                else:
                    budget_left.next = budget
                    budget_r.next = budget
                    ply.next = 0
                    leaf.next = 0
                    in_iter.next = 0
                    stopping.next = 0
                    done_k.next = 0
                    done_depth.next = 1
                    searching.next = 1
                    state.next = t_state.ROOT_LOAD

        # -- the opponent's move: blokus_move_check, then its placement
        elif state == t_state.OPP_CHECK:
            if check_done:
                if check_fits:
                    stage1_step.next = check_step
                    stage1_shape.next = check_shape
                    after_place.next = t_after_place.OPP
                    state.next = t_state.PW1
                else:
                    answer.legal.next = 0
                    answer.done.next = 1
                    state.next = t_state.IDLE
        elif state == t_state.APPLY_OPP:        # put_opp
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
            elif after_place == t_after_place.PATH:
                state.next = t_state.APPLY_PATH
            elif after_place == t_after_place.UNDO:
                state.next = t_state.UNDO
            else:
                state.next = t_state.APPLY_ME

        # -- a scan of the moves of the side to move at `ply`: leaves (kept
        # best, cut) or every move into blokus_topk
        elif state == t_state.ROOT_LOAD:         # the scan takes the mover's maps
            kept_clear.next = not leaf
            inflight.next = 0
            state.next = t_state.SCAN
        elif state == t_state.SCAN or state == t_state.BSTOP:
            if cut:                             # the frame is cut: discard the pipeline
                valid.next = 0
                inflight.next = 0
                # all but the leaving node return to the budget
                budget_left.next = budget_left + inflight_wide - 1
                state.next = t_state.RETURN
            elif state == t_state.BSTOP:        # the budget is spent: drain
                if inflight == 0:
                    stopping.next = 1
                    if in_iter:
                        state.next = t_state.FINISH
                    else:                       # phase 1: its kept moves first
                        kept_index.next = 0
                        copy_t.next = 0
                        state.next = t_state.COPY
            elif pending_any:
                if valid[0] or pending_new:     # a node entered last cycle: wait one
                    pass
                elif budget_left == 0:
                    state.next = t_state.BSTOP
                else:                           # a node enters the pipeline (scan_issue)
                    stage1_step.next = pending_step
                    stage1_shape.next = lowest_r
                    budget_left.next = budget_left - 1
                    valid.next = concat(valid[PIPE - 1:0], True)
                    if node_leaves:             # one in, one out
                        inflight.next = inflight
                    else:
                        inflight.next = inflight + 1
            elif more_steps:                    # the next window step (scan_advance)
                pass
            elif inflight == 0:                 # scanned and evaluated
                if leaf:
                    state.next = t_state.RETURN
                else:
                    kept_index.next = 0
                    copy_t.next = 0
                    state.next = t_state.COPY

        # -- the scan's kept moves into the frame's list (TOP_K + 2 cycles)
        elif state == t_state.COPY:
            # kept_index = copy_t is read out now; blokus_topk shows entry copy_t - 1
            if copy_t != 0 and copy_t <= kept_count:
                kept_we.next = 1
            kept_wr_addr.next = concat(ply, copy_w)
            kept_wr_data.next = kept_pack
            copy_w.next = copy_t[K_BITS:]
            if copy_t == TOP_K + 1:            # f_list_done
                if stopping:
                    state.next = t_state.FINISH
                elif ply == 0:
                    if kept_count == 0:
                        state.next = t_state.FINISH
                    else:
                        iter_depth.next = 2
                        state.next = t_state.ITER_START
                else:
                    state.next = t_state.CHILD
            else:
                copy_t.next = copy_t + 1
                if kept_index != TOP_K:
                    kept_index.next = kept_index + 1

        # -- an iteration: the root's kept moves, searched iter_depth deep
        elif state == t_state.ITER_START:       # f_root_init
            in_iter.next = 1
            state.next = t_state.CHILD
        elif state == t_state.CHILD:            # the frame's next kept move, or its end
            if cur_idx == cur_count:
                if ply == 0:
                    state.next = t_state.ITER_END
                else:
                    state.next = t_state.RETURN
            else:
                if ply == 0:
                    root_child_k.next = child_k
                state.next = t_state.CHILD_WAIT
        elif state == t_state.CHILD_WAIT:       # kept_store reads it out
            state.next = t_state.TAKE
        elif state == t_state.TAKE:
            if budget_left < SCAN_NODES:        # no budget to enter it
                stopping.next = 1
                state.next = t_state.FINISH
            else:
                budget_left.next = budget_left - SCAN_NODES
                stage1_step.next = kept_q_step
                stage1_shape.next = kept_q_shape
                next_alpha.next = child_alpha
                next_beta.next = child_beta
                after_place.next = t_after_place.PATH
                state.next = t_state.PW1
        elif state == t_state.APPLY_PATH:       # line_add: the move goes on the line, frame ply + 1
            cut_threshold.next = cur_size_term - next_alpha
            leaf.next = ply + 2 == iter_depth
            ply.next = ply + 1
            state.next = t_state.ROOT_PREP
        elif state == t_state.ROOT_PREP:        # f_push; the maps' inputs take the line
            state.next = t_state.ROOT_LOAD
        elif state == t_state.RETURN:           # the frame is done: its move comes off the line
            ret_value.next = frame_value
            stage1_step.next = cur_move_step
            stage1_shape.next = cur_move_shape
            after_place.next = t_after_place.UNDO
            state.next = t_state.PW1
        elif state == t_state.UNDO:             # line_remove, f_pop
            leaf.next = 0
            ply.next = ply - 1
            state.next = t_state.UPDATE
        elif state == t_state.UPDATE:           # f_child_done: the child's value into its parent
            if improves and ply == 0:
                root_best_k.next = root_child_k
            state.next = t_state.CUTCHK
        elif state == t_state.CUTCHK:
            if ply != 0 and frame_cuts:
                state.next = t_state.RETURN
            else:
                state.next = t_state.CHILD
        elif state == t_state.ITER_END:
            done_k.next = root_best_k
            done_value.next = cur_best
            done_depth.next = iter_depth
            if iter_depth == MAX_DEPTH:
                in_iter.next = 0
                state.next = t_state.FINISH
            else:
                iter_depth.next = iter_depth + 1
                state.next = t_state.ITER_START

        # -- the answer: the running iteration's best, else the last finished
        # one's (phase 1's: the first kept), else a pass
        elif state == t_state.FINISH:           # line_clear
            ply.next = 0
            leaf.next = 0
            valid.next = 0
            if root_count == 0:
                answer.is_pass.next = 1
                report.score.next = 0
                report.depth.next = 0
                report.nodes.next = budget_r - budget_left
                searching.next = 0
                answer.done.next = 1
                state.next = t_state.IDLE
            else:
                from_iter.next = in_iter and root_any       # kept_read
                state.next = t_state.FINISH_WAIT
        elif state == t_state.FINISH_WAIT:      # kept_store reads it out
            state.next = t_state.FINISH_TAKE
        elif state == t_state.FINISH_TAKE:
            stage1_step.next = kept_q_step
            stage1_shape.next = kept_q_shape
            if from_iter:
                answer_value.next = root_best
            elif done_depth == 1:
                answer_value.next = kept_q_value
            else:
                answer_value.next = done_value
            after_place.next = t_after_place.ME
            state.next = t_state.PW1
        else:  # APPLY_ME: put_me
            answer.is_pass.next = 0
            answer.x.next = cur_centre[4:0]
            answer.y.next = cur_centre[8:4]
            answer.tile.next = tile
            answer.digit.next = digit
            report.score.next = answer_value
            report.depth.next = done_depth
            report.nodes.next = budget_r - budget_left
            searching.next = 0
            answer.done.next = 1
            state.next = t_state.IDLE

    return (board, side_to_move, evaluation, scan, scan_side,
            tile_decoder, rom_tile, rom_digit, rom_cur_size_term, move_check, check_command,
            kept_list,
            kept_store, kept_fields, frames, leaving, alpha_beta, previous_entry, child_order,
            centre,
            kept_read, scanning, scan_commands, board_commands, frame_commands, widen_inflight,
            count_cycles, control)
