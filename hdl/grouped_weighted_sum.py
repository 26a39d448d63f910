"""The sum of constant weights over the set bits of a vector, by groups of equal weight."""
from myhdl import ConcatSignal, Signal, always_seq, block, intbv

from hdl.adder_tree import pipelined_adder_tree, pipelined_latency
from hdl.popcount import csa_plan, popcount
from hdl.register import register

TREE_LEVELS_PER_STAGE = 2          # adder levels of the products' tree between two registers


def weight_groups(weights):
    """[(weight, [bit indices])] of the bits with one nonzero weight, lightest first."""
    groups = {}
    for i, w in enumerate(weights):
        if w < 0:
            raise ValueError("grouped_weighted_sum: weight %d of bit %d is negative" % (w, i))
        if w:
            groups.setdefault(w, []).append(i)
    return sorted(groups.items())


def latency(weights):
    """Clock cycles from the vector to the sum: the counts (1), the products (1)
    and the products' tree."""
    return 2 + pipelined_latency(max(1, len(weight_groups(weights))), TREE_LEVELS_PER_STAGE)


@block
def grouped_weighted_sum(clk, rst, vec, weights, total):
    """total = sum of weights[i] over the set bits i of vec, latency(weights)
    cycles later (a new vector may enter every cycle).

    Ports:
        clk, rst  in   clock, synchronous reset (the counts and products)
        vec       in   the bits that select the weights
        total     out  wide enough for sum(weights): a register
    Settings:
        weights   len(vec) non-negative integers (constants)
    How: the bits of one weight form a group. Each group's set bits are
    counted (hdl/popcount.py's carry-save tree, no register inside) and
    registered; each count is multiplied by its weight from a table of its
    few values (a LUT function of the count's bits, no multiplier) and
    registered; the products are summed by hdl/adder_tree's pipelined tree,
    two levels a stage.
    Why: blokus_policy_weights sums 91 shape weights of only 12 values twice
    a window step. Summed leaf by leaf (hdl/weighted_sum.py) each sum took
    about 1,050 LUT4 of the ECP5 netlist, 2,100 a playout unit, the largest
    part of the unit's draw; here the 24 shapes of one weight cost a count
    of 24 bits, not 23 adders of 15 bits.
    """
    groups = weight_groups(weights)
    if len(weights) != len(vec):
        raise ValueError("grouped_weighted_sum: %d weights for a %d-bit vector"
                         % (len(weights), len(vec)))
    if sum(weights) >= 1 << len(total):
        raise ValueError("grouped_weighted_sum: total has %d bits, the weights sum to %d"
                         % (len(total), sum(weights)))
    parts = []
    products = []
    for w, bits in groups:
        n = len(bits)
        count = Signal(intbv(0, min=0, max=n + 1))
        if n == 1:
            member = vec(bits[0])
            parts.append(register(clk, rst, member, count))
        elif n == 2:
            parts.append(_hold_pair(clk, rst, vec(bits[0]), vec(bits[1]), count))
        else:
            members = ConcatSignal(*[vec(i) for i in reversed(bits)])
            # as wide as the tree's last layer leaves it (popcount's rule), at least
            count_comb = Signal(intbv(0)[max(n.bit_length(),
                                             len(csa_plan(n, combinational=True)[0][-1]) + 1):])
            parts.append(popcount(clk, rst, members, count_comb, combinational=True))
            parts.append(register(clk, rst, count_comb, count))
        product = Signal(intbv(0, min=0, max=n * w + 1))
        parts.append(_times(clk, rst, count, tuple(k * w for k in range(n + 1)), product))
        products.append(product)
    if not products:
        zero = Signal(intbv(0, min=0, max=1))
        products.append(zero)
    parts.append(pipelined_adder_tree(clk, products, total, TREE_LEVELS_PER_STAGE))
    return parts


@block
def _hold_pair(clk, rst, a, b, count):
    """count = a + b, registered: a group of two bits."""
    @always_seq(clk.posedge, reset=rst)
    def hold():
        count.next = a + b
    return hold


@block
def _times(clk, rst, count, table, product):
    """product = table[count], registered: the count times its weight."""
    @always_seq(clk.posedge, reset=rst)
    def look_up():
        product.next = table[count]
    return look_up
