"""hdl/grouped_weighted_sum.py's groups, latency and build-time checks
(its sums are checked by verif/units/blokus_policy_weights)."""
import pytest
from myhdl import ResetSignal, Signal, intbv

from golden.blokus.mcts import SHAPE_WEIGHT
from hdl.grouped_weighted_sum import grouped_weighted_sum, latency, weight_groups


def _ports(n, total_bits):
    return (Signal(bool(0)), ResetSignal(0, active=1, isasync=False), Signal(intbv(0)[n:]),
            Signal(intbv(0)[total_bits:]))


def test_groups_gather_equal_weights_and_skip_zero():
    assert weight_groups([5, 0, 3, 5, 3, 3]) == [(3, [2, 4, 5]), (5, [0, 3])]
    assert weight_groups([0, 0]) == []


def test_the_policy_weights_take_twelve_groups_in_four_cycles():
    # golden charges a scan LATENCY = 4 cycles of sums: SCAN_WORK in golden/blokus/mcts.py
    assert len(weight_groups(SHAPE_WEIGHT)) == 12
    assert latency(SHAPE_WEIGHT) == 4
    assert latency([1, 2]) == 3 and latency([1, 1]) == 3


def test_bad_settings_are_refused():
    clk, rst, vec, total = _ports(3, 4)
    with pytest.raises(ValueError, match="weight -1 of bit 1 is negative"):
        grouped_weighted_sum(clk, rst, vec, [1, -1, 2], total)
    with pytest.raises(ValueError, match="2 weights for a 3-bit vector"):
        grouped_weighted_sum(clk, rst, vec, [1, 2], total)
    with pytest.raises(ValueError, match="total has 4 bits, the weights sum to 16"):
        grouped_weighted_sum(clk, rst, vec, [8, 4, 4], total)
