"""The Blokus move chooser of the golden model.

PLACEHOLDER POLICY (the real search is a later task): ``choose`` returns the
FIRST legal move of the board (player ``ME``) in ``board.iter_legal_moves``
order -- tiles 'a'..'u', then distinct shapes by lowest orientation digit,
then centre row Y, then centre column X, all ascending -- or None when it has
no legal move.  No evaluation, no look-ahead; ``budget`` is validated and
otherwise unused.  It is deterministic and depends only on the position.

Contract for any chooser passed to ``Session``: ``chooser(position, budget)``
returns a legal move of ``ME`` in ``position`` (a tuple (x, y, t, r), any
orientation digit giving the shape), or None only when ME has no legal move.
It must not rely on modifying ``position`` (the session passes a copy).
"""

from .board import ME, first_legal_move

DEFAULT_BUDGET = 1


def check_budget(budget):
    """ValueError unless ``budget`` is an int >= 1 (bool is refused)."""
    if isinstance(budget, bool) or not isinstance(budget, int):
        raise ValueError("budget must be an int >= 1, not %r" % (budget,))
    if budget < 1:
        raise ValueError("budget must be an int >= 1, not %d" % budget)
    return budget


def choose(position, budget=DEFAULT_BUDGET):
    """First legal move of ME in generation order, or None (see module doc)."""
    check_budget(budget)
    return first_legal_move(position, ME)
