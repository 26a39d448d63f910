"""The Blokus default budget and the timing bound it comes from."""
from golden.blokus.search import DEFAULT_BUDGET, MAX_BUDGET, TOP_K
from hdl.blokus import (CYCLES_PER_NODE, FIXED_CYCLES, TARGET_S, TIME_LIMIT_S,
                        largest_budget, worst_case_cycles)
from hdl.blokus.search import NODE_BITS
from hdl.configs import DEFAULT_CLK_HZ


def test_default_budget_is_the_largest_within_the_target():
    assert DEFAULT_BUDGET == largest_budget(DEFAULT_CLK_HZ, TARGET_S)
    assert worst_case_cycles(DEFAULT_BUDGET) <= TARGET_S * DEFAULT_CLK_HZ
    assert worst_case_cycles(DEFAULT_BUDGET + 1) > TARGET_S * DEFAULT_CLK_HZ
    assert TARGET_S < TIME_LIMIT_S


def test_budget_fits_the_node_counter():
    assert DEFAULT_BUDGET <= MAX_BUDGET == (1 << NODE_BITS) - 1


def test_bound_covers_phase_2_overheads():
    # every kept candidate costs a scan of the opponent's replies besides its nodes
    assert FIXED_CYCLES > TOP_K * 3 * 222
    assert CYCLES_PER_NODE > 222
