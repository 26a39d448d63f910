"""The Blokus Duo core: MyHDL blocks, one per file.

    blokus_parser   bytes -> protocol events (messages by length, stalls)
    blokus_maps     forbidden and anchor maps of both players
    blokus_checker  all 91 shapes against one 5 x 5 window, one cycle
    popcount        ones of a wide vector, two pipeline stages
    blokus_search   the position, the opponent's move check, the search
    blokus_top      UART + protocol + engine: the board-independent core
    blokus_de2      the DE2 top level around blokus_top

Timing contract (checked by the testbench on every move): one search that
evaluates n candidates takes at most FIXED_CYCLES + CYCLES_PER_NODE * n
clock cycles, and n never exceeds golden.blokus.search.MAX_MOVES, so every
budget answers within worst_case_cycles(MAX_MOVES), far inside 1 s.
"""
from golden.blokus.search import MAX_MOVES

TIME_LIMIT_S = 1.0        # the contest's answer time
TARGET_S = 0.8            # what the default budget's worst case may use of it
SCAN = 222                # window steps of one scan (hdl.blokus.tables.SCAN_STEPS)
PLACE = 29                # most cycles to shift a shape into place (rows, then columns)
CYCLES_PER_NODE = 1 + 1 + 1 + PLACE + 1 + SCAN + 3 + 1
"""PREP, PICK, PLACE_INIT, PLACE, LOAD, COUNT, DRAIN, SCORE."""
FIXED_CYCLES = 1 + 1 + 3 * SCAN + 1 + 1 + PLACE + 1 + 1
"""start, root load, three cycles a root step (ROOT_POS, PREP, PICK), the
last PICK, FINISH, the chosen move's placement, APPLY, done."""


def worst_case_cycles(budget):
    """Most clock cycles one search with this budget can take."""
    return FIXED_CYCLES + CYCLES_PER_NODE * min(budget, MAX_MOVES)
