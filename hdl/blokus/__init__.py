"""The Blokus Duo core: MyHDL blocks, one per file.

    blokus_parser   bytes -> protocol events (messages by length, stalls)
    blokus_maps     forbidden and anchor maps of both players
    blokus_checker  all 91 shapes against one 5 x 5 window, one cycle
    blokus_reach    a player's reach (small-tile placements), pipelined
    popcount        ones of a wide vector, two or three pipeline stages
    blokus_board    the game's squares and tiles, and the searched line on them
    blokus_window_scan  the move generator (a side's maps past the checker)
    blokus_move_check   the opponent's move, checked on the window scan
    blokus_eval_pipeline  a move in, its score out; placements
    blokus_topk, blokus_kept_store, blokus_ply_stack  a scan's best moves,
                    every frame's kept moves, the frames of the line
    blokus_search   the position, the search control, the wiring of the above
    blokus_top      UART + protocol + engine: the board-independent core
    blokus_de2      the DE2 top level around blokus_top
    blokus_de2_face what both DE2 top levels show (keys, switches, LEDs, displays)
    blokus_mcts_de2 the DE2 top level around blokus_mcts_top (the SDRAM's pins)

Timing contract (checked by the testbench on every move): one search that
spends n nodes takes at most FIXED_CYCLES + CYCLES_PER_NODE * n clock cycles,
where n counts every evaluation and SCAN_NODES for every frame entered (a
frame's scan, placements and bookkeeping fit in CYCLES_PER_NODE * SCAN_NODES
cycles: PER_FRAME); the default budget is the largest whose bound fits
TARGET_S at 50 MHz, at most the node counter's MAX_BUDGET.
"""

from golden.blokus.search import MAX_BUDGET, MAX_DEPTH, SCAN_NODES, TOP_K
from hdl.blokus.search import PIPE
from hdl.blokus.tables import SCAN_STEPS

TIME_LIMIT_S = 1.0        # the contest's answer time
TARGET_S = 0.8            # what the default budget's worst case may use of it
SCAN = SCAN_STEPS         # window steps of one scan (222)
CYCLES_PER_NODE = 2
"""A node enters the evaluation pipeline at most every other cycle (SCAN
issues it; the one reach unit counts the mover's placements, then the
other player's)."""
SCAN_CYCLES = 1 + 2 * SCAN + PIPE + 1
"""One scan besides its nodes: ROOT_LOAD, a cycle a window step and one more
for a step with legal moves (its lowest shape is registered), the last node's
way through the pipeline, the cycle that sees it empty."""
DISCARDED = -(-(PIPE - 1) // CYCLES_PER_NODE)
"""Most leaves in the pipeline behind the one that cuts a frame: they
entered (CYCLES_PER_NODE cycles each), are discarded and return to the
budget."""
COPY_CYCLES = TOP_K + 2
"""COPY: a scan's kept moves into the frame's list."""
PER_FRAME = (3 + 3 + 2) + SCAN_CYCLES + max(CYCLES_PER_NODE * DISCARDED, COPY_CYCLES + 1) \
    + (1 + 3 + 3)
"""One frame entered (a move searched deeper), besides its nodes: CHILD,
CHILD_WAIT and TAKE, its placement (PW1 to PW3), APPLY_PATH and ROOT_PREP; its
scan; then either the leaves a cut discards, or COPY and the CHILD that finds
its list done; RETURN, the placement that takes it off the line, UNDO,
UPDATE and CUTCHK in its parent. The frame is charged SCAN_NODES nodes."""
FIXED_CYCLES = (1 + SCAN_CYCLES + COPY_CYCLES + 3 * (MAX_DEPTH - 1) + 3 + (PIPE + 1)
                + 3 + 3 + 1)
"""The start cycle, phase 1's scan and COPY; per iteration ITER_START, the
root's CHILD that finds its list done, ITER_END; a CHILD, CHILD_WAIT and TAKE
that find no budget for the next frame; a budget stop's drain (BSTOP);
FINISH, FINISH_WAIT, FINISH_TAKE, the answer's placement (PW1 to PW3),
APPLY_ME."""
assert SCAN_NODES * CYCLES_PER_NODE >= PER_FRAME, \
    "golden SCAN_NODES (%d) must cover PER_FRAME = %d cycles: make it at least %d" % (
        SCAN_NODES, PER_FRAME, -(-PER_FRAME // CYCLES_PER_NODE))


def worst_case_cycles(budget):
    """Most clock cycles one search with this budget can take."""
    return FIXED_CYCLES + CYCLES_PER_NODE * budget


def largest_budget(clk_hz, seconds):
    """The largest budget whose worst case fits in `seconds` at `clk_hz`, at
    most MAX_BUDGET (the node counter's limit)."""
    return max(1, min(MAX_BUDGET, (int(clk_hz * seconds) - FIXED_CYCLES) // CYCLES_PER_NODE))
