"""Golden model of the Reversi (Othello) player core and game master
(pure Python 3.9, standard library only).

* ``encoding``: the shared numbering and message bytes (board geometry for
  every even size 4..16, cell codes, opcodes, Next Turn board packing,
  ``Reader`` framing, encode/decode of every message); also used by the RTL
  generator, the testbenches and the host tools.
* ``board``: the rules on integer bitboards (``Position``, ``legal``,
  ``flips``, ``perft``, the seed's ASCII ``render``).
* ``search``: ``search(position, budget)`` / ``choose``, the move the core
  plays: iterative-deepening alpha-beta bounded by a node budget, specified
  in its docstring; ``DEFAULT_BUDGET``, ``MAX_BUDGET``.
* ``session``: ``Session``, the player core's byte-level protocol the RTL
  must equal.
* ``referee``: ``Referee``, the game master's rules (OK/NOK, Next Turn,
  Status, End, Control, clocks) under the host's TCP server.
"""

from . import board, encoding, referee, search, session
from .board import Position, perft, start
from .encoding import (BLACK, EMPTY, MAX_SIZE, MIN_SIZE, NO_MOVE, WHITE,
                       Reader, cell_name, geometry, parse_cell_name)
from .referee import (BLACK_PORT, CONTROLLER, PORTS, WHITE_PORT, Referee,
                      Result)
from .search import DEFAULT_BUDGET, MAX_BUDGET, STOPS, SearchResult, choose
from .session import DEFAULT_NAME, Session

__all__ = ["Session", "Referee", "Result", "Position", "start", "perft",
           "choose", "SearchResult", "DEFAULT_BUDGET", "MAX_BUDGET", "STOPS",
           "BLACK", "WHITE", "EMPTY", "NO_MOVE", "MIN_SIZE", "MAX_SIZE",
           "Reader", "cell_name", "parse_cell_name", "geometry",
           "BLACK_PORT", "WHITE_PORT", "CONTROLLER", "PORTS", "DEFAULT_NAME",
           "board", "encoding", "search", "session", "referee"]
