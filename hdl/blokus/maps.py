"""Forbidden and anchor maps of both players, combinational."""
from myhdl import Signal, always_comb, block, intbv

from hdl.blokus.tables import EXT_BITS, ON_BOARD_EXT, START_EXT


@block
def blokus_maps(occ_me, occ_opp, placed, use_placed, first_me, first_opp, seat_a,
                forb_me, anch_me, forb_opp, anch_opp):
    """The two maps the move generator reads, for each player.

    Ports (every map 320 bits in the ext layout of hdl.blokus.tables):
        occ_me, occ_opp   in   squares placed by the board / the opponent
        placed            in   a candidate placement of the board's
        use_placed        in   count `placed` as the board's (a trial move)
        first_me          in   the board has not placed a tile yet
        first_opp         in   the opponent has not placed a tile yet
        seat_a            in   the board's start cell is (a,a), else (5,5)
        forb_me, forb_opp out  cells the player may not cover: off the board,
                               occupied, or edge-adjacent to its own squares
        anch_me, anch_opp out  free cells one square must cover: corner-adjacent
                               to its own squares, or its start cell before its
                               first tile
    Shifts by 1 and 16 never wrap onto the board: columns 0 and 15 and the
    padding rows are off it.
    """
    off = Signal(intbv((1 << EXT_BITS) - 1 - ON_BOARD_EXT)[EXT_BITS:])   # constant
    start5 = Signal(intbv(1 << START_EXT["5"])[EXT_BITS:])                # constant
    starta = Signal(intbv(1 << START_EXT["A"])[EXT_BITS:])                # constant
    own = Signal(intbv(0)[EXT_BITS:])
    both = Signal(intbv(0)[EXT_BITS:])
    f_me = Signal(intbv(0)[EXT_BITS:])
    f_opp = Signal(intbv(0)[EXT_BITS:])
    c_me = Signal(intbv(0)[EXT_BITS:])
    c_opp = Signal(intbv(0)[EXT_BITS:])

    @always_comb
    def owner():
        if use_placed:
            own.next = occ_me | placed
        else:
            own.next = occ_me
        both.next = occ_me | occ_opp | placed

    @always_comb
    def forbidden():
        f_me.next = off | both | own | (own << 1) | (own >> 1) | (own << 16) | (own >> 16)
        f_opp.next = (off | both | occ_opp | (occ_opp << 1) | (occ_opp >> 1)
                      | (occ_opp << 16) | (occ_opp >> 16))

    @always_comb
    def corners():
        if first_me and not use_placed:
            if seat_a:
                c_me.next = starta
            else:
                c_me.next = start5
        else:
            c_me.next = (own << 15) | (own >> 15) | (own << 17) | (own >> 17)
        if first_opp:
            if seat_a:
                c_opp.next = start5
            else:
                c_opp.next = starta
        else:
            c_opp.next = (occ_opp << 15) | (occ_opp >> 15) | (occ_opp << 17) | (occ_opp >> 17)

    @always_comb
    def outputs():
        forb_me.next = f_me
        forb_opp.next = f_opp
        anch_me.next = c_me & ~f_me
        anch_opp.next = c_opp & ~f_opp

    return owner, forbidden, corners, outputs
