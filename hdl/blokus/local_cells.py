"""The cells a playout's move answers: the local cells of golden's policy, combinational."""
from myhdl import Signal, always_comb, block, intbv

from hdl.blokus.tables import EXT_BITS, ON_BOARD_EXT


@block
def blokus_local_cells(recent, own, other, local_map):
    """The local cells of the side to move in a playout (golden.blokus.mcts.local_cells).

    Ports (every map 320 bits in the ext layout of hdl.blokus.tables):
        recent     in   the squares of the other side's last two moves
        own        in   the squares of the side to move
        other      in   the squares of the other side
        local_map  out  the cells diagonal to a square of `recent`, and the cells
                        edge-adjacent to those, that the other side may still
                        cover (on the board, empty, not edge-adjacent to its
                        squares), and that the side to move may cover
    (`local` would be the port's name, but it is a SystemVerilog keyword that
    Icarus -g2012 refuses.)
    A shift by 1, 15, 16 or 17 that leaves the board lands on a padding
    column or row, which the on-board mask clears (as golden's maps do).
    """
    on_board = Signal(intbv(ON_BOARD_EXT)[EXT_BITS:])        # constant
    other_free = Signal(intbv(0)[EXT_BITS:])
    own_free = Signal(intbv(0)[EXT_BITS:])
    corners = Signal(intbv(0)[EXT_BITS:])

    @always_comb
    def free_cells():
        other_free.next = on_board & ~(own | other | (other << 1) | (other >> 1)
                                       | (other << 16) | (other >> 16))
        own_free.next = on_board & ~(own | other | (own << 1) | (own >> 1)
                                     | (own << 16) | (own >> 16))

    @always_comb
    def corner_cells():
        corners.next = ((recent << 15) | (recent >> 15) | (recent << 17) | (recent >> 17)) \
            & other_free

    @always_comb
    def answer():
        local_map.next = (corners | (((corners << 1) | (corners >> 1) | (corners << 16)
                                  | (corners >> 16)) & other_free)) & own_free

    return free_cells, corner_cells, answer
