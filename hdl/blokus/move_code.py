"""A move code's shape and canonical centre: what both Blokus engines place an opponent's move by."""
from myhdl import always_comb, block, concat, intbv

from hdl.blokus.tables import CODE_DX1, CODE_DY1, CODE_SHAPE
from hdl.signals import check_widths, unsigned


@block
def blokus_move_code(move, shape, centre_x1, centre_y1):
    """The shape a code places and its canonical centre, combinational.

    Ports:
        move       in   BlokusMove (hdl/blokus/search_ports.py): x, y, tile,
                        digit; any of the digits that give the shape
        shape      out  the shape index (CODE_SHAPE)
        centre_x1, centre_y1  out  5 bits: the canonical centre + 1
                        (golden.blokus.encoding canonical_move: the centre
                        written, shifted by CODE_DX1 - 1 and CODE_DY1 - 1);
                        2 .. 15 when it lies on the board
    """
    check_widths("blokus_move_code", (("centre_x1", centre_x1, 5), ("centre_y1", centre_y1, 5)))
    code = unsigned(8)
    dx1, dy1 = unsigned(2), unsigned(2)     # the shift to the canonical centre, + 1

    @always_comb
    def code_index():
        code.next = concat(move.tile, move.digit)

    @always_comb
    def rom_shape():
        shape.next = CODE_SHAPE[code]

    @always_comb
    def rom_dx1():
        dx1.next = CODE_DX1[code]

    @always_comb
    def rom_dy1():
        dy1.next = CODE_DY1[code]

    @always_comb
    def centre():
        centre_x1.next = concat(False, move.x) + concat(intbv(0)[3:], dx1)
        centre_y1.next = concat(False, move.y) + concat(intbv(0)[3:], dy1)

    return code_index, rom_shape, rom_dx1, rom_dy1, centre
