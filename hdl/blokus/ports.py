"""The status outputs of blokus_top as one bundle (fresh Signals per instance)."""
from hdl.blokus.search import DEPTH_BITS, NODE_BITS, SCORE_MAX, SCORE_MIN
from hdl.core_ports import CoreStatus
from hdl.signals import unsigned


class BlokusStatus(CoreStatus):
    """blokus_top's status outputs: CoreStatus with 16-bit move codes,
    `n_stall` (8 bits: partial messages dropped for silence) and `depth`
    (DEPTH_BITS: the deepest iteration the last search finished)."""

    def __init__(self):
        super().__init__(move_bits=16, node_bits=NODE_BITS, score_min=SCORE_MIN,
                         score_max=SCORE_MAX)
        self.n_stall = unsigned(8)
        self.depth = unsigned(DEPTH_BITS)
