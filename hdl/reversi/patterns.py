"""The Reversi evaluation's pattern tables (golden.reversi.patterns) in two dual-port ROMs."""
from myhdl import ConcatSignal, Signal, always_comb, always_seq, block, intbv, modbv

from golden.reversi.patterns import EDGE_CELLS, ENTRIES, RECT_CELLS, SIDE as PATTERN_SIDE, group_of
from golden.reversi.search import PATTERNS, STAGES
from hdl.rom import dual_port_rom, registered_rom, rom
from hdl.widen import widen
from hdl.reversi.tables import size_index, sizes

PORTS = 2                                       # read ports of a table (a dual-port M4K)
READ_CYCLES = len(RECT_CELLS) // PORTS          # 4: the rectangles' reads a position takes
assert len(EDGE_CELLS) <= PORTS * READ_CYCLES and len(RECT_CELLS) == PORTS * READ_CYCLES
PATTERN_LATENCY = READ_CYCLES + 2               # cycles from the first address to last + window
HALF = 4                                        # digits of an instance's index a small ROM reads


def built(side):
    """Whether a core of this side has the tables: golden's tables are for
    8 x 8, which a smaller core never plays."""
    return PATTERNS is not None and side >= PATTERN_SIDE


def cells_in(cells, side):
    """An instance's cells (golden's 8 x 8 layout) in the max layout of a side."""
    return [(c // PATTERN_SIDE) * side + c % PATTERN_SIDE for c in cells]


def digits_table(low):
    """index of HALF cells from their bits (theirs << HALF | mine): the sum of
    3^j (mine_j + 2 theirs_j), times 3^HALF for the high half; 0 where a cell
    would be both sides' (never a position)."""
    out = []
    for key in range(1 << (2 * HALF)):
        mine, theirs = key & ((1 << HALF) - 1), key >> HALF
        if mine & theirs:
            out.append(0)
            continue
        v = sum(3 ** j * ((mine >> j & 1) + 2 * (theirs >> j & 1)) for j in range(HALF))
        out.append(v if low else v * 3 ** HALF)
    return tuple(out)


@block
def reversi_patterns(clk, rst, me, opp, size, stage, last, window, side):
    """last + window = golden.reversi.patterns.value(me, opp, ...) at the
    stage's table group on an 8 x 8 game, 0 on any other size.

    Ports (boards side * side bits, the max layout of hdl/reversi/tables.py):
        clk, rst   in   the clock and a synchronous reset (of the read
                        phase only: the tables hold no state)
        me, opp    in   the discs of the side to move and of the other
        size       in   the game's size (tables.size_index)
        stage      in   golden's evaluation stage (0 .. STAGES - 1)
        last       out  signed: the entries of the last cycle's reads (a sum
                        of registers) ...
        window     out  signed: ... and of the three cycles' reads before
                        them (a register); as wide as last, and every
                        sum inside is as wide
    Settings:
        side       the largest board side the core is built for (8 or more)

    The edge table and the rectangle table are each a ROM of GROUPS x 3^8
    entries (9 bits: an M4K holds 512) read by two ports. A phase counts
    0 .. READ_CYCLES - 1 round and round: in phase p the rectangle ports
    address instances 2p and 2p + 1, the edge ports edges 2p and 2p + 1 (in
    phases 0 and 1; their reads in 2 and 3 count nothing). An address is the
    stage's group's first entry plus the instance's index, from me and opp
    through two 256-entry ROMs of four cells each, whose outputs are
    registered; their sum with the base goes into the ROM's own address
    register. (With the whole address made from me and opp in one cycle
    the proxy measured 59.0 MHz into the ROM's address register, and 71.7
    to 75.4 MHz into a register of its own a cycle before it.)
    Each entry is registered as it leaves its ROM (0 where it counts
    nothing; read straight into the sum it made 57.8 MHz); `last` is the
    four registered entries' sum (combinational) and `window` the
    registered sum of the three cycles' before. An address made in cycle t
    is read in t + 1 and its entry is in `last` in t + 3. So with me and opp
    steady from cycle C to C + 3, last + window is the position's term in
    C + 6 (PATTERN_LATENCY cycles after C), whatever the phase at C: the
    phases of four cycles in a row are every phase once. size and stage
    must be steady from 2 cycles before C (registered tables).
    """
    assert built(side), side
    groups, bits, edges, rects = PATTERNS
    entries = groups * ENTRIES
    phase = Signal(modbv(0)[2:])
    assert READ_CYCLES == 4
    on = Signal(bool(0))                      # the game is 8 x 8
    on_flag = Signal(intbv(0)[1:])
    base = Signal(intbv(0, min=0, max=entries))
    eight = size_index(PATTERN_SIDE, PATTERN_SIDE, side)
    regs = [registered_rom(clk, size, tuple(int(k == eight) for k in range(len(sizes(side)))),
                           on_flag),
            registered_rom(clk, stage, tuple(ENTRIES * group_of(s, groups, STAGES) if s < STAGES
                                             else 0 for s in range(1 << len(stage))), base)]

    @always_comb
    def flag():
        on.next = on_flag[0]

    entry = lambda: Signal(intbv(0, min=-(1 << (bits - 1)), max=1 << (bits - 1)))
    wide = lambda: Signal(intbv(0, min=window.min, max=window.max))
    assert len(last) == len(window)
    # the four ports' addresses: per port, the instance of each phase
    edge_at = [[EDGE_CELLS[(PORTS * p + port) % len(EDGE_CELLS)] for p in range(READ_CYCLES)]
               for port in range(PORTS)]
    rect_at = [[RECT_CELLS[PORTS * p + port] for p in range(READ_CYCLES)] for port in range(PORTS)]
    addresses = [Signal(intbv(0, min=0, max=entries)) for _ in range(2 * PORTS)]
    units = [_address(clk, me, opp, phase, base, [cells_in(c, side) for c in per_phase], addr)
             for per_phase, addr in zip(edge_at + rect_at, addresses)]
    ea, eb, ra, rb = addresses
    qa, qb, qc, qd = (entry() for _ in range(4))
    edge_read = Signal(bool(0))                # the edge reads of this cycle count
    edge_valid = Signal(bool(0))               # ... of the last cycle
    roms = [dual_port_rom(clk, ea, eb, qa, qb, tuple(v for row in edges for v in row)),
            dual_port_rom(clk, ra, rb, qc, qd, tuple(v for row in rects for v in row))]
    # every sum as wide as `window` (lint wants equal widths)
    widened = [wide() for _ in range(4)]
    widen_entries = [widen(q, w) for q, w in zip((qa, qb, qc, qd), widened)]
    wa, wb, wc, wd = widened

    @always_seq(clk.posedge, reset=rst)
    def count():
        phase.next = phase + 1

    @always_seq(clk.posedge, reset=None)
    def edge_phase():
        edge_read.next = phase < (len(EDGE_CELLS) + PORTS - 1) // PORTS
        edge_valid.next = edge_read

    # each entry registered as it leaves its ROM (zero where it counts
    # nothing): the ROM's output and the block mux behind it take most of a
    # cycle (57.8 MHz in the ECP5 proxy when the sum came straight after them)
    gated = [wide() for _ in range(4)]
    ga, gb, gc, gd = gated

    @always_seq(clk.posedge, reset=None)
    def hold_entries():
        if on and edge_valid:
            ga.next = wa
            gb.next = wb
        else:
            ga.next = 0
            gb.next = 0
        if on:
            gc.next = wc
            gd.next = wd
        else:
            gc.next = 0
            gd.next = 0

    held = [wide() for _ in range(2)]
    h1, h2 = held

    @always_comb
    def add():
        last.next = ga + gb + gc + gd

    @always_seq(clk.posedge, reset=None)
    def accumulate():
        h1.next = last
        h2.next = h1
        window.next = last + h1 + h2

    return regs, flag, units, roms, widen_entries, count, edge_phase, hold_entries, add, \
        accumulate


@block
def _address(clk, me, opp, phase, base, cells, addr):
    """addr = base + the index of the instance cells[phase]
    (golden.reversi.patterns.index) a cycle later: the two halves' digit
    sums are registered, their sum with base is not (the ROM registers its
    address)."""
    def key(c):
        # one flat concatenation: a ConcatSignal of ConcatSignals converts
        # to constants (MyHDL 0.11)
        return ConcatSignal(*([opp(x) for x in reversed(c)] + [me(x) for x in reversed(c)]))
    halves = [[key(c[part * HALF:(part + 1) * HALF]) for c in cells] for part in range(2)]
    key_lo, key_hi = Signal(intbv(0)[2 * HALF:]), Signal(intbv(0)[2 * HALF:])
    l0, l1, l2, l3 = halves[0]
    h0, h1, h2, h3 = halves[1]

    @always_comb
    def pick():
        if phase == 0:
            key_lo.next = l0
            key_hi.next = h0
        elif phase == 1:
            key_lo.next = l1
            key_hi.next = h1
        elif phase == 2:
            key_lo.next = l2
            key_hi.next = h2
        else:
            key_lo.next = l3
            key_hi.next = h3
    # as wide as the address (lint wants equal widths)
    lo, hi, lo_held, hi_held = (Signal(intbv(0, min=0, max=addr.max)) for _ in range(4))
    roms = [rom(key_lo, digits_table(True), lo), rom(key_hi, digits_table(False), hi)]

    @always_seq(clk.posedge, reset=None)
    def hold():
        lo_held.next = lo
        hi_held.next = hi

    @always_comb
    def add():
        addr.next = base + lo_held + hi_held
    return pick, roms, hold, add
