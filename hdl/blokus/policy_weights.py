"""The weights of one window step's legal shapes, summed: what a playout's draw adds up."""
from myhdl import Signal, always_comb, block, intbv

from golden.blokus.mcts import SHAPE_WEIGHT
from hdl.blokus.tables import N_SHAPES
from hdl.blokus.touch import blokus_touch
from hdl.grouped_weighted_sum import grouped_weighted_sum, latency

STEP_MAX = sum(SHAPE_WEIGHT)             # every shape legal at one step
STEP_BITS = STEP_MAX.bit_length()        # 21
LATENCY = latency(SHAPE_WEIGHT)          # clock cycles from the inputs to the sums


@block
def blokus_policy_weights(clk, rst, legal, marked, local_shapes, step_all, step_local):
    """The two sums of golden.blokus.mcts's draw for one window step,
    LATENCY cycles after its inputs.

    Ports:
        clk, rst     in   clock, synchronous reset
        legal        in   91 bits: the shapes legal with their centre on the
                          step (blokus_checker's output, opening filter
                          applied through its `used`)
        marked       in   the local-cell map shifted to the window, as
                          blokus_touch takes it
        local_shapes out  91 bits, combinational: the legal shapes that touch
                          a local cell (the draw's local tier at this step)
        step_all     out  STEP_BITS: the sum of SHAPE_WEIGHT[s] over `legal`
        step_local   out  STEP_BITS: the same over the legal shapes that touch
                          a local cell
    Each sum is hdl/grouped_weighted_sum.py's: the shapes of each of the 12
    weights counted, the counts times their weights, the products summed.
    """
    touch = Signal(intbv(0)[N_SHAPES:])
    local_legal = Signal(intbv(0)[N_SHAPES:])
    toucher = blokus_touch(marked, touch)

    @always_comb
    def both():
        local_legal.next = legal & touch

    @always_comb
    def shapes_out():
        local_shapes.next = local_legal

    return (toucher, both, shapes_out,
            grouped_weighted_sum(clk, rst, legal, SHAPE_WEIGHT, step_all),
            grouped_weighted_sum(clk, rst, local_legal, SHAPE_WEIGHT, step_local))
