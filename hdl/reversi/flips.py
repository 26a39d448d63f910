"""The discs one Reversi move flips, combinational (the max layout)."""
from myhdl import Signal, always_comb, block, intbv

from hdl.reversi.tables import premasks


@block
def reversi_flips(me, opp, move_bit, flipped, side):
    """flipped = golden.reversi.board.flips(me, opp, c) for the move `move_bit`.

    Ports (each side * side bits, the max layout of hdl/reversi/tables.py):
        me, opp   in   the discs of the mover and of the other side
        move_bit  in   the move, one-hot (a legal move: an empty cell)
        flipped   out  the `opp` discs the move turns
    Settings:
        side      the largest board side the core is built for

    In each direction: the cells stepped onto from `move_bit` while they hold
    `opp` (at most side - 2), kept when the next cell holds `me`. The run
    and its end are tracked as one-hot steps, so a direction is a chain of
    side - 1 small stages.
    """
    n = side * side
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
