"""Unit bench of the Monte-Carlo search: verif/units/blokus_mcts_search/tb_blokus_mcts_search.py."""
import pytest

from verif.units.common import run_unit


def test_blokus_mcts_search():
    """The searches Icarus runs in a few minutes: a budget the root's
    expansion spends, a root with no move, a late position at a small budget."""
    run_unit("blokus_mcts_search", extra_env={"MCTS_SEARCHES": "short"})


@pytest.mark.slow
def test_blokus_mcts_search_every_stage():
    """Every search of the bench, an opening and the middle game too (both
    playout units playing long playouts: about half an hour under Icarus)."""
    run_unit("blokus_mcts_search", extra_env={"MCTS_SEARCHES": "all"})
