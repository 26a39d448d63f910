"""The expansion's prior heuristic of one legal move: one move a cycle, pipelined."""
from myhdl import always_seq, block

from golden.blokus.board import corner_map, edge_map
from golden.blokus.mcts import PRIOR_ATTACH, PRIOR_BLOCK, key_mask
from hdl.popcount import latency as popcount_latency
from hdl.popcount import popcount
from hdl.blokus.tables import N_SHAPES, SHAPE_BITS, SHAPE_MASK, SHAPE_SIZE
from hdl.register import register
from hdl.rom import rom
from hdl.signals import flag, unsigned

POPCOUNT_PER_STAGE = 4       # both popcounts (25 and 49 bits) then take 2 cycles


def _corner_window(s):
    """Shape s's usable-corner template: the cells diagonal to one of its
    squares and neither a square nor edge-adjacent to one, as a 49-bit 7 x 7
    window word (bit 7 r + c: row r, column c, the centre at (3, 3))."""
    centre = 16 * 7 + 7                        # a board cell 4 or more from every edge
    mask = key_mask(centre << 7 | s)
    cells = corner_map(mask) & ~mask & ~edge_map(mask)
    word = 0
    for r in range(7):
        for c in range(7):
            if (cells >> (centre + 16 * (r - 3) + (c - 3))) & 1:
                word |= 1 << (7 * r + c)
    if bin(word).count("1") != bin(cells).count("1"):
        raise ValueError("blokus_prior_score: shape %d's corner cells leave the 7 x 7 window" % s)
    return word


CORNER_WINDOW = tuple(_corner_window(s) for s in range(N_SHAPES))
HEURISTIC_MAX = max(SHAPE_SIZE[s] + PRIOR_BLOCK * bin(SHAPE_MASK[s]).count("1")
                    + PRIOR_ATTACH * bin(CORNER_WINDOW[s]).count("1") for s in range(N_SHAPES))
HEURISTIC_BITS = HEURISTIC_MAX.bit_length()
LATENCY = 1 + popcount_latency(25, POPCOUNT_PER_STAGE) + 1
"""Cycles from a move on the inputs to its heuristic on the outputs."""
if popcount_latency(25, POPCOUNT_PER_STAGE) != popcount_latency(49, POPCOUNT_PER_STAGE):
    raise ValueError("blokus_prior_score: the two popcounts must take the same cycles; "
                     "change POPCOUNT_PER_STAGE")


@block
def blokus_prior_score(clk, rst, valid_in, shape, free7, anchors5, valid_out, heuristic):
    """golden.blokus.mcts's prior heuristic h of a legal move of side P:
    ``size + PRIOR_BLOCK * |squares on the other side's anchors| +
    PRIOR_ATTACH * |usable corner cells of P after the move|``.

    Ports:
        clk, rst    in   clock, synchronous reset
        valid_in    in   a move enters: its shape and the windows around its centre
        shape       in   SHAPE_BITS: the move's shape (hdl.blokus.tables order)
        free7       in   49 bits: P's free cells (golden's free_map: on the
                         board, empty, not edge-adjacent to P's squares) in the
                         7 x 7 window centred on the move's centre (bit 7 r + c,
                         row r, column c)
        anchors5    in   25 bits: the other side's anchors (golden's anchor_map)
                         in the 5 x 5 window centred there (bit 5 r + c, as
                         blokus_checker's windows)
        valid_out   out  the move that entered LATENCY cycles ago leaves
        heuristic   out  HEURISTIC_BITS: its h
    Why the windows suffice: after the move, a usable corner cell is diagonal
    to one of its squares and not a square of P nor edge-adjacent to one;
    P's squares after the move are its squares before and the move's, so the
    cell is a move-only template (CORNER_WINDOW, within 3 of the centre) and
    P's free cells before the move. A legal move's template cells are on
    the padded board's columns, so a window cut from a map shifted past a
    fixed position (the scan's way) never reads a wrapped-around cell
    through the template.
    How: the shape's two templates from ROMs, ANDed with the windows and
    registered; the two popcounts (carry-save trees, two cycles); the
    weighted sum registered. A new move every cycle.
    """
    for name, port, bits in (("shape", shape, SHAPE_BITS), ("free7", free7, 49),
                             ("anchors5", anchors5, 25), ("heuristic", heuristic, HEURISTIC_BITS)):
        if len(port) != bits:
            raise ValueError("blokus_prior_score: %s must have %d bits, not %d"
                             % (name, bits, len(port)))
    mask_word, corner_word = unsigned(25), unsigned(49)
    size_word = unsigned(3)
    mask_rom = rom(shape, SHAPE_MASK + (0,) * (2 ** SHAPE_BITS - N_SHAPES), mask_word)
    corner_rom = rom(shape, CORNER_WINDOW + (0,) * (2 ** SHAPE_BITS - N_SHAPES), corner_word)
    size_rom = rom(shape, SHAPE_SIZE + (0,) * (2 ** SHAPE_BITS - N_SHAPES), size_word)

    # stage 1: the squares on the other side's anchors, the usable corners
    blocking, usable = unsigned(25), unsigned(49)
    size1, valid1 = unsigned(3), flag()

    @always_seq(clk.posedge, reset=rst)
    def templates():
        blocking.next = anchors5 & mask_word
        usable.next = free7 & corner_word
        size1.next = size_word
        valid1.next = valid_in

    # stages 2 .. 1 + the popcounts' latency: the counts, size and valid beside them
    blocked_count, usable_count = unsigned(5), unsigned(6)
    count_blocking = popcount(clk, rst, blocking, blocked_count, per_stage=POPCOUNT_PER_STAGE)
    count_usable = popcount(clk, rst, usable, usable_count, per_stage=POPCOUNT_PER_STAGE)
    delay = popcount_latency(25, POPCOUNT_PER_STAGE)
    sizes = [size1] + [unsigned(3) for _ in range(delay)]
    valids = [valid1] + [flag() for _ in range(delay)]
    size_delay = [register(clk, rst, sizes[k], sizes[k + 1]) for k in range(delay)]
    valid_delay = [register(clk, rst, valids[k], valids[k + 1]) for k in range(delay)]
    size_n, valid_n = sizes[-1], valids[-1]

    # last stage: the weighted sum
    @always_seq(clk.posedge, reset=rst)
    def total():
        heuristic.next = size_n + PRIOR_BLOCK * blocked_count + PRIOR_ATTACH * usable_count
        valid_out.next = valid_n

    return (mask_rom, corner_rom, size_rom, templates, count_blocking, count_usable, size_delay,
            valid_delay, total)
