"""The Blokus search engine: the position, the opponent's move check, the search."""
from myhdl import Signal, always_comb, always_seq, block, concat, enum, intbv

from golden.blokus.search import MAX_BUDGET, W_OPP, W_SIZE
from hdl.blokus.checker import blokus_checker
from hdl.blokus.maps import blokus_maps
from hdl.blokus.popcount import popcount
from hdl.blokus.tables import (CODE_DX1, CODE_DY1, CODE_SHAPE, EXT_BITS, J_BITS,
                               J_FIRST, J_LAST, N_SHAPES, SCAN_STEPS, SHAPE_BITS, SHAPE_DIGIT,
                               SHAPE_MASK, SHAPE_SIZE, SHAPE_TILE)
from hdl.decoder import decoder
from hdl.lowest_one import lowest_one

assert W_OPP == 1
CMD_NEW, CMD_OPP, CMD_SEARCH = 0, 1, 2
NODE_BITS = 16                    # budget and node counter (MAX_BUDGET = 2**16 - 1)
COUNT_BITS = 16                   # a mobility count (at most 17,836), a score term
SCORE_MIN, SCORE_MAX = -(1 << 16), 1 << 16
SIZE_X = tuple(W_SIZE * s for s in SHAPE_SIZE)
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
        budget     in   NODE_BITS: the most candidates one search evaluates
        done       out  one-cycle pulse: the command finished
        legal      out  with done after CMD_OPP: the move was legal and is applied
                        (an illegal move changes nothing)
        m_pass     out  with done after CMD_SEARCH: the board passes (no legal move)
        m_x, m_y   out  4 bits: the chosen move's centre (applied to the board)
        m_t, m_r   out  its tile 0..20 and lowest orientation digit
        nodes      out  NODE_BITS: candidates the last search evaluated
        score      out  signed: the chosen move's score (0 for a pass)
        cycles     out  32 bits: clock cycles of the last search
    The search is golden/blokus/search.py's: candidates in scan order, each
    scored by W_SIZE * squares + own mobility - opponent mobility after it,
    the first best kept. One candidate costs at most hdl.blokus.CYCLES_PER_NODE
    cycles: it is placed into a trial map (shifted into place by rows, then
    columns), then both players' placements are counted by streaming both
    maps through a 5 x 5 window, all 91 shapes tested per step.
    """
    E = EXT_BITS
    b = lambda n: Signal(intbv(0)[n:])
    occ_me, occ_opp, placed = b(E), b(E), b(E)
    used_me, used_opp, used_trial = b(21), b(21), b(21)
    seat_a, use_placed = Signal(bool(0)), Signal(bool(0))
    first_me, first_opp = Signal(bool(1)), Signal(bool(1))
    forb_me, anch_me, forb_opp, anch_opp = b(E), b(E), b(E), b(E)
    maps = blokus_maps(occ_me, occ_opp, placed, use_placed, first_me, first_opp, seat_a,
                       forb_me, anch_me, forb_opp, anch_opp)

    # windows: the root scan, and the two mobility counts (also the opponent check)
    rf, ra, mf, ma, of_, oa = b(E), b(E), b(E), b(E), b(E), b(E)
    legal_root, legal_me, legal_opp = b(N_SHAPES), b(N_SHAPES), b(N_SHAPES)
    chk_root = blokus_checker(rf, ra, used_me, legal_root)
    chk_me = blokus_checker(mf, ma, used_trial, legal_me)
    chk_opp = blokus_checker(of_, oa, used_opp, legal_opp)
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
    best_v = Signal(intbv(0, min=SCORE_MIN, max=SCORE_MAX))
    best_s = Signal(intbv(0, min=0, max=N_SHAPES))
    best_j = b(J_BITS)
    best_ok = Signal(bool(0))
    p1, p2 = Signal(bool(0)), Signal(bool(0))

    jp2 = b(J_BITS)

    @always_comb
    def centre():
        jp2.next = cur_j + 2            # Y * 16 + X

    @always_comb
    def trial_score():
        trial.next = size_x + acc_me - acc_opp

    @always_comb
    def firsts():
        first_me.next = used_me == 0
        first_opp.next = used_opp == 0

    t_state = enum("IDLE", "OPP_MAP", "OPP_LOAD", "OPP_SHIFT", "OPP_TEST", "APPLY_OPP",
                   "ROOT_LOAD", "ROOT_POS", "PREP", "PICK", "PLACE_INIT", "PLACE", "LOAD",
                   "COUNT", "DRAIN", "SCORE", "FINISH", "APPLY_ME")
    t_after = enum("TRIAL", "OPP", "ME")
    state = Signal(t_state.IDLE)
    after = Signal(t_after.TRIAL)
    j = b(J_BITS)
    rem = b(J_BITS)
    step = Signal(intbv(0, min=0, max=SCAN_STEPS))
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
                    best_ok.next = 0
                    best_v.next = 0
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
            rem.next = cur_j - J_FIRST
            state.next = t_state.OPP_SHIFT
        elif state == t_state.OPP_SHIFT:
            if rem == 0:
                state.next = t_state.OPP_TEST
            else:
                of_.next = of_ >> 1
                oa.next = oa >> 1
                rem.next = rem - 1
        elif state == t_state.OPP_TEST:
            if legal_opp[cur_s]:
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

        # -- the search: the root scan
        elif state == t_state.ROOT_LOAD:
            rf.next = forb_me >> J_FIRST
            ra.next = anch_me >> J_FIRST
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
                    state.next = t_state.FINISH
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
            else:
                state.next = t_state.APPLY_ME

        # -- one candidate: count both players' placements after it
        elif state == t_state.LOAD:
            mf.next = forb_me >> J_FIRST
            ma.next = anch_me >> J_FIRST
            of_.next = forb_opp >> J_FIRST
            oa.next = anch_opp >> J_FIRST
            used_trial.next = used_me | tile_hot
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
        elif state == t_state.SCORE:
            nodes.next = nodes + 1
            if not best_ok or trial > best_v:
                best_ok.next = 1
                best_v.next = trial
                best_s.next = cur_s
                best_j.next = cur_j
            placed.next = 0
            use_placed.next = 0
            state.next = t_state.PREP

        # -- the answer
        elif state == t_state.FINISH:
            if best_ok:
                cur_s.next = best_s
                cur_j.next = best_j
                after.next = t_after.ME
                state.next = t_state.PLACE_INIT
            else:
                m_pass.next = 1
                score.next = 0
                searching.next = 0
                done.next = 1
                state.next = t_state.IDLE
        else:  # APPLY_ME
            occ_me.next = occ_me | placed
            used_me.next = used_me | tile_hot
            placed.next = 0
            m_pass.next = 0
            m_x.next = jp2[4:0]
            m_y.next = jp2[8:4]
            m_t.next = tile
            m_r.next = digit
            score.next = best_v
            searching.next = 0
            done.next = 1
            state.next = t_state.IDLE

    return (maps, chk_root, chk_me, chk_opp, pop_me, pop_opp, prio, tile_dec,
            rom_mask, rom_tile, rom_digit, rom_size, spread_rows, code_index, rom_code_shape,
            rom_code_dx, rom_code_dy, canonical_centre, centre, trial_score, firsts, pipeline,
            count_cycles, control)
