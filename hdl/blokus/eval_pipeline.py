"""The Blokus search's evaluation pipeline: a move in, its score out PIPE cycles later."""
from myhdl import Signal, always_comb, always_seq, block, concat, intbv

from golden.blokus.search import MAX_REACH, W_OPP, W_SIZE
from hdl.blokus.maps import blokus_maps
from hdl.blokus.reach import REACH_LATENCY, blokus_reach
from hdl.blokus.placement import blokus_placement
from hdl.blokus.tables import EXT_BITS, J_BITS, N_SHAPES, SHAPE_SIZE
from hdl.register import register
from hdl.signals import unsigned

assert W_OPP == 1
COUNT_BITS = 16                   # a reach count (at most MAX_REACH = 1,764), a score term
SIZE_X = tuple(W_SIZE * s for s in SHAPE_SIZE)
PIPE = 5 + REACH_LATENCY + 2
"""Evaluation pipeline stages: the move (1), its shape's mask (2), its
row shift (3), its column shift (4), the maps' inputs registered (5: the
board's maps into the reach unit; 6: the opponent's), the reach unit,
the second count (PIPE - 1), the score (last). Moves enter at most every
other cycle, so the one reach unit serves both players."""
assert MAX_REACH < (1 << COUNT_BITS)


@block
def blokus_eval_pipeline(clk, rst, step, shape, valid, board_me, board_opp, first_me, first_opp,
                         seat_a, trial_on, mover_opp, threshold, placed, node_score,
                         node_score_r, reaches_r, out_step, out_shape, forbidden_me, anchors_me,
                         forbidden_opp, anchors_opp):
    """Scores one move of the side to move every other cycle; places a move.

    Ports:
        clk, rst     in   clock, synchronous reset
        step, shape  in   stage 1: the move (window step J = Y * 16 + X - 2 of
                          its centre, shape index), written by the search's
                          control; the tags move on a stage a cycle
        valid        in   PIPE bits: valid[k - 1] set while stage k holds a
                          move to score (the control shifts it)
        board_me     in   EXT_BITS map: the board's squares (root and line)
        board_opp    in   EXT_BITS map: the opponent's squares
        first_me     in   the board has no tile on the board or the line yet
        first_opp    in   the same for the opponent
        seat_a       in   the board plays from (a,a)
        trial_on     in   a scan runs: the mover's move in stage 4 (or 5) is
                          on the maps' board
        mover_opp    in   the side to move is the opponent
        threshold    in   signed, as wide as node_score: the score a move
                          must reach (the search's cut threshold); held
                          while a move is in stages PIPE - 2 .. PIPE - 1
        placed       out  EXT_BITS: the squares of the move that was in stage
                          3 a cycle ago (three cycles after it entered: how
                          the control places a move on the board)
        node_score   out  signed: the score of the move in stage PIPE - 1,
                          forming (W_SIZE * squares + mover's reach - other's
                          reach, golden.blokus.search.evaluate)
        node_score_r out  node_score registered: the last stage's move's score
                          (with the last stage's tags)
        reaches_r    out  the last stage's move's score >= threshold
        out_step, out_shape  out  the last stage's tags
        forbidden_*, anchors_*  out  the maps of both players (blokus_maps)
                          of the inputs registered a cycle earlier: the
                          board's position (board_*, first_*) once a cycle
                          passed with trial_on low and the pipeline empty
                          (when a scan or the opponent's move check reads
                          them); during a scan they hold a trial position
    Stage 5 registers the board's maps (with the trial move on the mover's
    side) into blokus_reach, stage 6 the opponent's (players swapped), so
    one reach unit counts both, a cycle apart; the score's sign follows
    mover_opp. The threshold is compared as a margin formed in two steps
    (W_SIZE * squares - threshold +- the first count in stage PIPE - 2,
    then +- the second), not by a compare after the score's adders: that
    path, the reach counts through two adders and a compare, held the
    clock at 73.8 MHz.
    """
    board_map = lambda: unsigned(EXT_BITS)
    shape_index = lambda: Signal(intbv(0, min=0, max=N_SHAPES))
    stage_step = [step] + [unsigned(J_BITS) for _ in range(PIPE - 1)]
    stage_shape = [shape] + [shape_index() for _ in range(PIPE - 1)]
    stage_tags = [register(clk, rst, stage_step[k], stage_step[k + 1]) for k in range(PIPE - 1)] + \
        [register(clk, rst, stage_shape[k], stage_shape[k + 1]) for k in range(PIPE - 1)]

    @always_comb
    def last_stage():
        out_step.next = stage_step[PIPE - 1]
        out_shape.next = stage_shape[PIPE - 1]

    # stages 2-4: the move's squares (blokus_placement); 5: the same a cycle later
    placement = blokus_placement(clk, rst, step, shape, placed)
    placed_s5 = board_map()
    trial_move = board_map()        # the trial placement the maps see
    # the score's terms, one bit narrower than the signed score (so that the
    # Verilog adds them at the score's width)
    term = lambda: Signal(intbv(0, min=0, max=node_score.max))
    counted_size_term = term()

    # the margin score - threshold: its first part registered with the first count
    margin = lambda: Signal(intbv(0, min=2 * threshold.min, max=2 * threshold.max))
    early_size_term = term()        # W_SIZE * squares of the move in stage PIPE - 2
    # (registered, counted_size_term: the same move's in stage PIPE - 1)
    margin_first, margin_full = margin(), margin()
    size_over_threshold = margin()  # early_size_term - threshold

    @always_comb
    def rom_early_size_term():
        early_size_term.next = SIZE_X[stage_shape[PIPE - 3]]

    @always_comb
    def margin_start():
        # one operation a statement: in a longer expression the Verilog
        # MyHDL writes would mix signed and unsigned operands, and Verilog
        # would then zero-extend a negative threshold
        size_over_threshold.next = early_size_term - threshold

    swap_players = Signal(bool(0))  # stage 5 holds a move: the other player's turn

    @always_comb
    def trial_place():
        swap_players.next = valid[4]
        if valid[4]:
            trial_move.next = placed_s5
        else:
            trial_move.next = placed

    trial_occ_me, trial_occ_opp = board_map(), board_map()
    trial_first_me, trial_first_opp = Signal(bool(1)), Signal(bool(1))

    @always_comb
    def trial_owners():
        # during a scan the mover's trial move is on the board
        if trial_on and not mover_opp:
            trial_occ_me.next = board_me | trial_move
        else:
            trial_occ_me.next = board_me
        if trial_on and mover_opp:
            trial_occ_opp.next = board_opp | trial_move
        else:
            trial_occ_opp.next = board_opp

    @always_comb
    def firsts():
        # a player whose trial move is on the board has placed a tile
        trial_first_me.next = first_me and not (trial_on and not mover_opp)
        trial_first_opp.next = first_opp and not (trial_on and mover_opp)

    own_me, own_opp = board_map(), board_map()
    maps_first_me, maps_first_opp = Signal(bool(1)), Signal(bool(1))
    map_seat = Signal(bool(0))
    # the maps are the board's (me) and the opponent's, but swapped while the
    # other player's reach is counted (`swap_players`): the reach unit reads
    # forbidden_me, anchors_me
    maps = blokus_maps(own_me, own_opp, maps_first_me, maps_first_opp, map_seat,
                       forbidden_me, anchors_me, forbidden_opp, anchors_opp)
    in_own_me, in_own_opp = board_map(), board_map()    # the maps' inputs, registered below
    in_first_me, in_first_opp, in_seat = Signal(bool(1)), Signal(bool(1)), Signal(bool(0))

    @always_comb
    def map_players():
        # stage 5 holds a move: the other player's maps next (players swapped)
        if swap_players:
            in_own_me.next = trial_occ_opp
            in_own_opp.next = trial_occ_me
            in_first_me.next = trial_first_opp
            in_first_opp.next = trial_first_me
            in_seat.next = not seat_a
        else:
            in_own_me.next = trial_occ_me
            in_own_opp.next = trial_occ_opp
            in_first_me.next = trial_first_me
            in_first_opp.next = trial_first_opp
            in_seat.next = seat_a

    @always_seq(clk.posedge, reset=rst)
    def map_inputs():
        own_me.next = in_own_me
        own_opp.next = in_own_opp
        maps_first_me.next = in_first_me
        maps_first_opp.next = in_first_opp
        map_seat.next = in_seat

    reach_count = Signal(intbv(0, min=0, max=1 << COUNT_BITS))      # the reach unit's count
    reach_count_w = term()                                           # the same, widened
    reach_count_me = term()                                          # the board's: a cycle earlier
    reach_unit = blokus_reach(clk, rst, forbidden_me, anchors_me, reach_count)

    @always_comb
    def widen():
        reach_count_w.next = concat(False, reach_count)

    @always_comb
    def score():
        if mover_opp:
            node_score.next = counted_size_term + reach_count_w - reach_count_me
            margin_full.next = margin_first + reach_count_w
        else:
            node_score.next = counted_size_term + reach_count_me - reach_count_w
            margin_full.next = margin_first - reach_count_w

    @always_seq(clk.posedge, reset=rst)
    def stages():
        placed_s5.next = placed
        reach_count_me.next = concat(False, reach_count)
        counted_size_term.next = early_size_term
        node_score_r.next = node_score
        # the board's count is the first: + for the board's moves, - for the opponent's
        if mover_opp:
            margin_first.next = size_over_threshold - reach_count_w
        else:
            margin_first.next = size_over_threshold + reach_count_w
        reaches_r.next = margin_full >= 0

    return (stage_tags, last_stage, placement, rom_early_size_term, margin_start, widen,
            trial_place,
            trial_owners, firsts, maps, map_players, map_inputs, reach_unit, score, stages)
