"""Golden model of the Score-4 core (pure Python 3.9, standard library only).

* ``encoding``: the shared numbering (posts, cells, the 76 line masks,
  protocol bytes); also used by the RTL generator and the testbenches.
* ``board``: the rules on two 64-bit bitboards (``Position``).
* ``search``: ``search(position, budget)`` / ``choose``, the move the core
  plays: iterative-deepening alpha-beta bounded by a node budget, specified
  in its docstring; ``DEFAULT_BUDGET``.
* ``session``: ``Session``, the byte-level protocol the RTL must equal.
"""

from . import board, encoding, search, session
from .board import EMPTY, Position
from .encoding import LINES, NUM_LINES, post_to_text, text_to_post
from .search import DEFAULT_BUDGET, choose
from .session import Session

# Why the core chose its move: the values of search.SearchResult.reason. The
# core's `reason` output is the index into this tuple (hdl.score4.search and
# the benches import it from here).
REASONS = ("full", "win", "block", "search", "fallback", "book")

__all__ = ["Session", "Position", "EMPTY", "choose", "DEFAULT_BUDGET", "REASONS",
           "LINES", "NUM_LINES", "post_to_text", "text_to_post",
           "board", "encoding", "search", "session"]
