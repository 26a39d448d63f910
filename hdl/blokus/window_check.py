"""A move's placement checked on the ring board's 7 x 7 window: does it fit its mover's squares?"""
from myhdl import ConcatSignal, always_comb, block

from hdl.blokus.ring_board import WINDOW_BITS
from hdl.signals import check_widths, flag, unsigned

PLACE = 5
"""The placement window's side: its cell (i, j) is the 7 x 7 window's (i + 1, j + 1)."""


@block
def blokus_window_check(mask, own, other, x, y, first, start_x, start_y, tile_used, fits):
    """fits: a move may be placed by the rules (golden.blokus.board.check), combinational.

    Ports:
        mask       in   25 bits: the move's shape in its 5 x 5 window (bit
                        5 i + j, the centre (2, 2): hdl.blokus.tables.SHAPE_MASK)
        own        in   WINDOW_BITS: the mover's squares in the 7 x 7 window
                        around it (blokus_ring_board's window_me or
                        window_opp, bit 7 r + c)
        other      in   25 bits: the other side's squares under the 5 x 5
                        window (bit 5 i + j)
        x, y       in   4 bits: the window's centre on the board (1 .. 14)
        first      in   the mover has placed no tile
        start_x, start_y  in  4 bits: the mover's start cell
        tile_used  in   the mover has placed the move's tile
        fits       out  the tile is unused; every square is on the board,
                        free and shares no edge with the mover's own; and one
                        square touches a corner of the mover's own, or covers
                        the start cell for the first move
    The rows and columns on the board and the start cell come from (x, y);
    the squares' neighbours from the 7 x 7 window, whose inner cells' four
    sides and corners lie inside it (its four corner cells are read by none).
    """
    check_widths("blokus_window_check", (
        ("mask", mask, PLACE * PLACE), ("own", own, WINDOW_BITS), ("other", other, PLACE * PLACE),
        ("x", x, 4), ("y", y, 4), ("start_x", start_x, 4), ("start_y", start_y, 4)))
    blocked_bits = [flag() for _ in range(PLACE * PLACE)]
    corner_bits = [flag() for _ in range(PLACE * PLACE)]
    cells = [_cell(own, other, 7 * (i + 1) + j + 1, PLACE * i + j, blocked_bits[PLACE * i + j],
                   corner_bits[PLACE * i + j]) for i in range(PLACE) for j in range(PLACE)]
    blocked_squares = ConcatSignal(*reversed(blocked_bits))
    corners = ConcatSignal(*reversed(corner_bits))
    blocked = unsigned(PLACE * PLACE)
    col_on, row_on = ([flag() for _ in range(PLACE)] for _ in range(2))
    col_start, row_start = ([flag() for _ in range(PLACE)] for _ in range(2))
    checks = ([_coordinate(x, j, col_on[j], start_x, col_start[j]) for j in range(PLACE)]
              + [_coordinate(y, i, row_on[i], start_y, row_start[i]) for i in range(PLACE)])
    cols_on = ConcatSignal(*reversed(col_on))
    cols_start = ConcatSignal(*reversed(col_start))
    rows = [unsigned(PLACE) for _ in range(PLACE)]          # row i: cells on the board
    starts = [unsigned(PLACE) for _ in range(PLACE)]        # row i: the start cell
    row_masks = ([_row_mask(cols_on, row_on[i], rows[i]) for i in range(PLACE)]
                 + [_row_mask(cols_start, row_start[i], starts[i]) for i in range(PLACE)])
    on_board = ConcatSignal(*reversed(rows))
    start = ConcatSignal(*reversed(starts))

    @always_comb
    def off_board():
        blocked.next = blocked_squares | ~on_board

    @always_comb
    def verdict():
        if tile_used or (mask & blocked) != 0:
            fits.next = 0
        elif first:
            fits.next = (mask & start) != 0
        else:
            fits.next = (mask & corners) != 0

    return cells, checks, row_masks, off_board, verdict


@block
def _cell(own, other, p, q, blocked, corner):
    """Window cell p (7 x 7 index; q in the 5 x 5): taken by either side or
    beside the mover's own (blocked), or corner to corner with the mover's own."""
    @always_comb
    def neighbours():
        blocked.next = (own[p] or other[q] or own[p - 1] or own[p + 1] or own[p - 7]
                        or own[p + 7])
        corner.next = own[p - 8] or own[p - 6] or own[p + 6] or own[p + 8]
    return neighbours


@block
def _coordinate(centre, offset, on, start, at_start):
    """The window's row or column `offset` (0 .. 4) of a centre coordinate:
    on the board (1 .. 14), and the start cell's."""
    @always_comb
    def compare():
        on.next = 3 <= centre + offset and centre + offset <= 16
        at_start.next = centre + offset == start + 2
    return compare


@block
def _row_mask(cols, row_flag, row):
    """A row of the 5 x 5 window: `cols` where the row's flag is set, else 0."""
    @always_comb
    def pick():
        if row_flag:
            row.next = cols
        else:
            row.next = 0
    return pick
