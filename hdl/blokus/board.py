"""The Blokus engine's position: the game's squares and tiles, and the line searched on them."""
from myhdl import Signal, always_comb, always_seq, block, intbv


@block
def blokus_board(clk, rst, new_game, new_seat_a, put_opp, put_me, line_add, line_remove,
                 line_clear, line_opp, placed, tile_onehot, occ_me, occ_opp, used_me, used_opp,
                 seat_a, board_me, board_opp, first_me, first_opp, line_used_me,
                 line_used_opp):
    """The position and the search's line of moves on it.

    Ports (in; at most one command a cycle, acted on at the edge):
        clk, rst        clock, synchronous reset (empty board, seat (5,5))
        new_game        a new game: empty board, the board plays from (a,a)
                        when new_seat_a
        put_opp         the opponent's move `placed` (EXT_BITS squares) with
                        its tile `tile_onehot` (21 bits) goes on the board
        put_me          the board's own move, likewise
        line_add        a move of the line (the opponent's when line_opp)
                        goes on the line
        line_remove     a move of the line comes off it (the same `placed`
                        and tile as it went on with: no two moves overlap,
                        so clearing its squares restores the line)
        line_clear      the line is emptied (the search ends)
    Ports (out):
        occ_me, occ_opp, used_me, used_opp, seat_a   the game's position
                        (registers: benches may write occ_me and used_me)
        board_me, board_opp   EXT_BITS: each player's squares, the line's
                        moves included (combinational)
        first_me, first_opp   the player has no tile on the board or the line
        line_used_me, line_used_opp   21 bits: each player's tiles, the line's
                        included
    """
    path_me, path_opp = [Signal(intbv(0)[len(occ_me):]) for _ in range(2)]    # the line's
    path_used_me, path_used_opp = [Signal(intbv(0)[len(used_me):]) for _ in range(2)]

    @always_comb
    def with_line():
        board_me.next = occ_me | path_me
        board_opp.next = occ_opp | path_opp
        first_me.next = used_me == 0 and path_used_me == 0
        first_opp.next = used_opp == 0 and path_used_opp == 0
        line_used_me.next = used_me | path_used_me
        line_used_opp.next = used_opp | path_used_opp

    @always_seq(clk.posedge, reset=rst)
    def position():
        if new_game:
            occ_me.next = 0
            occ_opp.next = 0
            used_me.next = 0
            used_opp.next = 0
            seat_a.next = new_seat_a
        elif put_opp:
            occ_opp.next = occ_opp | placed
            used_opp.next = used_opp | tile_onehot
        elif put_me:
            occ_me.next = occ_me | placed
            used_me.next = used_me | tile_onehot
        elif line_add:
            if line_opp:
                path_opp.next = path_opp | placed
                path_used_opp.next = path_used_opp | tile_onehot
            else:
                path_me.next = path_me | placed
                path_used_me.next = path_used_me | tile_onehot
        elif line_remove:
            if line_opp:
                path_opp.next = path_opp & ~placed
                path_used_opp.next = path_used_opp & ~tile_onehot
            else:
                path_me.next = path_me & ~placed
                path_used_me.next = path_used_me & ~tile_onehot
        elif line_clear:
            path_me.next = 0
            path_opp.next = 0
            path_used_me.next = 0
            path_used_opp.next = 0

    return with_line, position
