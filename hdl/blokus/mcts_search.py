"""The Blokus core's Monte-Carlo search: the tree unit, the playout units and the SDRAM."""
from myhdl import always_comb, always_seq, block, concat

from golden.blokus.mcts import BATCH
from hdl.blokus.child_select import CHILD_BITS
from hdl.blokus.expand_score import FOUND_BITS
from hdl.blokus.kept_store import blokus_kept_store
from hdl.blokus.playout import KEY_BITS as SLOT_BITS, PLAYOUT_CYCLE_BITS, PLY_BITS, RECORD_BITS
from hdl.blokus.playout_unit import blokus_playout_unit
from hdl.blokus.prior_score import HEURISTIC_BITS
from hdl.blokus.rave_match import RESULT_BITS
from hdl.blokus.tables import EXT_BITS, N_TILES
from hdl.blokus.tree_layout import KEY_BITS
from hdl.blokus.tree_unit import CLOCK_BITS, PLIES_BITS, blokus_tree_unit
from hdl.blokus.unit_port import blokus_unit_port
from hdl.blokus.unit_queue import UNIT_BITS
from hdl.popcount import popcount
from hdl.sdram_user import SdramUser, sdram_serving
from hdl.signals import check_widths, flag, unsigned

LIST_BITS = KEY_BITS + HEURISTIC_BITS    # a scan's move in the list: its key and h


@block
def blokus_mcts_search(clk, rst, start, budget, cells_me, cells_opp, used_me, used_opp, seat_a,
                       passes, placed, last_opp, done, root_pass, best_place, best_descents,
                       best_key, nodes, playout_plies, playout_work, descents, free_at, overrun,
                       tree_plies, max_depth, expansions, busy, scanned, scored, sd_cke, sd_cs_n,
                       sd_ras_n, sd_cas_n, sd_we_n, sd_ba, sd_addr, sd_dqm, sd_dq_o, sd_dq_oe,
                       sd_dq_i, clk_hz=50000000):
    """golden.blokus.mcts.search of a position, ME to move, in exactly golden's cycles.

    Ports:
        start        in   one cycle: search (golden's clock 0); the inputs
                          below held until `done`
        budget       in   golden's budget in cycles (blokus_tree_unit's)
        cells_me, cells_opp, used_me, used_opp, seat_a, passes, placed  in
                          the position (blokus_playout's root state)
        last_opp     in   SLOT_BITS: the opponent's last move as blokus_playout's
                          move slot (0: a pass or unknown; golden's last_opp)
        done         out  the search is over (every playout unit stopped) and
                          best_key holds golden's answer: blokus_tree_unit's
        nodes        out  blokus_tree_unit's: the tree's nodes
        playout_plies  out  PLIES_BITS: golden's MctsResult playout_plies,
                          the plies the units' playouts played (their paths'
                          moves left out), counted as each playout ends
        playout_work out  CLOCK_BITS + 1: golden's MctsResult playout_work,
                          the playouts' cycles (golden's play_out work, the
                          replays left out) summed over the units
        scored       out  blokus_tree_unit's: the moves the expansions found
        root_pass, best_place, best_descents, best_key, descents, free_at, overrun,
        tree_plies, max_depth, expansions, busy, scanned  out  blokus_tree_unit's
        sd_*              the SDRAM chip's pins (sdram_controller's)
    How: blokus_tree_unit runs golden's schedule; each of the BATCH
    blokus_playout_units plays the descents it is given and scans the
    nodes its walks ask for (the list of a scan's moves between them), its
    generator golden's UNIT_SEEDS[u] at `start` and its last playout's
    after. A unit asks for its next job in the cycle its playout is done,
    golden's waiting cycle (the tree unit gives a descent in the walk's last
    cycle, the unit replays from the next).
    """
    check_widths("blokus_mcts_search", (
        ("cells_me", cells_me, EXT_BITS), ("cells_opp", cells_opp, EXT_BITS),
        ("used_me", used_me, N_TILES), ("used_opp", used_opp, N_TILES),
        ("last_opp", last_opp, SLOT_BITS), ("playout_plies", playout_plies, PLIES_BITS),
        ("playout_work", playout_work, CLOCK_BITS + 1)))
    # the tree unit
    give, stop = unsigned(BATCH), unsigned(BATCH)
    record_addr = unsigned(6)
    give_len, give_key = unsigned(PLY_BITS), unsigned(KEY_BITS)
    scan_start, scan_last = flag(), flag()
    scan_unit, scan_level, scan_key = unsigned(UNIT_BITS), unsigned(PLY_BITS), unsigned(KEY_BITS)
    scan_count, scan_best = unsigned(CHILD_BITS), unsigned(HEURISTIC_BITS)
    scan_found = unsigned(FOUND_BITS)
    list_addr, list_word = unsigned(CHILD_BITS), unsigned(LIST_BITS)
    list_key, list_heuristic = unsigned(KEY_BITS), unsigned(HEURISTIC_BITS)
    key_we, key_level, key = unsigned(BATCH), unsigned(PLY_BITS), unsigned(KEY_BITS)
    tiles_me, tiles_opp = unsigned(5), unsigned(5)
    mem = SdramUser()
    memory = sdram_serving(clk, rst, mem, sd_cke, sd_cs_n, sd_ras_n, sd_cas_n, sd_we_n, sd_ba,
                            sd_addr, sd_dqm, sd_dq_o, sd_dq_oe, sd_dq_i, clk_hz=clk_hz)
    # the playout units and their ports
    no_move, no_side = unsigned(SLOT_BITS), flag()   # never driven: 0 (ME to move, no move)
    seeds = [unsigned(32) for _ in range(BATCH)]
    u_scan_start, u_give, u_key_we = ([flag() for _ in range(BATCH)] for _ in range(3))
    u_busy, u_done, u_scan_last, u_list_we = ([flag() for _ in range(BATCH)] for _ in range(4))
    u_result = [unsigned(RESULT_BITS) for _ in range(BATCH)]
    u_plies, u_moves = ([unsigned(PLY_BITS) for _ in range(BATCH)] for _ in range(2))
    u_rng = [unsigned(32) for _ in range(BATCH)]
    u_end_me, u_end_opp, u_placed_me, u_placed_opp = ([unsigned(N_TILES) for _ in range(BATCH)]
                                                      for _ in range(4))
    u_record = [unsigned(RECORD_BITS) for _ in range(BATCH)]
    u_count = [unsigned(CHILD_BITS) for _ in range(BATCH)]
    u_best = [unsigned(HEURISTIC_BITS) for _ in range(BATCH)]
    u_list_addr = [unsigned(CHILD_BITS) for _ in range(BATCH)]
    u_list_key = [unsigned(KEY_BITS) for _ in range(BATCH)]
    u_list_h = [unsigned(HEURISTIC_BITS) for _ in range(BATCH)]
    u_found = [unsigned(FOUND_BITS) for _ in range(BATCH)]
    u_cycles = [unsigned(PLAYOUT_CYCLE_BITS) for _ in range(BATCH)]
    units = [blokus_playout_unit(clk, rst, cells_me, cells_opp, used_me, used_opp, seat_a,
                                 no_side, passes, placed, no_move, no_move, last_opp, no_move,
                                 seeds[u], u_key_we[u], key_level, key, u_scan_start[u],
                                 scan_level, scan_key, u_give[u], give_len, give_key, u_busy[u],
                                 u_done[u], u_result[u], u_plies[u], u_rng[u], u_end_me[u],
                                 u_end_opp[u], record_addr, u_record[u], u_scan_last[u],
                                 u_count[u], u_best[u], u_list_we[u], u_list_addr[u],
                                 u_list_key[u], u_list_h[u], u_found[u], u_cycles[u])
             for u in range(BATCH)]
    ports = [blokus_unit_port(clk, rst, u, start, scan_start, scan_unit, give, give_len, key_we,
                              used_me, used_opp, u_scan_start[u], u_give[u], u_key_we[u],
                              seeds[u], u_done[u], u_rng[u], u_plies[u], u_end_me[u],
                              u_end_opp[u], u_moves[u], u_placed_me[u], u_placed_opp[u])
             for u in range(BATCH)]
    # the units' descents for the tree unit (unit u at bits u * width); a unit
    # asks for its next job in the cycle its playout is done
    unit_request, unit_results = unsigned(BATCH), unsigned(BATCH * RESULT_BITS)
    unit_moves = unsigned(BATCH * PLY_BITS)
    unit_placed_me, unit_placed_opp = unsigned(BATCH * N_TILES), unsigned(BATCH * N_TILES)
    unit_records = unsigned(BATCH * RECORD_BITS)
    if BATCH != 2:
        raise ValueError("blokus_mcts_search joins two playout units' ports; golden's BATCH is %d"
                         % BATCH)
    done0, done1 = u_done
    result0, result1 = u_result
    moves0, moves1 = u_moves
    me0, me1 = u_placed_me
    opp0, opp1 = u_placed_opp
    record0, record1 = u_record

    @always_comb
    def descents_in():
        unit_request.next = concat(done1, done0)
        unit_results.next = concat(result1, result0)
        unit_moves.next = concat(moves1, moves0)
        unit_placed_me.next = concat(me1, me0)
        unit_placed_opp.next = concat(opp1, opp0)
        unit_records.next = concat(record1, record0)

    tree = blokus_tree_unit(clk, rst, start, budget, passes, tiles_me, tiles_opp, unit_request,
                            unit_results, unit_moves, unit_placed_me, unit_placed_opp, record_addr,
                            unit_records, give, stop, give_len, give_key, free_at, descents,
                            overrun, root_pass, best_place, best_descents, done, best_key, nodes,
                            tree_plies, max_depth, expansions, busy, scanned, scored, scan_start,
                            scan_unit, scan_level, scan_key, scan_last, scan_count, scan_best,
                            scan_found, list_addr, list_key, list_heuristic, key_we, key_level, key,
                            mem.req, mem.req_write, mem.req_addr, mem.req_len, mem.ready,
                            mem.wr_take, mem.wr_data, mem.rd_valid, mem.rd_data, mem.done)
    # the list of a scan's moves: written by the unit scanning, read by the walk
    list_we, list_waddr, list_wword = flag(), unsigned(CHILD_BITS), unsigned(LIST_BITS)
    moves_list = blokus_kept_store(clk, list_we, list_waddr, list_wword, list_addr, list_word,
                                   depth=1 << CHILD_BITS)
    last0, last1 = u_scan_last
    count0, count1 = u_count
    best0, best1 = u_best
    we0, we1 = u_list_we
    addr0, addr1 = u_list_addr
    lkey0, lkey1 = u_list_key
    lh0, lh1 = u_list_h
    found0, found1 = u_found

    # the game at the root for the walk (ME to move, the passes): each side's
    # tiles, a carry-save count (an incrementer a tile was 21 adders deep)
    count_me = popcount(clk, rst, used_me, tiles_me, combinational=True)
    count_opp = popcount(clk, rst, used_opp, tiles_opp, combinational=True)

    plies0, plies1 = u_plies
    cycles0, cycles1 = u_cycles

    @always_seq(clk.posedge, reset=rst)
    def playout_count():
        if start:
            playout_plies.next = 0
            playout_work.next = 0
        elif done0 and done1:
            playout_plies.next = playout_plies + plies0 + plies1
            playout_work.next = playout_work + cycles0 + cycles1
        elif done0:
            playout_plies.next = playout_plies + plies0
            playout_work.next = playout_work + cycles0
        elif done1:
            playout_plies.next = playout_plies + plies1
            playout_work.next = playout_work + cycles1

    @always_comb
    def scans():
        # the unit scanning: the walk's job's unit
        if scan_unit == 0:
            scan_last.next = last0
            scan_count.next = count0
            scan_best.next = best0
            scan_found.next = found0
            list_we.next = we0
            list_waddr.next = addr0
            list_wword.next = concat(lkey0, lh0)
        else:
            scan_last.next = last1
            scan_count.next = count1
            scan_best.next = best1
            scan_found.next = found1
            list_we.next = we1
            list_waddr.next = addr1
            list_wword.next = concat(lkey1, lh1)
        list_key.next = list_word[LIST_BITS:HEURISTIC_BITS]
        list_heuristic.next = list_word[HEURISTIC_BITS:]

    return (tree, memory, units, ports, descents_in, moves_list, count_me, count_opp,
            playout_count, scans)
