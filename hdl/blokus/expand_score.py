"""An expansion's moves in scan order, each with its prior heuristic, and the best of them,
from a window scan it drives."""
from myhdl import Signal, always, always_comb, always_seq, block, concat, enum

from golden.blokus.mcts import EXPAND_MOVE_WORK, EXPAND_SCAN_WORK, EXPAND_WORK, MAX_CHILDREN
from hdl.blokus.prior_score import HEURISTIC_BITS, LATENCY as SCORE_LATENCY, blokus_prior_score
from hdl.blokus.tables import EXT_BITS, J_BITS, J_FIRST, N_SHAPES, SCAN_STEPS, SHAPE_BITS
from hdl.signals import check_widths, flag, unsigned

KEY_BITS = J_BITS + SHAPE_BITS          # golden's key (16 Y + X) << 7 | s; 16 Y + X = step + 2
MOVES_BITS = MAX_CHILDREN.bit_length()  # the moves given: golden's MAX_CHILDREN at most
FOUND_BITS = (N_SHAPES * SCAN_STEPS).bit_length()   # the moves a scan finds: every shape a step
ISSUE_STAGES = 1                        # a move issued is registered before the scorer
SCAN_END = 1 + ISSUE_STAGES + SCORE_LATENCY   # the scan's last cycle, then the moves' pipeline


def expand_cycles(scans, moves):
    """Cycles from `start` to `done` of an expansion that scanned `scans`
    times (1, or 2 when the opening filter left no move) and found `moves`
    kept moves: the start, then a scan (its load, a cycle a window step,
    two a move issued, its end and the moves' pipeline) each time."""
    return 1 + scans * (1 + SCAN_STEPS + SCAN_END) + 2 * moves


# golden's schedule charges an expansion's scan these cycles: the two must agree
for _name, _work, _cycles in (("EXPAND_WORK", EXPAND_WORK, expand_cycles(0, 0)),
                              ("EXPAND_SCAN_WORK", EXPAND_SCAN_WORK,
                               expand_cycles(1, 0) - expand_cycles(0, 0)),
                              ("EXPAND_MOVE_WORK", EXPAND_MOVE_WORK,
                               expand_cycles(0, 1) - expand_cycles(0, 0))):
    if _work != _cycles:
        raise ValueError("golden.blokus.mcts charges %s = %d cycles but the expansion scan "
                         "takes %d: change golden's constant (and remeasure its strength) or "
                         "the unit" % (_name, _work, _cycles))

State = enum("IDLE", "LOAD", "SCAN", "FLUSH")


@block
def blokus_expand_score(clk, rst, start, used, used_open, other_anchors, scan, busy,
                        done, out_valid, out_key, out_heuristic, moves, best, found,
                        max_children=None):
    """golden.blokus.mcts.expand's moves of the side to move P, in scan order,
    each with its prior heuristic (golden's prior_heuristic), and their best,
    driving a blokus_window_scan on P's maps that it is given (`scan`).

    Ports:
        clk, rst       in   clock, synchronous reset
        start          in   expand (taken when not `busy`); every input below
                            must hold until `done`
        used           in   21 bits: P's placed tiles
        used_open      in   21 bits: `used` and the tiles the opening filter
                            refuses (golden's `allowed`), for the first scan
        other_anchors  in   the other side's anchor map (ext)
        scan           WindowLoan: a blokus_window_scan of P's maps (its
                            forbidden and anchors), asked through load,
                            advance, issue and used, idle otherwise (load,
                            advance and issue low while not `busy`); its
                            forbidden7 is P's free map's 7 x 7 window,
                            complemented
        busy           out  an expansion is under way
        done           out  one cycle: the expansion is over; `moves` and
                            `best` hold until the next `start`
        out_valid      out  one cycle a kept move: `out_key` (golden's key) and
                            `out_heuristic` (its h), in scan order; the first
                            `max_children` (golden's MAX_CHILDREN when None)
                            only: the node's children
        moves          out  MOVES_BITS: those moves (0: P has none, a pass)
        best           out  HEURISTIC_BITS: the largest h among them (0 if none)
        found          out  FOUND_BITS: every kept move the scan found, those
                            past `max_children` too (golden's expand's count of
                            moves, its MctsResult's `scored`), with `moves`
    How: the window scan advanced a step at a time, each of a step's legal
    shapes issued every other cycle; P's free map's 7 x 7 window read from
    the scan's forbidden register (`forbidden7`, complemented) and the other
    side's anchors shifted beside the scan's maps, their 7 x 7 and 5 x 5
    windows latched at each advance; each move issued is registered, then
    scored by blokus_prior_score (the windows still hold then: a step's
    last issue is followed by the next advance a cycle later at the
    earliest). A second scan with `used` when the first, with `used_open`,
    found no move and the filter refused a tile. Exactly
    `expand_cycles(scans, moves)` from `start` to `done`, with every kept
    move counted (the scan issues them all; golden's expand charges them).
    """
    cap = MAX_CHILDREN if max_children is None else max_children
    if not 1 <= cap < 1 << MOVES_BITS:
        raise ValueError("blokus_expand_score: max_children must be 1..%d, not %r"
                         % ((1 << MOVES_BITS) - 1, cap))
    check_widths("blokus_expand_score", (
        ("out_key", out_key, KEY_BITS), ("moves", moves, MOVES_BITS),
        ("out_heuristic", out_heuristic, HEURISTIC_BITS), ("best", best, HEURISTIC_BITS),
        ("other_anchors", other_anchors, EXT_BITS),
        ("used", used, 21), ("used_open", used_open, 21), ("found", found, FOUND_BITS)))
    pending_any, pending_new, more_steps = scan.pending_any, scan.pending_new, scan.more_steps
    lowest, step, forbidden7 = scan.lowest, scan.step, scan.forbidden7
    # the other side's anchors, shifted with the scan's maps (P's free map is
    # the complement of the scan's forbidden register: forbidden7)
    other_sh = unsigned(EXT_BITS)
    free7_now, anchors5_now = unsigned(49), unsigned(25)
    free7, anchors5 = unsigned(49), unsigned(25)
    score_valid, score_shape = flag(), unsigned(SHAPE_BITS)
    scored_valid, scored_h = flag(), unsigned(HEURISTIC_BITS)
    scorer = blokus_prior_score(clk, rst, score_valid, score_shape, free7, anchors5, scored_valid,
                                scored_h)
    centre, key_now = unsigned(J_BITS), unsigned(KEY_BITS)
    key_pipe = unsigned(KEY_BITS * (ISSUE_STAGES + SCORE_LATENCY))   # the keys beside it
    PIPE = ISSUE_STAGES + SCORE_LATENCY
    state = Signal(State.IDLE)
    second = flag()
    pause = unsigned(max(2, SCAN_END.bit_length() + 1))
    scan_load, scan_advance, scan_issue = scan.load, scan.advance, scan.issue
    scan_used = scan.used

    @always_comb
    def scan_inputs():
        scan_load.next = state == State.LOAD
        scan_advance.next = (state == State.SCAN and not pending_any and more_steps)
        scan_issue.next = state == State.SCAN and pending_any and not pending_new
        if second:
            scan_used.next = used
        else:
            scan_used.next = used_open

    @always_comb
    def windows():
        free7_now.next = ~forbidden7
        anchors5_now.next = concat(other_sh[69:64], other_sh[53:48], other_sh[37:32],
                                   other_sh[21:16], other_sh[5:0])

    # the move issued, registered: the window scan's 91-bit pick of the
    # lowest pending shape, then the scorer's shape ROMs, in one cycle was
    # the Fmax proxy's critical path (70.3 MHz)
    @always_seq(clk.posedge, reset=rst)
    def to_scorer():
        score_valid.next = scan_issue

    # the shape with no reset: it is the scorer's ROM address, merged into
    # the block RAM's read, whose reset then went through the ROM's output
    # (the reset's 10 ns of routing, then 8 LUTs: the whole search's path
    # at 53.5 MHz)
    @always(clk.posedge)
    def shape_to_scorer():
        score_shape.next = lowest

    @always_comb
    def map_inputs():
        centre.next = step + 2

    @always_comb
    def key_of_move():
        key_now.next = concat(centre, lowest)

    @always_comb
    def outputs():
        busy.next = state != State.IDLE
        out_valid.next = scored_valid and moves < cap
        out_key.next = key_pipe[KEY_BITS * PIPE:KEY_BITS * (PIPE - 1)]
        out_heuristic.next = scored_h

    @always_seq(clk.posedge, reset=rst)
    def key_delay():
        key_pipe.next = concat(key_pipe[KEY_BITS * (PIPE - 1):0], key_now)

    @always_seq(clk.posedge, reset=rst)
    def maps():
        if state == State.LOAD:
            other_sh.next = other_anchors >> J_FIRST
        elif scan_advance:
            free7.next = free7_now
            anchors5.next = anchors5_now
            other_sh.next = other_sh >> 1

    @always_seq(clk.posedge, reset=rst)
    def tally():
        if state == State.IDLE and start:
            moves.next = 0
            best.next = 0
            found.next = 0
        elif scored_valid:
            found.next = found + 1
            if moves < cap:
                moves.next = moves + 1
                if scored_h > best:
                    best.next = scored_h

    @always_seq(clk.posedge, reset=rst)
    def control():
        done.next = 0
        if state == State.IDLE:
            if start:
                second.next = 0
                state.next = State.LOAD
        elif state == State.LOAD:
            state.next = State.SCAN
        elif state == State.SCAN:
            if not pending_any and not more_steps:
                pause.next = 0
                state.next = State.FLUSH
        elif state == State.FLUSH:
            if pause != PIPE - 1:
                pause.next = pause + 1
            elif moves == 0 and not second and used_open != used:
                second.next = 1
                state.next = State.LOAD
            else:
                done.next = 1
                state.next = State.IDLE

    return (scorer, scan_inputs, windows, to_scorer, shape_to_scorer, map_inputs, key_of_move,
            outputs, key_delay, maps, tally, control)
