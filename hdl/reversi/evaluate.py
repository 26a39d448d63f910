"""The Reversi search's static evaluation and disc difference: each feature's
count times the stage's weight, pipelined."""
from myhdl import ConcatSignal, Signal, always_comb, always_seq, block, intbv

from golden.reversi.search import (C_CLASS, C_DEAD, CONSTANT, EVAL_WEIGHTS, MOBILITY,
                                   N_CLASSES, POTENTIAL, STAGES, X_CLASS, X_DEAD,
                                   eval_masks)
from golden.reversi.encoding import geometry
from hdl.adder_tree import adder_tree
from hdl.popcount import csa_plan, popcount
from hdl.register import register
from hdl.widen import fit as _fit, widen as _widen, widen_unsigned as _widen_unsigned
from hdl.rom import registered_rom, rom
from hdl.reversi.moves import step
from hdl.reversi.patterns import PATTERN_LATENCY, READ_CYCLES, built, reversi_patterns
from hdl.reversi.tables import SizeTables, premasks, sizes, to_max

STAGE_BITS = 3      # the stage port: golden's STAGES (6) fit 3 bits
WEIGHT_LATENCY = 2  # cycles from size and stage to the registers of masks and weights
WEIGHT_WIDTH = 13   # bits of a weight register: a weight is within +-1,023, a dead
                    # class's less its live class's +-2,046
# the features with a count: the N_CLASSES square classes, then C dead and X dead
DISC_FEATURES = N_CLASSES + 2
MOBILITY_FEATURE = DISC_FEATURES      # then mobility and potential mobility


def evaluate_latency(clk=True):
    """Cycles from the moves to `value`; see reversi_evaluate. (The
    evaluation is pipelined only: clk is kept for the callers that pass it.)
    The tables' term is in M + 5 (PATTERN_LATENCY cycles after me and opp,
    which come in M - 1) and value a cycle later; the linear sum is in M + 4."""
    return PATTERN_LATENCY


HOLD_CYCLES = READ_CYCLES   # me and opp steady this long from M - 1: the tables' reads


def candidates(side):
    """For each of the DISC_FEATURES, the max-layout cells where it can count
    a disc in some size (a square class's cells over the sizes; C dead and X
    dead: the C- and X-squares next to a corner)."""
    out = [set() for _ in range(DISC_FEATURES)]
    for (w, h) in sizes(side):
        g = geometry(w, h)
        classes, _, _ = eval_masks(g)
        zones = 0
        for _, zone in g.corner_zones:
            zones |= zone
        for k in range(N_CLASSES):
            for c in range(g.cells):
                if classes[k] >> c & 1:
                    m = (c // w) * side + c % w
                    out[k].add(m)
                    if zones >> c & 1 and k in (C_CLASS, X_CLASS):
                        out[C_DEAD if k == C_CLASS else X_DEAD].add(m)
    return [sorted(s) for s in out]


def feature_weights(side):
    """Per stage: the weight of each feature's count (the DISC_FEATURES, then
    mobility and potential mobility), and the constant they are added to.

    A feature's count is popcount(mine) + popcount(~theirs) over its cells
    (one carry-save tree, no subtraction): its golden difference plus the
    number of its cells, which the constant takes back. A dead C- or
    X-square is counted both in its class and dead, so the dead feature
    weighs the dead weight less the class's."""
    n = side * side
    cells = [len(c) for c in candidates(side)] + [n, n]
    out = []
    for w in EVAL_WEIGHTS:
        fw = [w[k] for k in range(N_CLASSES)]
        fw += [w[C_DEAD] - w[C_CLASS], w[X_DEAD] - w[X_CLASS], w[MOBILITY], w[POTENTIAL]]
        constant = w[CONSTANT] - sum(f * c for f, c in zip(fw, cells))
        out.append((tuple(fw), constant))
    widest = max(abs(v) for fw, _ in out for v in fw)
    if widest >= 1 << (WEIGHT_WIDTH - 1):
        raise ValueError("a weight of golden/reversi/evaluation.json (or a dead class's less "
                         "its class's) is %d: over the %d-bit weight registers of "
                         "hdl/reversi/evaluate.py; refit with a larger ridge or widen "
                         "WEIGHT_WIDTH" % (widest, WEIGHT_WIDTH))
    return out, cells


@block
def reversi_evaluate(me, opp, my_moves, their_moves, size, stage, value, diff, side, clk, rst):
    """value = golden.reversi.search.evaluate(me, opp, my_moves, their_moves, g, stage);
    diff = popcount(me) - popcount(opp). Pipelined.

    Ports (boards side * side bits, the max layout of hdl/reversi/tables.py):
        clk, rst      in   the clock, and a synchronous reset of the pattern
                           tables' read phase (no other register has a reset)
        me, opp       in   the discs of the side to move and of the other
        my_moves      in   the legal moves of each (hdl/reversi/moves.py), a
        their_moves   in   cycle after me and opp (registered generators)
        size          in   the game's size (tables.size_index)
        stage         in   golden's evaluation stage (0 .. STAGES - 1, STAGE_BITS)
        value         out  signed: golden's learned evaluation
        diff          out  signed: the disc difference
    Settings:
        side          the largest board side the core is built for

    With the moves in cycle M and me and opp from M - 1 (held HOLD_CYCLES
    cycles, to M + 2), `value` is valid in M + 6 (evaluate_latency) and
    `diff` in M + 3 and M + 4.
    size and stage must be steady from WEIGHT_LATENCY cycles before me and
    opp until `value`: the class masks (by size) and the weights (by stage)
    are registers. The search changes the stage once an iteration, the
    bench once a stream.

    golden's value is a sum of weight x count over the features
    (feature_weights): each count is a carry-save popcount (hdl/popcount.py),
    each product a multiplier (the DE2's embedded 18 x 18), and then two
    adder trees:
        M - 1  the square classes' trees start on me and opp under the
               size's class masks; the dead C- and X-squares (the corner
               rule) and the potential mobility's empty cells are registered
        M      the moves' tree starts, the others go on
        M + 1  the classes' counts are in: their products; diff's sum
        M + 2  the other counts are in: their products; the classes'
               products and the constant summed in two halves
        M + 3  the halves plus the other four products, registered
        M + 5  value = that plus the pattern tables' term (hdl/reversi/
               patterns.py: addresses made from M - 1 to M + 2, on 8 x 8
               games only)
    A core of side under 8 has no tables: value is the linear sum two
    cycles later.
    """
    n = side * side
    stage_table, cells = feature_weights(side)
    cand = candidates(side) + [list(range(n)), list(range(n))]
    all_sizes = [SizeTables(w, h, side) for (w, h) in sizes(side)]
    # the features that count on some size (all at 8 x 8; a 4 x 4 core has
    # 3 square classes), and the stage's weights, registered
    used = [f for f in range(len(cand)) if cand[f]]
    def weight():
        return Signal(intbv(0, min=-(1 << (WEIGHT_WIDTH - 1)), max=1 << (WEIGHT_WIDTH - 1)))
    weights = [weight() for _ in used]
    slots = 1 << STAGE_BITS
    assert STAGES <= slots
    pad = lambda column: tuple(column) + (0,) * (slots - len(column))
    regs = [registered_rom(clk, stage, pad([fw[f] for fw, _ in stage_table]), weights[i])
            for i, f in enumerate(used)]
    bound = max(abs(c) for _, c in stage_table)
    constant = Signal(intbv(0, min=-bound, max=bound + 1))
    regs.append(registered_rom(clk, stage, pad([c for _, c in stage_table]), constant))

    # the sums' width: every product and the constant at their largest
    reach = bound + sum(max(abs(fw[f]) for fw, _ in stage_table) * 2 * cells[f] for f in used)

    def wide():
        return Signal(intbv(0, min=-reach - 1, max=reach + 1))

    # M - 1: the dead squares and the potential mobility's cells, registered
    zone_cells = sorted(set(cand[C_DEAD]) | set(cand[X_DEAD]))
    dead = Signal(intbv(0)[max(1, len(zone_cells)):])     # over zone_cells
    rule = _corner_rule(me, opp, size, all_sizes, zone_cells, dead, n)
    near_me, near_opp = Signal(intbv(0)[n:]), Signal(intbv(0)[n:])
    near = [_neighbours(me, near_me, premasks(side), n),
            _neighbours(opp, near_opp, premasks(side), n)]
    full = Signal(intbv(0)[n:])
    full_rom = rom(size, tuple(t.full for t in all_sizes), full)
    pot_plus, pot_minus = Signal(intbv(0)[n:]), Signal(intbv(0)[n:])
    empty = Signal(intbv(0)[n:])

    @always_comb
    def empty_cells():
        # (a local `empty` would be a 32-bit Verilog integer)
        empty.next = full & ~(me | opp)

    @always_seq(clk.posedge, reset=None)
    def potential_cells():
        pot_plus.next = empty & near_opp
        pot_minus.next = empty & near_me

    # the counts: mine and ~theirs over the feature's cells, one tree each
    counts = []
    trees = []
    for f in used:
        k = len(cand[f])
        if f < N_CLASSES:
            # the size's class mask, registered, over the feature's cells
            mask = Signal(intbv(0)[k:])
            table = tuple(_compress(to_max(eval_masks(geometry(w, h))[0][f], w, side), cand[f])
                          for (w, h) in sizes(side))
            mine, theirs = Signal(intbv(0)[k:]), Signal(intbv(0)[k:])
            trees += [registered_rom(clk, size, table, mask),
                      _masked(_select(me, cand[f]), _select(opp, cand[f]), mask, mine, theirs)]
        elif f < DISC_FEATURES:
            # a zone square's class is its place's, whatever the size
            live = C_CLASS if f == C_DEAD else X_CLASS
            for (w, h) in sizes(side):
                g = geometry(w, h)
                zones = to_max(sum(z for _, z in g.corner_zones), w, side)
                klass = to_max(eval_masks(g)[0][live], w, side)
                assert zones & klass == zones & _expand(cand[f]), (w, h, f)
            mine, theirs = Signal(intbv(0)[k:]), Signal(intbv(0)[k:])
            at = [zone_cells.index(c) for c in cand[f]]
            trees.append(_dead_squares(clk, _select(me, cand[f]), _select(opp, cand[f]),
                                       _select(dead, at), mine, theirs))
        elif f == MOBILITY_FEATURE:
            mine, theirs = my_moves, their_moves
        else:
            mine, theirs = pot_plus, pot_minus
        count = Signal(intbv(0, min=0, max=2 * k + 1))
        trees.append(_feature_count(clk, mine, theirs, count))
        counts.append(count)

    # the products: the classes' in M + 1, the others' in M + 2
    products = [wide() for _ in used]
    mult = [_product(clk, weights[i], counts[i], products[i]) for i in range(len(used))]
    class_products = [products[i] for i, f in enumerate(used) if f < N_CLASSES]
    late_products = [products[i] for i, f in enumerate(used) if f >= N_CLASSES]

    # M + 2: the classes' products and the constant in two halves; M + 3: value
    constant_wide = wide()
    parts = [_widen(constant, constant_wide)]
    terms = class_products + [constant_wide]
    half = (len(terms) + 1) // 2
    halves = [wide(), wide()]
    half_sums = [wide(), wide()]
    parts += [adder_tree(terms[:half], half_sums[0]), adder_tree(terms[half:], half_sums[1])]
    parts += [register(clk, None, half_sums[i], halves[i]) for i in range(2)]
    total = wide()
    parts.append(adder_tree(halves + late_products, total))
    value_fit = Signal(intbv(0, min=value.min, max=value.max))
    parts.append(_fit(total, value_fit))
    linear = Signal(intbv(0, min=value.min, max=value.max))
    parts.append(register(clk, None, value_fit, linear))
    parts.append(_with_patterns(clk, rst, me, opp, size, stage, linear, value, side))

    # diff: the classes' counts less their cells (a constant term), in M + 1;
    # held to M + 3
    offset = sum(cells[:N_CLASSES])
    class_counts = [counts[i] for i, f in enumerate(used) if f < N_CLASSES]
    diff_sum = Signal(intbv(0, min=-offset - 1, max=2 * offset + 1))
    class_total = Signal(intbv(0, min=diff_sum.min, max=diff_sum.max))
    count_terms = [Signal(intbv(0, min=diff_sum.min, max=diff_sum.max)) for _ in class_counts]
    parts += [_widen_unsigned(c, t) for c, t in zip(class_counts, count_terms)]
    parts.append(adder_tree(count_terms, class_total))

    @always_comb
    def less_cells():
        diff_sum.next = class_total - offset

    diff_held, diff_fit = (Signal(intbv(0, min=diff.min, max=diff.max)) for _ in range(2))
    parts.append(_fit(diff_sum, diff_fit))

    @always_seq(clk.posedge, reset=None)
    def diff_out():
        diff_held.next = diff_fit
        diff.next = diff_held

    return (regs, rule, near, full_rom, empty_cells, potential_cells, trees, mult, parts,
            less_cells, diff_out)


@block
def _with_patterns(clk, rst, me, opp, size, stage, linear, value, side):
    """value = linear + the pattern tables' term, registered (linear alone,
    a cycle later, for a core without tables); linear is steady for two
    cycles, as me and opp are."""
    if not built(side):
        held = Signal(intbv(0, min=value.min, max=value.max))
        return register(clk, None, linear, held), register(clk, None, held, value)
    # the tables' sums as wide as value: the whole sum fits it (golden's
    # EVAL_BOUND), and lint wants equal widths
    last = Signal(intbv(0, min=value.min, max=value.max))
    window = Signal(intbv(0, min=value.min, max=value.max))
    tables = reversi_patterns(clk, rst, me, opp, size, stage, last, window, side=side)

    @always_seq(clk.posedge, reset=None)
    def add():
        value.next = linear + last + window
    return tables, add


def _select(board, cells):
    """The bits `cells` of a signal, bit j = board[cells[j]] (a shadow signal)."""
    if len(cells) == 1:
        return board(cells[0])
    return ConcatSignal(*[board(c) for c in reversed(cells)])


def _compress(mask, cells):
    """A mask's bits at `cells`, as _select takes them."""
    return sum(1 << j for j, c in enumerate(cells) if mask >> c & 1)


def _expand(cells):
    return sum(1 << c for c in cells)


@block
def _corner_rule(me, opp, size, all_sizes, zone_cells, dead, n):
    """dead = the squares next to a taken corner (golden's corner_zones) over
    zone_cells (the zones of every size), combinational (the size's corners
    and zones: ROMs)."""
    corners = [Signal(intbv(0)[n:]) for _ in range(4)]
    zones = [Signal(intbv(0)[len(dead):]) for _ in range(4)]
    roms = [rom(size, tuple(t.corners[k] for t in all_sizes), corners[k]) for k in range(4)]
    roms += [rom(size, tuple(_compress(t.zones[k], zone_cells) for t in all_sizes), zones[k])
             for k in range(4)]
    c0, c1, c2, c3 = corners
    z0, z1, z2, z3 = zones
    occupied = Signal(intbv(0)[n:])
    width = len(dead)

    @always_comb
    def discs():
        occupied.next = me | opp

    @always_comb
    def rule():
        # (a local `occupied = me | opp` would be a 32-bit Verilog integer)
        d = intbv(0)[width:]
        if (occupied & c0) != 0:
            d[:] = d | z0
        if (occupied & c1) != 0:
            d[:] = d | z1
        if (occupied & c2) != 0:
            d[:] = d | z2
        if (occupied & c3) != 0:
            d[:] = d | z3
        dead.next = d
    return roms, discs, rule


@block
def _masked(me, opp, mask, mine, theirs):
    """mine, theirs = the discs of each on the mask's cells."""
    @always_comb
    def both():
        mine.next = me & mask
        theirs.next = opp & mask
    return both


@block
def _dead_squares(clk, me, opp, dead, mine, theirs):
    """mine, theirs = the discs of each on the dead squares, registered."""
    @always_seq(clk.posedge, reset=None)
    def both():
        mine.next = me & dead
        theirs.next = opp & dead
    return both


COUNT_CYCLES = 2    # a count is registered twice: in its tree and at its end


@block
def _feature_count(clk, mine, theirs, count):
    """count = popcount(mine) + popcount(~theirs), COUNT_CYCLES cycles later:
    one carry-save tree over their bits with a register about halfway."""
    k = len(mine)
    not_theirs = Signal(intbv(0)[k:])
    bits = ConcatSignal(not_theirs, mine)
    layers, _ = csa_plan(len(bits), 99, 1)
    first = max(1, (len(layers) - 1) // 2)
    latency = len(csa_plan(len(bits), 99, first)[1]) + 1
    assert 1 <= latency <= COUNT_CYCLES, (len(bits), latency)

    @always_comb
    def invert():
        not_theirs.next = ~theirs

    if latency == COUNT_CYCLES:
        return invert, popcount(clk, None, bits, count, per_stage=99, first=first)
    early = Signal(intbv(0, min=count.min, max=count.max))
    return (invert, popcount(clk, None, bits, early, per_stage=99, first=first),
            register(clk, None, early, count))


@block
def _product(clk, weight, count, product):
    """product = weight * count, registered (weight signed, count unsigned;
    both widened to the product's width, as lint wants: synthesis trims the
    copies of their top bits)."""
    w_wide = Signal(intbv(0, min=product.min, max=product.max))
    c_wide = Signal(intbv(0, min=product.min, max=product.max))

    @always_seq(clk.posedge, reset=None)
    def multiply():
        product.next = w_wide * c_wide
    return _widen(weight, w_wide), _widen_unsigned(count, c_wide), multiply


@block
def _neighbours(board, out, shifts, n):
    """out = the cells next to (8 directions) a cell of board, in the max
    layout (the premasks stop a step at the layout's edge; a smaller game's
    cells outside it are never empty cells of the game)."""
    steps = [Signal(intbv(0)[n:]) for _ in shifts]
    masks = [Signal(intbv(pre)[n:]) for _, pre in shifts]         # constants
    everything = Signal(intbv((1 << n) - 1)[n:])                  # constant
    moves = [step(board, everything, None, masks[k], steps[k], amount, n)
             for k, (amount, _) in enumerate(shifts)]
    s0, s1, s2, s3, s4, s5, s6, s7 = steps

    @always_comb
    def union():
        out.next = s0 | s1 | s2 | s3 | s4 | s5 | s6 | s7
    return moves, union
