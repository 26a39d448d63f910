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
def blokus_search(clk, rst, cmd, start, c_seat_a, c_pass, c_x, c_y, c_t, c_r, budget,
                  done, legal, m_pass, m_x, m_y, m_t, m_r, nodes, score, cycles):
    """Holds the position; checks and applies the opponent's moves; searches.

    Ports:
        clk, rst   in   clock, synchronous reset (empty board, seat (5,5))
        cmd        in   2 bits, read with `start`: CMD_NEW a fresh game with seat
                        c_seat_a; CMD_OPP the opponent's move (c_pass, or centre
                        c_x, c_y 0..14, tile c_t 0..20, digit c_r 0..7, any of
                        the digits that give the shape); CMD_SEARCH the board's move
        start      in   one-cycle pulse: run `cmd` (only while idle)
        c_*        in   the command's operands
        budget     in   NODE_BITS: the most nodes (evaluations) one search spends
        done       out  one-cycle pulse: the command finished
        legal      out  with done after CMD_OPP: the move was legal and is applied
                        (an illegal move changes nothing)
        m_pass     out  with done after CMD_SEARCH: the board passes (no legal move)
        m_x, m_y   out  4 bits: the chosen move's centre (applied to the board)
        m_t, m_r   out  its tile 0..20 and lowest orientation digit
        nodes      out  NODE_BITS: evaluations the last search spent (both phases)
        score      out  signed: the chosen move's value (0 for a pass)
        cycles     out  32 bits: clock cycles of the last search
    The search is golden/blokus/search.py's. A scan streams the side to
    move's forbidden and anchor maps through a 5 x 5 window (blokus_checker:
    all 91 shapes a cycle) and issues its legal moves in scan order, one
    every other cycle, into the evaluation pipeline (PIPE stages: the shape
    is shifted into place, rows then columns; the maps after it, the board's
    then (players swapped) the opponent's, feed one blokus_reach unit on
    consecutive cycles; the score W_SIZE * squares + mover's reach - other's
    reach). Phase 1: the TOP_K best candidates are kept sorted (blokus_topk).
    Phase 2: for each kept candidate m, m goes into `pm` and the opponent's
    replies are scanned and evaluated the same way from its side; m's value
    is W_SIZE * squares(m) minus the best reply, and m is dropped as soon as
    it cannot beat the best value so far: the replies still in the pipeline
    are discarded (never counted). `nodes` counts the evaluations that leave
    the pipeline; the budget is checked when a node enters it (nodes in the
    pipeline included), so the nodes, the kept candidates and the answer are
    the golden model's for every budget. Cycles: hdl.blokus.worst_case_cycles.
    """
    E = EXT_BITS
    b = lambda n: Signal(intbv(0)[n:])
    sc = lambda: Signal(intbv(0, min=SCORE_MIN, max=SCORE_MAX))
    shape_sig = lambda: Signal(intbv(0, min=0, max=N_SHAPES))
    occ_me, occ_opp, pm = b(E), b(E), b(E)
    used_me, used_opp, used_root = b(21), b(21), b(21)
    seat_a, phase2, tr_on = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    first_me, first_opp = Signal(bool(1)), Signal(bool(1))
    own_me, own_opp = b(E), b(E)
    forb_me, anch_me, forb_opp, anch_opp = b(E), b(E), b(E), b(E)
    map_seat = Signal(bool(0))
    # the maps are the board's (me) and the opponent's, but swapped while the
    # opponent's reach is counted (`second`): the reach unit reads forb_me, anch_me
    maps = blokus_maps(own_me, own_opp, first_me, first_opp, map_seat,
                       forb_me, anch_me, forb_opp, anch_opp)
    in_me, in_opp = b(E), b(E)          # the maps' inputs, registered below
    in_first_me, in_first_opp, in_seat = Signal(bool(1)), Signal(bool(1)), Signal(bool(0))

    # the evaluation pipeline: stage k holds (js[k - 1], ss[k - 1]); valid[k - 1]
    # is set when it holds a node
    js = [b(J_BITS) for _ in range(PIPE)]
    ss = [shape_sig() for _ in range(PIPE)]
    j1, j2, j3, s1 = js[0], js[1], js[2], ss[0]
    s_cnt = ss[PIPE - 2]            # the stage the reach counts arrive in
    j_out, s_out = js[PIPE - 1], ss[PIPE - 1]
    tags = [register(clk, rst, js[k], js[k + 1]) for k in range(PIPE - 1)] + \
        [register(clk, rst, ss[k], ss[k + 1]) for k in range(PIPE - 1)]
    valid = b(PIPE)
    pl_row, pl, pl5 = b(E), b(E), b(E)  # stage 3: the shape moved down; 4: in place; 5
    tp = b(E)                       # the trial placement the maps see
    mask1, mask2 = b(25), b(25)
    spread = b(69)
    size_cnt = Signal(intbv(0, min=0, max=1 << COUNT_BITS))

    @always_comb
    def rom_mask():
        mask1.next = SHAPE_MASK[s1]

    @always_comb
    def spread_rows():
        spread.next = concat(mask2[25:20], intbv(0)[11:], mask2[20:15], intbv(0)[11:],
                             mask2[15:10], intbv(0)[11:], mask2[10:5], intbv(0)[11:],
                             mask2[5:0])

    @always_comb
    def rom_size_cnt():
        size_cnt.next = SIZE_X[s_cnt]

    swap = Signal(bool(0))          # stage 5 holds a node: its opponent's turn

    @always_comb
    def trial_place():
        swap.next = valid[4]
        if valid[4]:
            tp.next = pl5
        else:
            tp.next = pl

    x_me, x_opp = b(E), b(E)
    xf_me, xf_opp = Signal(bool(1)), Signal(bool(1))

    @always_comb
    def trial_owners():
        # the trial move `tp` is on the board during a scan: the board's
        # (phase 1) or the opponent's reply to `pm` (phase 2)
        if phase2:
            x_me.next = occ_me | pm
        elif tr_on:
            x_me.next = occ_me | tp
        else:
            x_me.next = occ_me
        if phase2 and tr_on:
            x_opp.next = occ_opp | tp
        else:
            x_opp.next = occ_opp

    @always_comb
    def firsts():
        # a player whose trial move is on the board has placed a tile
        xf_me.next = used_me == 0 and not tr_on and not phase2
        xf_opp.next = used_opp == 0 and not (phase2 and tr_on)

    @always_comb
    def map_players():
        # stage 5 holds a node: the opponent's maps next (players swapped)
        if swap:
            in_me.next = x_opp
            in_opp.next = x_me
            in_first_me.next = xf_opp
            in_first_opp.next = xf_me
            in_seat.next = not seat_a
        else:
            in_me.next = x_me
            in_opp.next = x_opp
            in_first_me.next = xf_me
            in_first_opp.next = xf_opp
            in_seat.next = seat_a

    @always_seq(clk.posedge, reset=rst)
    def map_inputs():
        own_me.next = in_me
        own_opp.next = in_opp
        first_me.next = in_first_me
        first_opp.next = in_first_opp
        map_seat.next = in_seat

    cnt = Signal(intbv(0, min=0, max=1 << COUNT_BITS))        # the reach unit's count
    cnt_me = Signal(intbv(0, min=0, max=1 << COUNT_BITS))     # the board's: a cycle earlier
    reach = blokus_reach(clk, rst, forb_me, anch_me, cnt)
    trial, trial_r = sc(), sc()

    @always_comb
    def trial_score():
        if phase2:
            trial.next = size_cnt + cnt - cnt_me
        else:
            trial.next = size_cnt + cnt_me - cnt

    @always_seq(clk.posedge, reset=rst)
    def pipeline():
        mask2.next = mask1
        pl_row.next = concat(intbv(0)[E - 69:], spread) << concat(j2[J_BITS:4], intbv(0)[4:])
        pl.next = pl_row << j3[4:0]
        pl5.next = pl
        cnt_me.next = cnt
        trial_r.next = trial
        reaches_r.next = reaches

    # the scan: window, pending candidates of the window's step, the next one
    rf, ra = b(E), b(E)
    legal_root = b(N_SHAPES)
    chk_root = blokus_checker(rf, ra, used_root, legal_root)
    pend = b(N_SHAPES)
    pend_j = b(J_BITS)
    pick = b(SHAPE_BITS)
    pend_rest = b(N_SHAPES)
    prio = lowest_one(pend, pick, pend_rest)
    pick_r = b(SHAPE_BITS)              # pend's lowest shape, registered
    rest_r = b(N_SHAPES)
    pend_new = Signal(bool(0))          # pend was written: pick_r is a cycle late
    pend_any = Signal(bool(0))          # pend != 0, registered with pend

    @always_seq(clk.posedge, reset=rst)
    def lowest_reg():
        pick_r.next = pick
        rest_r.next = pend_rest

    # the shape in the control's hand and its tables
    cur_s = shape_sig()
    cur_j = b(J_BITS)
    tile = b(5)
    digit = b(3)
    size_x = Signal(intbv(0, min=0, max=1 << COUNT_BITS))
    tile_hot = b(21)
    tile_dec = decoder(tile, tile_hot)

    @always_comb
    def rom_tile():
        tile.next = SHAPE_TILE[cur_s]

    @always_comb
    def rom_digit():
        digit.next = SHAPE_DIGIT[cur_s]

    @always_comb
    def rom_size():
        size_x.next = SIZE_X[cur_s]

    # the opponent's code -> its shape and canonical centre
    code = b(8)
    code_s = shape_sig()
    dx1, dy1 = b(2), b(2)
    xp, yp = b(5), b(5)           # canonical centre + 1: 2..15 on the board

    @always_comb
    def code_index():
        code.next = concat(c_t, c_r)

    @always_comb
    def rom_code_shape():
        code_s.next = CODE_SHAPE[code]

    @always_comb
    def rom_code_dx():
        dx1.next = CODE_DX1[code]

    @always_comb
    def rom_code_dy():
        dy1.next = CODE_DY1[code]

    @always_comb
    def canonical_centre():
        xp.next = concat(False, c_x) + concat(intbv(0)[3:], dx1)
        yp.next = concat(False, c_y) + concat(intbv(0)[3:], dy1)

    # phase 1: the kept candidates
    tk_clear, tk_insert = Signal(bool(0)), Signal(bool(0))
    q = Signal(intbv(0, min=0, max=TOP_K + 1))
    tk_v, tk_j, tk_s = sc(), b(J_BITS), shape_sig()
    tk_count = Signal(intbv(0, min=0, max=TOP_K + 1))
    topk = blokus_topk(clk, rst, tk_clear, tk_insert, trial_r, j_out, s_out, q, tk_v, tk_j,
                       tk_s, tk_count, k=TOP_K)
    # phase 2: the candidate m being examined, the best reply, the best value
    v1, mx, mx_new, value, final_v = sc(), sc(), sc(), sc(), sc()
    base_x = Signal(intbv(0, min=0, max=1 << COUNT_BITS))
    mx_ok, cut = Signal(bool(0)), Signal(bool(0))
    thr = sc()                          # a reply of at least this cuts m
    reaches, reaches_r = Signal(bool(0)), Signal(bool(0))
    m_j, m_s = b(J_BITS), shape_sig()
    b2_v, b2_j, b2_s = sc(), b(J_BITS), shape_sig()
    b2_ok = Signal(bool(0))
    out_n = Signal(bool(0))              # a node leaves the pipeline this cycle

    @always_comb
    def leaving():
        out_n.next = valid[PIPE - 1]
        tk_insert.next = valid[PIPE - 1] and not phase2

    @always_comb
    def replies():
        if mx_ok and mx >= trial_r:
            mx_new.next = mx
        else:
            mx_new.next = trial_r
        if mx_ok:
            value.next = base_x - mx
        else:
            value.next = v1

    @always_comb
    def alpha_beta():
        # the node leaving the pipeline makes m unable to beat the best value:
        # base_x - max(replies) <= b2_v, and no earlier reply did, so this one
        # is at least thr = base_x - b2_v (compared as the score is formed)
        reaches.next = trial >= thr
        cut.next = valid[PIPE - 1] and phase2 and b2_ok and reaches_r

    jp2 = b(J_BITS)

    @always_comb
    def centre():
        jp2.next = cur_j + 2            # Y * 16 + X

    t_state = enum(*STATES)
    t_after = enum("OPP", "ME", "M")
    state = Signal(t_state.IDLE)
    after = Signal(t_after.OPP)
    jn = b(J_BITS)                      # the next window step of the scan
    rem = b(J_BITS)
    inflight = Signal(intbv(0, min=0, max=PIPE + 1))
    infl_w = b(NODE_BITS)               # inflight, as wide as nodes
    left = b(NODE_BITS)                 # budget - nodes - inflight: nodes that may enter

    @always_comb
    def widen_inflight():
        infl_w.next = concat(intbv(0)[NODE_BITS - len(inflight):], inflight)
    opp_ok = Signal(bool(0))
    searching = Signal(bool(0))

    @always_comb
    def scanning():
        tr_on.next = state == t_state.SCAN or state == t_state.BSTOP

    @always_seq(clk.posedge, reset=rst)
    def count_cycles():
        if state == t_state.IDLE and start and cmd == CMD_SEARCH:
            cycles.next = 1
        elif searching:
            cycles.next = cycles + 1

    @always_seq(clk.posedge, reset=rst)
    def control():
        done.next = 0
        tk_clear.next = 0
        pend_new.next = 0
        valid.next = concat(valid[PIPE - 1:0], False)
        if out_n:
            nodes.next = nodes + 1
            inflight.next = inflight - 1
            if phase2:
                mx.next = mx_new
                mx_ok.next = 1
        if state == t_state.IDLE:
            if start:
                if cmd == CMD_NEW:
                    occ_me.next = 0
                    occ_opp.next = 0
                    used_me.next = 0
                    used_opp.next = 0
                    seat_a.next = c_seat_a
                    done.next = 1
                elif cmd == CMD_OPP:
                    if c_pass:
                        legal.next = used_opp != 0
                        done.next = 1
                    else:
                        cur_s.next = code_s
                        state.next = t_state.OPP_MAP
                else:
                    nodes.next = 0
                    left.next = budget
                    tk_clear.next = 1
                    b2_ok.next = 0
                    phase2.next = 0
                    q.next = 0
                    searching.next = 1
                    state.next = t_state.ROOT_LOAD

        # -- the opponent's move: walk its maps to the centre, test the shape
        elif state == t_state.OPP_MAP:
            if xp < 2 or xp > 15 or yp < 2 or yp > 15:
                legal.next = 0
                done.next = 1
                state.next = t_state.IDLE
            else:
                cur_j.next = concat(yp[4:], xp[4:]) - 19     # (yp-1)*16 + (xp-1) - 2
                state.next = t_state.OPP_LOAD
        elif state == t_state.OPP_LOAD:
            rf.next = forb_opp >> J_FIRST
            ra.next = anch_opp >> J_FIRST
            used_root.next = used_opp
            rem.next = cur_j - J_FIRST
            state.next = t_state.OPP_SHIFT
        elif state == t_state.OPP_SHIFT:
            if rem == 0:
                opp_ok.next = legal_root[cur_s]  # registered: the 91-to-1 pick is slow
                state.next = t_state.OPP_TEST
            else:
                rf.next = rf >> 1
                ra.next = ra >> 1
                rem.next = rem - 1
        elif state == t_state.OPP_TEST:
            if opp_ok:
                j1.next = cur_j
                s1.next = cur_s
                after.next = t_after.OPP
                state.next = t_state.PW1
            else:
                legal.next = 0
                done.next = 1
                state.next = t_state.IDLE
        elif state == t_state.APPLY_OPP:
            occ_opp.next = occ_opp | pl
            used_opp.next = used_opp | tile_hot
            legal.next = 1
            done.next = 1
            state.next = t_state.IDLE

        # -- a placement: (j1, s1) through the pipeline's mask and shifts into `pl`
        elif state == t_state.PW1:
            state.next = t_state.PW2
        elif state == t_state.PW2:
            state.next = t_state.PW3
        elif state == t_state.PW3:
            if after == t_after.OPP:
                state.next = t_state.APPLY_OPP
            elif after == t_after.M:
                state.next = t_state.P2_SETM
            else:
                state.next = t_state.APPLY_ME

        # -- a scan: the board's moves (phase 1) or the opponent's replies (phase 2)
        elif state == t_state.ROOT_LOAD:
            if phase2:
                rf.next = forb_opp >> J_FIRST
                ra.next = anch_opp >> J_FIRST
                used_root.next = used_opp
            else:
                rf.next = forb_me >> J_FIRST
                ra.next = anch_me >> J_FIRST
                used_root.next = used_me
            pend.next = 0
            pend_any.next = 0
            pend_new.next = 0
            jn.next = J_FIRST
            inflight.next = 0
            state.next = t_state.SCAN
        elif state == t_state.SCAN or state == t_state.BSTOP:
            if cut:                             # m dropped: discard the pipeline
                valid.next = 0
                inflight.next = 0
                left.next = left + infl_w - 1   # all but the leaving node return
                q.next = q + 1
                state.next = t_state.P2_NEXT
            elif state == t_state.BSTOP:        # the budget is spent: drain
                if inflight == 0:
                    state.next = t_state.FINISH
            elif pend_any:
                if valid[0] or pend_new:        # a node entered last cycle: wait one
                    pass
                elif left == 0:
                    state.next = t_state.BSTOP
                else:                           # a node enters the pipeline
                    j1.next = pend_j
                    s1.next = pick_r
                    left.next = left - 1
                    valid.next = concat(valid[PIPE - 1:0], True)
                    pend.next = rest_r
                    pend_any.next = rest_r != 0
                    pend_new.next = 1
                    if out_n:                    # one in, one out
                        inflight.next = inflight
                    else:
                        inflight.next = inflight + 1
            elif jn <= J_LAST:                  # the next window step
                pend.next = legal_root
                pend_any.next = legal_root != 0
                pend_new.next = 1
                pend_j.next = jn
                rf.next = rf >> 1
                ra.next = ra >> 1
                jn.next = jn + 1
            elif inflight == 0:                 # scanned and evaluated
                if phase2:
                    state.next = t_state.P2_END
                else:
                    state.next = t_state.P2_NEXT

        # -- phase 2: the kept candidates one by one
        elif state == t_state.P2_NEXT:
            phase2.next = 0
            pm.next = 0
            if q == tk_count:
                state.next = t_state.FINISH
            else:
                state.next = t_state.P2_TAKE
        elif state == t_state.P2_TAKE:          # entry q, read out of blokus_topk
            cur_j.next = tk_j
            cur_s.next = tk_s
            j1.next = tk_j
            s1.next = tk_s
            v1.next = tk_v
            after.next = t_after.M
            state.next = t_state.PW1
        elif state == t_state.P2_SETM:
            pm.next = pl
            base_x.next = size_x
            thr.next = size_x - b2_v
            m_j.next = cur_j
            m_s.next = cur_s
            mx_ok.next = 0
            phase2.next = 1
            state.next = t_state.ROOT_PREP
        elif state == t_state.ROOT_PREP:        # the maps' inputs take pm
            state.next = t_state.ROOT_LOAD
        elif state == t_state.P2_END:
            if not b2_ok or value > b2_v:
                b2_ok.next = 1
                b2_v.next = value
                b2_j.next = m_j
                b2_s.next = m_s
            q.next = q + 1
            state.next = t_state.P2_NEXT

        # -- the answer: phase 2's best, else phase 1's best, else a pass
        elif state == t_state.FINISH:
            phase2.next = 0
            pm.next = 0
            if b2_ok:
                cur_s.next = b2_s
                cur_j.next = b2_j
                j1.next = b2_j
                s1.next = b2_s
                final_v.next = b2_v
                after.next = t_after.ME
                state.next = t_state.PW1
            elif tk_count != 0:
                q.next = 0
                state.next = t_state.FIRST_WAIT
            else:
                m_pass.next = 1
                score.next = 0
                searching.next = 0
                done.next = 1
                state.next = t_state.IDLE
        elif state == t_state.FIRST_WAIT:       # blokus_topk reads entry 0 out
            state.next = t_state.FIRST_KEPT
        elif state == t_state.FIRST_KEPT:       # phase 1's best: the first kept
            cur_s.next = tk_s
            cur_j.next = tk_j
            j1.next = tk_j
            s1.next = tk_s
            final_v.next = tk_v
            after.next = t_after.ME
            state.next = t_state.PW1
        else:  # APPLY_ME
            occ_me.next = occ_me | pl
            used_me.next = used_me | tile_hot
            m_pass.next = 0
            m_x.next = jp2[4:0]
            m_y.next = jp2[8:4]
            m_t.next = tile
            m_r.next = digit
            score.next = final_v
            searching.next = 0
            done.next = 1
            state.next = t_state.IDLE

    return (maps, trial_place, trial_owners, firsts, tags, rom_mask, spread_rows, rom_size_cnt,
            map_players, reach,
            trial_score, pipeline, chk_root, prio, lowest_reg, map_inputs, tile_dec, rom_tile,
            rom_digit, rom_size,
            code_index, rom_code_shape, rom_code_dx, rom_code_dy, canonical_centre, topk,
            leaving, replies, alpha_beta, centre, scanning, widen_inflight,
            count_cycles, control)
