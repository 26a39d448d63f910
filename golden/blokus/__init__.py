"""Golden model of the Blokus Duo core (pure Python 3.9, standard library).

``Session`` is the byte-level contract the RTL is compared against;
``encoding`` holds the shared board/tile/orientation/move-code tables;
``board`` the rules; ``search`` the move chooser.
"""

from .board import (EDGE, FIRST_PASS, ME, NO_CORNER, NO_START, OCCUPIED, OPP,
                    REASONS, TILE_USED, Position, check, game_over,
                    iter_legal_moves, legal_moves, render, score,
                    squares_left)
from .encoding import (PASS_CODE, canonical_move, decode_move, encode_move,
                       move_cells)
from .search import DEFAULT_BUDGET, choose
from .session import Session

__all__ = [
    "Session", "Position", "ME", "OPP", "check", "legal_moves",
    "iter_legal_moves", "score", "squares_left", "game_over", "render",
    "choose", "DEFAULT_BUDGET", "encode_move", "decode_move",
    "canonical_move", "move_cells", "PASS_CODE", "REASONS", "TILE_USED",
    "OCCUPIED", "EDGE", "NO_CORNER", "NO_START", "FIRST_PASS",
]
