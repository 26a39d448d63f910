"""The Reversi search's static evaluation and disc difference, pipelined."""
from myhdl import Signal, always_comb, always_seq, block, concat, intbv

from golden.reversi.encoding import geometry, square_class
from golden.reversi.search import (C_DEAD, CONSTANT, EVAL_WEIGHTS, MOBILITY, N_FEATURES,
                                   POTENTIAL, STAGES, X_DEAD, eval_masks)
from hdl.adder_tree import pipelined_adder_tree, tree_levels
from hdl.rom import rom
from hdl.reversi.tables import SizeTables, premasks, sizes


TREE_STAGES = 3     # pipelined: the stages of each adder tree, every side


def evaluate_latency(clk=True):
    """Cycles from the moves to `value` (from me and opp to `diff`); see
    reversi_evaluate. (The evaluation is pipelined only: clk is kept for
    the callers that pass it.)"""
    return 1 + TREE_STAGES


def tree_levels_per_stage(side):
    """Adder levels between two registers of a pipelined tree over side * side
    terms: TREE_STAGES stages or fewer (2 levels a stage at 8x8, 3 at 16x16)."""
    return -(-tree_levels(side * side) // TREE_STAGES)


STAGE_BITS = 3      # the stage port: golden's STAGES (6) fit 3 bits
WEIGHT_LATENCY = 2  # cycles from size and stage to the cells' weight registers
WEIGHT_WIDTH = 13   # bits of a weight signal, and of a cell's base
N_WEIGHTS = N_FEATURES


def cell_classes(side):
    """Per max-layout cell: (the evaluation classes it takes over the sizes,
    in increasing order; its index in them by size (0 where the cell is off
    the board); the same two for its dead class, or None if it is a C- or
    X-square in no size)."""
    out = []
    for m in range(side * side):
        x, y = m % side, m // side
        live, dead = {}, {}
        for i, (w, h) in enumerate(sizes(side)):
            if x >= w or y >= h:
                continue
            g = geometry(w, h)
            c = y * w + x
            live[i] = square_class(x, y, w, h)
            _, c_mask, x_mask = eval_masks(g)
            if (c_mask | x_mask) >> c & 1:
                dead[i] = C_DEAD if c_mask >> c & 1 else X_DEAD
        classes = sorted(set(live.values()))
        index = tuple(classes.index(live[i]) if i in live else 0 for i in range(len(sizes(side))))
        if dead:
            dead_classes = sorted(set(dead.values()))
            dead_index = tuple(dead_classes.index(dead[i]) if i in dead else 0
                               for i in range(len(sizes(side))))
            out.append((classes, index, (dead_classes, dead_index)))
        else:
            out.append((classes, index, None))
    return out


@block
def reversi_evaluate(me, opp, my_moves, their_moves, size, stage, value, diff, side, clk):
    """value = golden.reversi.search.evaluate(me, opp, my_moves, their_moves, g, stage);
    diff = popcount(me) - popcount(opp). Pipelined.

    Ports (boards side * side bits, the max layout of hdl/reversi/tables.py):
        clk           in   the clock (the registers have no reset)
        me, opp       in   the discs of the side to move and of the other
        my_moves      in   the legal moves of each (hdl/reversi/moves.py), a
        their_moves   in   cycle after me and opp (registered generators)
        size          in   the game's size (tables.size_index)
        stage         in   golden's evaluation stage (0 .. STAGES - 1, STAGE_BITS)
        value         out  signed: golden's learned evaluation
        diff          out  signed: the disc difference
    Settings:
        side          the largest board side the core is built for

    `value` is valid evaluate_latency(clk) cycles after my_moves and
    their_moves, `diff` the same number of cycles after me and opp; me and
    opp must be held while the moves come (the signs are read then). size
    and stage must be steady from WEIGHT_LATENCY cycles before me and opp:
    the weights are registers, off the path of every position. The stage's
    15 weights and their negations (ROMs by stage) are registered once;
    each cell registers its disc's weight and its negation chosen among
    those of the classes it takes over the sizes (a small ROM by size: a
    corner is always a corner), and its dead class's for a C- or X-square.
    The search changes the stage once an iteration, the bench once a stream.

    Then every stage a register: (1) each cell's base: its disc's weight
    (its dead class's while the corner it hangs on is taken), negated for a
    disc of opp, plus the potential mobility weight for an empty cell next
    to a disc of opp only, minus it for one next to me only; cell 0 (a
    corner in every size) adds the constant; (2) the term: the base plus
    the mobility weight for a move of me only, minus it for one of opp
    only, and each cell's disc sign; then each sum through a pipelined
    adder tree of TREE_STAGES stages (hdl/adder_tree.py).
    """
    n = side * side
    all_sizes = [SizeTables(w, h, side) for (w, h) in sizes(side)]
    corner_roms = [tuple(t.corners[k] for t in all_sizes) for k in range(4)]
    zone_roms = [tuple(t.zones[k] for t in all_sizes) for k in range(4)]
    corners = [Signal(intbv(0)[n:]) for _ in range(4)]
    zones = [Signal(intbv(0)[n:]) for _ in range(4)]
    full = Signal(intbv(0)[n:])
    roms = [rom(size, corner_roms[k], corners[k]) for k in range(4)]
    roms += [rom(size, zone_roms[k], zones[k]) for k in range(4)]
    roms.append(rom(size, tuple(t.full for t in all_sizes), full))
    dead = Signal(intbv(0)[n:])
    near_me, near_opp = Signal(intbv(0)[n:]), Signal(intbv(0)[n:])
    c0, c1, c2, c3 = corners
    z0, z1, z2, z3 = zones
    shifts = premasks(side)

    occupied = Signal(intbv(0)[n:])

    @always_comb
    def discs():
        occupied.next = me | opp

    @always_comb
    def corner_rule():
        # (a local `occupied = me | opp` would be a 32-bit Verilog integer)
        d = intbv(0)[n:]
        if (occupied & c0) != 0:
            d[:] = d | z0
        if (occupied & c1) != 0:
            d[:] = d | z1
        if (occupied & c2) != 0:
            d[:] = d | z2
        if (occupied & c3) != 0:
            d[:] = d | z3
        dead.next = d

    near = [_neighbours(me, near_me, shifts, n), _neighbours(opp, near_opp, shifts, n)]

    # the stage's weights, registered: plus and minus each feature's weight,
    # and cell 0's corner weight with the constant folded in
    slots = 1 << STAGE_BITS
    assert STAGES <= slots
    # weights, and a weight plus a weight, fit WEIGHT_WIDTH bits: a weight
    # is within +-1,023, the corner's with the constant +-2,046, a disc's
    # with the potential mobility +-3,069; the mobility is added in the
    # value's width, from a sign-extended copy (Verilator's lint wants equal
    # widths in every add and copy; wider registers cost 1,450 LUT4)

    def weight():
        return Signal(intbv(0, min=-(1 << (WEIGHT_WIDTH - 1)), max=1 << (WEIGHT_WIDTH - 1)))
    plus = [weight() for _ in range(N_WEIGHTS)]
    minus = [weight() for _ in range(N_WEIGHTS)]
    table = [tuple(EVAL_WEIGHTS[st][f] if st < STAGES else 0 for st in range(slots))
             for f in range(N_WEIGHTS)]
    corner0 = [tuple(EVAL_WEIGHTS[st][0] + EVAL_WEIGHTS[st][CONSTANT] if st < STAGES else 0
                     for st in range(slots)),
               tuple(EVAL_WEIGHTS[st][CONSTANT] - EVAL_WEIGHTS[st][0] if st < STAGES else 0
                     for st in range(slots))]
    corner0_me, corner0_opp = weight(), weight()
    # (no cell reads the constant's negation)
    stage_roms = [_stage_weight(clk, stage, table[f], plus[f],
                                None if f == CONSTANT else minus[f])
                  for f in range(N_WEIGHTS)]
    stage_roms += [_stage_weight(clk, stage, corner0[0], corner0_me, None),
                   _stage_weight(clk, stage, corner0[1], corner0_opp, None)]

    # the terms as wide as the sums (sign extension costs nothing; the adder
    # tree's nodes are the sum's width, and lint wants the operands so too)
    terms = [Signal(intbv(0, min=value.min, max=value.max)) for _ in range(n)]
    signs = [Signal(intbv(0, min=diff.min, max=diff.max)) for _ in range(n)]
    zero = weight()             # the bias of every cell but 0: undriven, a constant 0 wire
    mobility_wide, mobility_neg_wide = (Signal(intbv(0, min=value.min, max=value.max))
                                        for _ in range(2))
    widen = [_widen(plus[MOBILITY], mobility_wide), _widen(minus[MOBILITY], mobility_neg_wide)]
    cells = []
    for c, (classes, index, dead_choice) in enumerate(cell_classes(side)):
        if c == 0:
            assert classes == [0] and dead_choice is None, "cell 0 is a corner in every size"
            live = ([corner0_me], [corner0_opp], None)
            bias = plus[CONSTANT]
        else:
            live = ([plus[k] for k in classes], [minus[k] for k in classes], index)
            bias = zero
        dead_w = None
        if dead_choice is not None:
            dead_classes, dead_index = dead_choice
            dead_w = ([plus[k] for k in dead_classes], [minus[k] for k in dead_classes],
                      dead_index)
        cells.append(_cell(clk, me, opp, my_moves, their_moves, dead, near_me, near_opp, full,
                           size, c, live, dead_w, bias, mobility_wide, mobility_neg_wide,
                           plus[POTENTIAL], minus[POTENTIAL], terms[c], signs[c]))

    levels = tree_levels_per_stage(side)
    value_tree = pipelined_adder_tree(clk, terms, value, levels)
    diff_tree = pipelined_adder_tree(clk, signs, diff, levels)
    return (roms, discs, corner_rule, near, stage_roms, widen, cells, value_tree, diff_tree)


@block
def _widen(narrow, wide):
    """wide = narrow, sign-extended (both signed)."""
    top = len(narrow) - 1
    extra = len(wide) - len(narrow)
    ones = Signal(intbv((1 << extra) - 1)[extra:])    # constant
    zeros = Signal(intbv(0)[extra:])                  # constant
    ext = Signal(intbv(0)[extra:])

    @always_comb
    def sign_bits():
        if narrow[top]:
            ext.next = ones
        else:
            ext.next = zeros

    @always_comb
    def join():
        wide.next = concat(ext, narrow[top + 1:]).signed()
    return sign_bits, join


@block
def _stage_weight(clk, stage, table, plus, minus):
    """plus = table[stage], minus = -table[stage] (None: not wanted), registered."""
    ahead = Signal(intbv(0, min=plus.min, max=plus.max))
    ahead_neg = Signal(intbv(0, min=plus.min, max=plus.max))
    lookups = [rom(stage, table, ahead)]
    if minus is None:
        @always_seq(clk.posedge, reset=None)
        def hold():
            plus.next = ahead
        return lookups, hold
    lookups.append(rom(stage, tuple(-v for v in table), ahead_neg))

    @always_seq(clk.posedge, reset=None)
    def hold_both():
        plus.next = ahead
        minus.next = ahead_neg
    return lookups, hold_both


@block
def _choose(clk, size, choices, index, out):
    """out = choices[index[size]], registered (choices: signals; index: a ROM
    by size; a single choice is registered as it is)."""
    if len(choices) == 1:
        only = choices[0]

        @always_seq(clk.posedge, reset=None)
        def hold():
            out.next = only
        return hold
    pick = Signal(intbv(0, min=0, max=len(choices)))
    chain = [Signal(intbv(0, min=out.min, max=out.max)) for _ in choices]
    links = [rom(size, index, pick), _first(choices[0], chain[0])]
    links += [_link(pick, k, choices[k], chain[k - 1], chain[k]) for k in range(1, len(choices))]
    last = chain[-1]

    @always_seq(clk.posedge, reset=None)
    def hold_chosen():
        out.next = last
    return links, hold_chosen


@block
def _first(a, out):
    @always_comb
    def wire():
        out.next = a
    return wire


@block
def _link(pick, k, a, before, out):
    """out = a if pick == k else before: one link of a selection chain."""
    @always_comb
    def select():
        if pick == k:
            out.next = a
        else:
            out.next = before
    return select


@block
def _neighbours(board, out, shifts, n):
    """out = the cells next to (8 directions) a cell of board, in the max
    layout (the premasks stop a step at the layout's edge; a smaller game's
    cells outside it are never empty cells of the game)."""
    steps = [Signal(intbv(0)[n:]) for _ in shifts]
    moves = [_shift(board, steps[k], amount, pre, n) for k, (amount, pre) in enumerate(shifts)]
    s0, s1, s2, s3, s4, s5, s6, s7 = steps

    @always_comb
    def union():
        out.next = s0 | s1 | s2 | s3 | s4 | s5 | s6 | s7
    return moves, union


@block
def _shift(board, out, amount, pre, n):
    """out = board one step in the direction (amount, premask)."""
    mask = Signal(intbv(pre)[n:])                 # constant
    everything = Signal(intbv((1 << n) - 1)[n:])  # constant
    if amount > 0:
        @always_comb
        def forward():
            out.next = ((board & mask) << amount) & everything
        return forward
    back = -amount

    @always_comb
    def backward():
        out.next = (board & mask) >> back
    return backward


@block
def _cell(clk, me, opp, my_moves, their_moves, dead, near_me, near_opp, full, size, c,
          live, dead_weights, bias, mobility, mobility_neg, potential, potential_neg,
          term, sign):
    """One cell's evaluation term and its disc sign (+1 me, -1 opp), both
    registered. live / dead_weights: (the stage's plus weights, minus
    weights, index by size or None for one choice) of its disc, live and
    dead (None: never a C- or X-square); bias: the weight of an empty cell
    (the constant at cell 0, else 0). A cell with one choice reads the
    stage's registers directly; one with more registers its choice."""
    def weight():                                     # WEIGHT_WIDTH bits, as bias
        return Signal(intbv(0, min=bias.min, max=bias.max))

    base_signal = weight

    # each weight: the stage's register itself, or a register of its choice
    wanted = [live[0], live[1]]
    if dead_weights is not None:
        wanted += [dead_weights[0], dead_weights[1]]
    indexes = [live[2], live[2]] + ([dead_weights[2]] * 2 if dead_weights is not None else [])
    got = [options[0] if len(options) == 1 else weight() for options in wanted]
    parts = [_choose(clk, size, options, index, out)
             for options, index, out in zip(wanted, indexes, got) if len(options) > 1]
    w_me, w_opp = got[0], got[1]
    base, base_in = base_signal(), base_signal()
    disc = weight()
    if dead_weights is None:
        @always_comb
        def disc_term():
            if me[c]:
                disc.next = w_me
            elif opp[c]:
                disc.next = w_opp
            else:
                disc.next = bias
    else:
        d_me, d_opp = got[2], got[3]

        @always_comb
        def disc_term():
            if me[c]:
                if dead[c]:
                    disc.next = d_me
                else:
                    disc.next = w_me
            elif opp[c]:
                if dead[c]:
                    disc.next = d_opp
                else:
                    disc.next = w_opp
            else:
                disc.next = bias

    @always_comb
    def potential_term():
        t = intbv(0, min=base.min, max=base.max)
        t[:] = disc
        if full[c] and not me[c] and not opp[c]:
            if near_opp[c] and not near_me[c]:
                t[:] = t + potential
            elif near_me[c] and not near_opp[c]:
                t[:] = t + potential_neg
        base_in.next = t

    term_in = Signal(intbv(0, min=term.min, max=term.max))
    sign_in = Signal(intbv(0, min=sign.min, max=sign.max))
    base_wide = Signal(intbv(0, min=term.min, max=term.max))
    parts.append(_widen(base, base_wide))

    @always_comb
    def mobility_term():
        t = intbv(0, min=term.min, max=term.max)
        t[:] = base_wide
        if my_moves[c] and not their_moves[c]:
            t[:] = t + mobility
        elif their_moves[c] and not my_moves[c]:
            t[:] = t + mobility_neg
        term_in.next = t
        if me[c]:
            sign_in.next = 1
        elif opp[c]:
            sign_in.next = -1
        else:
            sign_in.next = 0

    @always_seq(clk.posedge, reset=None)
    def out():
        base.next = base_in
        term.next = term_in
        sign.next = sign_in

    return parts, disc_term, potential_term, mobility_term, out
