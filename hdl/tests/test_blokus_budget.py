"""The Blokus default budget and the timing bound it comes from."""
from golden.blokus.search import DEFAULT_BUDGET, MAX_BUDGET, TOP_K
from hdl.blokus import (CYCLES_PER_NODE, DISCARDED, FIXED_CYCLES, PER_KEPT, SCAN, SCAN_CYCLES, TARGET_S,
                        TIME_LIMIT_S, largest_budget, worst_case_cycles)
from hdl.blokus.search import NODE_BITS, PIPE
from hdl.configs import DEFAULT_CLK_HZ


def test_default_budget_is_the_largest_within_the_target():
    assert DEFAULT_BUDGET == largest_budget(DEFAULT_CLK_HZ, TARGET_S)
    assert worst_case_cycles(DEFAULT_BUDGET) <= TARGET_S * DEFAULT_CLK_HZ
    # the node counter, not the time, is the limit: one more would not fit it
    assert DEFAULT_BUDGET == MAX_BUDGET
    assert largest_budget(DEFAULT_CLK_HZ, 1.0) == MAX_BUDGET
    assert TARGET_S < TIME_LIMIT_S


def test_largest_budget_follows_the_time_when_it_binds():
    # at a slow clock the time binds: the bound of the budget fits, one more does not
    clk = 100000
    b = largest_budget(clk, TARGET_S)
    assert 1 <= b < MAX_BUDGET
    assert worst_case_cycles(b) <= TARGET_S * clk < worst_case_cycles(b + 1)


def test_budget_fits_the_node_counter():
    assert DEFAULT_BUDGET <= MAX_BUDGET == (1 << NODE_BITS) - 1


def test_bound_covers_phase_2_overheads():
    # every kept candidate costs a scan of the opponent's replies besides its nodes,
    # and a cut may discard a pipeline full of entered replies
    assert SCAN_CYCLES > SCAN + PIPE
    assert PER_KEPT > SCAN_CYCLES + PIPE - 1
    assert DISCARDED * CYCLES_PER_NODE >= PIPE - 1
    assert FIXED_CYCLES > (TOP_K + 1) * SCAN_CYCLES
    assert CYCLES_PER_NODE == 2
