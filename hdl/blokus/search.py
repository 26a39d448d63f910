"""The Blokus search engine: the position, the opponent's move check, the search."""
from myhdl import Signal, always_comb, always_seq, block, concat, enum, intbv

from golden.blokus.search import MAX_BUDGET, TOP_K, W_OPP, W_SIZE
from hdl.blokus.checker import blokus_checker
from hdl.blokus.maps import blokus_maps
from hdl.blokus.popcount import popcount
from hdl.blokus.topk import blokus_topk
from hdl.blokus.tables import (CODE_DX1, CODE_DY1, CODE_SHAPE, EXT_BITS, J_BITS,
                               J_FIRST, J_LAST, N_SHAPES, SCAN_STEPS, SHAPE_BITS, SHAPE_DIGIT,
                               SHAPE_MASK, SHAPE_SIZE, SHAPE_TILE)
from hdl.decoder import decoder
from hdl.lowest_one import lowest_one

assert W_OPP == 1
CMD_NEW, CMD_OPP, CMD_SEARCH = 0, 1, 2
NODE_BITS = 18                    # budget and node counter (MAX_BUDGET = 2**18 - 1)
COUNT_BITS = 16                   # a mobility count (at most 17,836), a score term
SCORE_MIN, SCORE_MAX = -(1 << 16), 1 << 16
SIZE_X = tuple(W_SIZE * s for s in SHAPE_SIZE)
STATES = ("IDLE", "OPP_MAP", "OPP_LOAD", "OPP_SHIFT", "OPP_TEST", "APPLY_OPP",
          "ROOT_LOAD", "ROOT_POS", "PREP", "PICK", "PLACE_INIT", "PLACE", "LOAD",
          "COUNT", "DRAIN", "SCORE", "SCORE2", "SCORE3", "P2_NEXT", "P2_TAKE", "P2_SETM", "P2_END", "FINISH",
          "FIRST_WAIT", "FIRST_KEPT",
          "APPLY_ME")
"""The engine's states, in their binary encoding order (benches read `state`)."""
assert MAX_BUDGET == (1 << NODE_BITS) - 1


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
    The search is golden/blokus/search.py's. Phase 1: candidates in scan
    order, each scored W_SIZE * squares + own mobility - opponent mobility
    after it; the TOP_K best kept sorted (blokus_topk). Phase 2: for each kept
    candidate m, m goes into `pm` and the opponent's replies are generated
    and evaluated the same way from its side; m's value is W_SIZE * squares(m)
    minus the best reply, and m is dropped as soon as it cannot beat the best
    value so far. An evaluation (a node) costs at most
    hdl.blokus.CYCLES_PER_NODE cycles: the move is shifted into a trial map
    (rows, then columns), then both players' maps are streamed through a
    5 x 5 window, all 91 shapes tested per step, and the placements counted.
    """
    E = EXT_BITS
    b = lambda n: Signal(intbv(0)[n:])
    occ_me, occ_opp, placed, pm = b(E), b(E), b(E), b(E)
    used_me, used_opp = b(21), b(21)
    used_root, ut_me, ut_opp = b(21), b(21), b(21)
    seat_a, use_placed, phase2 = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    first_me, first_opp = Signal(bool(1)), Signal(bool(1))
    own_me, own_opp = b(E), b(E)
    forb_me, anch_me, forb_opp, anch_opp = b(E), b(E), b(E), b(E)
    maps = blokus_maps(own_me, own_opp, first_me, first_opp, seat_a,
                       forb_me, anch_me, forb_opp, anch_opp)

    @always_comb
    def trial_owners():
        # phase 1: `placed` is the board's trial move; phase 2: `pm` is, and
        # `placed` the opponent's trial reply
        if phase2:
            own_me.next = occ_me | pm
        elif use_placed:
            own_me.next = occ_me | placed
        else:
            own_me.next = occ_me
        if phase2 and use_placed:
            own_opp.next = occ_opp | placed
        else:
            own_opp.next = occ_opp

    # windows: the root scan, and the two mobility counts (also the opponent check)
    rf, ra, mf, ma, of_, oa = b(E), b(E), b(E), b(E), b(E), b(E)
    legal_root, legal_me, legal_opp = b(N_SHAPES), b(N_SHAPES), b(N_SHAPES)
    chk_root = blokus_checker(rf, ra, used_root, legal_root)
    chk_me = blokus_checker(mf, ma, ut_me, legal_me)
    chk_opp = blokus_checker(of_, oa, ut_opp, legal_opp)
    cnt_me = Signal(intbv(0, min=0, max=1 << COUNT_BITS))
    cnt_opp = Signal(intbv(0, min=0, max=1 << COUNT_BITS))
    pop_me = popcount(clk, rst, legal_me, cnt_me)
    pop_opp = popcount(clk, rst, legal_opp, cnt_opp)

    # candidates of the current root position, lowest shape first
    pend = b(N_SHAPES)
    pick = b(SHAPE_BITS)
    pend_rest = b(N_SHAPES)
    prio = lowest_one(pend, pick, pend_rest)
    pick_r = b(SHAPE_BITS)
    rest_r = b(N_SHAPES)
    any_r = Signal(bool(0))

    # the shape in hand and its tables
    cur_s = Signal(intbv(0, min=0, max=N_SHAPES))
    cur_j = b(J_BITS)
    mask = b(25)
    tile = b(5)
    digit = b(3)
    size_x = Signal(intbv(0, min=0, max=1 << COUNT_BITS))
    tile_hot = b(21)
    tile_dec = decoder(tile, tile_hot)
    spread = b(69)

    @always_comb
    def rom_mask():
        mask.next = SHAPE_MASK[cur_s]

    @always_comb
    def rom_tile():
        tile.next = SHAPE_TILE[cur_s]

    @always_comb
    def rom_digit():
        digit.next = SHAPE_DIGIT[cur_s]

    @always_comb
    def rom_size():
        size_x.next = SIZE_X[cur_s]

    @always_comb
    def spread_rows():
        spread.next = concat(mask[25:20], intbv(0)[11:], mask[20:15], intbv(0)[11:],
                             mask[15:10], intbv(0)[11:], mask[10:5], intbv(0)[11:],
                             mask[5:0])

    # the opponent's code -> its shape and canonical centre
    code = b(8)
    code_s = Signal(intbv(0, min=0, max=N_SHAPES))
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

    # scores
    acc_me = Signal(intbv(0, min=0, max=1 << COUNT_BITS))
    acc_opp = Signal(intbv(0, min=0, max=1 << COUNT_BITS))
    trial = Signal(intbv(0, min=SCORE_MIN, max=SCORE_MAX))
    sc = lambda: Signal(intbv(0, min=SCORE_MIN, max=SCORE_MAX))
    p1, p2 = Signal(bool(0)), Signal(bool(0))
    # phase 1: the kept candidates
    tk_clear, tk_insert = Signal(bool(0)), Signal(bool(0))
    q = Signal(intbv(0, min=0, max=TOP_K + 1))
    tk_v, tk_j, tk_s = sc(), b(J_BITS), Signal(intbv(0, min=0, max=N_SHAPES))
    tk_count = Signal(intbv(0, min=0, max=TOP_K + 1))
    trial_r = sc()                      # the node's evaluation, registered
    topk = blokus_topk(clk, rst, tk_clear, tk_insert, trial_r, cur_j, cur_s, q, tk_v, tk_j,
                       tk_s, tk_count, k=TOP_K)
    # phase 2: the candidate m being examined, the best reply, the best value
    v1, mx, mx_new, value, final_v = sc(), sc(), sc(), sc(), sc()
    base_x = Signal(intbv(0, min=0, max=1 << COUNT_BITS))
    mx_ok, cut = Signal(bool(0)), Signal(bool(0))
    pm_tile_hot = b(21)
    m_j, m_s = b(J_BITS), Signal(intbv(0, min=0, max=N_SHAPES))
    b2_v, b2_j, b2_s = sc(), b(J_BITS), Signal(intbv(0, min=0, max=N_SHAPES))
    b2_ok = Signal(bool(0))

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
        cut.next = b2_ok and base_x - mx <= b2_v

    jp2 = b(J_BITS)

    @always_comb
    def centre():
        jp2.next = cur_j + 2            # Y * 16 + X

    @always_comb
    def trial_score():
        if phase2:
            trial.next = size_x + acc_opp - acc_me
        else:
            trial.next = size_x + acc_me - acc_opp

    @always_comb
    def firsts():
        # a player whose trial move is on the board has placed a tile
        first_me.next = used_me == 0 and not use_placed and not phase2
        first_opp.next = used_opp == 0 and not (phase2 and use_placed)

    t_state = enum(*STATES)
    t_after = enum("TRIAL", "OPP", "ME", "M")
    state = Signal(t_state.IDLE)
    after = Signal(t_after.TRIAL)
    j = b(J_BITS)
    rem = b(J_BITS)
    step = Signal(intbv(0, min=0, max=SCAN_STEPS))
    opp_ok = Signal(bool(0))
    searching = Signal(bool(0))

    @always_seq(clk.posedge, reset=rst)
    def pipeline():
        p1.next = state == t_state.COUNT
        p2.next = p1
        if state == t_state.LOAD:
            acc_me.next = 0
            acc_opp.next = 0
        elif p2:
            acc_me.next = acc_me + cnt_me
            acc_opp.next = acc_opp + cnt_opp

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
        tk_insert.next = 0
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
            of_.next = forb_opp >> J_FIRST
            oa.next = anch_opp >> J_FIRST
            ut_opp.next = used_opp
            rem.next = cur_j - J_FIRST
            state.next = t_state.OPP_SHIFT
        elif state == t_state.OPP_SHIFT:
            if rem == 0:
                opp_ok.next = legal_opp[cur_s]  # registered: the 91-to-1 pick is slow
                state.next = t_state.OPP_TEST
            else:
                of_.next = of_ >> 1
                oa.next = oa >> 1
                rem.next = rem - 1
        elif state == t_state.OPP_TEST:
            if opp_ok:
                after.next = t_after.OPP
                state.next = t_state.PLACE_INIT
            else:
                legal.next = 0
                done.next = 1
                state.next = t_state.IDLE
        elif state == t_state.APPLY_OPP:
            occ_opp.next = occ_opp | placed
            used_opp.next = used_opp | tile_hot
            placed.next = 0
            legal.next = 1
            done.next = 1
            state.next = t_state.IDLE

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
            j.next = J_FIRST
            state.next = t_state.ROOT_POS
        elif state == t_state.ROOT_POS:
            pend.next = legal_root
            state.next = t_state.PREP
        elif state == t_state.PREP:             # the lowest candidate, registered
            pick_r.next = pick
            rest_r.next = pend_rest
            any_r.next = pend != 0
            state.next = t_state.PICK
        elif state == t_state.PICK:
            if not any_r:
                if j == J_LAST:
                    if phase2:
                        state.next = t_state.P2_END
                    else:
                        state.next = t_state.P2_NEXT
                else:
                    rf.next = rf >> 1
                    ra.next = ra >> 1
                    j.next = j + 1
                    state.next = t_state.ROOT_POS
            elif nodes >= budget:
                state.next = t_state.FINISH
            else:
                cur_s.next = pick_r
                cur_j.next = j
                pend.next = rest_r
                after.next = t_after.TRIAL
                state.next = t_state.PLACE_INIT

        # -- a placement into `placed`: rows first, then columns
        elif state == t_state.PLACE_INIT:
            placed.next = concat(intbv(0)[E - 69:], spread)
            rem.next = cur_j
            state.next = t_state.PLACE
        elif state == t_state.PLACE:
            if rem >= 16:
                placed.next = placed << 16
                rem.next = rem - 16
            elif rem != 0:
                placed.next = placed << 1
                rem.next = rem - 1
            elif after == t_after.TRIAL:
                use_placed.next = 1
                state.next = t_state.LOAD
            elif after == t_after.OPP:
                state.next = t_state.APPLY_OPP
            elif after == t_after.M:
                state.next = t_state.P2_SETM
            else:
                state.next = t_state.APPLY_ME

        # -- one evaluation: count both players' placements after the trial move
        elif state == t_state.LOAD:
            mf.next = forb_me >> J_FIRST
            ma.next = anch_me >> J_FIRST
            of_.next = forb_opp >> J_FIRST
            oa.next = anch_opp >> J_FIRST
            if phase2:
                ut_me.next = used_me | pm_tile_hot
                ut_opp.next = used_opp | tile_hot
            else:
                ut_me.next = used_me | tile_hot
                ut_opp.next = used_opp
            step.next = 0
            state.next = t_state.COUNT
        elif state == t_state.COUNT:
            mf.next = mf >> 1
            ma.next = ma >> 1
            of_.next = of_ >> 1
            oa.next = oa >> 1
            if step == SCAN_STEPS - 1:
                state.next = t_state.DRAIN
            else:
                step.next = step + 1
        elif state == t_state.DRAIN:
            if not p1 and not p2:
                state.next = t_state.SCORE
        elif state == t_state.SCORE:            # three short steps, for the clock rate
            nodes.next = nodes + 1
            trial_r.next = trial
            placed.next = 0
            use_placed.next = 0
            state.next = t_state.SCORE2
        elif state == t_state.SCORE2:
            if phase2:
                mx.next = mx_new
                mx_ok.next = 1
            else:
                tk_insert.next = 1
            state.next = t_state.SCORE3
        elif state == t_state.SCORE3:
            if phase2 and cut:                  # m cannot beat the best value
                q.next = q + 1
                state.next = t_state.P2_NEXT
            else:
                state.next = t_state.PREP

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
            v1.next = tk_v
            after.next = t_after.M
            state.next = t_state.PLACE_INIT
        elif state == t_state.P2_SETM:
            pm.next = placed
            placed.next = 0
            pm_tile_hot.next = tile_hot
            base_x.next = size_x
            m_j.next = cur_j
            m_s.next = cur_s
            mx_ok.next = 0
            phase2.next = 1
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
            placed.next = 0
            use_placed.next = 0
            if b2_ok:
                cur_s.next = b2_s
                cur_j.next = b2_j
                final_v.next = b2_v
                after.next = t_after.ME
                state.next = t_state.PLACE_INIT
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
            final_v.next = tk_v
            after.next = t_after.ME
            state.next = t_state.PLACE_INIT
        else:  # APPLY_ME
            occ_me.next = occ_me | placed
            used_me.next = used_me | tile_hot
            placed.next = 0
            m_pass.next = 0
            m_x.next = jp2[4:0]
            m_y.next = jp2[8:4]
            m_t.next = tile
            m_r.next = digit
            score.next = final_v
            searching.next = 0
            done.next = 1
            state.next = t_state.IDLE

    return (maps, trial_owners, chk_root, chk_me, chk_opp, pop_me, pop_opp, prio, tile_dec,
            topk, replies, alpha_beta,
            rom_mask, rom_tile, rom_digit, rom_size, spread_rows, code_index, rom_code_shape,
            rom_code_dx, rom_code_dy, canonical_centre, centre, trial_score, firsts, pipeline,
            count_cycles, control)
