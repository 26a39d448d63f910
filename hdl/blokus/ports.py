"""The status outputs of blokus_top as one bundle (fresh Signals per instance)."""
from hdl.blokus.search import NODE_BITS, SCORE_MAX, SCORE_MIN
from hdl.core_ports import CoreStatus
from hdl.signals import unsigned


class BlokusStatus(CoreStatus):
    """blokus_top's status outputs: CoreStatus with 16-bit move codes, and
    `n_stall` (8 bits: partial messages dropped for silence)."""

    def __init__(self):
        super().__init__(move_bits=16, node_bits=NODE_BITS, score_min=SCORE_MIN,
                         score_max=SCORE_MAX)
        self.n_stall = unsigned(8)
