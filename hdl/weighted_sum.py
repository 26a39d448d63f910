"""The sum of constant weights over the set bits of a vector, as a pairwise adder tree."""
from myhdl import Signal, always_comb, always_seq, block, intbv

from hdl.popcount import passthrough
from hdl.register import register


def tree_plan(n, levels_per_stage):
    """The adder levels of an n-leaf pairwise tree: a list of node counts per
    level (leaves first), and the levels after which a register stands
    (every `levels_per_stage` levels, and the root)."""
    counts = [n]
    while counts[-1] > 1:
        counts.append((counts[-1] + 1) // 2)
    adders = len(counts) - 1
    regs = [lv for lv in range(levels_per_stage, adders, levels_per_stage)] + [adders]
    return counts, regs


def latency(n, levels_per_stage):
    """Clock cycles from the vector to the sum of weighted_sum."""
    return len(tree_plan(n, levels_per_stage)[1])


@block
def weighted_sum(clk, rst, vec, weights, total, levels_per_stage):
    """total = sum of weights[i] over the set bits i of vec, latency(len(vec),
    levels_per_stage) cycles later (a new vector may enter every cycle).

    Ports:
        clk, rst  in   clock, synchronous reset
        vec       in   the bits that select the weights
        total     out  wide enough for sum(weights): a register
    Settings:
        weights           len(vec) non-negative integers (constants)
        levels_per_stage  adder levels between two registers (a register
                          also stands at the root)
    A leaf is weights[i] when bit i is set, else 0; every node is only as
    wide as the leaves below it can sum to.
    """
    if len(weights) != len(vec):
        raise ValueError("weighted_sum: %d weights for a %d-bit vector" % (len(weights), len(vec)))
    counts, regs = tree_plan(len(vec), levels_per_stage)
    parts = []
    maxima = list(weights)
    nodes = [Signal(intbv(0, min=0, max=w + 1)) for w in maxima]
    parts += [_leaf(vec, i, weights[i], nodes[i]) for i in range(len(vec))]
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
    root_node = nodes[0]

    @always_seq(clk.posedge, reset=rst)
    def root():
        total.next = root_node

    return parts, root


@block
def _leaf(vec, i, weight, out):
    @always_comb
    def pick():
        if vec[i]:
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
