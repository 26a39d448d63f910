"""The Blokus move generator: a side's maps past a 5 x 5 window, its legal moves in scan order."""
from myhdl import Signal, always_comb, always_seq, block, concat, intbv

from hdl.blokus.checker import blokus_checker
from hdl.blokus.tables import EXT_BITS, J_BITS, J_FIRST, J_LAST, N_SHAPES, SHAPE_BITS
from hdl.lowest_one import lowest_one
from hdl.signals import flag, unsigned

WIDE = 17
"""The 7 x 7 window's top-left lies one row and one column (17 ext bits)
before the 5 x 5 window's."""
if WIDE < J_FIRST:
    raise ValueError("blokus_window_scan: the forbidden register's fill assumes J_FIRST <= %d"
                     % WIDE)
FORBIDDEN_BITS = EXT_BITS - J_FIRST + WIDE
"""The forbidden register: bit b is the ext cell J - WIDE + b (J the 5 x 5
window's top-left), 1 (forbidden) for a cell outside the map."""


class WindowLoan:
    """A blokus_window_scan lent by its owner to another unit while the owner
    is idle (a playout unit's draw lends its scan to the expansion's scan of
    the position it holds: one checker, one pair of 320-bit map registers).

    The borrower drives (asked of the lender's scan as its own ports):
        load, advance, issue   blokus_window_scan's (`walk` stays the owner's)
        used                   21 bits: the tiles the scan takes at `load`
    The lender drives (its scan's outputs):
        pending_any, pending_new, lowest (SHAPE_BITS), step (J_BITS), more_steps
        forbidden7             49 bits: the forbidden map's 7 x 7 window
                               around the scan's 5 x 5 one (blokus_window_scan's
                               `forbidden7`)
    The maps are the lender's (the borrower scans the lender's side to move).
    """

    def __init__(self):
        self.load, self.advance, self.issue = flag(), flag(), flag()
        self.used = unsigned(21)
        self.pending_any, self.pending_new, self.more_steps = flag(), flag(), flag()
        self.lowest, self.step = unsigned(SHAPE_BITS), unsigned(J_BITS)
        self.forbidden7 = unsigned(49)


@block
def blokus_window_scan(clk, rst, load, forbidden, anchors, used, walk, advance, issue,
                       window_legal, pending_shapes, pending_any, pending_new, lowest, step,
                       more_steps, forbidden7=None):
    """Generates a side's legal moves in scan order (centre Y, X, shape index).

    Ports:
        clk, rst       in   clock, synchronous reset
        load           in   start a scan: take `forbidden` and `anchors` (the
                            side's maps, EXT_BITS) with the window on step
                            J_FIRST (centre (1, 1)), and `used` (21 bits: the
                            side's placed tiles); nothing pending
        walk           in   move the window one step on (no moves taken:
                            how the opponent's move check reaches its centre)
        advance        in   the scan's next step: the window's legal shapes
                            become the pending ones (at `step`), the window
                            moves on (asked only while nothing is pending and
                            `more_steps`)
        issue          in   the pending shape `lowest` is taken: the next
                            lowest becomes pending
        window_legal   out  91 bits: the shapes legal with their centre on the
                            window's step (blokus_checker, combinational)
        pending_shapes out  91 bits, registered: the shapes of `step` still
                            pending (after walks, an advance makes them the
                            legal shapes at the window's step: how the
                            opponent's move check reads one shape with no
                            checker logic in front of its 91-to-1 pick)
        pending_any    out  shapes of `step` are still pending
        pending_new    out  `advance` or `issue` was asked at the last edge:
                            `lowest` is not valid until the next cycle
        lowest         out  the lowest pending shape (registered)
        step           out  J_BITS: the step the pending shapes belong to
        more_steps     out  the window has steps left to visit (registered;
                            valid from a load on)
        forbidden7     out  49 bits (optional): the forbidden map's 7 x 7
                            window, one row and one column beyond the 5 x 5
                            one on each side, bit 7 r + c the ext cell J - 17
                            + 16 r + c (1 for a cell outside the map): what
                            an expansion's prior heuristic reads as the
                            complement of its free map (blokus_expand_score)
    A move is (step, lowest): centre X = (step + 2) % 16, Y = (step + 2) // 16.
    The maps move past a fixed window (a shift register), so the window
    needs no multiplexers; picking the lowest pending shape is a carry chain
    (lowest_one) registered, hence one cycle between two moves issued.
    With `forbidden7` the forbidden map's register starts one row and one
    column before the 5 x 5 window (FORBIDDEN_BITS), so that the
    expansion's 7 x 7 window is read from it: the expansion kept a 322-bit
    copy of the same map (its free map), shifted in step with this one, 320
    flip-flops and their multiplexers a playout unit. Without it (the
    alpha-beta core's scans) the register starts at the window.
    """
    # with forbidden7 the forbidden register starts WIDE bits before the 5 x 5
    # window (the cells before the map forbidden, and so the cells shifted in
    # past its end); without it, at the window (the cells past the map 0)
    wide = forbidden7 is not None
    offset = WIDE if wide else 0
    forbidden_bits = FORBIDDEN_BITS if wide else EXT_BITS
    scan_forbidden, scan_anchors = unsigned(forbidden_bits), unsigned(EXT_BITS)
    forbidden_loaded, forbidden_shifted = unsigned(forbidden_bits), unsigned(forbidden_bits)
    scan_used = unsigned(21)
    # the 5 x 5 window's cells lie `offset` bits in (the register's bits past
    # the map are never read there: the last step reads ext cell 304)
    checker = blokus_checker(scan_forbidden, scan_anchors, scan_used, window_legal,
                             forb_offset=offset)
    if wide:
        outside = Signal(intbv((1 << (WIDE - J_FIRST)) - 1)[WIDE - J_FIRST:])   # constant

        @always_comb
        def forbidden_moves():
            forbidden_loaded.next = concat(forbidden, outside)
            forbidden_shifted.next = concat(True, scan_forbidden[forbidden_bits:1])

        @always_comb
        def window7():
            forbidden7.next = concat(scan_forbidden[103:96], scan_forbidden[87:80],
                                     scan_forbidden[71:64], scan_forbidden[55:48],
                                     scan_forbidden[39:32], scan_forbidden[23:16],
                                     scan_forbidden[7:0])
        forbidden_blocks = [forbidden_moves, window7]
    else:
        @always_comb
        def forbidden_moves():
            forbidden_loaded.next = forbidden >> J_FIRST
            forbidden_shifted.next = scan_forbidden >> 1
        forbidden_blocks = [forbidden_moves]
    pending = pending_shapes
    lowest_comb = unsigned(SHAPE_BITS)
    pending_rest = unsigned(N_SHAPES)
    pick = lowest_one(pending, lowest_comb, pending_rest)
    pending_rest_r = unsigned(N_SHAPES)
    next_step = unsigned(J_BITS)        # the next window step of the scan

    @always_seq(clk.posedge, reset=rst)
    def lowest_reg():
        lowest.next = lowest_comb
        pending_rest_r.next = pending_rest

    @always_seq(clk.posedge, reset=rst)
    def window():
        pending_new.next = 0
        if load:
            scan_forbidden.next = forbidden_loaded
            scan_anchors.next = anchors >> J_FIRST
            scan_used.next = used
            pending.next = 0
            pending_any.next = 0
            next_step.next = J_FIRST
            more_steps.next = 1
        elif walk:
            scan_forbidden.next = forbidden_shifted
            scan_anchors.next = scan_anchors >> 1
        elif advance:
            pending.next = window_legal
            pending_any.next = window_legal != 0
            pending_new.next = 1
            step.next = next_step
            scan_forbidden.next = forbidden_shifted
            scan_anchors.next = scan_anchors >> 1
            next_step.next = next_step + 1
            # registered: the compare used to stand in front of the scan
            # registers' 640 clock enables (the critical path at 74.3 MHz)
            more_steps.next = next_step != J_LAST
        elif issue:
            pending.next = pending_rest_r
            pending_any.next = pending_rest_r != 0
            pending_new.next = 1

    return checker, forbidden_blocks, pick, lowest_reg, window
