"""The Reversi evaluation's stage for an iteration of the search (golden's stage_of)."""
from myhdl import Signal, always_comb, always_seq, block, intbv

from golden.reversi.encoding import geometry
from golden.reversi.search import ENDGAME_EMPTIES, STAGES
from hdl.adder_tree import pipelined_adder_tree, pipelined_latency
from hdl.reversi.evaluate import STAGE_BITS
from hdl.rom import registered_rom
from hdl.reversi.tables import sizes

COUNT_LEVELS = 2        # adder levels between two registers of the disc count's tree


def thresholds(width, height):
    """The disc counts where golden's stage_of reaches 1 .. STAGES - 1 on a
    width x height board: stage_of(x) = the number of them x reaches."""
    cells = geometry(width, height).cells
    return tuple(4 + -(-k * (cells - 4) // STAGES) for k in range(1, STAGES))


def stage_latency(side):
    """(cycles from me and opp, cycles from depth) to `stage`."""
    return pipelined_latency(side * side, COUNT_LEVELS) + 2, 2


def endgame_threshold(width, height):
    """The disc count from which golden's search runs its endgame solver on
    a width x height board: ENDGAME_EMPTIES empty cells or fewer."""
    return max(0, geometry(width, height).cells - ENDGAME_EMPTIES)


@block
def reversi_stage(clk, me, opp, size, depth, stage, endgame, side):
    """stage = golden.reversi.search.stage_of(popcount(me | opp) + depth, g), registered;
    endgame = the root has ENDGAME_EMPTIES empty cells or fewer, registered.

    Ports (boards side * side bits, the max layout of hdl/reversi/tables.py):
        clk     in   the clock (the registers have no reset)
        me, opp in   the root's discs (held for the whole search)
        size    in   the game's size (tables.size_index)
        depth   in   the search's iteration (golden gives iteration d the
                     stage of the root's discs plus d)
        stage   out  STAGE_BITS: 0 .. STAGES - 1
        endgame out  1: the disc count reaches endgame_threshold (golden's
                     search solves the position after ENDGAME_AFTER iterations)
    Settings:
        side    the largest board side the core is built for

    stage_latency(side) cycles behind its inputs (and 2 behind size): the
    disc count is a pipelined adder tree over the cells, then count + depth
    is registered, then compared with the size's thresholds (ROMs by size,
    registered) and the number reached registered as the stage. endgame
    compares the count itself (a cycle sooner).
    """
    assert STAGES == 6, "reversi_stage compares with 5 thresholds: golden's STAGES changed"
    assert STAGES <= 1 << STAGE_BITS
    n = side * side
    count = Signal(intbv(0, min=-1, max=n + 1))
    bits = [Signal(intbv(0, min=count.min, max=count.max)) for _ in range(n)]
    tree = pipelined_adder_tree(clk, bits, count, COUNT_LEVELS)
    cells = [_occupied(me, opp, c, bits[c]) for c in range(n)]
    reach_max = n + depth.max + 1
    reached = Signal(intbv(0, min=-1, max=reach_max))
    table = [thresholds(w, h) for (w, h) in sizes(side)]
    th = [Signal(intbv(0, min=0, max=reach_max)) for _ in range(STAGES - 1)]
    # the thresholds registered: size is steady for a whole search, and its
    # table (a block RAM in the proxy) then stays off the compare's path
    roms = [registered_rom(clk, size, tuple(t[k] for t in table), th[k])
            for k in range(STAGES - 1)]
    th1, th2, th3, th4, th5 = th
    solve_from = Signal(intbv(0, min=count.min, max=count.max))     # as wide as count
    solve_rom = registered_rom(clk, size, tuple(endgame_threshold(w, h) for (w, h) in sizes(side)),
                               solve_from)

    @always_seq(clk.posedge, reset=None)
    def solve():
        endgame.next = count >= solve_from

    @always_seq(clk.posedge, reset=None)
    def add():
        reached.next = count + depth

    @always_seq(clk.posedge, reset=None)
    def compare():
        s = intbv(0)[STAGE_BITS:]
        if reached >= th1:
            s[:] = 1
        if reached >= th2:
            s[:] = 2
        if reached >= th3:
            s[:] = 3
        if reached >= th4:
            s[:] = 4
        if reached >= th5:
            s[:] = 5
        stage.next = s

    return tree, cells, roms, add, compare, solve_rom, solve


@block
def _occupied(me, opp, c, bit):
    """bit = 1 for a disc on cell c."""
    @always_comb
    def read():
        if me[c] or opp[c]:
            bit.next = 1
        else:
            bit.next = 0
    return read
