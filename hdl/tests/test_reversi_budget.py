"""The Reversi default budget against the RTL's proven cycle bound."""
from golden.reversi.search import (BUDGET_PERCENT, CLOCK_HZ, DEFAULT_BUDGET, MAX_BUDGET,
                                   OVERHEAD_CYCLES)
from golden.reversi.encoding import TIME_LIMIT_MS
from hdl.reversi.search import worst_case_cycles

LIMIT = CLOCK_HZ * TIME_LIMIT_MS // 1000 * BUDGET_PERCENT // 100      # 80 % of the second


def test_default_budget_is_the_largest_whose_bound_fits():
    """The engine's worst case at the default budget, with the move's other
    cycles, fits 80 % of the time limit at 50 MHz; one node more would not."""
    assert OVERHEAD_CYCLES + worst_case_cycles(DEFAULT_BUDGET) <= LIMIT
    assert OVERHEAD_CYCLES + worst_case_cycles(DEFAULT_BUDGET + 1) > LIMIT
    assert DEFAULT_BUDGET <= MAX_BUDGET
