"""The status outputs of reversi_top as one bundle (fresh Signals per instance)."""
from hdl.core_ports import CoreStatus
from hdl.reversi.search import BUDGET_BITS, DEPTH_BITS, SCORE_MAX, SCORE_MIN
from hdl.signals import unsigned


class ReversiStatus(CoreStatus):
    """reversi_top's status outputs: CoreStatus with 16-bit moves (X byte,
    Y byte; 0xFFFF a pass), 24-bit node counts, and `depth` (6 bits),
    `stop` (3 bits) of the last search, and the 8-bit counters `n_stall`,
    `n_ignored`, `n_unsupported` and `n_lost`."""

    def __init__(self):
        super().__init__(move_bits=16, node_bits=BUDGET_BITS, score_min=SCORE_MIN,
                         score_max=SCORE_MAX)
        self.depth, self.stop = unsigned(DEPTH_BITS), unsigned(3)
        self.n_stall, self.n_ignored = unsigned(8), unsigned(8)
        self.n_unsupported, self.n_lost = unsigned(8), unsigned(8)
