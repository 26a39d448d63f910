"""TABLE_GAME still makes every wrong table bound change a search (golden only)."""
from verif.score4 import table_game as T


def test_table_game_sees_every_wrong_bound():
    seen = T.bound_mutants_seen(T.TABLE_GAME)
    assert all(seen.values()), (
        "TABLE_GAME no longer reaches a cut-off on every bound: %r; find another with "
        "`python -m verif.score4.table_game` and put it in verif/score4/table_game.py" % seen)


def test_the_check_can_fail():
    """A game of one search at the empty board (a book answer) cuts off on nothing."""
    assert not any(T.bound_mutants_seen(["A00"]).values())
    assert not any(T.bound_mutants_seen(T.TABLE_GAME[:3], budget=1).values())
