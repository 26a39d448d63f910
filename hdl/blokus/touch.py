"""Which of the 91 shapes put a square on a marked cell of one 5 x 5 window."""
from myhdl import ConcatSignal, Signal, always_comb, block, concat, intbv

from hdl.blokus.tables import N_SHAPES, SHAPE_MASK


@block
def blokus_touch(marked, touch):
    """touch[s]: shape s, centred on the window's middle, covers a marked cell.

    Ports:
        marked  in   a 320-bit map (the local cells of a playout), shifted so
                     the window's top-left is bit 0 (window row r, column c =
                     bit 16 r + c), as blokus_checker takes its maps
        touch   out  91 bits, one per shape (hdl.blokus.tables order)
    The anchor half of blokus_checker with another map: a playout draws among
    the legal moves that touch its local cells (golden.blokus.mcts).
    """
    win = Signal(intbv(0)[25:])
    bits = [Signal(bool(0)) for _ in range(N_SHAPES)]
    tests = [_covers(win, bits[s], SHAPE_MASK[s]) for s in range(N_SHAPES)]
    vec = ConcatSignal(*reversed(bits))

    @always_comb
    def window():
        win.next = concat(marked[69:64], marked[53:48], marked[37:32], marked[21:16],
                          marked[5:0])

    @always_comb
    def out():
        touch.next = vec

    return tests, window, out


@block
def _covers(win, hit, mask):
    """hit = a window cell under `mask` is marked."""
    m = Signal(intbv(mask)[25:])          # a constant of this instance

    @always_comb
    def test():
        hit.next = (win & m) != 0
    return test
