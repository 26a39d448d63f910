"""The Blokus Duo core: MyHDL blocks, one per file.

    blokus_parser   bytes -> protocol events (messages by length, stalls)
    blokus_maps     forbidden and anchor maps of both players
    blokus_checker  all 91 shapes against one 5 x 5 window, one cycle
    blokus_reach    a player's reach (small-tile placements), pipelined
    popcount        ones of a wide vector, two or three pipeline stages
    blokus_search   the position, the opponent's move check, the search
    blokus_top      UART + protocol + engine: the board-independent core
    blokus_de2      the DE2 top level around blokus_top

Timing contract (checked by the testbench on every move): one search that
spends n nodes takes at most FIXED_CYCLES + CYCLES_PER_NODE * n clock cycles;
the default budget is the largest whose bound fits TARGET_S at 50 MHz, at most
the node counter's MAX_BUDGET.
"""

from golden.blokus.search import MAX_BUDGET, TOP_K
from hdl.blokus.search import PIPE
from hdl.blokus.tables import SCAN_STEPS

TIME_LIMIT_S = 1.0        # the contest's answer time
TARGET_S = 0.8            # what the default budget's worst case may use of it
SCAN = SCAN_STEPS         # window steps of one scan (222)
CYCLES_PER_NODE = 2
"""A node enters the evaluation pipeline at most every other cycle (SCAN
issues it; the one reach unit counts the board's placements, then the
opponent's)."""
SCAN_CYCLES = 1 + 2 * SCAN + PIPE + 1
"""One scan besides its nodes: ROOT_LOAD, a cycle a window step and one more
for a step with legal moves (its lowest shape is registered), the last node's
way through the pipeline, the cycle that sees it empty."""
DISCARDED = -(-(PIPE - 1) // CYCLES_PER_NODE)
"""Most replies in the pipeline behind the one that cuts a candidate: they
entered (CYCLES_PER_NODE cycles each) and are discarded, never counted."""
PER_KEPT = 1 + 1 + 3 + 1 + 1 + SCAN_CYCLES + CYCLES_PER_NODE * DISCARDED + 1
"""Phase 2, per kept candidate besides its nodes: P2_NEXT, P2_TAKE, PW1 to
PW3 (its placement), P2_SETM, ROOT_PREP, its scan, the replies a cut
discards, P2_END."""
FIXED_CYCLES = 1 + SCAN_CYCLES + TOP_K * PER_KEPT + (PIPE + 1) + 1 + 1 + 2 + 3 + 1
"""start, phase 1's scan, phase 2's kept candidates, a budget stop's drain
(BSTOP), the last P2_NEXT, FINISH, FIRST_WAIT and FIRST_KEPT, the chosen
move's placement (PW1 to PW3), APPLY_ME."""


def worst_case_cycles(budget):
    """Most clock cycles one search with this budget can take."""
    return FIXED_CYCLES + CYCLES_PER_NODE * budget


def largest_budget(clk_hz, seconds):
    """The largest budget whose worst case fits in `seconds` at `clk_hz`, at
    most MAX_BUDGET (the node counter's limit)."""
    return max(1, min(MAX_BUDGET, (int(clk_hz * seconds) - FIXED_CYCLES) // CYCLES_PER_NODE))
