"""The Reversi search engine: golden.reversi.search in hardware, node for node."""
from myhdl import Signal, always_comb, always_seq, block, concat, enum, intbv

from golden.reversi.search import CYCLES_PER_NODE as GOLDEN_CYCLES_PER_NODE
from golden.reversi.search import SEARCH_FIXED_CYCLES as GOLDEN_FIXED_CYCLES
from golden.reversi.search import ENDGAME_AFTER, EXACT, INF, MAX_BUDGET, MAX_DEPTH, MIDGAME, STOPS, WIN, WLD
from hdl.decoder import decoder
from hdl.rom import rom
from hdl.reversi.evaluate import evaluate_latency, reversi_evaluate
from hdl.reversi.flips import flips_latency, reversi_flips
from hdl.reversi.moves import reversi_moves
from hdl.reversi.order import order_latency, reversi_order
from hdl.reversi.stage import reversi_stage, stage_latency
from hdl.reversi.evaluate import STAGE_BITS, WEIGHT_LATENCY
from hdl.reversi.tables import SizeTables, check_side, sizes

SCORE_MIN, SCORE_MAX = -(1 << 17), 1 << 17      # every value, window and -INF / INF
BUDGET_BITS = MAX_BUDGET.bit_length()           # 24
DEPTH_BITS = 6                                  # 0 .. MAX_DEPTH
STOP_PASS, STOP_FORCED, STOP_EXACT, STOP_DEPTH, STOP_BUDGET, STOP_WLD = (
    STOPS.index(name) for name in ("pass", "forced", "exact", "depth", "budget", "wld"))
# The pipelines (docs/reversi-core.md): SELECT_LATENCY cycles from the frame
# registers (f_me, f_opp, f_todo, first_on, first_idx) to the move and its
# flips (the move order's two stages, the flips' one); EXAMINE_LATENCY from
# the child registers (c_me, c_opp) to its value (the move generators'
# register, the evaluation's six stages, the leaf value's register).
SELECT_LATENCY = order_latency(True) + flips_latency(True)              # 3
EXAMINE_LATENCY = 1 + evaluate_latency(True) + 1                        # 8
# The bound the benches assert on every search. A node entered from SELECT
# costs at most SELECT_LATENCY cycles of waiting for its frame's pipeline,
# the SELECT that makes it, EXAMINE_LATENCY cycles of waiting for its value
# and the EXAMINE that uses it (a pass node: the waiting and the EXAMINE
# only); it makes at most one frame, whose end costs three (the SELECT that
# finds it exhausted or the cut, RET_LOAD, RET); an iteration costs two more
# (ITER, the root's last SELECT) and has at least two nodes (a search with
# one root move is "forced"), or one that makes no frame (the endgame
# solver's root cut after a first root move that ends the game), whose 3
# unused cycles pay for them: SELECT_LATENCY + EXAMINE_LATENCY + 6 a node.
# The start costs 1 + (EXAMINE_LATENCY + 1) (ROOT) + (SELECT_LATENCY + 1)
# (ROOT_PICK), the end one ITER that counts no node, ABORT and FINISH.
CYCLES_PER_NODE = SELECT_LATENCY + EXAMINE_LATENCY + 6                  # 17
FIXED_CYCLES = 1 + (EXAMINE_LATENCY + 1) + (SELECT_LATENCY + 1) + 3     # 17
# golden's DEFAULT_BUDGET is sized by these two bounds: a search may not take more
if CYCLES_PER_NODE > GOLDEN_CYCLES_PER_NODE or FIXED_CYCLES > GOLDEN_FIXED_CYCLES:
    raise ValueError("reversi_search takes up to %d + %d cycles a node, more than golden's "
                     "SEARCH_FIXED_CYCLES + CYCLES_PER_NODE (%d + %d) that DEFAULT_BUDGET is "
                     "sized by: raise golden's bounds (the budget falls) or shorten the search"
                     % (FIXED_CYCLES, CYCLES_PER_NODE, GOLDEN_FIXED_CYCLES,
                        GOLDEN_CYCLES_PER_NODE))


def worst_case_cycles(nodes):
    """Most clock cycles, start to done, of a search that counts `nodes` nodes."""
    return FIXED_CYCLES + CYCLES_PER_NODE * nodes


@block
def reversi_search(clk, rst, start, me_in, opp_in, size, budget, busy, done, has_move, move,
                   score, nodes, depth, stop, cycles, side):
    """Iterative-deepening alpha-beta on a position: golden.reversi.search.

    Ports (boards side * side bits, the max layout of hdl/reversi/tables.py):
        clk, rst   in   clock, synchronous reset
        start      in   a one-cycle pulse while not busy: search this position
        me_in      in   the discs of the side to move ...
        opp_in     in   ... and of the other side
        size       in   the game's size (tables.size_index)
        budget     in   24 bits, 1 .. MAX_BUDGET: the nodes it may count
        busy       out  from the start to done
        done       out  one cycle: the outputs below hold the answer
        has_move   out  0: the side to move has no move (a pass)
        move       out  the cell chosen (a max-layout index)
        score      out  signed: its value (0 when golden's is None)
        nodes      out  nodes counted (<= budget)
        depth      out  the last completed iteration (0: none)
        stop       out  golden's stop, as its index in STOPS
        cycles     out  clock cycles from start to done (<= worst_case_cycles)
    Settings:
        side       the largest board side the core is built for

    The frame of the node whose moves are being tried is in registers
    (f_*); its ancestors are on a stack RAM of MAX_DEPTH + 1 words, pushed
    when the search goes down a ply; the parent's word is read all the
    while a frame runs, ready for its end (RET_LOAD, then RET). The child
    being looked at is c_*. Two pipelines run behind these registers
    (docs/reversi-core.md): the frame's next move (order.py) and its flips
    (flips.py), SELECT_LATENCY cycles; the child's legal moves (moves.py,
    then registered), evaluation and disc difference (evaluate.py) and leaf
    value, EXAMINE_LATENCY cycles. sel_wait and ex_wait count the cycles
    until each is full again after the control changed its inputs.

    A frame's first move is not always the move order's (first_on,
    first_idx): the root's answer from iteration 2 on, and golden's killer
    of a new frame's ply when it is one of the frame's moves. The killers
    are a cell a ply with a valid bit (cleared while IDLE): a new frame's
    (ply + 1) is read while its child's moves are made and tested against
    them beside my_any (k_legal); a cut below the root (a value >= beta
    reaching a move frame, as a leaf in EXAMINE or a frame's in RET) writes
    the frame's move as its ply's killer. Neither costs a cycle.

    States: ROOT (the root's moves: pass or not), ROOT_PICK (forced or not),
    ITER (an iteration's root frame), SELECT (the frame's next move: count
    a node, make the child; or the frame is over), EXAMINE (the child: game
    over, a leaf, a pass, or a new frame), RET_LOAD/RET (a frame's value
    goes to its parent), ABORT (the budget is spent: the iteration's best
    root move so far, if any, is the answer), FINISH. A value reaching a
    frame is `deliver`ed: a pass frame passes it on negated; a move frame
    keeps the best (strictly better only) and is cut once best >= beta; at
    the root a better move is the iteration's answer so far, and one at or
    above the root's beta ends the iteration (only the solver's window,
    beta 1, is ever reached).

    Iterations (`phase`, golden's kinds): depth it_d = 1, 2, ... in the
    window (-INF, INF); when the root has ENDGAME_EMPTIES empties or fewer
    (`endgame`, from the stage unit), after iteration ENDGAME_AFTER a
    win/loss/draw solve at MAX_DEPTH in (-1, 1), then, unless it found a
    draw, the exact margin at MAX_DEPTH in (0, INF) after a win or (-INF,
    INF) after a loss; a budget stop in the last is stop "wld".
    """
    check_side(side)
    n = side * side
    idx_bits = max(1, (n - 1).bit_length())
    t_state = enum("IDLE", "ROOT", "ROOT_PICK", "ITER", "SELECT", "EXAMINE", "RET_LOAD", "RET",
                   "ABORT", "FINISH", encoding="one_hot")
    state = Signal(t_state.IDLE)

    def board():
        return Signal(intbv(0)[n:])

    def value():
        return Signal(intbv(0, min=SCORE_MIN, max=SCORE_MAX))

    full_rom = tuple(SizeTables(w, h, side).full for (w, h) in sizes(side))
    full = board()
    sz = Signal(intbv(0, min=0, max=len(full_rom)))
    r_me, r_opp, r_moves = board(), board(), board()         # the root
    c_me, c_opp = board(), board()                           # the child looked at
    c_alpha, c_beta = value(), value()
    c_d = Signal(intbv(0, min=0, max=MAX_DEPTH + 1))
    f_me, f_opp, f_todo = board(), board(), board()          # the current frame
    f_alpha, f_beta, f_best = value(), value(), value()
    f_d = Signal(intbv(0, min=0, max=MAX_DEPTH + 1))
    f_pass = Signal(bool(0))
    f_move = Signal(intbv(0)[idx_bits:])
    ply = Signal(intbv(0, min=0, max=MAX_DEPTH + 1))
    budget_r = Signal(intbv(0)[BUDGET_BITS:])
    it_d = Signal(intbv(0, min=0, max=MAX_DEPTH + 2))
    phase = Signal(intbv(MIDGAME, min=0, max=3))            # golden's kind of iteration
    endgame = Signal(bool(0))                                # the root is solved after ENDGAME_AFTER
    answer_won = Signal(bool(0))                             # answer_score >= 1
    leaf_seen = Signal(bool(0))
    # a frame's first move when it is not the move order's: the root's
    # answer from iteration 2 on, or a new frame's killer (first_hot decoded)
    first_on = Signal(bool(0))
    first_idx = Signal(intbv(0)[idx_bits:])
    first_hot = board()
    answer = Signal(intbv(0)[idx_bits:])
    answer_hot = board()                                     # decoded from answer
    # the killers (golden's): a cell and a valid bit a ply; a new frame's,
    # at ply + 1, read (k_rd_*) while its position's moves are made, and
    # k_legal (one of them) registered beside my_any
    k_cell = [Signal(intbv(0)[idx_bits:]) for _ in range(MAX_DEPTH + 1)]
    k_valid = Signal(intbv(0)[MAX_DEPTH + 1:])
    k_raddr = Signal(intbv(0, min=0, max=MAX_DEPTH + 1))
    k_rd_cell = Signal(intbv(0)[idx_bits:])
    k_rd_valid, k_legal, k_we, k_we_r = (Signal(bool(0)) for _ in range(4))
    k_wply = Signal(intbv(0, min=0, max=MAX_DEPTH + 1))      # the write, a cycle late
    k_wcell = Signal(intbv(0)[idx_bits:])
    k_rd_hot = board()
    answer_score = value()
    rb_valid = Signal(bool(0))                               # the iteration's best root move
    rb_move = Signal(intbv(0)[idx_bits:])
    rb_score = value()
    ret_val = value()                                        # the value a frame's end carries up
    # flags registered for speed: todo_any (f_todo != 0), at_root (ply == 0)
    # set with what they test; spent (nodes == budget_r) and c_bottom
    # (c_d == 0) a cycle behind it, as nothing reads them sooner
    todo_any, at_root, spent, c_bottom = (Signal(bool(0)) for _ in range(4))
    ret_s = value()                                          # -ret_val (RET_LOAD)
    ex_s = value()                                           # -(the child's leaf value)
    # a leaf's compares with the frame's best and beta, registered beside
    # ex_s from sums that need no negation first: compared in the deliver,
    # they made the longest path (ex_s -> f_best, 68.5 MHz at 10 x 10 with
    # the killers). RET compares ret_s there: registered in RET_LOAD, its
    # compares would start at the stack's RAM output (63.8 MHz)
    ex_gt, ex_ge, dv_gt, dv_ge = (Signal(bool(0)) for _ in range(4))
    ev_best, ev_beta = (Signal(intbv(0, min=2 * SCORE_MIN, max=2 * SCORE_MAX)) for _ in range(2))
    sel_wait = Signal(intbv(0, min=0, max=SELECT_LATENCY + 1))     # cycles until the frame's
    ex_wait = Signal(intbv(0, min=0, max=EXAMINE_LATENCY + 1))     # / child's pipeline is full

    # the stack: one word a frame
    word_bits = 3 * n + 3 * 18 + DEPTH_BITS + 1 + idx_bits
    stack = [Signal(intbv(0)[word_bits:]) for _ in range(MAX_DEPTH + 1)]
    st_we = Signal(bool(0))
    st_waddr = Signal(intbv(0, min=0, max=MAX_DEPTH + 1))
    st_wdata = Signal(intbv(0)[word_bits:])
    st_raddr = Signal(intbv(0, min=0, max=MAX_DEPTH + 1))
    st_q = Signal(intbv(0)[word_bits:])
    q_me, q_opp, q_todo = board(), board(), board()
    q_alpha, q_beta, q_best = value(), value(), value()
    q_d = Signal(intbv(0, min=0, max=MAX_DEPTH + 1))
    q_pass = Signal(bool(0))
    q_move = Signal(intbv(0)[idx_bits:])

    # the pipelines: the child's (moves registered, evaluation, leaf value)
    my_comb, their_comb = board(), board()
    my_moves, their_moves = board(), board()                 # registered
    my_any, their_any = Signal(bool(0)), Signal(bool(0))     # registered a cycle later
    ev = Signal(intbv(0, min=SCORE_MIN, max=SCORE_MAX))
    diff = value()                            # as wide as the values it is added to
    gen_my = reversi_moves(c_me, c_opp, full, my_comb, side=side)
    gen_their = reversi_moves(c_opp, c_me, full, their_comb, side=side)
    # the evaluation's stage: golden gives iteration it_d the stage of the
    # root's discs plus it_d. `stage` follows r_me / r_opp (set at the start)
    # and it_d (set the cycle before ITER) within stage_latency(side) cycles,
    # the evaluation's weights WEIGHT_LATENCY cycles later; the evaluation
    # first reads them for the iteration's first child, made in SELECT
    # SELECT_LATENCY + 1 cycles after ITER, a cycle after that
    stage = Signal(intbv(0)[STAGE_BITS:])
    from_root, from_depth = stage_latency(side)
    assert from_depth + WEIGHT_LATENCY <= SELECT_LATENCY + 2
    assert from_root + WEIGHT_LATENCY <= EXAMINE_LATENCY + SELECT_LATENCY + 4
    stage_unit = reversi_stage(clk, r_me, r_opp, sz, it_d, stage, endgame, side=side)
    evaluation = reversi_evaluate(c_me, c_opp, my_moves, their_moves, sz, stage, ev, diff,
                                  side=side, clk=clk, rst=rst)
    # ... and the frame's (the move order's two stages, the flips' two)
    pick_hot = board()
    pick_index = Signal(intbv(0)[idx_bits:])
    # (todo_any, a register set with f_todo, says whether moves are left)
    order = reversi_order(f_todo, sz, None, pick_hot, pick_index, side=side, clk=clk)
    sel_hot, flipped = board(), board()
    sel_index = Signal(intbv(0)[idx_bits:])
    use_answer = Signal(bool(0))
    flips = reversi_flips(f_me, f_opp, sel_hot, flipped, side=side, clk=clk)
    answer_decode = decoder(answer, answer_hot)
    first_decode = decoder(first_idx, first_hot)
    killer_decode = decoder(k_rd_cell, k_rd_hot)
    terminal = value()
    neg_terminal = value()                    # -terminal, registered
    # deliver: a value s reaching the frame (its fields from the registers,
    # or from the stack in RET)
    dv_s, dv_best, dv_beta, dv_up = value(), value(), value(), value()
    dv_pass, dv_keep, dv_root, dv_pop, dv_cut_root = (Signal(bool(0)) for _ in range(5))
    dv_move = Signal(intbv(0)[idx_bits:])
    c_window = value()


    @always_seq(clk.posedge, reset=None)
    def child_stages():
        my_moves.next = my_comb
        their_moves.next = their_comb
        my_any.next = my_moves != 0
        their_any.next = their_moves != 0
        neg_terminal.next = -terminal          # diff is in a cycle before ev
        k_legal.next = k_rd_valid and (my_moves & k_rd_hot) != 0
        if not my_any and not their_any:
            ex_s.next = neg_terminal
            ex_gt.next = neg_terminal > f_best
            ex_ge.next = neg_terminal >= f_beta
        else:
            ex_s.next = -ev
            ex_gt.next = ev_best < 0            # -ev > best
            ex_ge.next = ev_beta <= 0           # -ev >= beta

    @always_comb
    def deliver_sums():
        # f_best and f_beta hold from SELECT to the leaf's value (EXAMINE
        # changes them only when ex_wait is 0)
        ev_best.next = ev + f_best
        ev_beta.next = ev + f_beta

    @always_comb
    def choose():
        # first_on is 1 only from the start of a frame to its first move
        use_answer.next = first_on
        if first_on:
            sel_hot.next = first_hot
            sel_index.next = first_idx
        else:
            sel_hot.next = pick_hot
            sel_index.next = pick_index

    @always_comb
    def game_over_value():
        if diff > 0:
            terminal.next = WIN + diff
        elif diff < 0:
            terminal.next = -WIN + diff
        else:
            terminal.next = 0

    @always_comb
    def child_window():
        # the child's beta: -max(alpha, best)
        if f_alpha > f_best:
            c_window.next = -f_alpha
        else:
            c_window.next = -f_best

    @always_comb
    def unpack():
        q_move.next = st_q[idx_bits:]
        q_pass.next = st_q[idx_bits]
        q_d.next = st_q[idx_bits + 1 + DEPTH_BITS:idx_bits + 1]
        q_best.next = st_q[idx_bits + 7 + 18:idx_bits + 7].signed()
        q_beta.next = st_q[idx_bits + 7 + 36:idx_bits + 7 + 18].signed()
        q_alpha.next = st_q[idx_bits + 7 + 54:idx_bits + 7 + 36].signed()
        q_todo.next = st_q[idx_bits + 61 + n:idx_bits + 61]
        q_opp.next = st_q[idx_bits + 61 + 2 * n:idx_bits + 61 + n]
        q_me.next = st_q[idx_bits + 61 + 3 * n:idx_bits + 61 + 2 * n]

    @always_comb
    def pack():
        st_wdata.next = concat(f_me, f_opp, f_todo, f_alpha[18:], f_beta[18:], f_best[18:],
                               f_d[DEPTH_BITS:], f_pass, f_move)

    @always_comb
    def deliver():
        # every input a register: RET_LOAD has put the parent's word in f_*
        if state == t_state.RET:
            dv_s.next = ret_s
            dv_gt.next = ret_s > f_best
            dv_ge.next = ret_s >= f_beta
        else:                                   # EXAMINE: a leaf's value
            dv_s.next = ex_s
            dv_gt.next = ex_gt
            dv_ge.next = ex_ge
        dv_pass.next = f_pass
        dv_best.next = f_best
        dv_beta.next = f_beta
        dv_move.next = f_move

    @always_comb
    def deliver_result():
        # a pass frame passes the value on (its own: dv_s); a move frame keeps
        # a strictly better one and is cut once its best >= beta (never the root)
        # (dv_gt: dv_s > dv_best, dv_ge: dv_s >= dv_beta)
        dv_keep.next = not dv_pass and dv_gt
        dv_root.next = not dv_pass and dv_gt and at_root
        # the root's cut: only the endgame solver's win/loss/draw window
        # (beta 1) is ever reached there; the iteration then ends
        dv_cut_root.next = not dv_pass and dv_gt and at_root and dv_ge
        if dv_pass:
            dv_up.next = dv_s
            dv_pop.next = 1
        elif dv_gt:
            dv_up.next = dv_s
            dv_pop.next = dv_ge and not at_root
        else:
            dv_up.next = dv_best
            dv_pop.next = dv_best >= dv_beta and not at_root

    @always_seq(clk.posedge, reset=None)
    def killer_ram():
        # the write registered a cycle after the cut: the cut's compares
        # (ret_s against best and beta) went straight into the RAM's write
        # enable, the longest path of the core (76.5 MHz proxy); nothing
        # reads a killer sooner than a new frame, cycles later
        k_we_r.next = k_we
        k_wply.next = ply
        k_wcell.next = f_move
        if state == t_state.IDLE:               # none at a search's start
            k_valid.next = 0
        elif k_we_r:
            k_valid.next[k_wply] = 1
        if k_we_r:
            k_cell[k_wply].next = k_wcell
        k_rd_cell.next = k_cell[k_raddr]
        k_rd_valid.next = k_valid[k_raddr]

    @always_comb
    def killer_ports():
        # a cut (golden: s > best and best >= beta) at a move frame below
        # the root makes the frame's move its ply's killer: a leaf's value in
        # EXAMINE, a child frame's in RET
        if ply == MAX_DEPTH:                    # no frame below the deepest ply
            k_raddr.next = 0
        else:
            k_raddr.next = ply + 1
        k_we.next = not dv_pass and dv_gt and dv_ge and not at_root and (
            state == t_state.RET or (state == t_state.EXAMINE and ex_wait == 0 and (
                (not my_any and not their_any) or c_bottom)))

    @always_seq(clk.posedge, reset=None)
    def stack_ram():
        if st_we:
            stack[st_waddr].next = st_wdata
        st_q.next = stack[st_raddr]

    @always_comb
    def stack_ports():
        st_we.next = state == t_state.EXAMINE and ex_wait == 0 and not c_bottom and \
            (my_any or their_any) and (my_any or not spent)
        st_waddr.next = ply
        if ply != 0:
            st_raddr.next = ply - 1
        else:
            st_raddr.next = 0

    @always_seq(clk.posedge, reset=rst)
    def control():
        if state != t_state.IDLE:
            cycles.next = cycles + 1
        if sel_wait != 0:
            sel_wait.next = sel_wait - 1
        if ex_wait != 0:
            ex_wait.next = ex_wait - 1
        todo_any.next = f_todo != 0             # a cycle behind f_todo, but where that
        spent.next = nodes == budget_r          # is too late (a new frame, ITER) it is set
        c_bottom.next = c_d == 0
        done.next = 0
        if state == t_state.IDLE:
            if start:
                r_me.next = me_in
                r_opp.next = opp_in
                c_me.next = me_in
                c_opp.next = opp_in
                ex_wait.next = EXAMINE_LATENCY
                sz.next = size
                budget_r.next = budget
                nodes.next = 0
                cycles.next = 1
                busy.next = 1
                answer_score.next = 0
                depth.next = 0
                phase.next = MIDGAME
                state.next = t_state.ROOT

        elif state == t_state.ROOT:             # my_moves: the root's moves
            if ex_wait == 0:
                r_moves.next = my_moves
                f_todo.next = my_moves
                sel_wait.next = SELECT_LATENCY
                if not my_any:
                    has_move.next = 0
                    stop.next = STOP_PASS
                    state.next = t_state.FINISH
                else:
                    has_move.next = 1
                    state.next = t_state.ROOT_PICK

        elif state == t_state.ROOT_PICK:        # the first move in order
            if sel_wait == 0:
                answer.next = pick_index
                if (r_moves & (r_moves - 1)) == 0:
                    stop.next = STOP_FORCED
                    state.next = t_state.FINISH
                else:
                    it_d.next = 1
                    state.next = t_state.ITER

        elif state == t_state.ITER:             # the root frame of iteration it_d
            f_me.next = r_me
            f_opp.next = r_opp
            first_idx.next = answer
            if it_d == 1:
                f_todo.next = r_moves
                first_on.next = 0
            else:
                f_todo.next = r_moves & ~answer_hot
                first_on.next = 1
            sel_wait.next = SELECT_LATENCY
            if phase == WLD:                    # the solver: win, loss or draw
                f_alpha.next = -1
                f_beta.next = 1
            elif phase == EXACT and answer_won:  # ... the margin: only wins matter
                f_alpha.next = 0
                f_beta.next = INF
            else:
                f_alpha.next = -INF
                f_beta.next = INF
            f_best.next = -INF
            f_d.next = it_d[DEPTH_BITS:]
            f_pass.next = 0
            ply.next = 0
            at_root.next = 1
            todo_any.next = 1                   # r_moves, or first_on
            leaf_seen.next = 0
            rb_valid.next = 0
            state.next = t_state.SELECT

        elif state == t_state.SELECT:
            if not use_answer and not todo_any:           # the frame is over
                if at_root:                               # the iteration is complete
                    if not (phase == WLD and rb_score < 0):     # a proven loss keeps
                        answer.next = rb_move                   # the midgame's move
                    answer_score.next = rb_score
                    answer_won.next = rb_score >= 1
                    depth.next = it_d[DEPTH_BITS:]
                    if not leaf_seen:
                        if phase == WLD and rb_score != 0:    # won or lost: by how much
                            phase.next = EXACT
                            state.next = t_state.ITER
                        else:
                            stop.next = STOP_EXACT
                            state.next = t_state.FINISH
                    elif it_d == MAX_DEPTH:
                        stop.next = STOP_DEPTH
                        state.next = t_state.FINISH
                    elif endgame and it_d == ENDGAME_AFTER:     # the solver, to the end
                        phase.next = WLD
                        it_d.next = MAX_DEPTH
                        state.next = t_state.ITER
                    else:
                        it_d.next = it_d + 1
                        state.next = t_state.ITER
                else:
                    ret_val.next = f_best
                    state.next = t_state.RET_LOAD
            elif spent:
                state.next = t_state.ABORT
            elif sel_wait == 0:                           # the move and its flips are in
                nodes.next = nodes + 1
                f_todo.next = f_todo & ~sel_hot
                first_on.next = 0
                sel_wait.next = SELECT_LATENCY
                f_move.next = sel_index
                c_me.next = f_opp & ~flipped
                c_opp.next = f_me | flipped | sel_hot
                ex_wait.next = EXAMINE_LATENCY
                c_d.next = f_d - 1
                c_alpha.next = -f_beta
                c_beta.next = c_window
                state.next = t_state.EXAMINE

        elif state == t_state.EXAMINE:
            if ex_wait != 0:                                       # the value is not in yet
                pass
            elif (not my_any and not their_any) or c_bottom:       # a leaf
                if my_any or their_any:
                    leaf_seen.next = 1
                if dv_keep:                     # deliver (as in RET)
                    f_best.next = dv_s
                if dv_root:
                    rb_valid.next = 1
                    rb_move.next = dv_move
                    rb_score.next = dv_s
                if dv_cut_root:                 # the iteration is over (as in RET)
                    f_todo.next = 0
                    todo_any.next = 0
                ret_val.next = dv_up
                if dv_pop:
                    state.next = t_state.RET_LOAD
                else:
                    state.next = t_state.SELECT
            elif not my_any:                                       # a pass: a node
                if spent:
                    state.next = t_state.ABORT
                else:
                    nodes.next = nodes + 1
                    ply.next = ply + 1
                    at_root.next = 0
                    f_pass.next = 1
                    f_alpha.next = c_alpha
                    f_beta.next = c_beta
                    c_me.next = c_opp
                    c_opp.next = c_me
                    ex_wait.next = EXAMINE_LATENCY
                    c_d.next = c_d - 1
                    c_alpha.next = -c_beta
                    c_beta.next = -c_alpha
            else:                                                  # a new frame
                ply.next = ply + 1
                at_root.next = 0
                f_me.next = c_me
                f_opp.next = c_opp
                if k_legal:                     # its ply's killer first
                    f_todo.next = my_moves & ~k_rd_hot
                    first_on.next = 1
                    first_idx.next = k_rd_cell
                else:
                    f_todo.next = my_moves
                todo_any.next = 1
                sel_wait.next = SELECT_LATENCY
                f_alpha.next = c_alpha
                f_beta.next = c_beta
                f_best.next = -INF
                f_d.next = c_d
                f_pass.next = 0
                state.next = t_state.SELECT

        elif state == t_state.RET_LOAD:         # the parent's word, read ahead
            f_me.next = q_me
            f_opp.next = q_opp
            f_todo.next = q_todo
            sel_wait.next = SELECT_LATENCY
            f_alpha.next = q_alpha
            f_beta.next = q_beta
            f_best.next = q_best
            f_d.next = q_d
            f_pass.next = q_pass
            f_move.next = q_move
            ret_s.next = -ret_val
            ply.next = ply - 1
            at_root.next = ply == 1
            state.next = t_state.RET

        elif state == t_state.RET:              # the value reaches the parent
            if dv_keep:
                f_best.next = dv_s
            if dv_root:                         # deliver (as in EXAMINE)
                rb_valid.next = 1
                rb_move.next = dv_move
                rb_score.next = dv_s
            if dv_cut_root:
                f_todo.next = 0
                todo_any.next = 0
            ret_val.next = dv_up
            if dv_pop:
                state.next = t_state.RET_LOAD
            else:
                state.next = t_state.SELECT

        elif state == t_state.ABORT:            # the budget is spent before a node
            if phase == EXACT:                  # the win/loss/draw solve stands
                stop.next = STOP_WLD
            else:
                stop.next = STOP_BUDGET
            if rb_valid and not (phase == WLD and rb_score < 0):   # a root move completed
                answer.next = rb_move                               # (in a solve: a win or
                answer_score.next = rb_score                        # a draw)
            state.next = t_state.FINISH

        else:                                   # FINISH
            if stop == STOP_PASS:
                move.next = 0
                score.next = 0
            elif stop == STOP_FORCED:
                move.next = answer
                score.next = 0
            else:
                move.next = answer
                score.next = answer_score
            busy.next = 0
            done.next = 1
            state.next = t_state.IDLE

    size_rom = rom(sz, full_rom, full)
    return (gen_my, gen_their, stage_unit, evaluation, order, flips, answer_decode, first_decode,
            killer_decode, killer_ram, killer_ports, size_rom, child_stages,
            choose, game_over_value,
            child_window, unpack, pack, deliver_sums, deliver, deliver_result, stack_ram,
            stack_ports, control)
