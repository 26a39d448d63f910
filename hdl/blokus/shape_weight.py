"""The weight of one shape given one-hot: a ROM without an address decoder."""
from myhdl import ConcatSignal, Signal, always_comb, block, intbv

from golden.blokus.mcts import SHAPE_WEIGHT
from hdl.blokus.tables import N_SHAPES


@block
def blokus_shape_weight(hot, weight):
    """weight = SHAPE_WEIGHT[s] for the one bit s set in `hot` (0 when none).

    Ports:
        hot     in   91 bits, at most one set (a shape, one-hot)
        weight  out  golden.blokus.mcts.SHAPE_WEIGHT of that shape
    Each bit of the weight is an OR of the shapes whose weight has it: no
    binary index and no 91-way multiplexer between the one-hot vector and
    the weight (the draw's walk once ran at 54 MHz through both).
    """
    bits = [Signal(bool(0)) for _ in range(len(weight))]
    parts = [_any_of(hot, sum(1 << s for s in range(N_SHAPES) if SHAPE_WEIGHT[s] >> b & 1),
                     bits[b]) for b in range(len(weight))]
    packed = ConcatSignal(*reversed(bits))

    @always_comb
    def out():
        weight.next = packed

    return parts, out


@block
def _any_of(vec, mask, hit):
    """hit = a bit of `vec` under the constant `mask` is set."""
    m = Signal(intbv(mask)[len(vec):])      # a constant of this instance

    @always_comb
    def test():
        hit.next = (vec & m) != 0
    return test
