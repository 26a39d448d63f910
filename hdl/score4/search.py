"""The Score-4 search engine: golden/score4/search.py in hardware."""
from myhdl import Signal, always, always_comb, always_seq, block, enum, intbv

from golden.score4.encoding import NUM_CELLS, NUM_POSTS
from golden.score4.search import DEPTH_BITS, HASH_BITS, INF, PROVEN, WIN
from hdl.score4.book import score4_book
from hdl.score4.checker import SCORE_MAX, SCORE_MIN, score4_checker
from hdl.score4.combine import score4_combine
from hdl.score4.frame_stack import STACK_DEPTH, score4_frame_stack
from hdl.score4.killers import score4_killers
from hdl.score4.position import score4_position
from hdl.score4.prescan import score4_prescan
from hdl.score4.next_move import score4_next_move
from hdl.score4.select import SLOTS
from hdl.score4.win_now import score4_win_now
from hdl.score4.table import ENTRIES
from hdl.score4.table_access import score4_table_access
from hdl.signals import flag, unsigned

from golden.score4 import REASONS  # noqa: E402 (the `reason` output is the index into it)
NODE_BITS = 28
REASON_SEARCH, REASON_BOOK = REASONS.index("search"), REASONS.index("book")


@block
def score4_search(clk, rst, start, me, opp, budget, busy, done, move, nodes,
                  depth, score, reason, cycles):
    """Choose the move for `me` exactly as golden.score4.search.search does.

    Ports:
        clk, rst  in   clock, synchronous reset (active high)
        start     in   pulse while not busy: search the position (me, opp)
        me, opp   in   64-bit bitboards, me to move (held only on the start cycle)
        budget    in   28 bits, >= 1: the most nodes to spend
        busy      out  high from the cycle after start until done
        done      out  one-cycle pulse: the results below are valid (they hold
                       until the next start)
        move      out  4 bits: the post to play (undefined when reason is "full")
        nodes     out  28 bits: nodes spent
        depth     out  7 bits: depth of the last completed iteration (0: none)
        score     out  14-bit signed: its root score
        reason    out  3 bits: index into REASONS
        cycles    out  32 bits: clock cycles from start to done

    Timing: a search that spends n nodes takes at most
    hdl.score4.FIXED_CYCLES + hdl.score4.CYCLES_PER_NODE * n cycles: a node
    costs GEN + EVAL + COMB, plus PROBE and RETURN when the search descended
    into it (the table's answer ends it in PROBE, or its moves are searched).
    A child whose mover can win at once (golden's step w) is not descended
    into: EVAL gives COMB its value, so it costs a leaf's cycles.
    FIXED_CYCLES includes PRE (the win and block scan) and CLEAR (every table
    entry written once per search, while the book is scanned: a book answer
    ends with CLEAR).

    This block is the control (the state machine below: the current frame's
    window, best score and slot counter, the node count) and the wiring of
    the units, one file each:
        score4_prescan       PRE: no free post, a win, a block, a fallback;
                             its win_cells register (y_wins) gives step w
        score4_win_now       step w: whether the mover of the child GEN
                             makes wins at once (registered for EVAL, which
                             then scores the child without descending)
        score4_book          the opening book, scanned in CLEAR: its move
                             ends the search there
        score4_position      the node: position, ply, hash, depth left
        score4_next_move     the move the next GEN makes, chosen a cycle
                             ahead (score4_select, the killer's slot)
        score4_checker       the move's lines: won, full, evaluation (EVAL)
        score4_table_access  the transposition table: read at the index of
                             the child every GEN makes, probed in PROBE if
                             EVAL descends, written in RETURN unless PROBE
                             found another position's deeper entry there,
                             cleared in CLEAR
        score4_killers       the killer of each ply, read a cycle ahead
        score4_frame_stack   the frames of the plies above the node (EVAL
                             pushes, RETURN pops; each keeps its hash, so
                             RETURN restores it instead of undoing a key)
        score4_combine       COMB: the move's score against the window
    Clock rate: no path runs from the slot counter through the choice and
    the landing cell into the checker, or from the table's memory through a
    compare into the slot choice, in one cycle (each unit's docstring says
    which register breaks which path).
    """
    t_state = enum("IDLE", "PRE", "CLEAR", "ITER_START", "GEN", "EVAL",
                   "PROBE", "COMB", "RETURN", "ITER_DONE", "FINISH")
    state = Signal(t_state.IDLE)

    def s14(v=0):
        return Signal(intbv(v, min=SCORE_MIN, max=SCORE_MAX))

    def cells():
        return unsigned(NUM_CELLS)

    # the node (score4_position): x to move; occ_r is x | y in registers of
    # their own (the slot choice starts from few-fanout flops)
    x, y, occ, occ_r = cells(), cells(), cells(), cells()
    ply = Signal(intbv(0, min=0, max=STACK_DEPTH))    # <= 63: a descent needs ply + 1 < depth <= 64
    dleft = unsigned(DEPTH_BITS + 1)           # plies left at the node: diter - ply
    node_hash = unsigned(HASH_BITS)            # position_hash of (x, y)
    colour = flag()                            # x's colour: the root's colour, flipped each ply
    win_here = s14(WIN - 1)                    # WIN - (ply + 1): a win made at this ply
    diter = Signal(intbv(0, min=0, max=NUM_CELLS + 2))
    root_best = unsigned(4)
    # the current frame
    fidx = Signal(intbv(0, min=0, max=SLOTS + 1))  # next slot: 0 = A (pv / hash move), 1 = killer, k+2 = ORDER[k]
    falpha, fbeta, fbest = s14(), s14(), s14()
    falpha0 = s14()                            # the alpha the node was entered with
    fbest_move, cur_post = unsigned(4), unsigned(4)   # the best move so far, the one searched
    # slot 0's move: the node's move A, the hash move (the previous
    # iteration's best at the root) when there is one; in PROBE, the entry's
    # move (a register, set a cycle ahead: no state decode or mux in front
    # of the slot choice)
    a_open, a_post = flag(), unsigned(4)
    # the slots already tried (0..fidx-1) as a thermometer, in a register of
    # its own set with fidx: no compare of fidx in front of the slot choice
    tried = unsigned(SLOTS)
    probe_cut = flag()                         # the node ended in PROBE: RETURN stores nothing
    fkeep = flag()                             # its probe read another position's deeper
                                               # entry: RETURN stores nothing (step d)
    # what each state tells the units (state_decode)
    launch, clearing, iterating, fresh, probing = flag(), flag(), flag(), flag(), flag()
    push, store, kill_clear, kill_down, kill_up = flag(), flag(), flag(), flag(), flag()
    descends = flag()                          # EVAL descends into the child (else COMB)
    # the pre-scan (score4_prescan)
    pre_post, pre_reason = unsigned(4), unsigned(3)
    pre_set_move, pre_finish, pre_search = flag(), flag(), flag()
    empties = Signal(intbv(0, min=0, max=NUM_CELLS + 1))
    root_colour = flag()
    # step w (score4_win_now): the cells where a bead of y would win (the
    # pre-scan's register, for the node's x, y of one edge earlier: the
    # node's own in GEN); registered in GEN for EVAL (dleft does not change
    # between them): stop_r, the child is not descended into for its depth
    # or a win at once; deep_win_r, a win at once in a child that would be
    # descended into; child_won: EVAL scores the child as that win
    y_wins = cells()
    stop_r, deep_win_r, child_won = flag(), flag(), flag()
    # the move GEN makes (score4_next_move) and the checker's inputs and outputs
    has_cand = flag()
    g_sel = Signal(intbv(0, min=0, max=SLOTS + 1))
    g_post, g_onehot = unsigned(4), unsigned(NUM_POSTS)
    g_cells = cells()                          # the landing cell of g_post, one-hot
    gen_x = cells()                            # x with the bead GEN drops
    gen_tried = unsigned(SLOTS)                # tried after GEN: 0..g_sel
    chk_x, chk_cell = cells(), cells()         # registered in GEN: x with the bead, the bead
    ev, ev_q = s14(), s14()                    # the evaluation (valid in EVAL), registered
    won_r, full_r = flag(), flag()             # won and full, worked out in GEN
    won_q, full_q = flag(), flag()
    from_child = flag()                        # COMB takes sval (a child's value), not the checker
    sval = s14()
    # the table (score4_table_access)
    clr_addr = Signal(intbv(0, min=0, max=ENTRIES))
    child_hash_q = unsigned(HASH_BITS)         # the hash of the child GEN made (in EVAL)
    read_move = unsigned(4)                    # the move of the child's entry (EVAL)
    probe_found, probe_usable, probe_keep = flag(), flag(), flag()
    hash_move, table_score = unsigned(4), s14()
    # the killers (score4_killers): a cut-off's killer is written a cycle
    # later (RETURN): see killer_ports
    kill_we = flag()
    kill_ply = Signal(intbv(0, min=0, max=STACK_DEPTH))
    kill_post, killer, killer_valid = unsigned(4), unsigned(4), flag()
    # the frame stack (score4_frame_stack): pushed in EVAL, popped in RETURN
    pop_idx = Signal(intbv(0, min=0, max=SLOTS + 1))
    pop_alpha, pop_beta, pop_best, pop_alpha0 = s14(), s14(), s14(), s14()
    pop_best_move, pop_hm, pop_post = unsigned(4), unsigned(4), unsigned(4)
    pop_hm_valid, pop_keep = flag(), flag()
    pop_hash = unsigned(HASH_BITS)
    pop_onehot = cells()
    pop_tried = unsigned(SLOTS)
    # COMB (score4_combine)
    ev_s = s14()                               # the score COMB combines
    alpha_max = s14()                          # max(falpha, ev_s)
    cutoff = flag()                            # alpha_max >= fbeta
    ev_gt_best = flag()                        # ev_s > fbest

    # the book (score4_book)
    book_hit, book_move = flag(), unsigned(4)

    prescan = score4_prescan(clk, rst, launch, x, y, occ, pre_post, pre_set_move, pre_finish,
                             pre_search, pre_reason, empties, root_colour, y_wins)
    book = score4_book(clk, rst, launch, clearing, clr_addr, node_hash, empties, book_hit,
                       book_move)
    checker = score4_checker(clk, gen_x, y, g_cells, won_r, full_r, ev)
    table = score4_table_access(clk, clearing, clr_addr, store, node_hash, dleft, falpha, fbeta,
                                fbest, falpha0, fbest_move, occ, colour, g_onehot, child_hash_q,
                                read_move, probe_found, probe_usable, hash_move, table_score,
                                probe_keep)
    position = score4_position(clk, rst, launch, me, opp, clearing, clr_addr, root_colour,
                               iterating, diter, push, chk_x, chk_cell, child_hash_q, kill_up,
                               pop_onehot, pop_hash, x, y, occ, occ_r, ply, colour, dleft,
                               node_hash, win_here)
    killers = score4_killers(clk, kill_clear, ply, kill_down, kill_up, kill_ply, kill_we,
                             kill_post, killer, killer_valid)
    next_move = score4_next_move(clk, x, occ_r, tried, fresh, probing, probe_found, a_open,
                                 a_post, killer, killer_valid, has_cand, g_sel, g_post, g_onehot,
                                 g_cells, gen_x, gen_tried)
    frames = score4_frame_stack(clk, push, ply, probe_cut, fidx, falpha, fbeta, fbest, falpha0,
                                fbest_move, a_open, a_post, cur_post, chk_cell, node_hash, fkeep,
                                pop_idx, pop_alpha, pop_beta, pop_best, pop_alpha0, pop_best_move,
                                pop_hm_valid, pop_hm, pop_post, pop_onehot, pop_hash, pop_keep,
                                pop_tried)
    win_now = score4_win_now(clk, occ_r, y_wins, g_onehot, dleft, stop_r, deep_win_r)
    combine = score4_combine(from_child, won_q, full_q, sval, win_here, ev_q, falpha, fbeta,
                             fbest, ev_s, alpha_max, cutoff, ev_gt_best)

    @always_comb
    def state_decode():
        # what each state tells the units (comments: the units' docstrings)
        launch.next = state == t_state.IDLE and start
        kill_clear.next = state == t_state.IDLE
        clearing.next = state == t_state.CLEAR
        iterating.next = state == t_state.ITER_START
        fresh.next = state == t_state.PROBE or state == t_state.ITER_START
        probing.next = state == t_state.PROBE
        push.next = state == t_state.EVAL and descends
        store.next = state == t_state.RETURN and ply != 0 and not probe_cut and not fkeep
        # the killer of the ply the search is at next (score4_killers reads
        # it a cycle ahead): EVAL descends, RETURN goes back up
        kill_down.next = state == t_state.EVAL and descends
        kill_up.next = state == t_state.RETURN and ply != 0

    @always_comb
    def descent():
        # ply + 1 == diter is dleft == 1: a compare of one register with a
        # constant, registered in GEN (stop_r), no carry chain in front of
        # the killers' read address
        descends.next = not (won_r or full_r or stop_r)
        child_won.next = deep_win_r and not (won_r or full_r)

    @always(clk.posedge)
    def killer_ports():
        # A cut-off in COMB writes its killer at the next edge (the end of
        # RETURN), so the compare chain behind `cutoff` does not also drive
        # the 64 killers' enables. killer[p] is next read at the end of the
        # EVAL that descends into a node at ply p, at least two cycles later.
        kill_we.next = state == t_state.COMB and cutoff
        kill_ply.next = ply
        kill_post.next = cur_post

    @always(clk.posedge)
    def leaf_reg():
        ev_q.next = ev

    @always_seq(clk.posedge, reset=rst)
    def fsm():
        done.next = 0
        if state != t_state.IDLE:
            cycles.next = cycles + 1

        if state == t_state.IDLE:
            if start:
                busy.next = 1
                cycles.next = 1
                nodes.next = 0
                depth.next = 0
                score.next = 0
                a_open.next = 0                     # the first iteration's root has no move A
                reason.next = 0                     # full, unless a move is found
                # what CLEAR starts from, set here rather than on the way in
                # (the scan's verdict then steers fewer registers)
                diter.next = 1
                clr_addr.next = 0
                state.next = t_state.PRE

        elif state == t_state.PRE:
            # the win and block scan (score4_prescan)
            if pre_set_move:
                move.next = pre_post
            if pre_finish or pre_search:
                reason.next = pre_reason
            if pre_finish:
                state.next = t_state.FINISH
            elif pre_search:
                state.next = t_state.CLEAR

        elif state == t_state.CLEAR:
            # every table entry cleared (score4_table_access), and the root's
            # hash summed over its 64 cells in the first 64 cycles; the root's
            # colour set before ITER_START (score4_child_hash reads it there):
            # score4_position; the book scanned from the 65th cycle on
            # (score4_book): its move ends the search
            if clr_addr == ENTRIES - 1:
                if book_hit:
                    move.next = book_move
                    reason.next = REASON_BOOK
                    state.next = t_state.FINISH
                else:
                    state.next = t_state.ITER_START
            else:
                clr_addr.next = clr_addr + 1

        elif state == t_state.ITER_START:
            probe_cut.next = 0
            fkeep.next = 0
            falpha.next = -INF
            fbeta.next = INF
            fbest.next = -INF
            fidx.next = 0
            tried.next = 0
            state.next = t_state.GEN

        elif state == t_state.GEN:
            # a candidate exists here (checked before entering GEN)
            if nodes == budget:
                state.next = t_state.FINISH           # abandon the iteration
            else:
                nodes.next = nodes + 1
                chk_x.next = gen_x
                chk_cell.next = g_cells
                cur_post.next = g_post
                fidx.next = g_sel + 1
                tried.next = gen_tried
                state.next = t_state.EVAL

        elif state == t_state.EVAL:
            won_q.next = won_r
            full_q.next = full_r
            from_child.next = child_won
            if child_won:
                # step w: the child's mover wins at once; COMB takes the
                # child's value, -(WIN - (ply + 2)), as if it had returned
                sval.next = 1 - win_here
            if not descends:
                state.next = t_state.COMB
            else:
                # descend: push this frame (frame_push), the child is (y, x + bead)
                # with x's window negated; its table entry is read now (tt_raddr) for PROBE
                a_open.next = 1                  # PROBE's move A: the entry's (as it is read)
                a_post.next = read_move
                falpha.next = -fbeta
                falpha0.next = -fbeta
                fbeta.next = -falpha
                fbest.next = -INF
                fidx.next = 0
                tried.next = 0
                state.next = t_state.PROBE

        elif state == t_state.PROBE:
            # the table's entry for this node: its value ends the node, or
            # its move is tried first (the selector saw it this cycle)
            a_open.next = probe_found            # the node's move A from now on: the
            a_post.next = hash_move              # hash move (a_post held it already,
                                                 # read a cycle ahead for this cycle's choice)
            fkeep.next = probe_keep              # step d's verdict, kept in the node's frame
            if probe_usable:
                fbest.next = table_score
                probe_cut.next = 1
                state.next = t_state.RETURN
            else:
                state.next = t_state.GEN

        elif state == t_state.COMB:
            if ev_gt_best:
                fbest.next = ev_s
                fbest_move.next = cur_post
                if ply == 0:
                    root_best.next = cur_post
            falpha.next = alpha_max
            if cutoff:
                state.next = t_state.RETURN
            elif not has_cand:
                state.next = t_state.RETURN
            else:
                state.next = t_state.GEN

        elif state == t_state.RETURN:
            if ply == 0:
                state.next = t_state.ITER_DONE
            else:
                # the node's entry is written now (table_ports) unless PROBE ended it
                sval.next = -fbest
                from_child.next = 1
                probe_cut.next = 0
                fkeep.next = pop_keep
                fidx.next = pop_idx
                tried.next = pop_tried
                falpha.next = pop_alpha
                fbeta.next = pop_beta
                fbest.next = pop_best
                falpha0.next = pop_alpha0
                fbest_move.next = pop_best_move
                a_post.next = pop_hm
                a_open.next = pop_hm_valid
                cur_post.next = pop_post
                state.next = t_state.COMB

        elif state == t_state.ITER_DONE:
            move.next = root_best
            depth.next = diter
            score.next = fbest
            reason.next = REASON_SEARCH
            if fbest >= PROVEN or fbest <= -PROVEN or diter >= empties:
                state.next = t_state.FINISH
            else:
                a_post.next = root_best             # the root's move A: this iteration's best
                a_open.next = 1
                diter.next = diter + 1
                state.next = t_state.ITER_START

        else:  # FINISH
            busy.next = 0
            done.next = 1
            state.next = t_state.IDLE

    return (prescan, book, position, checker, table, killers, next_move, frames, win_now, combine,
            state_decode, descent, killer_ports, leaf_reg, fsm)

