"""The squares of a move: its shape's mask moved to its window step, in three registered stages."""
from myhdl import always_comb, always_seq, block, concat, intbv

from hdl.blokus.tables import EXT_BITS, J_BITS, SHAPE_MASK
from hdl.register import register
from hdl.signals import unsigned

LATENCY = 3
"""Cycles from (step, shape) at the inputs to their squares at `placed`."""


@block
def blokus_placement(clk, rst, step, shape, placed):
    """The squares a move covers, LATENCY cycles after the move.

    Ports:
        clk, rst  in   clock, synchronous reset
        step      in   J_BITS: the move's window step J = 16 Y + X - 2 of its
                       centre (X, Y)
        shape     in   the shape index (hdl.blokus.tables.SHAPE_MASK)
        placed    out  EXT_BITS: the move's squares in the ext layout, LATENCY
                       cycles later; a new move may enter every cycle
    Stages: the shape's 25-bit window mask from its ROM (1); its five rows
    spread 16 cells apart and moved down by the step's row (2); moved right
    by the step's column (3). The window's top-left cell is ext bit J (the
    ext layout has two padding rows above the board), so the shift is J.
    """
    step_s2 = unsigned(J_BITS)
    column_s3 = unsigned(4)                  # the step's column: all stage 3 needs of it
    shape_mask, shape_mask_s2 = unsigned(25), unsigned(25)
    spread_mask = unsigned(69)
    placed_rows = unsigned(EXT_BITS)
    step_stage = register(clk, rst, step, step_s2)

    @always_comb
    def rom_mask():
        shape_mask.next = SHAPE_MASK[shape]

    @always_comb
    def spread_rows():
        # the 5 x 5 mask's rows, 16 cells apart as on the board
        spread_mask.next = concat(shape_mask_s2[25:20], intbv(0)[11:], shape_mask_s2[20:15],
                                  intbv(0)[11:], shape_mask_s2[15:10], intbv(0)[11:],
                                  shape_mask_s2[10:5], intbv(0)[11:], shape_mask_s2[5:0])

    @always_seq(clk.posedge, reset=rst)
    def stages():
        shape_mask_s2.next = shape_mask
        placed_rows.next = (concat(intbv(0)[EXT_BITS - 69:], spread_mask)
                            << concat(step_s2[J_BITS:4], intbv(0)[4:]))
        column_s3.next = step_s2[4:0]
        placed.next = placed_rows << column_s3

    return step_stage, rom_mask, spread_rows, stages
