"""One playout move drawn by golden's policy: a scan that sums the weights, a bisection, a walk."""
from myhdl import Signal, always_comb, always_seq, block, concat, enum, intbv

from golden.blokus.mcts import SHAPE_WEIGHT
from hdl.blokus.kept_store import blokus_kept_store
from hdl.blokus.policy_weights import LATENCY, STEP_MAX, blokus_policy_weights
from hdl.blokus.tables import EXT_BITS, J_FIRST, N_SHAPES, SCAN_STEPS, SHAPE_BITS
from hdl.blokus.window_scan import blokus_window_scan
from hdl.lowest_one import onehot_index, onehot_table
from hdl.signals import unsigned

TOTAL_BITS = (SCAN_STEPS * STEP_MAX).bit_length()     # 29: every step with every shape
ADDR_BITS = 8                                          # a step's word: 0 .. SCAN_STEPS - 1
BISECT_ROUNDS = (SCAN_STEPS - 1).bit_length()          # 8
READ_WAIT = 2                                          # blokus_kept_store's read latency
SCAN_CYCLES = 1 + SCAN_STEPS + LATENCY + 1             # load, the steps, the sums' pipeline
DRAW_CYCLES = 2 + BISECT_ROUNDS * (READ_WAIT + 2) + 1 + READ_WAIT + 1
"""From a scan that found moves to the walk: the multiply (2), the bisection's
rounds (a read and its compare each) and its last step, the chosen step's fetch."""
WALK_CYCLES = 3                                        # a shape walked: pick, weigh, take


def draw_cycles(scans, walked):
    """The cycles from `start` to `done` of a draw that scanned `scans` times
    and walked `walked` shapes of the chosen step (None: no move, a pass):
    golden.blokus.mcts.policy_move's scans and walked."""
    cycles = 1 + scans * SCAN_CYCLES
    return cycles if walked is None else cycles + DRAW_CYCLES + WALK_CYCLES * walked


MAX_CYCLES = draw_cycles(2, N_SHAPES)
"""The most cycles from `start` to `done`: two scans (the opening filter's and
the one without it) and a walk over every shape."""

State = enum("IDLE", "LOAD", "SCAN", "FLUSH", "DRAW", "DRAW_SUM", "BISECT", "BISECT_WAIT", "FETCH",
             "PICK", "WEIGH", "TAKE")


@block
def blokus_policy_draw(clk, rst, start, forbidden, anchors, used, used_open, local_map, seed,
                       busy, done, found, step, shape, rng, loan):
    """The move golden.blokus.mcts.policy_move draws for the side to move.

    Ports:
        clk, rst    in   clock, synchronous reset
        start       in   draw a move (taken when not `busy`); every input
                         below must hold until `done`
        forbidden   in   the side's forbidden map (ext layout, as
                         blokus_window_scan takes it)
        anchors     in   the side's anchor map
        used        in   21 bits: the side's placed tiles
        used_open   in   21 bits: `used` and the tiles the opening filter
                         refuses (golden's `allowed`), for the first scan
        local_map   in   the side's local cells (blokus_local_cells), ext
        seed        in   32 bits: the unit's generator state
        busy        out  a draw is under way
        done        out  one cycle: the draw is over; `found`, `step`,
                         `shape` and `rng` hold until the next `start`
        found       out  a move was drawn (else the side has none: a pass)
        step, shape out  the move: window step (centre X = (step + 2) % 16,
                         Y = (step + 2) // 16) and shape index
        rng         out  the generator state after the draw (advanced once
                         when a move was drawn, `seed` when none)
        loan        WindowLoan: the draw's window scan lent while the draw
                         is idle (an expansion of the position, on the
                         same maps); its load, advance and issue must stay
                         low while the draw is `busy`
    How: a scan of the side's window steps with the opening filter's tiles
    left out (blokus_window_scan walked a step a cycle; blokus_policy_weights
    sums every step's weights, all legal shapes and those touching a local
    cell) writes each step's legal and local shapes to one RAM and the
    running sums to another; a second scan without the filter when the
    first found no move. The tier is the local one when its sum is not 0;
    x = xorshift32(seed), r = (x * total) >> 32; a bisection over the running
    sums finds the first step whose sum exceeds r; a walk over that step's
    shapes, lowest first, subtracting their weights, finds the move: golden's
    walk over the moves in scan order. The bisection always takes
    BISECT_ROUNDS rounds, so a draw takes exactly `draw_cycles(scans,
    walked)` from `start` to `done` (at most MAX_CYCLES): one scan and 39
    cycles and 3 a shape walked when the first scan finds a move; a second
    scan only when the first found none and the opening filter refused a tile
    (`used_open` != `used`).
    """
    # the scan
    scan_load, scan_walk = Signal(bool(0)), Signal(bool(0))
    scan_used = unsigned(21)
    window_legal = unsigned(N_SHAPES)
    unused_shapes = unsigned(N_SHAPES)
    # the scan's picks of the pending shapes serve the borrower only (the draw
    # walks a step a cycle and reads window_legal)
    scanner = blokus_window_scan(clk, rst, scan_load, forbidden, anchors, scan_used, scan_walk,
                                 loan.advance, loan.issue, window_legal, unused_shapes,
                                 loan.pending_any, loan.pending_new, loan.lowest, loan.step,
                                 loan.more_steps, forbidden7=loan.forbidden7)
    loan_load, loan_used = loan.load, loan.used
    marked = unsigned(EXT_BITS)                   # the local map, walked with the scan
    local_shapes = unsigned(N_SHAPES)
    step_all, step_local = unsigned(TOTAL_BITS), unsigned(TOTAL_BITS)
    weights = blokus_policy_weights(clk, rst, window_legal, marked, local_shapes, step_all,
                                    step_local)
    # the step k entering the weights, and its sums LATENCY cycles later
    k = unsigned(ADDR_BITS)
    scanning = Signal(bool(0))
    valid_pipe = unsigned(LATENCY)
    addr_pipe = unsigned(LATENCY * ADDR_BITS)
    sums_valid = Signal(bool(0))
    sums_addr = unsigned(ADDR_BITS)
    cum_all, cum_local = unsigned(TOTAL_BITS), unsigned(TOTAL_BITS)
    cum_all_next, cum_local_next = unsigned(TOTAL_BITS), unsigned(TOTAL_BITS)
    # the two RAMs: the shapes of each step, the running sums after each step
    shapes_we = Signal(bool(0))
    shapes_in, shapes_out = unsigned(2 * N_SHAPES), unsigned(2 * N_SHAPES)
    sums_in, sums_out = unsigned(2 * TOTAL_BITS), unsigned(2 * TOTAL_BITS)
    shapes_rd, sums_rd = unsigned(ADDR_BITS), unsigned(ADDR_BITS)
    shape_ram = blokus_kept_store(clk, shapes_we, k, shapes_in, shapes_rd, shapes_out,
                                  depth=1 << ADDR_BITS)
    sum_ram = blokus_kept_store(clk, sums_valid, sums_addr, sums_in, sums_rd, sums_out,
                                depth=1 << ADDR_BITS)
    # the draw
    state = Signal(State.IDLE)
    second = Signal(bool(0))                      # the scan without the opening filter
    pause = unsigned(3)
    tier_local = Signal(bool(0))
    total, target = unsigned(TOTAL_BITS), unsigned(TOTAL_BITS)
    state_rng = unsigned(32)
    x1, x2, x3 = unsigned(32), unsigned(32), unsigned(32)
    # x * total in two halves of total, registered, then summed: one 32 x 29
    # multiply in a cycle was the proxy's critical path at 72.4 MHz
    half = TOTAL_BITS // 2
    part_lo, part_hi = unsigned(32 + half), unsigned(32 + TOTAL_BITS - half)
    part_lo_comb, part_hi_comb = unsigned(32 + half), unsigned(32 + TOTAL_BITS - half)
    product = unsigned(32 + TOTAL_BITS)       # as wide as the sum, so that Verilog keeps its top
    lo, hi, mid = unsigned(ADDR_BITS), unsigned(ADDR_BITS), unsigned(ADDR_BITS)
    rounds = unsigned(BISECT_ROUNDS.bit_length())
    read_cum = unsigned(TOTAL_BITS)
    # the walk, a shape in three registered steps (one combinational step
    # from `vec` to its next value ran at 54 MHz in the proxy): the lowest
    # shape left (one-hot) and the rest; its index and weight; the compare
    vec, vec_rest = unsigned(N_SHAPES), unsigned(N_SHAPES)
    hot, hot_comb, rest_comb = unsigned(N_SHAPES), unsigned(N_SHAPES), unsigned(N_SHAPES)
    low, low_comb = unsigned(SHAPE_BITS), unsigned(SHAPE_BITS)
    low_weight = unsigned(STEP_MAX.bit_length())
    weight_comb = unsigned(STEP_MAX.bit_length())
    encoder = onehot_index(hot, low_comb)
    weigher = onehot_table(hot, weight_comb, SHAPE_WEIGHT)   # the weight, each bit an OR

    @always_comb
    def scan_inputs():
        scan_load.next = state == State.LOAD or loan_load
        scan_walk.next = state == State.SCAN
        shapes_we.next = state == State.SCAN
        scanning.next = state == State.SCAN
        if loan_load:
            scan_used.next = loan_used
        elif second:
            scan_used.next = used
        else:
            scan_used.next = used_open
        shapes_in.next = concat(local_shapes, window_legal)

    @always_comb
    def sums():
        sums_valid.next = valid_pipe[LATENCY - 1]
        sums_addr.next = addr_pipe[LATENCY * ADDR_BITS:(LATENCY - 1) * ADDR_BITS]
        cum_all_next.next = cum_all + step_all
        cum_local_next.next = cum_local + step_local

    @always_comb
    def sums_word():
        sums_in.next = concat(cum_local_next, cum_all_next)

    @always_comb
    def reads():
        shapes_rd.next = lo
        if state == State.FETCH:
            sums_rd.next = lo - 1
        else:
            sums_rd.next = mid
        if tier_local:
            read_cum.next = sums_out[2 * TOTAL_BITS:TOTAL_BITS]
        else:
            read_cum.next = sums_out[TOTAL_BITS:0]

    @always_comb
    def xorshift_a():
        x1.next = state_rng ^ concat(state_rng[19:0], intbv(0)[13:])
        part_lo_comb.next = state_rng * total[half:0]
        part_hi_comb.next = state_rng * total[TOTAL_BITS:half]

    @always_comb
    def product_sum():
        product.next = (part_hi << half) + part_lo

    @always_comb
    def xorshift_b():
        x2.next = x1 ^ (x1 >> 17)

    @always_comb
    def xorshift_c():
        x3.next = x2 ^ concat(x2[27:0], intbv(0)[5:])

    @always_comb
    def lowest():
        hot_comb.next = vec & ~(vec - 1)
        rest_comb.next = vec & (vec - 1)

    @always_comb
    def outputs():
        busy.next = state != State.IDLE
        rng.next = state_rng

    @always_seq(clk.posedge, reset=rst)
    def pipeline():
        valid_pipe.next = concat(valid_pipe[LATENCY - 1:0], scanning)
        addr_pipe.next = concat(addr_pipe[(LATENCY - 1) * ADDR_BITS:0], k)
        if state == State.LOAD:
            cum_all.next = 0
            cum_local.next = 0
        elif sums_valid:
            cum_all.next = cum_all_next
            cum_local.next = cum_local_next

    @always_seq(clk.posedge, reset=rst)
    def control():
        done.next = 0
        if state == State.IDLE:
            if start:
                state_rng.next = seed
                second.next = 0
                found.next = 0
                state.next = State.LOAD
        elif state == State.LOAD:
            marked.next = local_map >> J_FIRST
            k.next = 0
            state.next = State.SCAN
        elif state == State.SCAN:
            marked.next = marked >> 1
            k.next = k + 1
            if k == SCAN_STEPS - 1:
                pause.next = 0
                state.next = State.FLUSH
        elif state == State.FLUSH:
            if pause != LATENCY:
                pause.next = pause + 1
            elif cum_all == 0:
                if second or used_open == used:
                    done.next = 1
                    state.next = State.IDLE
                else:
                    second.next = 1
                    state.next = State.LOAD
            else:
                tier_local.next = cum_local != 0
                if cum_local != 0:
                    total.next = cum_local
                else:
                    total.next = cum_all
                state_rng.next = x3
                state.next = State.DRAW
        elif state == State.DRAW:
            part_lo.next = part_lo_comb
            part_hi.next = part_hi_comb
            state.next = State.DRAW_SUM
        elif state == State.DRAW_SUM:
            target.next = product[32 + TOTAL_BITS:32]
            lo.next = 0
            hi.next = SCAN_STEPS - 1
            rounds.next = 0
            state.next = State.BISECT
        elif state == State.BISECT:
            # always BISECT_ROUNDS rounds, so that a draw's cycles do not depend
            # on where r lands (once lo == hi a round keeps them: cum[lo] > r)
            pause.next = 0
            if rounds == BISECT_ROUNDS:
                state.next = State.FETCH
            else:
                rounds.next = rounds + 1
                mid.next = lo + ((hi - lo) >> 1)   # (lo + hi) >> 1 would wrap at 8 bits in Verilog
                state.next = State.BISECT_WAIT
        elif state == State.BISECT_WAIT:
            if pause != READ_WAIT:
                pause.next = pause + 1
            else:
                if read_cum > target:
                    hi.next = mid
                else:
                    lo.next = mid + 1
                state.next = State.BISECT
        elif state == State.FETCH:
            if pause != READ_WAIT:
                pause.next = pause + 1
            else:
                if lo != 0:
                    target.next = target - read_cum
                if tier_local:
                    vec.next = shapes_out[2 * N_SHAPES:N_SHAPES]
                else:
                    vec.next = shapes_out[N_SHAPES:0]
                state.next = State.PICK
        elif state == State.PICK:
            hot.next = hot_comb
            vec_rest.next = rest_comb
            state.next = State.WEIGH
        elif state == State.WEIGH:
            low.next = low_comb
            low_weight.next = weight_comb
            state.next = State.TAKE
        elif state == State.TAKE:
            if target < low_weight:
                found.next = 1
                step.next = J_FIRST + lo
                shape.next = low
                done.next = 1
                state.next = State.IDLE
            else:
                target.next = target - low_weight
                vec.next = vec_rest
                state.next = State.PICK

    return (scanner, weights, shape_ram, sum_ram, encoder, weigher, product_sum, scan_inputs, sums,
            sums_word, reads,
            xorshift_a, xorshift_b, xorshift_c,
            lowest, outputs, pipeline, control)

