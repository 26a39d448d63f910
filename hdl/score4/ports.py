"""The status outputs of score4_top as one bundle (fresh Signals per instance)."""
from hdl.core_ports import CoreStatus
from hdl.score4.checker import SCORE_MAX, SCORE_MIN
from hdl.score4.search import NODE_BITS
from hdl.signals import unsigned


class Score4Status(CoreStatus):
    """score4_top's status outputs: CoreStatus with 8-bit moves (x, y digits),
    and `depth` (7 bits) and `reason` (3 bits) of the last search."""

    def __init__(self):
        super().__init__(move_bits=8, node_bits=NODE_BITS, score_min=SCORE_MIN,
                         score_max=SCORE_MAX)
        self.depth, self.reason = unsigned(7), unsigned(3)
