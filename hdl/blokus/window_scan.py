"""The Blokus move generator: a side's maps past a 5 x 5 window, its legal moves in scan order."""
from myhdl import always_seq, block

from hdl.blokus.checker import blokus_checker
from hdl.blokus.tables import EXT_BITS, J_BITS, J_FIRST, J_LAST, N_SHAPES, SHAPE_BITS
from hdl.lowest_one import lowest_one
from hdl.signals import flag, unsigned


class WindowLoan:
    """A blokus_window_scan lent by its owner to another unit while the owner
    is idle (a playout unit's draw lends its scan to the expansion's scan of
    the position it holds: one checker, one pair of 320-bit map registers).

    The borrower drives (asked of the lender's scan as its own ports):
        load, advance, issue   blokus_window_scan's (`walk` stays the owner's)
        used                   21 bits: the tiles the scan takes at `load`
    The lender drives (its scan's outputs):
        pending_any, pending_new, lowest (SHAPE_BITS), step (J_BITS), more_steps
    The maps are the lender's (the borrower scans the lender's side to move).
    """

    def __init__(self):
        self.load, self.advance, self.issue = flag(), flag(), flag()
        self.used = unsigned(21)
        self.pending_any, self.pending_new, self.more_steps = flag(), flag(), flag()
        self.lowest, self.step = unsigned(SHAPE_BITS), unsigned(J_BITS)


@block
def blokus_window_scan(clk, rst, load, forbidden, anchors, used, walk, advance, issue,
                       window_legal, pending_shapes, pending_any, pending_new, lowest, step,
                       more_steps):
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
    A move is (step, lowest): centre X = (step + 2) % 16, Y = (step + 2) // 16.
    The maps move past a fixed window (a shift register), so the window
    needs no multiplexers; picking the lowest pending shape is a carry chain
    (lowest_one) registered, hence one cycle between two moves issued.
    """
    scan_forbidden, scan_anchors = unsigned(EXT_BITS), unsigned(EXT_BITS)
    scan_used = unsigned(21)
    checker = blokus_checker(scan_forbidden, scan_anchors, scan_used, window_legal)
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
            scan_forbidden.next = forbidden >> J_FIRST
            scan_anchors.next = anchors >> J_FIRST
            scan_used.next = used
            pending.next = 0
            pending_any.next = 0
            next_step.next = J_FIRST
            more_steps.next = 1
        elif walk:
            scan_forbidden.next = scan_forbidden >> 1
            scan_anchors.next = scan_anchors >> 1
        elif advance:
            pending.next = window_legal
            pending_any.next = window_legal != 0
            pending_new.next = 1
            step.next = next_step
            scan_forbidden.next = scan_forbidden >> 1
            scan_anchors.next = scan_anchors >> 1
            next_step.next = next_step + 1
            # registered: the compare used to stand in front of the scan
            # registers' 640 clock enables (the critical path at 74.3 MHz)
            more_steps.next = next_step != J_LAST
        elif issue:
            pending.next = pending_rest_r
            pending_any.next = pending_rest_r != 0
            pending_new.next = 1

    return checker, pick, lowest_reg, window
