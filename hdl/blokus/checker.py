"""All 91 tile shapes tested against one 5 x 5 window in one cycle."""
from myhdl import ConcatSignal, Signal, always_comb, block, concat, intbv

from hdl.blokus.tables import N_SHAPES, SHAPE_MASK, SHAPE_TILE


@block
def blokus_checker(forb, anch, used, legal, forb_offset=0):
    """legal[s]: shape s, centred on the window's middle, may be placed.

    Ports:
        forb   in   320-bit forbidden map, shifted so the window's top-left is
                    bit forb_offset (window row r, column c = bit forb_offset
                    + 16 r + c)
        anch   in   320-bit anchor map, shifted the same way
        used   in   21 bits: tiles the player has placed
        legal  out  91 bits, one per shape (hdl.blokus.tables order): the tile
                    is unused, no square is forbidden and one is an anchor
    Settings:
        forb_offset  where the window starts in `forb` (blokus_window_scan's
                     forbidden register starts one row and one column before
                     it: 17)
    """
    fo = forb_offset
    win_f = Signal(intbv(0)[25:])
    win_a = Signal(intbv(0)[25:])
    unused = Signal(intbv(0)[21:])
    bits = [Signal(bool(0)) for _ in range(N_SHAPES)]
    tests = [_shape(win_f, win_a, unused, bits[s], SHAPE_MASK[s], SHAPE_TILE[s])
             for s in range(N_SHAPES)]
    vec = ConcatSignal(*reversed(bits))

    @always_comb
    def window():
        win_f.next = concat(forb[fo + 69:fo + 64], forb[fo + 53:fo + 48], forb[fo + 37:fo + 32],
                            forb[fo + 21:fo + 16], forb[fo + 5:fo])
        win_a.next = concat(anch[69:64], anch[53:48], anch[37:32], anch[21:16], anch[5:0])
        unused.next = ~used

    @always_comb
    def out():
        legal.next = vec

    return tests, window, out


@block
def _shape(win_f, win_a, unused, ok, mask, tile):
    """ok = tile unused, window cells under `mask` all free, one an anchor."""
    m = Signal(intbv(mask)[25:])          # a constant of this instance

    @always_comb
    def test():
        ok.next = unused[tile] and (win_f & m) == 0 and (win_a & m) != 0
    return test
