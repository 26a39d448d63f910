"""The discs one Reversi move flips, combinational (the max layout)."""
from myhdl import Signal, always_comb, always_seq, block, intbv

from hdl.reversi.tables import premasks


def flips_latency(clk):
    """Cycles from `move_bit` to `flipped` (0: combinational)."""
    return 0 if clk is None else 1


@block
def reversi_flips(me, opp, move_bit, flipped, side, clk=None):
    """flipped = golden.reversi.board.flips(me, opp, c) for the move `move_bit`.

    Ports (each side * side bits, the max layout of hdl/reversi/tables.py):
        me, opp   in   the discs of the mover and of the other side
        move_bit  in   the move, one-hot (a legal move: an empty cell)
        flipped   out  the `opp` discs the move turns
    Settings:
        side      the largest board side the core is built for
        clk       None: combinational, as below; a clock: pipelined, as
                  below that: `flipped` is registered, valid
                  flips_latency(clk) cycles after `move_bit` when `me` and
                  `opp` have been stable one cycle longer

    In each direction: the cells stepped onto from `move_bit` while they hold
    `opp` (at most side - 2), kept when the next cell holds `me`. The run
    and its end are tracked as one-hot steps, so a direction is a chain of
    side - 1 small stages.

    Pipelined: in each direction the flips are the cells both of `fill`, the
    run of `opp` discs stepped onto from the move, and of `bracket`, the
    `opp` discs from which that direction crosses only `opp` discs to one of
    `me` (the fill of `me` the opposite way). `bracket` does not depend on
    the move: it is registered from `me` and `opp` alone, a cycle ahead. Both
    fills double their reach every step (1, 2, 4, ... cells), so a
    direction is log2(side) small stages deep.
    """
    n = side * side
    if clk is not None:
        return _pipelined(clk, me, opp, move_bit, flipped, side)
    per_dir = [Signal(intbv(0)[n:]) for _ in premasks(side)]
    dirs = [_direction(me, opp, move_bit, per_dir[k], amount, pre, n, side)
            for k, (amount, pre) in enumerate(premasks(side))]
    f0, f1, f2, f3, f4, f5, f6, f7 = per_dir

    @always_comb
    def union():
        flipped.next = f0 | f1 | f2 | f3 | f4 | f5 | f6 | f7

    return dirs, union


@block
def _direction(me, opp, move_bit, out, amount, pre, n, side):
    """out: the flips in one direction. at[k]: the move_bit k + 1 steps away
    while every move_bit up to it holds opp (one-hot or 0); run[k]: those cells;
    got[k]: the run so far when it has ended at a disc of me (else 0)."""
    mask = Signal(intbv(pre)[n:])                 # constant
    steps = side - 1
    at = [Signal(intbv(0)[n:]) for _ in range(steps)]
    run = [Signal(intbv(0)[n:]) for _ in range(steps)]
    got = [Signal(intbv(0)[n:]) for _ in range(steps)]
    stages = [_first(move_bit, opp, mask, at[0], amount)]
    # the last stage's run and next cell are not needed: no step follows it
    stages += [_stage(at[k - 1], opp, me, run[k - 1] if k > 1 else at[0],
                      got[k - 1] if k > 1 else None, mask,
                      at[k] if k + 1 < steps else None, run[k] if k + 1 < steps else None,
                      got[k], amount)
               for k in range(1, steps)]
    final = got[steps - 1]

    @always_comb
    def result():
        out.next = final

    return stages, result


@block
def _first(move_bit, opp, mask, at_out, amount):
    """The move_bit next to the move, if it holds opp."""
    if amount > 0:
        @always_comb
        def step():
            at_out.next = ((move_bit & mask) << amount) & opp
        return step
    back = -amount

    @always_comb
    def step_back():
        at_out.next = ((move_bit & mask) >> back) & opp
    return step_back


@block
def _stage(prev, opp, me, run_in, got_in, mask, at_out, run_out, got_out, amount):
    """One step further from `prev` (the run's last cell): at_out, the next
    cell if it holds opp; run_out, the run with it (at_out and run_out None:
    the last stage, whose run goes nowhere); got_out, the run when the next
    cell holds me (got_in None: the first such step, nothing got before)."""
    nxt = Signal(intbv(0)[len(prev):])
    if amount > 0:
        @always_comb
        def shift():
            nxt.next = (prev & mask) << amount
    else:
        back = -amount

        @always_comb
        def shift():
            nxt.next = (prev & mask) >> back
    blocks = [shift]
    if at_out is not None:
        @always_comb
        def extend():
            at_out.next = nxt & opp
            run_out.next = run_in | (nxt & opp)
        blocks.append(extend)
    if got_in is None:
        @always_comb
        def ends():
            if (nxt & me) != 0:
                got_out.next = run_in
            else:
                got_out.next = 0
    else:
        @always_comb
        def ends():
            if (nxt & me) != 0:
                got_out.next = got_in | run_in
            else:
                got_out.next = got_in
    blocks.append(ends)
    return blocks


def _shifted_mask(amount, pre, n, times):
    """The cells that `times` steps of (amount, pre) keep on the board: a
    board steps `times` times as (b & mask) << (times * amount)."""
    full = (1 << n) - 1
    keep = 0
    for c in range(n):
        v = 1 << c
        for _ in range(times):
            v = ((v & pre) << amount if amount > 0 else (v & pre) >> -amount) & full
        if v:
            keep |= 1 << c
    return keep


@block
def _fill(src, through, out, amount, pre, n, reach):
    """out: the cells of `through` reached from `src` by steps of (amount,
    pre) crossing only `through` cells, up to `reach` steps, in
    log2(reach) + 1 stages (Kogge-Stone: the reach doubles each stage)."""
    blocks = []
    gen = Signal(intbv(0)[n:])
    blocks.append(_shift_and(src, through, None, gen, amount, _shifted_mask(amount, pre, n, 1), 1, n))
    pro = through
    covered, times = 1, 1
    while covered < reach:
        mask = _shifted_mask(amount, pre, n, times)
        gen_next = Signal(intbv(0)[n:])
        blocks.append(_shift_and(gen, pro, gen, gen_next, amount, mask, times, n))
        covered += times
        if covered < reach:
            pro_next = Signal(intbv(0)[n:])
            blocks.append(_shift_and(pro, pro, None, pro_next, amount, mask, times, n))
            pro = pro_next
        gen = gen_next
        times *= 2
    last = gen

    @always_comb
    def result():
        out.next = last

    blocks.append(result)
    return blocks


@block
def _shift_and(src, gate, keep, out, amount, mask, times, n):
    """out = keep | (step^times(src) & gate) (keep None: no keep)."""
    m = Signal(intbv(mask)[n:])                   # constant
    dist = abs(amount) * times
    if amount > 0:
        if keep is None:
            @always_comb
            def fwd():
                out.next = ((src & m) << dist) & gate
            return fwd

        @always_comb
        def fwd_keep():
            out.next = keep | (((src & m) << dist) & gate)
        return fwd_keep
    if keep is None:
        @always_comb
        def back():
            out.next = ((src & m) >> dist) & gate
        return back

    @always_comb
    def back_keep():
        out.next = keep | (((src & m) >> dist) & gate)
    return back_keep


@block
def _pipelined(clk, me, opp, move_bit, flipped, side):
    """reversi_flips with a clock: flipped = OR over the directions of
    fill(move_bit) & bracket, bracket registered."""
    n = side * side
    dirs = premasks(side)
    opposite = [dirs.index(next(d for d in dirs if d[0] == -a)) for a, _ in dirs]
    blocks = []
    parts = []
    for k, (amount, pre) in enumerate(dirs):
        back_amount, back_pre = dirs[opposite[k]]
        reach_in = Signal(intbv(0)[n:])
        bracket = Signal(intbv(0)[n:])
        fill = Signal(intbv(0)[n:])
        part = Signal(intbv(0)[n:])
        blocks.append(_fill(me, opp, reach_in, back_amount, back_pre, n, side - 2))
        blocks.append(_hold(clk, reach_in, bracket))
        blocks.append(_fill(move_bit, opp, fill, amount, pre, n, side - 2))
        blocks.append(_and(fill, bracket, part))
        parts.append(part)
    p0, p1, p2, p3, p4, p5, p6, p7 = parts

    @always_seq(clk.posedge, reset=None)
    def union():
        flipped.next = p0 | p1 | p2 | p3 | p4 | p5 | p6 | p7

    blocks.append(union)
    return blocks


@block
def _hold(clk, d, q):
    @always_seq(clk.posedge, reset=None)
    def reg():
        q.next = d
    return reg


@block
def _and(a, b, out):
    @always_comb
    def both():
        out.next = a & b
    return both
