"""The Zobrist key of one bead: a ROM of golden.score4.search.ZOBRIST."""
from myhdl import Signal, always_comb, block, concat, intbv

from golden.score4.search import ZOBRIST


@block
def score4_zobrist(colour, cell, key):
    """key = golden ZOBRIST[colour][cell]: the hash of one bead (a ROM).

    Ports:
        colour  in   the bead's colour (0: its side had the move with an even
                     number of beads on the board)
        cell    in   6 bits
        key     out  HASH_BITS bits
    """
    table = tuple(ZOBRIST[0]) + tuple(ZOBRIST[1])
    index = Signal(intbv(0)[7:])

    @always_comb
    def address():
        index.next = concat(colour, cell)

    @always_comb
    def rom():
        key.next = table[index]

    return address, rom
