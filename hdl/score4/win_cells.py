"""The cells where one more bead would win, for both sides, registered."""
from myhdl import ConcatSignal, Signal, always, always_comb, block

from golden.score4.encoding import LINE_CELLS, NUM_CELLS


@block
def score4_win_cells(clk, x, y, x_wins, y_wins):
    """Every cell where a bead of x (of y) would complete a line of x (of y).

    Ports:
        clk     in   clock
        x, y    in   64 bits: the beads of each side
        x_wins  out  64 bits, registered: bit c is golden
                     board.completes_line(x, c) for the x and y of one clock
                     edge earlier (whether or not c is free)
        y_wins  out  likewise for y

    The search's win and block scan (score4_prescan) takes its verdict from these
    registers and the landing cell: an AND and a 64-bit OR. Worked out from
    the bead in the cycle that checks it, through the 76 lines, the verdict and the
    registers it steers were the core's slowest path (60.0 MHz proxy).
    """
    through = [[cells for cells in LINE_CELLS if c in cells] for c in range(NUM_CELLS)]
    x_bits = [Signal(bool(0)) for _ in range(NUM_CELLS)]
    y_bits = [Signal(bool(0)) for _ in range(NUM_CELLS)]
    cells_x = [_win_cell(x, c, through[c], x_bits[c]) for c in range(NUM_CELLS)]
    cells_y = [_win_cell(y, c, through[c], y_bits[c]) for c in range(NUM_CELLS)]
    x_vec = ConcatSignal(*reversed(x_bits))
    y_vec = ConcatSignal(*reversed(y_bits))

    @always(clk.posedge)
    def outputs():
        x_wins.next = x_vec
        y_wins.next = y_vec

    return cells_x, cells_y, outputs


@block
def _win_cell(beads, cell, lines, win):
    """win = some line through `cell` has its other three cells in `beads`."""
    others = [c for cells in lines for c in cells if c != cell]
    assert len(lines) > 1 and len(others) == 3 * len(lines)
    vec = ConcatSignal(*[beads(c) for c in others])
    complete = [Signal(bool(0)) for _ in lines]
    checks = [_three_set(vec, 3 * k, complete[k]) for k in range(len(lines))]
    complete_vec = ConcatSignal(*complete)

    @always_comb
    def some():
        win.next = complete_vec != 0
    return checks, some


@block
def _three_set(vec, low, out):
    """out = bits low, low + 1 and low + 2 of vec are all set."""
    @always_comb
    def check():
        out.next = vec[low] and vec[low + 1] and vec[low + 2]
    return check
