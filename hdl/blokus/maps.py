"""Forbidden and anchor maps of both players, combinational."""
from myhdl import Signal, always_comb, block, intbv

from hdl.blokus.tables import EXT_BITS, ON_BOARD_EXT, START_EXT


@block
def blokus_maps(own_me, own_opp, first_me, first_opp, seat_a,
                forb_me, anch_me, forb_opp, anch_opp):
    """The two maps the move generator reads, for each player.

    Ports (every map 320 bits in the ext layout of hdl.blokus.tables):
        own_me, own_opp   in   squares of the board / the opponent, trial
                               moves included
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
    both = Signal(intbv(0)[EXT_BITS:])
    f_me = Signal(intbv(0)[EXT_BITS:])
    f_opp = Signal(intbv(0)[EXT_BITS:])
    c_me = Signal(intbv(0)[EXT_BITS:])
    c_opp = Signal(intbv(0)[EXT_BITS:])

    @always_comb
    def occupied():
        both.next = off | own_me | own_opp

    @always_comb
    def forbidden():
        f_me.next = both | (own_me << 1) | (own_me >> 1) | (own_me << 16) | (own_me >> 16)
        f_opp.next = (both | (own_opp << 1) | (own_opp >> 1) | (own_opp << 16)
                      | (own_opp >> 16))

    @always_comb
    def corners():
        if first_me:
            if seat_a:
                c_me.next = starta
            else:
                c_me.next = start5
        else:
            c_me.next = (own_me << 15) | (own_me >> 15) | (own_me << 17) | (own_me >> 17)
        if first_opp:
            if seat_a:
                c_opp.next = start5
            else:
                c_opp.next = starta
        else:
            c_opp.next = (own_opp << 15) | (own_opp >> 15) | (own_opp << 17) | (own_opp >> 17)

    @always_comb
    def outputs():
        forb_me.next = f_me
        forb_opp.next = f_opp
        anch_me.next = c_me & ~f_me
        anch_opp.next = c_opp & ~f_opp

    return occupied, forbidden, corners, outputs
