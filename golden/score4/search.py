"""The Score-4 move chooser (PLACEHOLDER POLICY, not a search yet).

``choose(position, budget)`` returns the post index the board plays from
``position`` (``mine`` = the board's beads), or None when every post is full.

THIS IS NOT THE MINIMAX SEARCH. The budget-bounded alpha-beta search is a
later task; until then the board plays this simplest deterministic policy,
and the RTL must equal it:

1. Win: the lowest-index non-full post whose landing cell completes a line of
   the board's own beads through that cell. (A line is only "completed" by
   the new bead; a line that is already the board's does not make every move
   a "win".)
2. Block: else the lowest-index non-full post whose landing cell would
   complete a line of the opponent's beads through that cell.
3. Else the first non-full post in ``encoding.CENTRE_FIRST_ORDER``: the 4
   centre posts (2,2), (3,2), (2,3), (3,3), i.e. indices 5, 6, 9, 10, then the
   other 12 posts by ascending index.

``budget`` (the most search nodes spent on one move, as ``--budget`` of
``hdl.build``) is ignored by this policy, except that it must be an int >= 1
(bool is rejected); anything else raises ValueError. ``DEFAULT_BUDGET`` is the
budget a ``Session`` uses when given none.
"""

from .board import completes_line, landing_cells
from .encoding import CENTRE_FIRST_ORDER, NUM_POSTS, POST_MASK

__all__ = ["DEFAULT_BUDGET", "choose", "check_budget"]

DEFAULT_BUDGET = 1
"""Budget used when none is given (placeholder until the real search)."""


def check_budget(budget):
    """Return budget if it is an int >= 1, else raise ValueError."""
    if isinstance(budget, bool) or not isinstance(budget, int):
        raise ValueError("budget must be an int >= 1 (search nodes per move), "
                         "got %r" % (budget,))
    if budget < 1:
        raise ValueError("budget must be an int >= 1 (search nodes per move), "
                         "got %d" % budget)
    return budget


def choose(position, budget):
    """Post index the board plays from position, or None if none is free.

    Placeholder policy (win, else block, else centre-first); see the module
    docstring. budget must be an int >= 1 and is otherwise ignored.
    """
    check_budget(budget)
    mine, theirs = position.mine, position.theirs
    land = landing_cells(mine | theirs)
    if not land:
        return None
    cells = [None] * NUM_POSTS
    for p in range(NUM_POSTS):
        bit = land & POST_MASK[p]
        if bit:
            cells[p] = bit.bit_length() - 1
    for p in range(NUM_POSTS):
        c = cells[p]
        if c is not None and completes_line(mine, c):
            return p
    for p in range(NUM_POSTS):
        c = cells[p]
        if c is not None and completes_line(theirs, c):
            return p
    for p in CENTRE_FIRST_ORDER:
        if cells[p] is not None:
            return p
    return None  # unreachable: land != 0 means some post is free
