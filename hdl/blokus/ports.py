"""The status outputs of blokus_top as one bundle (fresh Signals per instance)."""
from hdl.blokus.search import DEPTH_BITS, NODE_BITS, SCORE_MAX, SCORE_MIN
from hdl.core_ports import CoreStatus
from hdl.signals import flag, unsigned


class BlokusStatus(CoreStatus):
    """blokus_top's status outputs: CoreStatus with 16-bit move codes,
    `n_stall` (8 bits: partial messages dropped for silence) and `depth`
    (DEPTH_BITS: the deepest iteration the last search finished)."""

    def __init__(self):
        super().__init__(move_bits=16, node_bits=NODE_BITS, score_min=SCORE_MIN,
                         score_max=SCORE_MAX)
        self.n_stall = unsigned(8)
        self.depth = unsigned(DEPTH_BITS)


class MctsStatus(CoreStatus):
    """blokus_mcts_top's status outputs: CoreStatus with 16-bit move codes and
    `n_stall`, its search report MctsReport's (hdl/blokus/search_ports.py:
    nodes, cycles, playouts, work, visits, max_depth; no score), and the
    SDRAM chip's pins (sd_*), which the DE2's top level and the testbench's
    model of the chip connect by name."""

    def __init__(self):
        from hdl.blokus.search_ports import MctsReport
        from hdl.sdram_timing import BANK_BITS, DATA_BITS, ROW_BITS

        report = MctsReport()
        super().__init__(move_bits=16, node_bits=len(report.nodes), score_min=0, score_max=1)
        del self.score
        self.n_stall = unsigned(8)
        for name in ("nodes", "cycles", "playouts", "work", "visits", "max_depth"):
            setattr(self, name, getattr(report, name))
        self.sd_cke, self.sd_cs_n, self.sd_ras_n = flag(), flag(), flag()
        self.sd_cas_n, self.sd_we_n = flag(), flag()
        self.sd_ba, self.sd_addr, self.sd_dqm = unsigned(BANK_BITS), unsigned(ROW_BITS), unsigned(2)
        self.sd_dq_o, self.sd_dq_oe, self.sd_dq_i = unsigned(DATA_BITS), flag(), unsigned(DATA_BITS)
