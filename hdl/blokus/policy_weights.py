"""The weights of one window step's legal shapes, summed: what a playout's draw adds up."""
from myhdl import Signal, always_comb, always_seq, block, intbv

from golden.blokus.mcts import SHAPE_WEIGHT
from hdl.blokus.tables import N_SHAPES
from hdl.blokus.popcount import passthrough
from hdl.blokus.touch import blokus_touch
from hdl.register import register

LEVELS_PER_STAGE = 2                     # adder levels between two registers
STEP_MAX = sum(SHAPE_WEIGHT)             # every shape legal at one step
STEP_BITS = STEP_MAX.bit_length()        # 21


def tree_plan(n=N_SHAPES):
    """The adder levels of an n-leaf pairwise tree: a list of node counts per
    level (leaves first), and the levels after which a register stands."""
    counts = [n]
    while counts[-1] > 1:
        counts.append((counts[-1] + 1) // 2)
    adders = len(counts) - 1
    regs = [lv for lv in range(LEVELS_PER_STAGE, adders, LEVELS_PER_STAGE)] + [adders]
    return counts, regs


LATENCY = len(tree_plan()[1])            # clock cycles from the inputs to the sums


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
    Each sum is a pairwise adder tree of the 91 weights (a leaf is SHAPE_WEIGHT[s]
    when its bit is set, else 0), registered every LEVELS_PER_STAGE levels and
    at its root; every node only as wide as the leaves below it can sum to.
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

    return (toucher, both, shapes_out, _weighted_sum(clk, rst, legal, step_all),
            _weighted_sum(clk, rst, local_legal, step_local))


@block
def _weighted_sum(clk, rst, vec, total):
    """total = sum of SHAPE_WEIGHT[s] over the set bits of vec, LATENCY cycles later."""
    counts, regs = tree_plan(len(vec))
    parts = []
    maxima = list(SHAPE_WEIGHT)
    nodes = [Signal(intbv(0, min=0, max=w + 1)) for w in maxima]
    parts += [_leaf(vec, s, SHAPE_WEIGHT[s], nodes[s]) for s in range(len(vec))]
    for level in range(1, len(counts)):
        up_max = [sum(maxima[2 * i:2 * i + 2]) for i in range(counts[level])]
        up = [Signal(intbv(0, min=0, max=m + 1)) for m in up_max]
        for i in range(counts[level]):
            if 2 * i + 1 < len(nodes):
                parts.append(_add(nodes[2 * i], nodes[2 * i + 1], up[i]))
            else:
                parts.append(passthrough(nodes[2 * i], up[i]))
        if level in regs[:-1]:
            held = [Signal(intbv(0, min=0, max=m + 1)) for m in up_max]
            parts += [register(clk, rst, up[i], held[i]) for i in range(len(up))]
            up = held
        nodes, maxima = up, up_max

    @always_seq(clk.posedge, reset=rst)
    def root():
        total.next = nodes[0]

    return parts, root


@block
def _leaf(vec, s, weight, out):
    @always_comb
    def pick():
        if vec[s]:
            out.next = weight
        else:
            out.next = 0
    return pick


@block
def _add(a, b, out):
    @always_comb
    def add():
        out.next = a + b
    return add
