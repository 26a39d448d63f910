"""One Monte-Carlo playout of the Blokus core: golden's policy moves from a state to the game's end."""
from myhdl import Signal, always_comb, always_seq, block, concat, enum, intbv

from golden.blokus.encoding import N_TILES
from golden.blokus.mcts import (MAX_GAME_PLIES, MOVE_WORK, OPEN_LEAST, PASS_WORK, PLAYOUT_WORK,
                                REPLAY_MOVE_WORK, REPLAY_PASS_WORK, REPLAY_WORK, SCAN_WORK,
                                WALK_WORK)
from hdl.blokus.local_cells import blokus_local_cells
from hdl.blokus.maps import blokus_maps
from hdl.blokus.placement import LATENCY as PLACE_LATENCY, blokus_placement
from hdl.blokus.policy_draw import blokus_policy_draw, draw_cycles
from hdl.blokus.kept_store import blokus_kept_store
from hdl.blokus.tables import EXT_BITS, J_BITS, N_SHAPES, SHAPE_BITS, SHAPE_TILE, TILE_SIZE
from hdl.signals import check_widths, flag, signed, unsigned
from hdl.weighted_sum import latency as sum_latency, weighted_sum

KEY_BITS = 1 + J_BITS + SHAPE_BITS
"""A move slot: bit 15 set for a placement, then its window step and shape
(a pass or no move is 0)."""
PLY_BITS = 7
"""A ply of a descent (tree and playout) or a count of plies: a game has at
most 42 placements and, between two of them, one pass."""
RECORD_BITS = J_BITS + SHAPE_BITS + PLY_BITS
ALL_TILES = (1 << N_TILES) - 1
# The tiles the opening filter refuses with p tiles on the board (golden's `allowed`).
REFUSED = tuple(sum(1 << t for t in range(N_TILES) if TILE_SIZE[t] < least)
                for least in OPEN_LEAST)
RECENT_CYCLES = 2 + PLACE_LATENCY + 1
"""The other side's last two moves' squares: both keys into the placement,
their squares out LATENCY cycles later, the second a cycle after the first."""
PASS_OVERHEAD = 1 + RECENT_CYCLES + 1 + 1
"""A pass's cycles beside its draw: the end check, the recent squares, the
cycle that sees the draw's `done`, the swap."""
MOVE_OVERHEAD = PASS_OVERHEAD + PLACE_LATENCY + 1
"""A placement's: those of a pass, and the drawn move through the placement
onto the side's squares."""
END_CYCLES = 3
"""From the edge that takes `path_end` to the first ply's end check (1), and
from the last end check to `done` (2)."""
REPLAY_START_CYCLES = 1
"""From the edge that takes `start` to the one that takes the path's first move."""
REPLAY_MOVE_CYCLES = 1 + PLACE_LATENCY + 1 + 1
"""A placement of the path: taken, through the placement, the swap."""
REPLAY_PASS_CYCLES = 2
"""A pass of the path: taken, the swap."""
MAX_PLIES = MAX_GAME_PLIES
"""Plies a playout may take: golden's bound on a game's plies (every
placement may follow a pass, and two passes end the game)."""


def ply_cycles(scans, walked):
    """The cycles of a ply whose draw scanned `scans` times and walked
    `walked` shapes (None: a pass): golden.blokus.mcts.ply_work."""
    return (PASS_OVERHEAD if walked is None else MOVE_OVERHEAD) + draw_cycles(scans, walked)


MAX_PLY_CYCLES = ply_cycles(2, N_SHAPES)

# golden's schedule charges a descent's replay and playout these cycles: the two must agree
_CHARGED = {"PLAYOUT_WORK": (PLAYOUT_WORK, END_CYCLES),
            "PASS_WORK + SCAN_WORK": (PASS_WORK + SCAN_WORK, ply_cycles(1, None)),
            "MOVE_WORK + SCAN_WORK": (MOVE_WORK + SCAN_WORK, ply_cycles(1, 0)),
            "SCAN_WORK": (SCAN_WORK, ply_cycles(2, None) - ply_cycles(1, None)),
            "WALK_WORK": (WALK_WORK, ply_cycles(1, 1) - ply_cycles(1, 0)),
            "REPLAY_WORK": (REPLAY_WORK, REPLAY_START_CYCLES),
            "REPLAY_MOVE_WORK": (REPLAY_MOVE_WORK, REPLAY_MOVE_CYCLES),
            "REPLAY_PASS_WORK": (REPLAY_PASS_WORK, REPLAY_PASS_CYCLES)}
for _name, (_work, _cycles) in _CHARGED.items():
    if _work != _cycles:
        raise ValueError("golden.blokus.mcts charges %s = %d cycles but the playout unit "
                         "takes %d cycles: change golden's constant (and remeasure its "
                         "strength) or the unit" % (_name, _work, _cycles))


SUM_LEVELS = 8
"""Each side's placed squares: a weighted sum of its tiles, registered at its
root only (one cycle, the FINISH state's wait)."""
assert sum_latency(N_TILES, SUM_LEVELS) == 1


def playout_cycles(plies):
    """The most cycles from `start` to `done` of a playout of `plies` plies
    (golden's play_out gives the exact count, its work)."""
    return plies * MAX_PLY_CYCLES + END_CYCLES


PLAYOUT_CYCLE_BITS = playout_cycles(MAX_PLIES).bit_length()
"""A playout's cycles (golden's play_out work): at most playout_cycles(MAX_PLIES)."""


State = enum("IDLE", "REPLAY", "CHECK", "RECENT", "DRAW", "DRAW_WAIT", "PLACE", "SWAP", "FINISH",
             "SCAN")


@block
def blokus_playout(clk, rst, start, cells_me, cells_opp, used_me, used_opp, seat_a, opp_to_move,
                   passes, placed, last_me, last_me_before, last_opp, last_opp_before, seed,
                   path_valid, path_key, path_end, path_scan, path_ready, busy, done, result,
                   plies, rng, end_used_me, end_used_opp, record_addr, record_data, scan_done,
                   other_anchors, mover_used, used_open, loan):
    """A playout unit: a descent's tree moves, then golden.blokus.mcts.play_out, with their record.

    Ports (the root state, held from `start` until `done`; ME is the board):
        clk, rst        in   clock, synchronous reset
        start           in   play out the state below (taken when not `busy`)
        cells_me, cells_opp  in  EXT_BITS: each side's squares (ext layout)
        used_me, used_opp    in  21 bits: each side's placed tiles
        seat_a          in   ME's start cell is (a,a), else (5,5)
        opp_to_move     in   the side to move is OPP
        passes          in   passes in a row before the state (0 or 1)
        placed          in   tiles on the board, both sides (the opening filter's count)
        last_me, last_me_before, last_opp, last_opp_before  in  KEY_BITS: each
                             side's last two moves, newest first (0: a pass or none)
        seed            in   32 bits: the unit's generator state
    Ports (the descent's path in the tree, after `start`):
        path_valid, path_key  in  a move of the path (KEY_BITS, 0 for a
                             pass), taken at an edge where path_ready is high
        path_end        in   the path is over (taken when path_ready, before
                             path_valid): the playout starts
        path_scan       in   the path is over (taken when path_ready, after
                             path_end, before path_valid; or with `start`,
                             an empty path): the position is held for a scan
                             of the side to move's moves (the unit's `busy`
                             stays high) until `scan_done`
        path_ready      out  the unit takes the next move or the end
    Ports (out, held from `done` until the next `start`):
        busy            a playout is under way
        done            one cycle: the playout is over
        result          9 bits: 256, 128 or 0 for ME's win, draw or loss by the
                        squares left at the end
        plies           the playout's moves (passes included; not the path's)
        rng             the generator state after the playout
        end_used_me, end_used_opp   the tiles at the end: those not in
                        used_me / used_opp were placed by the playout
        record_addr     in: 32 * side (1 = OPP) + tile
        record_data     out, two cycles after record_addr: the descent's
                        placement of that tile by that side (path or
                        playout), (step, shape, ply) from the top bit down,
                        ply 0 the path's first move; meaningful for the tiles
                        the descent placed (written at the placement)
    Ports (a scan, blokus_playout_unit's):
        scan_done       in   one cycle: the scan of the held position is over
                        (the unit is idle after this cycle)
        other_anchors   out  EXT_BITS: the other side's anchor map
        mover_used      out  21 bits: the side to move's placed tiles
        used_open       out  21 bits: those and the tiles the opening filter
                        refuses (golden's `allowed`) for the tiles on the board
        loan            WindowLoan: the draw's window scan (blokus_policy_draw's
                        `loan`) on the side to move's maps, for the scan of a
                        held position; asked only while the position is held
    How: the unit keeps the side to move's squares, tiles and last two moves
    apart from the other side's and swaps the two each ply, so one
    blokus_maps side, one local-cells block and one placement path serve both
    players. A move of the path goes through the placement as a drawn move
    does (REPLAY_MOVE_CYCLES, a pass REPLAY_PASS_CYCLES). A ply: the end check (two passes in a row, or a side with all 21
    tiles); the other side's last two moves' squares through the placement
    (`recent`); the draw (blokus_policy_draw: the side's maps, its tiles, the
    opening filter's tiles for `placed`, the local cells of `recent`); the
    drawn move's squares through the placement, onto the side's squares, and
    its record; the swap. Exactly `ply_cycles(scans, walked)` a ply (golden's
    scans and walk of the draw: see golden.blokus.mcts.ply_work) and
    END_CYCLES more from the edge that takes `path_end` to `done`: golden's
    play_out work.
    """
    check_widths("blokus_playout", (
        ("other_anchors", other_anchors, EXT_BITS), ("mover_used", mover_used, N_TILES),
        ("used_open", used_open, N_TILES)))
    state = Signal(State.IDLE)
    board_map = lambda: unsigned(EXT_BITS)
    key_slot = lambda: unsigned(KEY_BITS)
    # the side to move (mover) and the other side (waiting); mover_used is a port
    mover_cells, waiting_cells = board_map(), board_map()
    waiting_used = unsigned(N_TILES)
    mover_last, mover_last_before = key_slot(), key_slot()
    waiting_last, waiting_last_before = key_slot(), key_slot()
    mover_is_opp, me_seat_a = flag(), flag()
    pass_count = unsigned(2)               # passes in a row (2: the game is over)
    tiles_placed = Signal(intbv(0, min=0, max=len(OPEN_LEAST)))
    ply = unsigned(PLY_BITS)
    replaying = flag()                     # the move being placed is the path's
    count = unsigned(3)
    # the placement path: a key in, its squares PLACE_LATENCY cycles later
    place_key = key_slot()
    place_tags = unsigned(PLACE_LATENCY)
    squares = board_map()
    placement = blokus_placement(clk, rst, place_key(KEY_BITS - 1, SHAPE_BITS),
                                 place_key(SHAPE_BITS, 0), squares)
    recent = board_map()
    drawn_key = key_slot()
    # the mover's maps (of the other side's, the anchors only: a scan's heuristic reads them)
    mover_seat_a, mover_first, waiting_first = flag(), flag(), flag()
    # the side to move's forbidden map and anchors reach a scan through the
    # draw's window scan (its forbidden register gives the expansion's free map)
    forbidden, unused_forbidden, anchors = board_map(), board_map(), board_map()
    maps = blokus_maps(mover_cells, waiting_cells, mover_first, waiting_first, mover_seat_a,
                       forbidden, anchors, unused_forbidden, other_anchors)
    local_map = board_map()
    local = blokus_local_cells(recent, mover_cells, waiting_cells, local_map)
    draw_start, draw_busy, draw_done, draw_found = flag(), flag(), flag(), flag()
    draw_step, draw_shape, draw_rng = unsigned(J_BITS), unsigned(SHAPE_BITS), unsigned(32)
    refused = unsigned(N_TILES)
    draw = blokus_policy_draw(clk, rst, draw_start, forbidden, anchors, mover_used, used_open,
                              local_map, rng, draw_busy, draw_done, draw_found, draw_step,
                              draw_shape, draw_rng, loan)
    # the record of the playout's placements
    record_we = flag()
    record_waddr = unsigned(6)
    record_word = unsigned(RECORD_BITS)
    record = blokus_kept_store(clk, record_we, record_waddr, record_word, record_addr,
                               record_data, depth=64)
    drawn_tile = Signal(intbv(0, min=0, max=N_TILES))
    drawn_tile_bit = unsigned(N_TILES)
    # the result: each side's placed squares at the end, registered (the end
    # check's tiles hold into FINISH): the sums and the compare after them in
    # one cycle held the proxy at 73.5 MHz; summed by the mover and the other
    # side, so that the choice of ME's waits until the subtraction (84.4 MHz
    # with it before the sums)
    squares_max = sum(TILE_SIZE) + 1
    mover_squares, waiting_squares = (Signal(intbv(0, min=0, max=squares_max)),
                                      Signal(intbv(0, min=0, max=squares_max)))
    squares_sums = [weighted_sum(clk, rst, mover_used, TILE_SIZE, mover_squares, SUM_LEVELS),
                    weighted_sum(clk, rst, waiting_used, TILE_SIZE, waiting_squares, SUM_LEVELS)]
    lead = signed(-squares_max, squares_max)
    over = flag()

    @always_comb
    def mover_maps_inputs():
        mover_seat_a.next = me_seat_a ^ mover_is_opp
        mover_first.next = mover_used == 0
        waiting_first.next = waiting_used == 0
        used_open.next = mover_used | refused

    @always_comb
    def refused_rom():
        refused.next = REFUSED[tiles_placed]

    @always_comb
    def drawn_tile_of():
        drawn_tile.next = SHAPE_TILE[drawn_key[SHAPE_BITS:0]]

    @always_comb
    def drawn_tile_onehot():
        drawn_tile_bit.next = 1 << drawn_tile

    @always_comb
    def record_write():
        record_waddr.next = concat(mover_is_opp, intbv(0)[5:]) | drawn_tile
        record_word.next = concat(drawn_key[KEY_BITS - 1:0], ply)

    @always_comb
    def game_end():
        over.next = (pass_count == 2 or mover_used == ALL_TILES or waiting_used == ALL_TILES)

    @always_comb
    def squares_lead():
        if mover_is_opp:
            lead.next = waiting_squares - mover_squares
        else:
            lead.next = mover_squares - waiting_squares

    @always_comb
    def sides_out():
        if mover_is_opp:
            end_used_me.next = waiting_used
            end_used_opp.next = mover_used
        else:
            end_used_me.next = mover_used
            end_used_opp.next = waiting_used

    @always_comb
    def status():
        busy.next = state != State.IDLE
        path_ready.next = state == State.REPLAY
        draw_start.next = state == State.DRAW
        record_we.next = state == State.PLACE and place_tags[PLACE_LATENCY - 1]

    @always_seq(clk.posedge, reset=rst)
    def placement_tags():
        place_tags.next = concat(place_tags[PLACE_LATENCY - 1:0], place_key[KEY_BITS - 1])

    @always_seq(clk.posedge, reset=rst)
    def control():
        done.next = 0
        place_key.next = 0
        if state == State.IDLE:
            # the root's squares and moves are taken in every idle cycle, not
            # only with `start`: `start` (the tree unit's give) comes at the
            # end of its walk's last cycle, and as the enable of these 700
            # registers it ended the whole search's critical path (45.0 MHz:
            # 6.9 ns of routing to the far ones). Nothing reads them idle (a
            # scan holds its position in SCAN); the tiles, the side, the
            # plies and the generator are outputs held after `done`: those
            # wait for `start`
            if opp_to_move:
                mover_cells.next = cells_opp
                waiting_cells.next = cells_me
                mover_last.next = last_opp
                mover_last_before.next = last_opp_before
                waiting_last.next = last_me
                waiting_last_before.next = last_me_before
            else:
                mover_cells.next = cells_me
                waiting_cells.next = cells_opp
                mover_last.next = last_me
                mover_last_before.next = last_me_before
                waiting_last.next = last_opp
                waiting_last_before.next = last_opp_before
            me_seat_a.next = seat_a
            pass_count.next = passes
            tiles_placed.next = placed
            ply.next = 0
            if start:
                if opp_to_move:
                    mover_used.next = used_opp
                    waiting_used.next = used_me
                else:
                    mover_used.next = used_me
                    waiting_used.next = used_opp
                mover_is_opp.next = opp_to_move
                plies.next = 0
                rng.next = seed
                if path_scan:            # the root state itself is scanned: no path
                    state.next = State.SCAN
                else:
                    state.next = State.REPLAY
        elif state == State.REPLAY:
            # the path's moves, played as they come
            if path_end:
                replaying.next = 0
                state.next = State.CHECK
            elif path_scan:
                state.next = State.SCAN
            elif path_valid:
                replaying.next = 1
                mover_last_before.next = mover_last
                if path_key[KEY_BITS - 1]:
                    place_key.next = path_key
                    drawn_key.next = path_key
                    state.next = State.PLACE
                else:
                    mover_last.next = 0
                    pass_count.next = pass_count + 1
                    state.next = State.SWAP
        elif state == State.CHECK:
            count.next = 0
            recent.next = 0
            if over:
                state.next = State.FINISH
            else:
                state.next = State.RECENT
        elif state == State.RECENT:
            # the other side's last two moves into the placement, their squares out
            count.next = count + 1
            if count == 0:
                place_key.next = waiting_last
            elif count == 1:
                place_key.next = waiting_last_before
            if place_tags[PLACE_LATENCY - 1]:
                recent.next = recent | squares
            if count == RECENT_CYCLES - 1:
                state.next = State.DRAW
        elif state == State.DRAW:
            state.next = State.DRAW_WAIT
        elif state == State.DRAW_WAIT:
            if draw_done:
                rng.next = draw_rng
                mover_last_before.next = mover_last
                if draw_found:
                    place_key.next = concat(True, draw_step, draw_shape)
                    drawn_key.next = concat(True, draw_step, draw_shape)
                    state.next = State.PLACE
                else:
                    mover_last.next = 0
                    pass_count.next = pass_count + 1
                    state.next = State.SWAP
        elif state == State.PLACE:
            # the move's squares leave the placement: onto the mover's, and recorded
            if place_tags[PLACE_LATENCY - 1]:
                mover_cells.next = mover_cells | squares
                mover_used.next = mover_used | drawn_tile_bit
                mover_last.next = drawn_key
                pass_count.next = 0
                tiles_placed.next = tiles_placed + 1
                state.next = State.SWAP
        elif state == State.SWAP:
            mover_cells.next = waiting_cells
            waiting_cells.next = mover_cells
            mover_used.next = waiting_used
            waiting_used.next = mover_used
            mover_last.next = waiting_last
            mover_last_before.next = waiting_last_before
            waiting_last.next = mover_last
            waiting_last_before.next = mover_last_before
            mover_is_opp.next = not mover_is_opp
            ply.next = ply + 1
            if replaying:
                state.next = State.REPLAY
            else:
                plies.next = plies + 1
                state.next = State.CHECK
        elif state == State.SCAN:
            # the position held for blokus_playout_unit's scan
            if scan_done:
                state.next = State.IDLE
        elif state == State.FINISH:
            if lead > 0:
                result.next = 256
            elif lead == 0:
                result.next = 128
            else:
                result.next = 0
            done.next = 1
            state.next = State.IDLE

    return (placement, maps, local, draw, record, squares_sums, mover_maps_inputs, refused_rom,
            drawn_tile_of, drawn_tile_onehot, record_write, game_end, squares_lead, sides_out,
            status, placement_tags, control)
