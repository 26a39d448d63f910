"""Reversi legal moves of one side, combinational (the max layout)."""
from myhdl import Signal, always_comb, block, intbv

from hdl.reversi.tables import premasks


@block
def reversi_moves(me, opp, full, moves, side):
    """moves = golden.reversi.board.legal(me, opp) in the max layout.

    Ports (each side * side bits, the max layout of hdl/reversi/tables.py):
        me, opp  in   the discs of the side to move and of the other side
        full     in   the game's cells (a smaller board's top-left corner)
        moves    out  the empty cells of `full` where `me` may move
    Settings:
        side     the largest board side the core is built for

    In each of the 8 directions, as golden's loop: the cells reached from a
    disc of `me` through an unbroken run of `opp` discs (the run grown one
    cell a step, side - 2 steps: the longest run a side can hold), one step
    further, on an empty cell. Cells outside `full` are never discs, so a
    run stops at the game's edge; the premasks stop it at the layout's.
    """
    n = side * side
    empty = Signal(intbv(0)[n:])
    per_dir = [Signal(intbv(0)[n:]) for _ in premasks(side)]
    dirs = [_direction(me, opp, empty, per_dir[k], amount, pre, n, side - 2)
            for k, (amount, pre) in enumerate(premasks(side))]
    m0, m1, m2, m3, m4, m5, m6, m7 = per_dir

    @always_comb
    def free():
        empty.next = full & ~(me | opp)

    @always_comb
    def union():
        moves.next = m0 | m1 | m2 | m3 | m4 | m5 | m6 | m7

    return dirs, free, union


@block
def _direction(me, opp, empty, out, amount, pre, n, steps):
    """out: the moves of `me` in one direction (amount, premask)."""
    mask = Signal(intbv(pre)[n:])                 # constant
    runs = [Signal(intbv(0)[n:]) for _ in range(steps)]
    grow = [step(runs[k - 1] if k else me, opp, runs[k - 1] if k else None, mask, runs[k],
                  amount, n) for k in range(steps)]
    last = runs[-1]
    if amount > 0:
        @always_comb
        def land():
            out.next = ((last & mask) << amount) & empty
    else:
        back = -amount

        @always_comb
        def land():
            out.next = ((last & mask) >> back) & empty
    return grow, land


@block
def step(src, opp, keep, mask, out, amount, n):
    """out = keep | (step(src) & opp): a run one cell longer (keep None: the
    first step, from the discs themselves)."""
    if amount > 0:
        if keep is None:
            @always_comb
            def first():
                out.next = ((src & mask) << amount) & opp
            return first

        @always_comb
        def more():
            out.next = keep | (((src & mask) << amount) & opp)
        return more
    back = -amount
    if keep is None:
        @always_comb
        def first_back():
            out.next = ((src & mask) >> back) & opp
        return first_back

    @always_comb
    def more_back():
        out.next = keep | (((src & mask) >> back) & opp)
    return more_back
