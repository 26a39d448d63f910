"""The Monte-Carlo core's position: each side's squares in a ring that turns past a 7 x 7 window."""
from myhdl import always_comb, always_seq, block, concat, intbv

from hdl.blokus.tables import EXT0, EXT_BITS, SIZE, STRIDE
from hdl.signals import check_widths, unsigned

SIDE = 7
"""The window's side: a 5 x 5 placement window and the cells around it."""
WINDOW_BITS = SIDE * SIDE
WINDOW_SPAN = (SIDE - 1) * STRIDE + SIDE
"""Ring bits the window covers: row r, column c of the window is ring bit 16 r + c."""
RING0 = EXT0
"""The ext cell of ring bit 0 at rest: the padding row above the board
(golden's row 0; the ext layout has two more above it)."""
RING_BITS = (SIZE + 2) * STRIDE
"""The ring's cells: the board's rows and the padding row above and below
it, ext cells RING0 .. RING0 + RING_BITS - 1. Every cell a check reads (a
square on the board and its eight neighbours) lies there; the ext layout's
other cells are always empty, and the window's cells that alias them by the
ring's wrap belong to squares off the board, which the check refuses by
their coordinates."""
TURN_BITS = (RING_BITS - 1).bit_length()
"""A count of turns, 0 .. RING_BITS - 1 (after RING_BITS turns the ring is back)."""
assert RING0 >= 0 and RING0 + RING_BITS <= EXT_BITS and RING_BITS == 1 << TURN_BITS


@block
def blokus_ring_board(clk, rst, clear, turn, put_me, put_opp, put_mask, occ_me, occ_opp,
                      window_me, window_opp):
    """Each side's squares, held in a ring of RING_BITS cells that turns one
    cell a cycle past a fixed 7 x 7 window, where a move is checked and placed.

    Ports (in; one command a cycle, acted on at the edge):
        clk, rst     clock, synchronous reset (both rings empty)
        clear        both rings emptied (a new game)
        turn         both rings turn one cell: ring bit i takes bit i + 1,
                     bit RING_BITS - 1 takes bit 0. After k turns (mod
                     RING_BITS) ring bit i holds ext cell RING0 + (i + k mod
                     RING_BITS), so a move whose 7 x 7 window starts at ext
                     cell RING0 + k lies in the window
        put_me       the WINDOW_BITS-bit put_mask (bit 7 r + c: window row r,
                     column c) is added to the board's ring in the window
        put_opp      likewise the opponent's ring
    Ports (out):
        occ_me, occ_opp      EXT_BITS: the rings at ext cells RING0 .., the
                             rest 0; after a multiple of RING_BITS turns each
                             side's squares in the ext layout
                             (hdl/blokus/tables.py), which the search reads
        window_me, window_opp  WINDOW_BITS: the window's cells of each ring,
                             bit 7 r + c = ring bit 16 r + c
    Why a ring: the alpha-beta core placed and checked moves with a 320-bit
    shifter and a window scan beside its board; a Monte-Carlo core spends
    its area on playout units, and a move a turn of the ring (RING_BITS + a
    few cycles) costs nothing beside a search of 40 M cycles.
    """
    check_widths("blokus_ring_board", (
        ("put_mask", put_mask, WINDOW_BITS), ("occ_me", occ_me, EXT_BITS),
        ("occ_opp", occ_opp, EXT_BITS), ("window_me", window_me, WINDOW_BITS),
        ("window_opp", window_opp, WINDOW_BITS)))
    ring_me, ring_opp = unsigned(RING_BITS), unsigned(RING_BITS)
    put_cells = unsigned(RING_BITS)         # put_mask at its ring bits

    @always_comb
    def spread():
        put_cells.next = concat(
            intbv(0)[RING_BITS - WINDOW_SPAN:], put_mask[49:42], intbv(0)[9:], put_mask[42:35],
            intbv(0)[9:], put_mask[35:28], intbv(0)[9:], put_mask[28:21], intbv(0)[9:],
            put_mask[21:14], intbv(0)[9:], put_mask[14:7], intbv(0)[9:], put_mask[7:0])

    @always_comb
    def outputs():
        occ_me.next = concat(intbv(0)[EXT_BITS - RING0 - RING_BITS:], ring_me, intbv(0)[RING0:])
        occ_opp.next = concat(intbv(0)[EXT_BITS - RING0 - RING_BITS:], ring_opp,
                              intbv(0)[RING0:])
        window_me.next = concat(ring_me[103:96], ring_me[87:80], ring_me[71:64], ring_me[55:48],
                                ring_me[39:32], ring_me[23:16], ring_me[7:0])
        window_opp.next = concat(ring_opp[103:96], ring_opp[87:80], ring_opp[71:64],
                                 ring_opp[55:48], ring_opp[39:32], ring_opp[23:16],
                                 ring_opp[7:0])

    @always_seq(clk.posedge, reset=rst)
    def rings():
        if clear:
            ring_me.next = 0
            ring_opp.next = 0
        elif turn:
            ring_me.next = concat(ring_me[0], ring_me[RING_BITS:1])
            ring_opp.next = concat(ring_opp[0], ring_opp[RING_BITS:1])
        elif put_me:
            ring_me.next = ring_me | put_cells
        elif put_opp:
            ring_opp.next = ring_opp | put_cells

    return spread, outputs, rings
