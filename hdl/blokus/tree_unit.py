"""The Monte-Carlo search's tree unit: the root's expansion, then its jobs
for the playout units in golden's schedule (golden.blokus.mcts ``search``: the unit waiting longest
first; a job is that unit's back-up, then its next walk down while the clock
is under the budget), the walk and the back-up sharing the SDRAM, the
statistics update and the root's RAM, and a path store a unit."""
from myhdl import Signal, always_comb, always_seq, block, concat, enum, intbv

from golden.blokus.mcts import BATCH, MAX_BUDGET
from hdl.blokus.child_select import CHILD_BITS
from hdl.blokus.child_summary import SUMMARY_BITS
from hdl.blokus.expand_score import FOUND_BITS
from hdl.blokus.explore import blokus_explore
from hdl.blokus.playout import PLY_BITS, RECORD_BITS
from hdl.blokus.rave_match import KEY_WORD_BITS, RESULT_BITS
from hdl.blokus.root_children import blokus_root_children
from hdl.blokus.stats_update import REAL_BITS, StatsRequest, StatsResult, blokus_stats_updater
from hdl.blokus.tables import N_TILES
from hdl.blokus.tree_backup import PathEntry, blokus_tree_backup
from hdl.blokus.tree_descent import SIZE_BITS, blokus_tree_descent
from hdl.blokus.tree_layout import KEY_BITS, NODE_BITS
from hdl.blokus.unit_queue import UNIT_BITS, blokus_unit_queue
from hdl.blokus.uct_score import EXPLORE_BITS
from hdl.sdram_timing import ADDR_BITS, DATA_BITS, LEN_BITS
from hdl.signals import flag, unsigned

BUDGET_BITS = MAX_BUDGET.bit_length()
CLOCK_BITS = BUDGET_BITS + 1             # golden's clock runs past the budget by the jobs under way
ENTRY_BITS = 2 * NODE_BITS + KEY_BITS + CHILD_BITS + 1
PLIES_BITS = REAL_BITS + PLY_BITS        # the tree plies of a search's walks: PLY_BITS a descent
EXPANSIONS_BITS = SIZE_BITS              # an expansion adds a node at least
SCANNED_BITS = PLIES_BITS + CHILD_BITS   # the children read: CHILD_BITS a tree ply (and the root)
SCORED_BITS = EXPANSIONS_BITS + FOUND_BITS   # the moves the expansions found: FOUND_BITS each
if BATCH not in (2, 3):
    raise ValueError("blokus_tree_unit picks a unit's inputs for golden's BATCH = 2 or 3 playout "
                     "units; golden's BATCH is %d" % BATCH)


@block
def blokus_tree_unit(clk, rst, start, budget, root_passes, root_tiles_me, root_tiles_opp,
                     unit_request, unit_results, unit_moves, unit_placed_me, unit_placed_opp,
                     record_addr, unit_records, give, stop, give_len, give_key, free_at, descents,
                     overrun, root_pass, best_place, best_descents, done, best_key, nodes,
                     tree_plies, max_depth, expansions, busy, scanned, scored, scan_start,
                     scan_unit, scan_level, scan_key, scan_last, scan_count, scan_best, scan_found,
                     list_addr, list_key, list_heuristic, key_we, key_level, key, req, req_write,
                     req_addr, req_len, ready, wr_take, wr_data, rd_valid, rd_data, mem_done):
    """golden's search (``search``): the root's expansion, then the schedule
    of the tree unit's jobs, in exactly golden's cycles.

    Ports:
        start        in   one cycle: the search begins, golden's clock 0 (the
                          tree is the root alone; the tree unit must be idle)
        budget       in   BUDGET_BITS: a job that starts at or past it walks
                          no more (held until the search ends)
        root_passes, root_tiles_me, root_tiles_opp  in  blokus_tree_descent's:
                          the game at the root (held until the search ends)
        unit_request in   BATCH bits: unit u begins to wait (one cycle; every
                          unit waits from the root's expansion's last cycle:
                          the tree unit asks for them then)
        unit_results, unit_moves, unit_placed_me, unit_placed_opp  in  BATCH
                          times RESULT_BITS, PLY_BITS, N_TILES, N_TILES (unit u
                          at bits u * width): the descent each unit played out,
                          held from its request until its job's back-up ends
        record_addr  out, unit_records in (BATCH times RECORD_BITS)  the units' records
        give         out  BATCH bits, one cycle: unit u's job ends with a walk
                          down: play it out (its path has `give_len` nodes,
                          the last one's key `give_key`); in the walk's last
                          cycle, so that the unit replays from the cycle
                          after, as golden's play_out does
        stop         out  BATCH bits, one cycle: unit u's job ended without
                          a walk (the budget is spent, or the root passes);
                          the cycle after the job's last
        free_at      out  CLOCK_BITS: golden's clock at the end of the last job
                          (of the root's expansion when the root passes)
        descents     out  REAL_BITS: the descents backed up (the root's descents)
        overrun      out  sticky: an operation overran golden's cost
        root_pass    out  from the root's expansion's last cycle: the root's
                          one child is a pass (the side has no move): no job
                          follows, every unit is told to stop
        best_place, best_descents  out  CHILD_BITS, REAL_BITS: the root child
                          with the most descents so far (the lowest place of
                          equals: golden's answer, once the search is over) and
                          its descents; kept as each root child is backed up,
                          so the answer costs no cycle after the search
        done         out  the search is over: every unit was told to stop and
                          `best_key` holds; from the fourth cycle after the
                          last unit's `stop` until the cycle after `start`
        best_key     out  KEY_BITS: with `done`: golden's answer's key, the key
                          of root child `best_place` (KEY_PASS for a pass),
                          read from the root's RAM once the search is over
        nodes        out  SIZE_BITS: the tree's nodes (golden's MctsResult
                          nodes), a cycle after each walk
        tree_plies, max_depth, expansions, busy  out  PLIES_BITS, PLY_BITS,
                          EXPANSIONS_BITS, CLOCK_BITS: golden's MctsResult
                          tree_plies, max_depth, expansions (the root's
                          included) and tree_work (the tree unit's busy
                          cycles, the root's expansion's included), a cycle
                          after each walk
        scanned      out  SCANNED_BITS: golden's scanned, the children read by
                          the walks' choices (the root's a walk, and those
                          of each choice below it)
        scored       out  SCORED_BITS: golden's scored, the moves the
                          expansions found (the root's included; a scan the
                          tree had no room for left out), a cycle after each
                          walk
        scan_*, list_*    blokus_tree_descent's scan, for unit `scan_unit`
                          (unit 0 for the root's, at `scan_level` 0)
        scan_found   in   FOUND_BITS: the scan's moves, past MAX_CHILDREN too
                          (blokus_playout_unit's), in scan_last's cycle
        key_we, key_level, key  out  BATCH bits, PLY_BITS, KEY_BITS: one
                          cycle: level `key_level` of unit u's path is the
                          move `key` (the walk's path writes, for the units'
                          copies: blokus_path_feed)
        req .. mem_done   the SDRAM controller's user side
    How: `start` starts blokus_tree_descent on the root's expansion; in its
    last cycle (golden's `start`) every unit begins to wait. Then
    blokus_unit_queue names the unit to serve; when the tree unit is
    free (idle, or in the last cycle of a job's last operation) it starts
    that unit's job: blokus_tree_backup of its last descent, if any, then,
    when the job started under the budget, blokus_tree_descent, each
    operation started in the last cycle of the one before. The SDRAM's user
    side, the statistics update and the root's RAM go to the operation
    running (the walk from its start).
    """
    for name, port, bits in (("budget", budget, BUDGET_BITS), ("free_at", free_at, CLOCK_BITS),
                             ("unit_results", unit_results, BATCH * RESULT_BITS),
                             ("unit_moves", unit_moves, BATCH * PLY_BITS),
                             ("unit_placed_me", unit_placed_me, BATCH * N_TILES),
                             ("unit_placed_opp", unit_placed_opp, BATCH * N_TILES),
                             ("unit_records", unit_records, BATCH * RECORD_BITS),
                             ("descents", descents, REAL_BITS), ("give_len", give_len, PLY_BITS),
                             ("give_key", give_key, KEY_BITS),
                             ("best_place", best_place, CHILD_BITS),
                             ("best_descents", best_descents, REAL_BITS),
                             ("best_key", best_key, KEY_BITS), ("nodes", nodes, SIZE_BITS),
                             ("tree_plies", tree_plies, PLIES_BITS),
                             ("max_depth", max_depth, PLY_BITS),
                             ("expansions", expansions, EXPANSIONS_BITS),
                             ("busy", busy, CLOCK_BITS), ("scanned", scanned, SCANNED_BITS),
                             ("scored", scored, SCORED_BITS),
                             ("scan_found", scan_found, FOUND_BITS),
                             ("key_we", key_we, BATCH), ("key_level", key_level, PLY_BITS),
                             ("key", key, KEY_BITS), ("scan_key", scan_key, KEY_BITS)):
        if len(port) != bits:
            raise ValueError("blokus_tree_unit: %s must have %d bits, has %d"
                             % (name, bits, len(port)))
    phase_t = enum("NONE", "ROOT", "BACKUP", "DESCENT")
    phase = Signal(phase_t.NONE)
    running = flag()
    clock = unsigned(CLOCK_BITS)         # golden's clock at the end of this cycle
    job_unit, sel_unit, head = unsigned(UNIT_BITS), unsigned(UNIT_BITS), unsigned(UNIT_BITS)
    head_valid, take, job_ends, under_budget, within = (flag() for _ in range(5))
    next_backup, next_walk = flag(), flag()
    # clock < budget, registered: compared in the cycle that uses it, its
    # carry chain began the tree unit's longest path (76.4 MHz)
    under_clock = flag()
    root_end, root_done = flag(), flag()  # the root's expansion's last cycle; not a pass
    requests = unsigned(BATCH)
    root_count, root_count_now, size_first = unsigned(CHILD_BITS), unsigned(CHILD_BITS), \
        unsigned(SIZE_BITS)
    pending = unsigned(BATCH)            # unit u has a descent to back up
    lens = [unsigned(PLY_BITS) for _ in range(1 << UNIT_BITS)]
    len_of_sel = unsigned(PLY_BITS)
    queue = blokus_unit_queue(clk, rst, requests, take, head_valid, head)
    # the unit's inputs, picked
    result_sel, moves_sel = unsigned(RESULT_BITS), unsigned(PLY_BITS)
    me_sel, opp_sel, record_sel = unsigned(N_TILES), unsigned(N_TILES), unsigned(RECORD_BITS)
    # the back-up and the walk
    b_start, b_last, b_done, b_over, d_start, d_last, d_done, d_over = (flag() for _ in range(8))
    d_pass = flag()                      # the root's one child is a pass
    d_leaf_key = unsigned(KEY_BITS)      # the walk's last node's key
    b_path_addr, d_len, d_wr_addr = unsigned(PLY_BITS), unsigned(PLY_BITS), unsigned(PLY_BITS)
    b_path, d_path, d_we = PathEntry(), PathEntry(), flag()
    d_size, size, size_now = unsigned(SIZE_BITS), unsigned(SIZE_BITS), unsigned(SIZE_BITS)
    d_read_valid, d_read_count = flag(), unsigned(CHILD_BITS)   # a choice's children (the walk's)
    root_explore, explore_valid, explore_in_valid = unsigned(EXPLORE_BITS), flag(), flag()
    b_request, d_request, request, result = StatsRequest(), StatsRequest(), StatsRequest(), \
        StatsResult()
    b_root_rd, d_root_rd = unsigned(CHILD_BITS), unsigned(CHILD_BITS)
    rd_key, rd_summary, rd_addr = unsigned(KEY_WORD_BITS), unsigned(SUMMARY_BITS), \
        unsigned(CHILD_BITS)
    b_key_we, b_summary_we, d_summary_we, d_key_we = flag(), flag(), flag(), flag()
    b_real_we, b_real = flag(), unsigned(REAL_BITS)   # a root child backed up: its descents
    b_wr_addr, d_wr_addr_root = unsigned(CHILD_BITS), unsigned(CHILD_BITS)
    b_wr_key, b_wr_summary, d_wr_summary = unsigned(KEY_WORD_BITS), unsigned(SUMMARY_BITS), \
        unsigned(SUMMARY_BITS)
    d_wr_key = unsigned(KEY_WORD_BITS)
    ram_key_we, ram_summary_we, wr_addr = flag(), flag(), unsigned(CHILD_BITS)
    stopped, finished = unsigned(BATCH), flag()    # the units told to stop; all of them
    answer_wait = unsigned(3)    # finished, delayed: the root RAM's read (2 edges), best_key's
    wr_key, wr_summary = unsigned(KEY_WORD_BITS), unsigned(SUMMARY_BITS)
    b_req, b_write, d_req, d_write = flag(), flag(), flag(), flag()
    b_addr, d_addr, b_len, d_len_req = unsigned(ADDR_BITS), unsigned(ADDR_BITS), \
        unsigned(LEN_BITS), unsigned(LEN_BITS)
    b_wr_data, d_wr_data = unsigned(DATA_BITS), unsigned(DATA_BITS)
    use_descent = flag()                 # the SDRAM, the update and the RAM are the walk's
    # the path store: a unit's levels at unit * 2^PLY_BITS + level, read in two cycles
    store = [Signal(intbv(0)[ENTRY_BITS:]) for _ in range(1 << (UNIT_BITS + PLY_BITS))]
    store_read, store_out, store_in = unsigned(ENTRY_BITS), unsigned(ENTRY_BITS), \
        unsigned(ENTRY_BITS)
    write_unit, desc_unit = unsigned(UNIT_BITS), unsigned(UNIT_BITS)

    updater = blokus_stats_updater(clk, rst, request, result)
    ram = blokus_root_children(clk, ram_key_we, ram_summary_we, wr_addr, wr_key, wr_summary, rd_addr,
                               rd_key, rd_summary)
    explorer = blokus_explore(clk, rst, explore_in_valid, descents, explore_valid, root_explore)
    backup = blokus_tree_backup(clk, rst, b_start, len_of_sel, result_sel, moves_sel, me_sel,
                                opp_sel, b_path_addr, b_path, record_addr, record_sel, b_last,
                                b_done, b_over, b_request, result, b_root_rd, rd_key, b_key_we,
                                b_summary_we, b_wr_addr, b_wr_key, b_wr_summary, b_real_we,
                                b_real, b_req, b_write,
                                b_addr, b_len, ready, wr_take, b_wr_data, rd_valid, rd_data,
                                mem_done)
    walk = blokus_tree_descent(clk, rst, d_start, start, root_count_now, root_explore,
                               root_passes, root_tiles_me, root_tiles_opp, size_now, d_last,
                               d_done, d_over, d_len, d_size, d_leaf_key, d_pass, d_read_valid,
                               d_read_count, d_we, d_wr_addr, d_path, scan_start, scan_level,
                               scan_key,
                               scan_last, scan_count, scan_best, list_addr, list_key,
                               list_heuristic, d_request, result, d_root_rd, rd_key, rd_summary,
                               d_summary_we, d_wr_addr_root, d_wr_summary, d_key_we, d_wr_key,
                               d_req,
                               d_write, d_addr, d_len_req, ready, wr_take, d_wr_data, rd_valid,
                               rd_data, mem_done)
    results = [unit_results(RESULT_BITS * (u + 1), RESULT_BITS * u) for u in range(BATCH)]
    moves = [unit_moves(PLY_BITS * (u + 1), PLY_BITS * u) for u in range(BATCH)]
    mes = [unit_placed_me(N_TILES * (u + 1), N_TILES * u) for u in range(BATCH)]
    opps = [unit_placed_opp(N_TILES * (u + 1), N_TILES * u) for u in range(BATCH)]
    records = [unit_records(RECORD_BITS * (u + 1), RECORD_BITS * u) for u in range(BATCH)]
    # three units' inputs picked below; with two, the third is the second's (never picked)
    r0, r1, r2 = (results + results[-1:])[:3]
    m0, m1, m2 = (moves + moves[-1:])[:3]
    e0, e1, e2 = (mes + mes[-1:])[:3]
    o0, o1, o2 = (opps + opps[-1:])[:3]
    c0, c1, c2 = (records + records[-1:])[:3]

    @always_comb
    def schedule():
        # a job ends in this cycle; the next starts at its end when a unit waits
        root_end.next = phase == phase_t.ROOT and d_last
        root_done.next = phase == phase_t.ROOT and d_last and not d_pass
        job_ends.next = (phase == phase_t.NONE or root_end
                         or (phase == phase_t.BACKUP and b_last and not within)
                         or (phase == phase_t.DESCENT and d_last))
        take.next = (running or root_done) and head_valid and job_ends
        # what starts if the job ends, from the queue and registers only: the
        # operations' last cycles come late, and meet these in one gate
        next_backup.next = running and head_valid and pending[head]
        next_walk.next = ((running or root_done) and head_valid and not pending[head]
                          and under_budget)
        under_budget.next = under_clock

    @always_comb
    def unit_requests():
        # every unit begins to wait in the root's last cycle (golden's start)
        if root_done:
            requests.next = unit_request | ((1 << BATCH) - 1)
        else:
            requests.next = unit_request

    @always_comb
    def starts():
        sel_unit.next = job_unit
        if take:
            sel_unit.next = head
        b_start.next = next_backup and job_ends
        d_start.next = (start or (next_walk and job_ends)
                        or (phase == phase_t.BACKUP and b_last and within))

    @always_comb
    def unit_inputs():
        # the result is taken with the back-up's start (the unit starting);
        # the moves, tiles and record are read while it runs (the job's unit)
        if sel_unit == 0:
            result_sel.next = r0
        elif sel_unit == 1:
            result_sel.next = r1
        else:
            result_sel.next = r2
        if job_unit == 0:
            moves_sel.next = m0
            me_sel.next = e0
            opp_sel.next = o0
            record_sel.next = c0
        elif job_unit == 1:
            moves_sel.next = m1
            me_sel.next = e1
            opp_sel.next = o1
            record_sel.next = c1
        else:
            moves_sel.next = m2
            me_sel.next = e2
            opp_sel.next = o2
            record_sel.next = c2

    @always_comb
    def length_of():
        len_of_sel.next = lens[sel_unit]
        if start:                        # the root's scan is unit 0's (job_unit is set at start)
            scan_unit.next = 0
        else:
            scan_unit.next = job_unit
        # the root's expansion starts on the root alone; the search's first
        # walk in its last cycle, on the tree and the root's children it made
        if start:
            size_now.next = 1
        elif root_done:
            size_now.next = d_size
        else:
            size_now.next = size
        size_first.next = d_size - 1
        if root_done:
            root_count_now.next = size_first[CHILD_BITS:]
        else:
            root_count_now.next = root_count

    @always_comb
    def gives():
        # in the walk's last cycle: the unit's replay starts at its end, in
        # the cycle golden's play_out begins
        give.next = 0
        if phase == phase_t.DESCENT and d_last:
            give.next[job_unit] = 1
        give_len.next = d_len
        give_key.next = d_leaf_key

    @always_comb
    def root_passes_out():
        root_pass.next = d_pass

    @always_comb
    def path_copies():
        # the walk's path writes, for the unit's copy (as the path store's)
        key_we.next = 0
        if d_we:
            key_we.next[write_unit] = 1
        key_level.next = d_wr_addr
        key.next = d_path.key

    @always_comb
    def shared():
        # the SDRAM's user side, the statistics update and the root's RAM
        # an operation's request fields are zero while it is idle: an OR
        req.next = d_req or b_req
        req_write.next = d_write or b_write
        req_addr.next = d_addr | b_addr
        req_len.next = d_len_req | b_len
        if use_descent:
            wr_data.next = d_wr_data
            request.valid.next = d_request.valid
            request.n8.next = d_request.n8
            request.w8.next = d_request.w8
            request.descents.next = d_request.descents
            request.n8_add.next = d_request.n8_add
            request.w8_add.next = d_request.w8_add
            request.descent_add.next = d_request.descent_add
        else:
            wr_data.next = b_wr_data
            request.valid.next = b_request.valid
            request.n8.next = b_request.n8
            request.w8.next = b_request.w8
            request.descents.next = b_request.descents
            request.n8_add.next = b_request.n8_add
            request.w8_add.next = b_request.w8_add
            request.descent_add.next = b_request.descent_add
        if finished and not start:
            rd_addr.next = best_place    # the search is over: the answer's key
        elif use_descent or d_start:
            rd_addr.next = d_root_rd
        else:
            rd_addr.next = b_root_rd
        ram_key_we.next = b_key_we or d_key_we
        ram_summary_we.next = b_summary_we or d_summary_we
        if d_summary_we or d_key_we:
            wr_addr.next = d_wr_addr_root
            wr_key.next = d_wr_key
            wr_summary.next = d_wr_summary
        else:
            wr_addr.next = b_wr_addr
            wr_key.next = b_wr_key
            wr_summary.next = b_wr_summary

    @always_comb
    def path_fields():
        store_in.next = concat(d_path.node, d_path.key, d_path.first, d_path.count,
                               d_path.mover_opp)
        b_path.node.next = store_out[ENTRY_BITS:ENTRY_BITS - NODE_BITS]
        b_path.key.next = store_out[ENTRY_BITS - NODE_BITS:NODE_BITS + CHILD_BITS + 1]
        b_path.first.next = store_out[NODE_BITS + CHILD_BITS + 1:CHILD_BITS + 1]
        b_path.count.next = store_out[CHILD_BITS + 1:1]
        b_path.mover_opp.next = store_out[0]

    @always_seq(clk.posedge, reset=None)
    def path_store():
        if d_we:
            store[concat(write_unit, d_wr_addr)].next = store_in
        store_read.next = store[concat(job_unit, b_path_addr)]
        store_out.next = store_read

    @always_seq(clk.posedge, reset=rst)
    def control():
        stop.next = 0
        explore_in_valid.next = True
        write_unit.next = desc_unit      # a walk's writes come a cycle after its control's
        clock.next = clock + 1
        under_clock.next = clock + 1 < budget
        if b_over or d_over:
            overrun.next = True
        p = intbv(0)[BATCH:]             # the units with a descent to back up after this cycle
        p[:] = pending
        if start:
            running.next = False
            clock.next = 1
            under_clock.next = 1 < budget
            p[:] = 0
            descents.next = 0
            best_place.next = 0          # every root child has 0 descents: the first is golden's
            best_descents.next = 0
        elif b_real_we:
            # a root child's descents only grow, one a back-up: the most, the
            # lowest place of equals
            if b_real > best_descents or (b_real == best_descents and b_wr_addr < best_place):
                best_place.next = b_wr_addr
                best_descents.next = b_real
        if b_start:
            descents.next = descents + 1       # the root's descents, its explore factor
            use_descent.next = False
        if d_start:
            use_descent.next = True
            desc_unit.next = sel_unit
        if root_end:
            # golden's start: the search's jobs start, unless the root passes
            size.next = d_size
            root_count.next = size_first[CHILD_BITS:]
            if d_pass:
                stop.next = (1 << BATCH) - 1
            else:
                running.next = True
        if phase == phase_t.DESCENT and d_last:
            lens[job_unit].next = d_len
            size.next = d_size
            p[job_unit] = 1
        if job_ends and phase != phase_t.NONE:
            free_at.next = clock
            if phase == phase_t.BACKUP:
                stop.next[job_unit] = True
        if phase == phase_t.BACKUP and b_last and within:
            phase.next = phase_t.DESCENT
        elif job_ends:
            phase.next = phase_t.NONE
        if take:
            job_unit.next = head
            within.next = under_budget
            if p[head]:
                phase.next = phase_t.BACKUP
                p[head] = 0
            elif under_budget:
                phase.next = phase_t.DESCENT
            else:
                stop.next[head] = True
        if start:                        # the root's expansion, with unit 0's scan
            phase.next = phase_t.ROOT
            job_unit.next = 0
        pending.next = p

    @always_seq(clk.posedge, reset=rst)
    def answer():
        # the units told to stop (as the search's block counts them); once all
        # are, nothing runs and the root RAM's read port gives best_place's key
        s = intbv(0)[BATCH:]
        s[:] = stopped | stop
        if start:
            s[:] = 0
        stopped.next = s
        finished.next = s == (1 << BATCH) - 1
        if start:
            answer_wait.next = 0
        else:
            answer_wait.next = concat(answer_wait[2:0], finished)
        best_key.next = rd_key[KEY_BITS:]

    @always_comb
    def answer_out():
        done.next = answer_wait[2]
        nodes.next = size

    walk_ended, walk_grew, walk_len = flag(), flag(), unsigned(PLY_BITS)
    found_kept, found_now = unsigned(FOUND_BITS), unsigned(FOUND_BITS)   # the last scan's moves

    @always_comb
    def found_of_scan():
        if scan_last:
            found_now.next = scan_found
        else:
            found_now.next = found_kept

    @always_seq(clk.posedge, reset=rst)
    def statistics():
        # golden's counters, a cycle after the walk they count: off the path
        # from an operation's end to the next one's start
        walk_ended.next = phase == phase_t.DESCENT and d_last
        walk_grew.next = d_size != size          # the walk expanded its leaf
        walk_len.next = d_len
        root_read = intbv(0)[CHILD_BITS:]
        below_read = intbv(0)[CHILD_BITS:]
        if walk_ended:
            root_read[:] = root_count
        if d_read_valid:
            below_read[:] = d_read_count
        if start:
            found_kept.next = 0
        elif scan_last:
            found_kept.next = scan_found
        if start:
            tree_plies.next = 0
            max_depth.next = 0
            expansions.next = 0
            busy.next = 0
            scanned.next = 0
            scored.next = 0
        else:
            scanned.next = scanned + root_read + below_read
            if phase != phase_t.NONE:
                busy.next = busy + 1
            if walk_ended:
                tree_plies.next = tree_plies + walk_len - 1
                if walk_len - 1 > max_depth:
                    max_depth.next = walk_len - 1
                if walk_grew:
                    expansions.next = expansions + 1
                    scored.next = scored + found_now
            if root_end:                 # the root's expansion
                expansions.next = 1
                scored.next = found_now

    return (queue, updater, ram, explorer, backup, walk, schedule, unit_requests, starts,
            unit_inputs, length_of, gives, root_passes_out, path_copies, shared, path_fields,
            path_store, control, answer, answer_out, found_of_scan, statistics)


@block
def blokus_tree_unit_on_sdram(clk, rst, start, budget, root_passes, root_tiles_me, root_tiles_opp,
                              unit_request, unit_results, unit_moves, unit_placed_me,
                              unit_placed_opp, record_addr, unit_records, give, stop, give_len,
                              give_key, free_at, descents, overrun, root_pass, best_place,
                              best_descents, done, best_key, nodes, tree_plies, max_depth,
                              expansions, busy, scanned, scored, scan_start, scan_unit, scan_level,
                              scan_key, scan_last, scan_count, scan_best, scan_found, list_addr,
                              list_key, list_heuristic, key_we, key_level, key, sd_cke, sd_cs_n,
                              sd_ras_n, sd_cas_n, sd_we_n, sd_ba, sd_addr, sd_dqm, sd_dq_o,
                              sd_dq_oe, sd_dq_i, clk_hz=50000000):
    """blokus_tree_unit on the SDRAM controller, the chip's pins outside:
    the unit bench's top (the bench plays the playout units, their records,
    their scans and the list of a scan's moves)."""
    from hdl.sdram_user import SdramUser, sdram_serving
    mem = SdramUser()
    memory = sdram_serving(clk, rst, mem, sd_cke, sd_cs_n, sd_ras_n, sd_cas_n, sd_we_n, sd_ba,
                            sd_addr, sd_dqm, sd_dq_o, sd_dq_oe, sd_dq_i, clk_hz=clk_hz)
    unit = blokus_tree_unit(clk, rst, start, budget, root_passes, root_tiles_me, root_tiles_opp,
                            unit_request, unit_results, unit_moves, unit_placed_me, unit_placed_opp,
                            record_addr, unit_records, give, stop, give_len, give_key, free_at,
                            descents, overrun, root_pass, best_place, best_descents, done, best_key,
                            nodes, tree_plies, max_depth, expansions, busy, scanned, scored,
                            scan_start, scan_unit, scan_level, scan_key, scan_last, scan_count,
                            scan_best, scan_found, list_addr, list_key, list_heuristic, key_we,
                            key_level, key, mem.req, mem.req_write, mem.req_addr, mem.req_len,
                            mem.ready, mem.wr_take, mem.wr_data, mem.rd_valid, mem.rd_data,
                            mem.done)
    return unit, memory
