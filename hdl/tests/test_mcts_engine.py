"""The Monte-Carlo core's engine at build time: its deadline, its ports' widths, the ring's turn."""
import pytest

from golden.blokus import mcts
from hdl.blokus import TARGET_S
from hdl.blokus.mcts_engine import TOP_LEFT_7, TURN_UP, mcts_worst_case_cycles
from hdl.blokus.ring_board import RING0, RING_BITS
from hdl.blokus.search_ports import MctsReport
from hdl.blokus.tables import J_FIRST, J_LAST
from hdl.configs import DEFAULT_CLK_HZ
from hdl.signals import unsigned


def test_default_budget_answers_within_the_target():
    """The bound of a search command at golden's default budget fits
    TARGET_S (0.8 s) at 50 MHz, and grows with the budget cycle for cycle."""
    bound = mcts_worst_case_cycles(mcts.DEFAULT_BUDGET)
    assert bound <= TARGET_S * DEFAULT_CLK_HZ, bound
    assert mcts_worst_case_cycles(mcts.DEFAULT_BUDGET + 1) == bound + 1
    # below the root's largest expansion the budget changes nothing
    assert mcts_worst_case_cycles(1) == mcts_worst_case_cycles(mcts.ROOT_WORK_MAX)


def test_every_window_turn_is_in_the_ring():
    """Every move's window turn, as the engine computes it (16 Y + X -
    TOP_LEFT_7, or + TURN_UP below it), is a count its turn counter reaches
    and brings the 7 x 7 window's top-left (ext cell J - 17) to ring bit 0."""
    for j in range(J_FIRST, J_LAST + 1):
        centre = j + 2
        turn = centre - TOP_LEFT_7 if centre >= TOP_LEFT_7 else centre + TURN_UP
        assert 0 <= turn < RING_BITS
        assert turn == (j - 17 - RING0) % RING_BITS


@pytest.mark.parametrize("name", ["nodes", "playouts", "work", "visits", "max_depth", "cycles"])
def test_report_widths_are_checked(name):
    with pytest.raises(ValueError, match="MctsReport: %s must have" % name):
        MctsReport(**{name: unsigned(1)})
