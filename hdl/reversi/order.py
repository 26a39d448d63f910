"""The Reversi search's next move: the first untried one in move order."""
from myhdl import ConcatSignal, Signal, always_comb, always_seq, block, intbv

from hdl.lowest_one import lowest_one, onehot_index
from hdl.rom import rom
from hdl.reversi.tables import SizeTables, sizes, weights


def order_latency(clk):
    """Cycles from `todo` to `onehot` and `index` (0: combinational)."""
    return 0 if clk is None else 2


@block
def reversi_order(todo, size, any_left, onehot, index, side, clk=None):
    """The first cell of `todo` in golden's move order (g.order): the
    heaviest weight class that has one, the lowest cell index within it.

    Ports (boards side * side bits, the max layout of hdl/reversi/tables.py):
        todo      in   the moves not tried yet
        size      in   the game's size (tables.size_index)
        any_left  out  todo is not empty (None with clk: the pipelined search
                       keeps its own register of it, todo_any)
        onehot    out  the chosen cell, one-hot (0 when todo is empty)
        index     out  its bit index (meaningless when todo is empty)
    Settings:
        side      the largest board side the core is built for
        clk       None: combinational; a clock: onehot is registered,
                  order_latency(clk) cycles after `todo`, and index is
                  decoded from it (any_left stays combinational)

    The max layout keeps the rows in order, so the lowest index in it is the
    lowest in golden's layout of the game's size. One mask a weight class
    (tables.weights: a ROM of the sizes, 0 where a size has no such
    weight); the classes are tried in a chain of muxes, the heaviest first.
    Pipelined (clk): the first stage registers each class's moves and which
    class is the first with one (one-hot); the second ORs the chosen class's
    moves and takes their lowest cell.
    """
    n = side * side
    tables = [SizeTables(w, h, side) for (w, h) in sizes(side)]
    k = len(weights(side))
    masks = [Signal(intbv(0)[n:]) for _ in range(k)]
    roms = [rom(size, tuple(t.class_masks[j] for t in tables), masks[j]) for j in range(k)]
    masked = [Signal(intbv(0)[n:]) for _ in range(k)]
    ands = [_and(todo, masks[j], masked[j]) for j in range(k)]
    if clk is not None:
        return roms, ands, _pipelined(clk, todo, masked, any_left, onehot, index)
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


@block
def _pipelined(clk, todo, masked, any_left, onehot, index):
    """The two registered stages of reversi_order (clk)."""
    n = len(todo)
    k = len(masked)
    nonzero = [Signal(bool(0)) for _ in range(k)]
    tests = [_nonzero(masked[j], nonzero[j]) for j in range(k)]
    nz = ConcatSignal(*reversed(nonzero))
    first = Signal(intbv(0)[k:])          # one-hot: the heaviest class with a move
    first_q = Signal(intbv(0)[k:])
    held = [Signal(intbv(0)[n:]) for _ in range(k)]
    regs = [_hold(clk, masked[j], held[j]) for j in range(k)]
    picked = [Signal(intbv(0)[n:]) for _ in range(k)]
    gates = [_gate(held[j], first_q, j, picked[j]) for j in range(k)]
    chosen = Signal(intbv(0)[n:])
    below = Signal(intbv(0)[n:])
    merge = _or_all(picked, chosen)
    decode = onehot_index(onehot, index)

    @always_comb
    def priority():
        # nz & -nz: the lowest set bit (the heaviest class)
        first.next = nz & ((~nz) + 1)

    gens = []
    if any_left is not None:
        @always_comb
        def any_todo():
            any_left.next = todo != 0
        gens.append(any_todo)

    @always_seq(clk.posedge, reset=None)
    def stage1():
        first_q.next = first

    @always_comb
    def borrow():
        below.next = chosen - 1

    @always_seq(clk.posedge, reset=None)
    def stage2():
        onehot.next = chosen & ~below          # the lowest one alone

    return tests, regs, gates, merge, decode, priority, gens, borrow, stage1, stage2


@block
def _nonzero(vec, flag):
    @always_comb
    def test():
        flag.next = vec != 0
    return test


@block
def _hold(clk, d, q):
    @always_seq(clk.posedge, reset=None)
    def reg():
        q.next = d
    return reg


@block
def _gate(vec, sel, j, out):
    """out = vec if bit j of sel, else 0."""
    @always_comb
    def gate():
        if sel[j]:
            out.next = vec
        else:
            out.next = 0
    return gate


@block
def _or_all(vecs, out):
    """out = the OR of the vectors (a balanced tree)."""
    if len(vecs) == 1:
        a = vecs[0]

        @always_comb
        def one():
            out.next = a
        return one
    lo = Signal(intbv(0)[len(out):])
    hi = Signal(intbv(0)[len(out):])
    half = len(vecs) // 2
    left = _or_all(vecs[:half], lo)
    right = _or_all(vecs[half:], hi)

    @always_comb
    def both():
        out.next = lo | hi
    return left, right, both
