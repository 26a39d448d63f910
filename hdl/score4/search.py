"""The Score-4 search engine: golden/score4/search.py in hardware."""
from myhdl import (ConcatSignal, Signal, always, always_comb, always_seq, block, concat,
                   enum, intbv)

from golden.score4.encoding import NUM_CELLS, NUM_POSTS, SEARCH_ORDER
from golden.score4.search import INF, PROVEN, WIN
from hdl.decoder import decoder
from hdl.score4.checker import SCORE_MAX, SCORE_MIN, score4_checker
from hdl.score4.landing import score4_landing
from hdl.score4.select import SLOTS, score4_select

from golden.score4 import REASONS  # noqa: E402 (the `reason` output is the index into it)
NODE_BITS = 28
STACK_DEPTH = 64
FRAME_BITS = 5 + 14 + 14 + 14 + 6


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
    costs GEN + EVAL + COMB, plus RETURN when it was searched below.

    Clock rate: GEN makes the move chosen one cycle earlier. The cycle before
    every GEN (ITER_START, EVAL of a descent, COMB) picks the first open slot
    of the position GEN will see (score4_select) into registers, so no path
    runs from the slot counter through the choice and the landing cell into
    the checker's inputs in one cycle.
    """
    t_state = enum("IDLE", "PRE_SET", "PRE_CHK", "ITER_START", "GEN", "EVAL",
                   "COMB", "RETURN", "ITER_DONE", "FINISH")
    state = Signal(t_state.IDLE)

    def s14(v=0):
        return Signal(intbv(v, min=SCORE_MIN, max=SCORE_MAX))

    # position being searched: x to move at the current ply
    x = Signal(intbv(0)[NUM_CELLS:])
    y = Signal(intbv(0)[NUM_CELLS:])
    occ = Signal(intbv(0)[NUM_CELLS:])
    ply = Signal(intbv(0, min=0, max=STACK_DEPTH))    # <= 63: a descent needs ply + 1 < depth <= 64
    diter = Signal(intbv(0, min=0, max=NUM_CELLS + 2))
    empties = Signal(intbv(0, min=0, max=NUM_CELLS + 1))
    # the current frame
    fidx = Signal(intbv(0, min=0, max=18))     # next slot to try: 0 = pv (root only), k+1 = ORDER[k]
    falpha, fbeta, fbest = s14(), s14(), s14()
    cur_post = Signal(intbv(0)[4:])
    root_best = Signal(intbv(0)[4:])
    pv = Signal(intbv(0)[4:])
    pv_valid = Signal(bool(0))
    # win/block pre-scan
    pidx = Signal(intbv(0, min=0, max=NUM_POSTS))
    ppass = Signal(bool(0))                    # 0: can I win, 1: must I block
    have_fallback = Signal(bool(0))
    # checker inputs (registered) and outputs
    chk_x = Signal(intbv(0)[NUM_CELLS:])
    chk_y = Signal(intbv(0)[NUM_CELLS:])
    chk_land = Signal(intbv(0)[6:])
    won = Signal(bool(0))                      # the pre-scan's bead wins (same cycle)
    ev = s14()                                 # evaluation of chk_x, chk_y (valid in EVAL)
    ev_q = s14()                               # ev registered: the evaluation COMB sees
    gen_x = Signal(intbv(0)[NUM_CELLS:])       # x with the bead GEN drops
    won_q, full_q = Signal(bool(0)), Signal(bool(0))
    won_r, full_r = Signal(bool(0)), Signal(bool(0))   # won and full, worked out in GEN
    from_child = Signal(bool(0))               # COMB takes sval (a child's value), not the checker
    sval = s14()
    # generation: the next slot of the position the coming GEN sees (s_*), registered (g_*)
    pv_onehot = Signal(intbv(0)[NUM_POSTS:])
    root_pv = Signal(bool(0))
    below_fidx = Signal(intbv(0)[SLOTS:])      # slots already tried: 0..fidx-1
    below_bits = [Signal(bool(0)) for _ in range(SLOTS)]
    below_vec = ConcatSignal(*reversed(below_bits))
    s_top = Signal(intbv(0)[NUM_POSTS:])
    s_below = Signal(intbv(0)[SLOTS:])
    s_root_pv = Signal(bool(0))
    has_cand = Signal(bool(0))
    s_sel = Signal(intbv(0, min=0, max=18))
    s_post = Signal(intbv(0)[4:])
    s_onehot = Signal(intbv(0)[NUM_POSTS:])
    g_sel = Signal(intbv(0, min=0, max=18))
    g_post = Signal(intbv(0)[4:])
    g_onehot = Signal(intbv(0)[NUM_POSTS:])
    s_lands = Signal(intbv(0)[NUM_CELLS:])     # every post's landing cell in that position
    g_lands = Signal(intbv(0)[NUM_CELLS:])
    g_cells = Signal(intbv(0)[NUM_CELLS:])     # the landing cell of g_post, one-hot
    s_occ = Signal(intbv(0)[NUM_CELLS:])
    g_land = Signal(intbv(0)[6:])
    g_high, g_odd = Signal(bool(0)), Signal(bool(0))   # the landing level's bits
    full_level = Signal(intbv((1 << NUM_POSTS) - 1)[NUM_POSTS:])   # constant: the floor
    # the pre-scan's post and its landing cell
    order_post = Signal(intbv(0)[4:])
    qfree = Signal(bool(0))
    qfree_cells = Signal(intbv(0, min=0, max=NUM_CELLS + 1))   # 4 - height, as wide as `empties`
    qland = Signal(intbv(0)[6:])
    qonehot = Signal(intbv(0)[NUM_CELLS:])
    # stack of frames below the current ply
    stack = [Signal(intbv(0)[FRAME_BITS:]) for _ in range(STACK_DEPTH)]
    st_we = Signal(bool(0))
    st_waddr = Signal(intbv(0)[6:])
    st_wdata = Signal(intbv(0)[FRAME_BITS:])
    st_raddr = Signal(intbv(0)[6:])
    st_rdata = Signal(intbv(0)[FRAME_BITS:])
    pop_idx = Signal(intbv(0, min=0, max=18))
    pop_alpha, pop_beta, pop_best = s14(), s14(), s14()
    pop_land = Signal(intbv(0)[6:])
    pop_onehot = Signal(intbv(0)[NUM_CELLS:])
    ev_s = s14()                               # the score COMB combines
    alpha_max = s14()                          # max(falpha, ev_s)
    cutoff = Signal(bool(0))                   # alpha_max >= fbeta
    ev_gt_alpha, ev_ge_beta, alpha_ge_beta = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    win_here = s14(WIN - 1)                    # WIN - (ply + 1): a win made at this ply

    checker = score4_checker(clk, chk_x, chk_y, chk_land, gen_x, y, g_cells, won, won_r,
                             full_r, ev)
    pv_dec = decoder(pv, pv_onehot)
    q_land = score4_landing(occ, order_post, qland, qonehot, qfree, qfree_cells)
    pop_dec = decoder(pop_land, pop_onehot)
    below = [_above(fidx, i, below_bits[i]) for i in range(SLOTS)]
    selector = score4_select(s_top, s_below, s_root_pv, pv, pv_onehot, has_cand, s_sel,
                             s_post, s_onehot)

    @always_comb
    def occupancy():
        occ.next = x | y

    @always_comb
    def root_slot():
        root_pv.next = ply == 0 and pv_valid
        below_fidx.next = below_vec

    @always_comb
    def next_position():
        # the position and slot counter the next GEN will see: a descent's
        # child, a fresh iteration's root, or the current frame (COMB)
        if state == t_state.EVAL:
            s_occ.next = chk_x | chk_y
            s_below.next = 0
            s_root_pv.next = 0
        elif state == t_state.ITER_START:
            s_occ.next = occ
            s_below.next = 0
            s_root_pv.next = root_pv
        else:
            s_occ.next = occ
            s_below.next = below_fidx
            s_root_pv.next = root_pv

    @always_comb
    def next_lands():
        s_top.next = s_occ[NUM_CELLS:NUM_CELLS - NUM_POSTS]
        # a landing cell is empty, and on the floor or on a bead
        s_lands.next = ~s_occ & concat(s_occ[NUM_CELLS - NUM_POSTS:0], full_level)

    @always(clk.posedge)
    def chosen():
        g_sel.next = s_sel
        g_post.next = s_post
        g_onehot.next = s_onehot
        g_lands.next = s_lands
        ev_q.next = ev

    @always_comb
    def gen_move():
        gen_x.next = x | g_cells

    @always_comb
    def landing_cell():
        # the landing cell of the chosen post
        g_cells.next = g_lands & concat(g_onehot, g_onehot, g_onehot, g_onehot)

    @always_comb
    def landing_height():
        g_high.next = g_cells[NUM_CELLS:32] != 0
        g_odd.next = (g_cells[NUM_CELLS:48] | g_cells[32:16]) != 0

    @always_comb
    def landing_index():
        g_land.next = concat(g_high, g_odd, g_post)

    @always_comb
    def order_lookup():
        order_post.next = SEARCH_ORDER[pidx]

    @always_comb
    def unpack():
        pop_idx.next = st_rdata[FRAME_BITS:FRAME_BITS - 5]
        pop_alpha.next = st_rdata[48:34].signed()
        pop_beta.next = st_rdata[34:20].signed()
        pop_best.next = st_rdata[20:6].signed()
        pop_land.next = st_rdata[6:0]


    @always_comb
    def stack_addr():
        if ply == 0:
            st_raddr.next = 0
        else:
            st_raddr.next = ply - 1

    @always(clk.posedge)
    def stack_ram():
        if st_we:
            stack[st_waddr].next = st_wdata
        st_rdata.next = stack[st_raddr]

    @always_comb
    def comb_score():
        if from_child:
            ev_s.next = sval
        elif won_q:
            ev_s.next = win_here
        elif full_q:
            ev_s.next = 0
        else:
            ev_s.next = ev_q

    @always_comb
    def compares():
        ev_gt_alpha.next = ev_s > falpha
        ev_ge_beta.next = ev_s >= fbeta
        alpha_ge_beta.next = falpha >= fbeta

    @always_comb
    def new_alpha():
        # the three comparisons run side by side: max(falpha, ev_s) >= fbeta
        if ev_gt_alpha:
            alpha_max.next = ev_s
            cutoff.next = ev_ge_beta
        else:
            alpha_max.next = falpha
            cutoff.next = alpha_ge_beta

    @always_seq(clk.posedge, reset=rst)
    def fsm():
        done.next = 0
        st_we.next = 0
        if state != t_state.IDLE:
            cycles.next = cycles + 1

        if state == t_state.IDLE:
            if start:
                x.next = me
                y.next = opp
                empties.next = 0
                busy.next = 1
                cycles.next = 1
                nodes.next = 0
                depth.next = 0
                score.next = 0
                pidx.next = 0
                ppass.next = 0
                have_fallback.next = 0
                pv_valid.next = 0
                ply.next = 0
                reason.next = 0                     # full, unless a move is found
                state.next = t_state.PRE_SET

        elif state == t_state.PRE_SET:
            # post ORDER[pidx]: put my (pass 0) or the opponent's (pass 1) bead on it
            if not ppass and qfree:
                empties.next = empties + qfree_cells     # the first pass counts empty cells
            if qfree:
                if not have_fallback:
                    move.next = order_post
                    have_fallback.next = 1
                if ppass:
                    chk_x.next = y | qonehot
                else:
                    chk_x.next = x | qonehot
                chk_land.next = qland
                state.next = t_state.PRE_CHK
            elif pidx == NUM_POSTS - 1:
                if not have_fallback:
                    state.next = t_state.FINISH   # no free post: reason stays "full"
                elif ppass:
                    diter.next = 1
                    reason.next = 4               # fallback until an iteration completes
                    state.next = t_state.ITER_START
                else:
                    ppass.next = 1
                    pidx.next = 0
            else:
                pidx.next = pidx + 1

        elif state == t_state.PRE_CHK:
            if won:
                move.next = order_post
                if ppass:
                    reason.next = 2
                else:
                    reason.next = 1
                state.next = t_state.FINISH
            elif pidx == NUM_POSTS - 1:
                if ppass:
                    diter.next = 1
                    reason.next = 4
                    state.next = t_state.ITER_START
                else:
                    ppass.next = 1
                    pidx.next = 0
                    state.next = t_state.PRE_SET
            else:
                pidx.next = pidx + 1
                state.next = t_state.PRE_SET

        elif state == t_state.ITER_START:
            win_here.next = WIN - 1
            falpha.next = -INF
            fbeta.next = INF
            fbest.next = -INF
            fidx.next = 0
            state.next = t_state.GEN

        elif state == t_state.GEN:
            # a candidate exists here (checked before entering GEN)
            if nodes == budget:
                state.next = t_state.FINISH           # abandon the iteration
            else:
                nodes.next = nodes + 1
                chk_x.next = gen_x
                chk_y.next = y
                chk_land.next = g_land
                cur_post.next = g_post
                fidx.next = g_sel + 1
                state.next = t_state.EVAL

        elif state == t_state.EVAL:
            won_q.next = won_r
            full_q.next = full_r
            from_child.next = 0
            if won_r or full_r or ply + 1 == diter:
                state.next = t_state.COMB
            else:
                # descend: push this frame, the child is (y, x + bead) with x's window negated
                st_we.next = 1
                st_waddr.next = ply
                st_wdata.next = concat(fidx[5:], falpha[14:], fbeta[14:], fbest[14:], chk_land)
                x.next = y
                y.next = chk_x
                ply.next = ply + 1
                win_here.next = win_here - 1
                falpha.next = -fbeta
                fbeta.next = -falpha
                fbest.next = -INF
                fidx.next = 0
                state.next = t_state.GEN

        elif state == t_state.COMB:
            if ev_s > fbest:
                fbest.next = ev_s
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
                sval.next = -fbest
                from_child.next = 1
                fidx.next = pop_idx
                falpha.next = pop_alpha
                fbeta.next = pop_beta
                fbest.next = pop_best
                cur_post.next = pop_land[4:0]
                x.next = y & ~pop_onehot
                y.next = x
                ply.next = ply - 1
                win_here.next = win_here + 1
                state.next = t_state.COMB

        elif state == t_state.ITER_DONE:
            move.next = root_best
            depth.next = diter
            score.next = fbest
            reason.next = 3
            if fbest >= PROVEN or fbest <= -PROVEN or diter >= empties:
                state.next = t_state.FINISH
            else:
                pv.next = root_best
                pv_valid.next = 1
                diter.next = diter + 1
                state.next = t_state.ITER_START

        else:  # FINISH
            busy.next = 0
            done.next = 1
            state.next = t_state.IDLE

    return (checker, pv_dec, q_land, pop_dec, below, selector, occupancy, root_slot,
            next_position, next_lands, chosen, gen_move, landing_cell, landing_height,
            landing_index, order_lookup, unpack, stack_addr, stack_ram, comb_score, compares,
            new_alpha, fsm)


@block
def _above(fidx, i, bit):
    """bit = fidx > i: slot i has been tried."""
    @always_comb
    def cmp():
        bit.next = fidx > i
    return cmp
