"""The Reversi search's next move: the first untried one in move order."""
from myhdl import Signal, always_comb, block, intbv

from hdl.lowest_one import lowest_one
from hdl.rom import rom
from hdl.reversi.tables import SizeTables, sizes, weights


@block
def reversi_order(todo, size, any_left, onehot, index, side):
    """The first cell of `todo` in golden's move order (g.order): the
    heaviest weight class that has one, the lowest cell index within it.

    Ports (boards side * side bits, the max layout of hdl/reversi/tables.py):
        todo      in   the moves not tried yet
        size      in   the game's size (tables.size_index)
        any_left  out  todo is not empty
        onehot    out  the chosen cell, one-hot (0 when todo is empty)
        index     out  its bit index (meaningless when todo is empty)
    Settings:
        side      the largest board side the core is built for

    The max layout keeps the rows in order, so the lowest index in it is the
    lowest in golden's layout of the game's size. One mask a weight class
    (tables.weights: a ROM of the sizes, 0 where a size has no such
    weight); the classes are tried in a chain of muxes, the heaviest first.
    """
    n = side * side
    tables = [SizeTables(w, h, side) for (w, h) in sizes(side)]
    k = len(weights(side))
    masks = [Signal(intbv(0)[n:]) for _ in range(k)]
    roms = [rom(size, tuple(t.class_masks[j] for t in tables), masks[j]) for j in range(k)]
    masked = [Signal(intbv(0)[n:]) for _ in range(k)]
    ands = [_and(todo, masks[j], masked[j]) for j in range(k)]
    chosen = [Signal(intbv(0)[n:]) for _ in range(k)]    # chosen[j]: the first of masked[j:]
    chain = [_first_nonzero(masked[j], chosen[j + 1] if j + 1 < k else None, chosen[j])
             for j in range(k)]
    rest = Signal(intbv(0)[n:])
    low = lowest_one(chosen[0], index, rest)
    first = chosen[0]

    @always_comb
    def outputs():
        any_left.next = todo != 0
        onehot.next = first & ~rest

    return roms, ands, chain, low, outputs


@block
def _and(a, b, out):
    @always_comb
    def both():
        out.next = a & b
    return both


@block
def _first_nonzero(here, later, out):
    """out = here if it is not 0, else later (None: 0)."""
    if later is None:
        @always_comb
        def last():
            out.next = here
        return last

    @always_comb
    def pick():
        if here != 0:
            out.next = here
        else:
            out.next = later
    return pick
