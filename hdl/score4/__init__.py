"""The Score-4 core: MyHDL blocks, one per file.

    score4_line_*   one of the 76 lines: its evaluation term, won through a cell
    score4_checker  all 76 lines: win through the new bead, full board, evaluation
    score4_win_cells  the cells where a bead of either side would win (the pre-scan)
    score4_select   the search's next move slot (shallow logic, registered before GEN)
    score4_table    the transposition table (M4K) and its entry layout
    score4_probe    what a table entry says about the node being entered
    score4_entry    the entry a finished node stores
    score4_zobrist  the Zobrist key of one bead (ROM)
    score4_child_hash  the hashes of a position's 16 children, registered
    score4_killers  the killer move of each ply
    score4_prescan  the win and block scan before the tree search
    score4_book     the opening book (golden/score4/book.json) as a ROM, scanned
                    while the table is cleared
    score4_position  the node the search is at: position, ply, hash, depth left
    score4_next_move  the move the next GEN makes, chosen a cycle ahead
    score4_tried    the slots tried, as a thermometer
    score4_table_access  the table as the search uses it: clear, probe, store
    score4_frame_stack  the frames of the plies above the node
    score4_combine  COMB: a move's score against the node's window
    score4_search   the search of golden/score4/search.py, in hardware: its
                    control and the wiring of the blocks above
    score4_top      UART + protocol + board + search: the board-independent core
    score4_de2      the DE2 top level around score4_top

Timing contract (checked by the testbench on every move): one search of n
nodes takes at most FIXED_CYCLES + CYCLES_PER_NODE * n clock cycles.
"""

from golden.score4.search import TT_BITS

TIME_LIMIT_S = 10.0       # the contest's answer time
TARGET_S = 8.0            # what the default budget's worst case may use of it
CYCLES_PER_NODE = 5       # GEN + EVAL + COMB, + PROBE + RETURN for a node that was descended into
TABLE_ENTRIES = 1 << TT_BITS   # the transposition table, cleared once per search
FIXED_CYCLES = 2 + 2 * 2 * 16 + TABLE_ENTRIES + 64 * 3 + 4
"""start, the win and block scans (2 cycles a post, two passes), the table's
clearing (one entry a cycle), up to 64 iterations' start/finish, finish."""


def worst_case_cycles(budget):
    """Most clock cycles one search with this budget can take."""
    return FIXED_CYCLES + CYCLES_PER_NODE * budget


def largest_budget(clk_hz, seconds):
    """The largest budget whose worst case fits in `seconds` at `clk_hz`."""
    return max(1, (int(clk_hz * seconds) - FIXED_CYCLES) // CYCLES_PER_NODE)
