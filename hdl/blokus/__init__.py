"""The Blokus Duo core: MyHDL blocks, one per file.

    blokus_parser   bytes -> protocol events (messages by length, stalls)
    blokus_maps     forbidden and anchor maps of both players
    blokus_checker  all 91 shapes against one 5 x 5 window, one cycle
    popcount        ones of a wide vector, two pipeline stages
    blokus_search   the position, the opponent's move check, the search
    blokus_top      UART + protocol + engine: the board-independent core
    blokus_de2      the DE2 top level around blokus_top

Timing contract (checked by the testbench on every move): one search that
spends n nodes takes at most FIXED_CYCLES + CYCLES_PER_NODE * n clock cycles;
the default budget is the largest whose bound fits TARGET_S at 50 MHz.
"""

from golden.blokus.search import TOP_K
from hdl.blokus.tables import J_FIRST, J_LAST, SCAN_STEPS

TIME_LIMIT_S = 1.0        # the contest's answer time
TARGET_S = 0.8            # what the default budget's worst case may use of it
SCAN = SCAN_STEPS         # window steps of one scan (222)
PLACE = 1 + max(j // 16 + j % 16 for j in range(J_FIRST, J_LAST + 1))
"""Most cycles to shift a shape into place: a row a cycle, then a column a
cycle, then one to finish (29)."""
CYCLES_PER_NODE = 1 + 1 + 1 + PLACE + 1 + SCAN + 3 + 3
"""PREP, PICK, PLACE_INIT, PLACE, LOAD, COUNT, DRAIN, SCORE, SCORE2, SCORE3."""
PER_KEPT = 1 + 1 + 1 + PLACE + 1 + 1 + 3 * SCAN + 1
"""Phase 2, per kept candidate besides its nodes: P2_NEXT, P2_TAKE, PLACE_INIT,
PLACE, P2_SETM, ROOT_LOAD, three cycles a scan step (ROOT_POS, PREP, PICK),
P2_END."""
FIXED_CYCLES = 1 + 1 + 3 * SCAN + TOP_K * PER_KEPT + 1 + 1 + 2 + 1 + PLACE + 1
"""start, root load, phase 1's scan steps, phase 2's kept candidates, the last
P2_NEXT, FINISH, FIRST_WAIT and FIRST_KEPT, the chosen move's PLACE_INIT and
PLACE, APPLY."""


def worst_case_cycles(budget):
    """Most clock cycles one search with this budget can take."""
    return FIXED_CYCLES + CYCLES_PER_NODE * budget


def largest_budget(clk_hz, seconds):
    """The largest budget whose worst case fits in `seconds` at `clk_hz`."""
    return max(1, (int(clk_hz * seconds) - FIXED_CYCLES) // CYCLES_PER_NODE)
