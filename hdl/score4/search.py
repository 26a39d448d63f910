"""The Score-4 search engine: golden/score4/search.py in hardware."""
from myhdl import Signal, always, always_comb, always_seq, block, concat, enum, intbv

from golden.score4.encoding import NUM_CELLS, NUM_POSTS
from golden.score4.search import DEPTH_BITS, HASH_BITS, INF, PROVEN, TT_BITS, WIN
from hdl.decoder import decoder
from hdl.score4.checker import SCORE_MAX, SCORE_MIN, score4_checker
from hdl.score4.child_hash import score4_child_hash
from hdl.score4.combine import score4_combine
from hdl.score4.cut import score4_cut
from hdl.score4.entry import score4_entry
from hdl.score4.frame_stack import STACK_DEPTH, score4_frame_stack
from hdl.score4.killers import score4_killers
from hdl.score4.prescan import score4_prescan
from hdl.score4.probe import score4_probe
from hdl.score4.select import SLOTS, score4_select
from hdl.score4.table import (CUT_BITS, ENTRIES, ENTRY_BITS, ENTRY_FIELDS, field_slices,
                              score4_table)
from hdl.score4.tried import score4_tried
from hdl.score4.zobrist import score4_zobrist

from golden.score4 import REASONS  # noqa: E402 (the `reason` output is the index into it)
NODE_BITS = 28


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
    FIXED_CYCLES includes CLEAR: every table entry written once per search.

    The transposition table (score4_table, M4K) is read at the index of the
    child every GEN makes, and the entry registered as it comes out of the
    memory (entry_q, in EVAL). PROBE, if EVAL descends, compares it with the
    node (score4_probe), looks at its bound with the node's window
    (score4_cut), and chooses the node's first move twice, as if the entry
    were found and as if not, taking one when the compare is done: no path
    runs from the memory, or from the compare through the slot choice, in
    one cycle. A node that was searched writes its entry in RETURN. The frame stack keeps each
    ply's hash, so RETURN restores it instead of undoing a Zobrist key.

    Clock rate: GEN makes the move chosen one cycle earlier. The cycle before
    every GEN (ITER_START, PROBE, COMB) picks the first open slot
    of the position GEN will see (score4_select) into registers, so no path
    runs from the slot counter through the choice and the landing cell into
    the checker's inputs in one cycle. The killer that choice needs is read
    a cycle ahead (score4_killers), and the 16 children's hashes are
    registered a cycle ahead (score4_child_hash): GEN only picks the chosen
    one to address the table.
    """
    t_state = enum("IDLE", "PRE", "CLEAR", "ITER_START", "GEN", "EVAL",
                   "PROBE", "COMB", "RETURN", "ITER_DONE", "FINISH")
    state = Signal(t_state.IDLE)

    def s14(v=0):
        return Signal(intbv(v, min=SCORE_MIN, max=SCORE_MAX))

    # position being searched: x to move at the current ply
    x = Signal(intbv(0)[NUM_CELLS:])
    y = Signal(intbv(0)[NUM_CELLS:])
    occ = Signal(intbv(0)[NUM_CELLS:])
    occ_r = Signal(intbv(0)[NUM_CELLS:])       # x | y again, in registers of its own: the
                                               # slot choice starts from few-fanout flops
    ply = Signal(intbv(0, min=0, max=STACK_DEPTH))    # <= 63: a descent needs ply + 1 < depth <= 64
    diter = Signal(intbv(0, min=0, max=NUM_CELLS + 2))
    # the current frame
    fidx = Signal(intbv(0, min=0, max=SLOTS + 1))  # next slot: 0 = A (pv / hash move), 1 = killer, k+2 = ORDER[k]
    falpha, fbeta, fbest = s14(), s14(), s14()
    falpha0 = s14()                            # the alpha the node was entered with
    fbest_move = Signal(intbv(0)[4:])          # the node's best move so far
    dleft = Signal(intbv(0)[DEPTH_BITS + 1:])  # plies left at the node: diter - ply (<= 63 below the root)
    cur_post = Signal(intbv(0)[4:])
    root_best = Signal(intbv(0)[4:])
    # win/block pre-scan (score4_prescan)
    scan_start = Signal(bool(0))                    # IDLE starts a search
    pre_post = Signal(intbv(0)[4:])
    pre_set_move, pre_finish, pre_search = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    pre_reason = Signal(intbv(0)[3:])
    empties = Signal(intbv(0, min=0, max=NUM_CELLS + 1))
    root_colour = Signal(bool(0))
    # checker inputs (registered) and outputs
    chk_x = Signal(intbv(0)[NUM_CELLS:])
    chk_cell = Signal(intbv(0)[NUM_CELLS:])    # the bead GEN dropped, one-hot
    ev = s14()                                 # evaluation of chk_x, y (valid in EVAL)
    ev_q = s14()                               # ev registered: the evaluation COMB sees
    gen_x = Signal(intbv(0)[NUM_CELLS:])       # x with the bead GEN drops
    won_q, full_q = Signal(bool(0)), Signal(bool(0))
    won_r, full_r = Signal(bool(0)), Signal(bool(0))   # won and full, worked out in GEN
    from_child = Signal(bool(0))               # COMB takes sval (a child's value), not the checker
    sval = s14()
    # transposition table, hash and killers
    node_hash = Signal(intbv(0)[HASH_BITS:])   # position_hash of (x, y)
    colour = Signal(bool(0))                   # x's colour: the root's colour, flipped each ply
    child_hash = Signal(intbv(0)[HASH_BITS:])  # the hash of the child GEN makes (addresses the table)
    child_hash_q = Signal(intbv(0)[HASH_BITS:])  # ... registered: valid in EVAL
    clr_addr = Signal(intbv(0, min=0, max=ENTRIES))
    clr_cell = Signal(intbv(0)[6:])
    clr_key_x = Signal(intbv(0)[HASH_BITS:])   # ZOBRIST of a bead of x / y on clr_cell
    clr_key_y = Signal(intbv(0)[HASH_BITS:])
    not_root_colour = Signal(bool(0))
    tt_we = Signal(bool(0))
    tt_waddr = Signal(intbv(0)[TT_BITS:])
    tt_wdata = Signal(intbv(0)[ENTRY_BITS:])
    tt_raddr = Signal(intbv(0)[TT_BITS:])
    tt_rdata = Signal(intbv(0)[ENTRY_BITS:])
    node_check = Signal(intbv(0)[HASH_BITS - TT_BITS:])
    node_index = Signal(intbv(0)[TT_BITS:])
    store_entry = Signal(intbv(0)[ENTRY_BITS:])
    # the child's entry, read in GEN; in EVAL score4_probe compares it with
    # the child and the entry and verdict are registered; in PROBE score4_cut
    # looks at its bound: no path from the memory through the slot choice
    probe_found, probe_deep = Signal(bool(0)), Signal(bool(0))
    entry_q = Signal(intbv(0)[ENTRY_BITS:])   # the child's entry, as read (registered)
    entry_low = Signal(intbv(0)[CUT_BITS:])   # its bound, score and move
    probe_usable = Signal(bool(0))
    hash_move = Signal(intbv(0)[4:])
    table_score = s14()
    probe_cut = Signal(bool(0))                # the node ended in PROBE: RETURN stores nothing
    kill_clear, kill_we = Signal(bool(0)), Signal(bool(0))
    kill_ply = Signal(intbv(0, min=0, max=STACK_DEPTH))   # a cut-off's killer, written a cycle
    kill_post = Signal(intbv(0)[4:])                       # later (RETURN): see killer_ports
    killer = Signal(intbv(0)[4:])
    killer_valid = Signal(bool(0))
    kill_down, kill_up = Signal(bool(0)), Signal(bool(0))   # the ply changes at this edge
    descends = Signal(bool(0))                 # EVAL descends into the child (else COMB)
    # generation: the next slot of the position the coming GEN sees (s_*), registered (g_*)
    # slot 0's move: the node's move A, the hash move (the previous
    # iteration's best at the root) when there is one; in PROBE, the entry's
    # move (a register, set a cycle ahead: no state decode or mux in front
    # of the slot choice)
    a_open = Signal(bool(0))
    a_post = Signal(intbv(0)[4:])
    a_onehot = Signal(intbv(0)[NUM_POSTS:])
    b_onehot = Signal(intbv(0)[NUM_POSTS:])
    # the slots already tried (0..fidx-1) as a thermometer, in a register of
    # its own set with fidx: no compare of fidx in front of the slot choice
    tried = Signal(intbv(0)[SLOTS:])
    gen_tried = Signal(intbv(0)[SLOTS:])       # ... after GEN: 0..g_sel
    s_top = Signal(intbv(0)[NUM_POSTS:])
    s_below = Signal(intbv(0)[SLOTS:])
    has_cand = Signal(bool(0))
    s_sel = Signal(intbv(0, min=0, max=SLOTS + 1))
    s_post = Signal(intbv(0)[4:])
    s_onehot = Signal(intbv(0)[NUM_POSTS:])
    # PROBE chooses twice, as if the entry were found (hit_*) and as if not
    # (miss_*), and takes one when the compare is done: the compare and the
    # choice run side by side instead of one after the other
    hit_has, miss_has = Signal(bool(0)), Signal(bool(0))
    hit_sel, miss_sel = (Signal(intbv(0, min=0, max=SLOTS + 1)) for _ in range(2))
    hit_post, miss_post = Signal(intbv(0)[4:]), Signal(intbv(0)[4:])
    hit_onehot, miss_onehot = Signal(intbv(0)[NUM_POSTS:]), Signal(intbv(0)[NUM_POSTS:])
    no_a = Signal(bool(0))
    take_miss = Signal(bool(0))
    g_sel = Signal(intbv(0, min=0, max=SLOTS + 1))
    g_post = Signal(intbv(0)[4:])
    g_onehot = Signal(intbv(0)[NUM_POSTS:])
    s_lands = Signal(intbv(0)[NUM_CELLS:])     # every post's landing cell in that position
    g_lands = Signal(intbv(0)[NUM_CELLS:])
    g_cells = Signal(intbv(0)[NUM_CELLS:])     # the landing cell of g_post, one-hot
    s_occ = Signal(intbv(0)[NUM_CELLS:])
    full_level = Signal(intbv((1 << NUM_POSTS) - 1)[NUM_POSTS:])   # constant: the floor
    # the frame stack (score4_frame_stack): pushed in EVAL, popped in RETURN
    push = Signal(bool(0))
    pop_idx = Signal(intbv(0, min=0, max=SLOTS + 1))
    pop_alpha, pop_beta, pop_best, pop_alpha0 = s14(), s14(), s14(), s14()
    pop_best_move, pop_hm = Signal(intbv(0)[4:]), Signal(intbv(0)[4:])
    pop_hm_valid = Signal(bool(0))
    pop_hash = Signal(intbv(0)[HASH_BITS:])
    pop_post = Signal(intbv(0)[4:])
    pop_onehot = Signal(intbv(0)[NUM_CELLS:])
    pop_tried = Signal(intbv(0)[SLOTS:])
    # COMB (score4_combine)
    ev_s = s14()                               # the score COMB combines
    alpha_max = s14()                          # max(falpha, ev_s)
    cutoff = Signal(bool(0))                   # alpha_max >= fbeta
    ev_gt_best = Signal(bool(0))               # ev_s > fbest
    win_here = s14(WIN - 1)                    # WIN - (ply + 1): a win made at this ply

    prescan = score4_prescan(clk, rst, scan_start, x, y, occ, pre_post, pre_set_move, pre_finish,
                             pre_search, pre_reason, empties, root_colour)
    checker = score4_checker(clk, gen_x, y, g_cells, won_r, full_r, ev)
    a_dec = decoder(a_post, a_onehot)
    b_dec = decoder(killer, b_onehot)
    table = score4_table(clk, tt_we, tt_waddr, tt_wdata, tt_raddr, tt_rdata)
    probe = score4_probe(entry_q, node_check, dleft(DEPTH_BITS, 0), probe_found, probe_deep)
    cut = score4_cut(entry_low, probe_deep, falpha, fbeta, probe_usable, hash_move, table_score)
    entry = score4_entry(node_check, dleft(DEPTH_BITS, 0), fbest, falpha0, fbeta, fbest_move,
                         store_entry)
    children = score4_child_hash(clk, occ, colour, node_hash, g_onehot, child_hash)
    clr_x = score4_zobrist(root_colour, clr_cell, clr_key_x)
    clr_y = score4_zobrist(not_root_colour, clr_cell, clr_key_y)
    killers = score4_killers(clk, kill_clear, ply, kill_down, kill_up, kill_ply, kill_we,
                             kill_post, killer, killer_valid)
    gen_thermometer = score4_tried(g_sel, gen_tried, first=1)
    frames = score4_frame_stack(clk, push, ply, probe_cut, fidx, falpha, fbeta, fbest, falpha0,
                                fbest_move, a_open, a_post, cur_post, chk_cell, node_hash,
                                pop_idx, pop_alpha, pop_beta, pop_best, pop_alpha0, pop_best_move,
                                pop_hm_valid, pop_hm, pop_post, pop_onehot, pop_hash, pop_tried)
    selector = score4_select(s_top, s_below, a_open, a_post, a_onehot, killer_valid, killer,
                             b_onehot, hit_has, hit_sel, hit_post, hit_onehot)
    selector_miss = score4_select(s_top, s_below, no_a, a_post, a_onehot, killer_valid, killer,
                                  b_onehot, miss_has, miss_sel, miss_post, miss_onehot)
    combine = score4_combine(from_child, won_q, full_q, sval, win_here, ev_q, falpha, fbeta,
                             fbest, ev_s, alpha_max, cutoff, ev_gt_best)

    @always_comb
    def choice():
        take_miss.next = state == t_state.PROBE and not probe_found
        no_a.next = 0

    @always_comb
    def chosen_slot():
        if take_miss:
            has_cand.next = miss_has
            s_sel.next = miss_sel
            s_post.next = miss_post
            s_onehot.next = miss_onehot
        else:
            has_cand.next = hit_has
            s_sel.next = hit_sel
            s_post.next = hit_post
            s_onehot.next = hit_onehot

    @always_comb
    def hashes():
        node_check.next = node_hash[HASH_BITS:TT_BITS]
        node_index.next = node_hash[TT_BITS:]
        entry_low.next = entry_q[CUT_BITS:]
        not_root_colour.next = not root_colour
        clr_cell.next = clr_addr[6:]

    @always_comb
    def table_ports():
        # read: the entry of the child GEN makes (used if EVAL descends into it)
        tt_raddr.next = child_hash[TT_BITS:]
        # write: CLEAR's zeros, or the entry of the node RETURN finishes
        if state == t_state.CLEAR:
            tt_we.next = 1
            tt_waddr.next = clr_addr
            tt_wdata.next = 0
        else:
            tt_we.next = state == t_state.RETURN and ply != 0 and not probe_cut
            tt_waddr.next = node_index
            tt_wdata.next = store_entry

    @always_comb
    def killer_clear():
        kill_clear.next = state == t_state.IDLE

    @always_comb
    def descent():
        # ply + 1 == diter is dleft == 1: a compare of one register with a
        # constant, no carry chain in front of the killers' read address
        descends.next = not (won_r or full_r or dleft == 1)

    @always_comb
    def killer_read():
        # the killer of the ply the search is at next (score4_killers reads
        # it a cycle ahead): EVAL descends, RETURN goes back up
        kill_down.next = state == t_state.EVAL and descends
        kill_up.next = state == t_state.RETURN and ply != 0

    @always(clk.posedge)
    def killer_ports():
        # A cut-off in COMB writes its killer at the next edge (the end of
        # RETURN), so the compare chain behind `cutoff` does not also drive
        # the 64 killers' enables. killer[p] is next read at the end of the
        # EVAL that descends into a node at ply p, at least two cycles later.
        kill_we.next = state == t_state.COMB and cutoff
        kill_ply.next = ply
        kill_post.next = cur_post

    @always_comb
    def occupancy():
        occ.next = x | y

    @always_comb
    def next_position():
        # the slot counter the next GEN will see: a node just entered (PROBE:
        # the child, already in x and y), a fresh iteration's root, or the
        # current frame (COMB)
        s_occ.next = occ_r
        if state == t_state.PROBE or state == t_state.ITER_START:
            s_below.next = 0
        else:
            s_below.next = tried

    @always_comb
    def next_lands():
        s_top.next = s_occ[NUM_CELLS:NUM_CELLS - NUM_POSTS]
        # a landing cell is empty, and on the floor or on a bead
        s_lands.next = ~s_occ & concat(s_occ[NUM_CELLS - NUM_POSTS:0], full_level)

    @always(clk.posedge)
    def probe_regs():
        child_hash_q.next = child_hash
        entry_q.next = tt_rdata

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

    em_h, em_l = field_slices(ENTRY_FIELDS)["move"]

    @always_comb
    def frame_push():
        push.next = state == t_state.EVAL and descends

    @always_comb
    def prescan_start():
        scan_start.next = state == t_state.IDLE and start

    @always_seq(clk.posedge, reset=rst)
    def fsm():
        done.next = 0
        if state != t_state.IDLE:
            cycles.next = cycles + 1

        if state == t_state.IDLE:
            if start:
                x.next = me
                y.next = opp
                occ_r.next = me | opp
                busy.next = 1
                cycles.next = 1
                nodes.next = 0
                depth.next = 0
                score.next = 0
                a_open.next = 0                     # the first iteration's root has no move A
                ply.next = 0
                reason.next = 0                     # full, unless a move is found
                # what CLEAR starts from, set here rather than on the way in
                # (the scan's verdict then steers fewer registers)
                diter.next = 1
                clr_addr.next = 0
                node_hash.next = 0
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
            # every table entry cleared (table_ports), and the root's hash
            # summed over its 64 cells in the first 64 cycles; the root's
            # colour set before ITER_START (score4_child_hash reads it there)
            colour.next = root_colour
            if clr_addr < NUM_CELLS:
                if x[clr_cell]:
                    if y[clr_cell]:
                        node_hash.next = node_hash ^ clr_key_x ^ clr_key_y
                    else:
                        node_hash.next = node_hash ^ clr_key_x
                elif y[clr_cell]:
                    node_hash.next = node_hash ^ clr_key_y
            if clr_addr == ENTRIES - 1:
                state.next = t_state.ITER_START
            else:
                clr_addr.next = clr_addr + 1

        elif state == t_state.ITER_START:
            colour.next = root_colour
            dleft.next = diter
            probe_cut.next = 0
            win_here.next = WIN - 1
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
            from_child.next = 0
            if not descends:
                state.next = t_state.COMB
            else:
                # descend: push this frame (frame_push), the child is (y, x + bead)
                # with x's window negated; its table entry is read now (tt_raddr) for PROBE
                x.next = y
                y.next = chk_x
                occ_r.next = occ | chk_cell
                a_open.next = 1                  # PROBE's move A: the entry's (as it is read)
                a_post.next = tt_rdata[em_h:em_l]
                ply.next = ply + 1
                colour.next = not colour
                dleft.next = dleft - 1
                node_hash.next = child_hash_q
                win_here.next = win_here - 1
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
                fidx.next = pop_idx
                tried.next = pop_tried
                falpha.next = pop_alpha
                fbeta.next = pop_beta
                fbest.next = pop_best
                falpha0.next = pop_alpha0
                fbest_move.next = pop_best_move
                a_post.next = pop_hm
                a_open.next = pop_hm_valid
                node_hash.next = pop_hash
                cur_post.next = pop_post
                x.next = y & ~pop_onehot
                occ_r.next = occ & ~pop_onehot
                y.next = x
                ply.next = ply - 1
                colour.next = not colour
                dleft.next = dleft + 1
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
                a_post.next = root_best             # the root's move A: this iteration's best
                a_open.next = 1
                diter.next = diter + 1
                state.next = t_state.ITER_START

        else:  # FINISH
            busy.next = 0
            done.next = 1
            state.next = t_state.IDLE

    return (prescan, checker, a_dec, b_dec, table, probe, cut, entry, children, clr_x, clr_y,
            killers, gen_thermometer, frames, selector, selector_miss, combine, choice,
            chosen_slot, hashes, table_ports, killer_clear, descent, killer_read, killer_ports,
            occupancy, next_position, next_lands, probe_regs, chosen, gen_move, landing_cell,
            frame_push, prescan_start, fsm)

