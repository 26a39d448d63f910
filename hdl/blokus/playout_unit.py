"""A playout unit with its side of the tree's scans: blokus_playout, blokus_expand_score on its
draw's window scan, and blokus_path_feed."""
from myhdl import always_comb, always_seq, block

from golden.blokus.mcts import KEY_PASS
from hdl.blokus.child_select import CHILD_BITS
from hdl.blokus.expand_score import (FOUND_BITS, KEY_BITS as SCAN_KEY_BITS, MOVES_BITS,
                                     blokus_expand_score)
from hdl.blokus.path_feed import blokus_path_feed
from hdl.blokus.playout import KEY_BITS as SLOT_BITS, PLAYOUT_CYCLE_BITS, blokus_playout
from hdl.blokus.prior_score import HEURISTIC_BITS
from hdl.blokus.tables import EXT_BITS, N_TILES
from hdl.blokus.tree_layout import KEY_BITS as TREE_KEY_BITS
from hdl.blokus.window_scan import WindowLoan
from hdl.signals import check_widths, flag, unsigned

if not SCAN_KEY_BITS == TREE_KEY_BITS >= KEY_PASS.bit_length():
    raise ValueError("blokus_playout_unit writes blokus_expand_score's keys (%d bits) and "
                     "KEY_PASS (%#x) into the tree's list of %d-bit keys"
                     % (SCAN_KEY_BITS, KEY_PASS, TREE_KEY_BITS))
if MOVES_BITS != CHILD_BITS:
    raise ValueError("blokus_playout_unit gives blokus_expand_score's moves (%d bits) as the "
                     "tree's child count (%d bits)" % (MOVES_BITS, CHILD_BITS))


@block
def blokus_playout_unit(clk, rst, cells_me, cells_opp, used_me, used_opp, seat_a, opp_to_move,
                        passes, placed, last_me, last_me_before, last_opp, last_opp_before, seed,
                        key_we, key_level, key, scan_start, scan_level, scan_key, give, give_len,
                        give_key, busy, done, result, plies, rng, end_used_me, end_used_opp,
                        record_addr, record_data, scan_last, scan_count, scan_best, list_we,
                        list_addr, list_key, list_heuristic, scan_found, playout_cycles):
    """A playout unit: its descents' playouts (blokus_playout) and the scans
    the tree unit's walk asks of it (golden's expand of a node: the replay
    of the node's path, then blokus_expand_score on that position, with the
    window scan of blokus_playout's draw, idle while the position is held),
    its path kept and fed by blokus_path_feed.

    Ports:
        cells_me .. seed  in  blokus_playout's root state (the search's, held
                          through it) and generator state
        key_we, key_level, key, scan_start, scan_level, scan_key, give,
        give_len, give_key  in  blokus_path_feed's: the walk's path writes for
                          this unit; a scan of the node at scan_level
                          (scan_key from the next cycle); a playout of the
                          descent of give_len levels, its leaf's key
                          give_key. The unit must be idle (not `busy`) at
                          scan_start and give
        busy .. record_data  out  blokus_playout's (record_addr in)
        scan_last    out  one cycle: the scan's last, golden's
                          replay_work(levels 1 .. scan_level) +
                          expand_work(scans, moves) after scan_start's cycle,
                          expand_work alone for level 0 (golden's root
                          expansion: no path to replay); busy falls after it
        scan_count   out  CHILD_BITS: the node's children, the scan's first
                          MAX_CHILDREN kept moves (1, a pass, when there is
                          none); final from the cycle before scan_last, held
                          until the next scan
        scan_best    out  HEURISTIC_BITS: their best h (0 for a pass), in
                          scan_last's cycle, held until the next scan
        list_we, list_addr, list_key, list_heuristic  out  one cycle:
                          the node's child `list_addr` (CHILD_BITS) is
                          (`list_key`, `list_heuristic`): golden's key
                          (KEY_PASS for a pass) and prior heuristic, in scan
                          order, for the tree unit's list (a RAM outside);
                          KEY_PASS and 0 at place 0 in the cycle that takes
                          the path's end, overwritten by the first move if any
        scan_found   out  FOUND_BITS: the scan's moves, those past the node's
                          MAX_CHILDREN too (golden's expand's count, which
                          its `scored` sums), held from scan_last until the
                          next scan
        playout_cycles  out  PLAYOUT_CYCLE_BITS: the last playout's cycles from
                          the edge that takes the path's end to `done`
                          (golden's play_out work), held from `done`
    A playout's `done` comes golden's replay_work(levels 1 .. give_len - 1)
    + play_out work after give's cycle.
    How: blokus_path_feed starts blokus_playout and feeds it the path's
    moves; at the edge that takes the scan's end (path_scan),
    blokus_playout holds the position and blokus_expand_score starts on its
    side to move's maps (its draw's window scan), its other side's anchors
    and tiles; its `done` is
    the scan's last cycle, and its `moves` count is final the cycle before
    (its last move leaves the scorer two cycles before `done`). The scan's
    cycles are expand_cycles, which golden's EXPAND_* constants equal
    (checked where blokus_expand_score is built), after the replay's
    (golden's REPLAY_*, checked in blokus_playout).
    """
    check_widths("blokus_playout_unit", (
        ("scan_count", scan_count, CHILD_BITS), ("scan_best", scan_best, HEURISTIC_BITS),
        ("list_addr", list_addr, CHILD_BITS), ("list_key", list_key, TREE_KEY_BITS),
        ("list_heuristic", list_heuristic, HEURISTIC_BITS), ("scan_found", scan_found, FOUND_BITS),
        ("playout_cycles", playout_cycles, PLAYOUT_CYCLE_BITS)))
    scan_done, scan_begin, start = flag(), flag(), flag()
    path_valid, path_end, path_scan, path_ready = flag(), flag(), flag(), flag()
    path_key = unsigned(SLOT_BITS)
    feed = blokus_path_feed(clk, rst, key_we, key_level, key, scan_start, scan_level, scan_key,
                            give, give_len, give_key, start, path_valid, path_key, path_end,
                            path_scan, path_ready)
    other_anchors = unsigned(EXT_BITS)
    window = WindowLoan()          # the draw's window scan, the expansion's while a scan is held
    mover_used, used_open = unsigned(N_TILES), unsigned(N_TILES)
    playout = blokus_playout(clk, rst, start, cells_me, cells_opp, used_me, used_opp, seat_a,
                             opp_to_move, passes, placed, last_me, last_me_before, last_opp,
                             last_opp_before, seed, path_valid, path_key, path_end, path_scan,
                             path_ready, busy, done, result, plies, rng, end_used_me,
                             end_used_opp, record_addr, record_data, scan_done,
                             other_anchors, mover_used, used_open, window)
    scan_busy, move_valid = flag(), flag()
    move_key, move_heuristic = unsigned(SCAN_KEY_BITS), unsigned(HEURISTIC_BITS)
    moves = unsigned(MOVES_BITS)
    scanner = blokus_expand_score(clk, rst, scan_begin, mover_used, used_open,
                                  other_anchors, window, scan_busy, scan_done, move_valid,
                                  move_key, move_heuristic, moves, scan_best, scan_found)

    @always_comb
    def scan_control():
        # the edge that takes path_scan (blokus_playout's REPLAY order, or its
        # start for the root's scan) starts the scan
        scan_begin.next = path_scan and ((path_ready and not path_end) or (start and not busy))
        scan_last.next = scan_done
        if moves == 0:
            scan_count.next = 1
        else:
            scan_count.next = moves

    @always_comb
    def list_writes():
        list_we.next = scan_begin or move_valid
        if scan_begin:
            list_addr.next = 0
            list_key.next = KEY_PASS
            list_heuristic.next = 0
        else:
            list_addr.next = moves
            list_key.next = move_key
            list_heuristic.next = move_heuristic

    playing = flag()                 # from the edge that takes the path's end to `done`

    @always_seq(clk.posedge, reset=rst)
    def playout_count():
        if path_ready and path_end:
            playing.next = 1
            playout_cycles.next = 1
        elif playing and not done:
            playout_cycles.next = playout_cycles + 1
        if done:
            playing.next = 0

    return feed, playout, scanner, scan_control, list_writes, playout_count
