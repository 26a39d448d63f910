"""The tree unit's back-up of one descent: each path node's update, then
RAVE's match at the path nodes from the leaf's parent up with the updates
of the children it keeps, back to back in exactly golden's cycles
(golden.blokus.mcts ``_Search.back_up``)."""
from myhdl import always_comb, always_seq, block, concat, enum, Signal

from golden.blokus.mcts import RAVE_CHILD_MAX
from hdl.blokus.child_select import CHILD_BITS
from hdl.blokus.child_summary import SUMMARY_BITS
from hdl.blokus.playout import PLY_BITS, RECORD_BITS
from hdl.blokus.rave_match import KEY_WORD_BITS, RESULT_BITS, WEIGHT_BITS
from hdl.blokus.stats_update import ADD_BITS, REAL_BITS
from hdl.blokus.tables import N_TILES
from hdl.blokus.tree_layout import KEY_BITS, NODE_BITS, STATS_BASE, STATS_WORDS
from hdl.blokus.tree_rave import MATCH_BITS, blokus_tree_rave
from hdl.blokus.tree_update import blokus_tree_update
from hdl.sdram_timing import ADDR_BITS, DATA_BITS, LEN_BITS
from hdl.signals import flag, unsigned

ROOT_FIRST = 1
"""The root's first child: golden expands the root first (Tree.add_children
gives its children nodes 1 to count), so a root child's place is its node - 1."""
WIN = 256                            # golden's result of a won playout; a lost one is 0


class PathEntry:
    """One node of a descent's path as the descent records it (level 0 the
    root), read two cycles after its address: node, key (the move that led
    to it, KEY_BITS), first and count (its LINK, count 0 when it is not
    expanded), mover_opp (the side that chooses at it is the opponent)."""

    def __init__(self):
        self.node, self.key = unsigned(NODE_BITS), unsigned(KEY_BITS)
        self.first, self.count = unsigned(NODE_BITS), unsigned(CHILD_BITS)
        self.mover_opp = flag()


@block
def blokus_tree_backup(clk, rst, start, path_len, result_me, moves, placed_me, placed_opp,
                       path_addr, path, record_addr, record_data, last, done, overrun, request,
                       result,
                       root_rd_addr, root_rd_key, root_key_we, root_summary_we, root_wr_addr,
                       root_wr_key, root_wr_summary, root_real_we, root_real, req, req_write,
                       req_addr, req_len, ready, wr_take, wr_data, rd_valid, rd_data, mem_done):
    """golden's back-up of one descent in the SDRAM, in exactly golden's cycles.

    Ports:
        start        in   begin (taken when idle or in the cycle of `last`): the
                          descent below
        path_len     in   PLY_BITS: its path's nodes, the root's included (1 or more)
        result_me    in   RESULT_BITS: its playout's result for ME (0, 128, 256)
        moves, placed_me, placed_opp  in  blokus_tree_rave's: the descent's
                          moves (tree and playout), each side's tiles placed
        path_addr    out  PLY_BITS: the level of the path read (a register)
        path         in   PathEntry: that level, two cycles after
        record_addr  out, record_data in  the playout unit's record (blokus_tree_rave's)
        last         out  (combinational) the back-up's last cycle, its last
                          operation's: a `start` in it (this block's or
                          another operation's) is taken at its end
        done         out  one cycle, golden's back-up cost after `start` was
                          taken (the cycle after `last`)
        overrun      out  sticky: an operation overran golden's cost
        request, result   the tree unit's blokus_stats_update (blokus_tree_update's)
        root_rd_addr out, root_rd_key in   the root's keys on chip (blokus_tree_rave's)
        root_key_we, root_summary_we  out  one cycle: a root child's new KEY
                          word (`root_wr_key`: its flag set) or SUMMARY
                          (`root_wr_summary`) for the RAM on chip, at place
                          `root_wr_addr` (CHILD_BITS)
        root_real_we out  one cycle: the root child at `root_wr_addr` was backed
                          up; `root_real` (REAL_BITS) its descents now (the
                          tree unit keeps the answer from these)
        req .. mem_done   the SDRAM controller's user side (hdl/sdram_controller.py)
    `path_len` and `result_me` are taken with `start`; the rest of the
    descent (its moves, tiles, path and record) must hold until `done`.
    How: golden's order with no cycle between the operations, each started
    in the last cycle of the one before (its `last`) and taking its inputs
    with its `start`: an update of each path node from the
    root down (blokus_tree_update: n8 + 256 at the root, w8 + the result of
    the side that chose the node, a descent, the KEY word's flag below the
    root), then from the leaf's parent up each node whose descents are still
    at most RAVE_PARENT_MAX (blokus_stats_update's `rave_parent` of its
    update) RAVE's match (blokus_tree_rave) and an update of each child it
    keeps. A node's descents are never more than its parent's (each back-up
    adds one to every node of its path), so the nodes RAVE visits are the
    levels from the leaf's parent up to the highest that is still under the
    limit: the control counts them as the back-up goes and reads each one's
    LINK and mover from the path while the operation before it runs.
    """
    for name, port, bits in (("path_len", path_len, PLY_BITS),
                             ("result_me", result_me, RESULT_BITS), ("moves", moves, PLY_BITS),
                             ("placed_me", placed_me, N_TILES), ("placed_opp", placed_opp, N_TILES),
                             ("path_addr", path_addr, PLY_BITS),
                             ("record_data", record_data, RECORD_BITS),
                             ("root_rd_addr", root_rd_addr, CHILD_BITS),
                             ("root_rd_key", root_rd_key, KEY_WORD_BITS),
                             ("root_wr_addr", root_wr_addr, CHILD_BITS),
                             ("root_wr_key", root_wr_key, KEY_WORD_BITS),
                             ("root_wr_summary", root_wr_summary, SUMMARY_BITS),
                             ("root_real", root_real, REAL_BITS),
                             ("req_addr", req_addr, ADDR_BITS), ("req_len", req_len, LEN_BITS),
                             ("wr_data", wr_data, DATA_BITS), ("rd_data", rd_data, DATA_BITS)):
        if len(port) != bits:
            raise ValueError("blokus_tree_backup: %s must have %d bits, has %d"
                             % (name, bits, len(port)))
    mode = enum("IDLE", "BACKUP", "RAVE", "RAVE_UPDATES")
    state = Signal(mode.IDLE)
    # the node update (blokus_tree_update) and RAVE's match (blokus_tree_rave)
    upd_start, upd_last, upd_done, upd_overrun, upd_desc, upd_flag = (flag() for _ in range(6))
    upd_node, upd_key, upd_stats = unsigned(NODE_BITS), unsigned(KEY_BITS), unsigned(ADDR_BITS)
    upd_n8, upd_w8 = unsigned(ADD_BITS), unsigned(ADD_BITS)
    u_req, u_write, r_req, r_write = (flag() for _ in range(4))
    u_addr, r_addr = unsigned(ADDR_BITS), unsigned(ADDR_BITS)
    u_len, r_len = unsigned(LEN_BITS), unsigned(LEN_BITS)
    rave_start, rave_last, rave_done, rave_overrun, rave_at_root = (flag() for _ in range(5))
    match_count, match_addr = unsigned(MATCH_BITS), unsigned(MATCH_BITS)
    match_place, match_node = unsigned(CHILD_BITS), unsigned(NODE_BITS)
    match_stats, match_some = unsigned(ADDR_BITS), flag()
    match_n8, match_w8 = unsigned(WEIGHT_BITS), unsigned(WEIGHT_BITS)
    finish, late = flag(), flag()
    # the descent as taken with start
    last_level = unsigned(PLY_BITS)
    r_me, r_opp = unsigned(RESULT_BITS), unsigned(RESULT_BITS)
    len_in, fresh = unsigned(PLY_BITS), flag()   # the path's length as taken; the cycle after
    # registered a cycle after what they compare (an update's last cycle is 60 after its start)
    at_last_level, at_last_index = flag(), flag()
    level = unsigned(PLY_BITS)           # the path node being backed up
    # the next back-up's node, read ahead from the path: node, key, result,
    # its place among the root's children; the mover of the last node read
    pf_node, pf_key, pf_r = unsigned(NODE_BITS), unsigned(KEY_BITS), unsigned(RESULT_BITS)
    pf_stats = unsigned(ADDR_BITS)
    pf_place, last_mover = unsigned(CHILD_BITS), flag()
    # RAVE's nodes: levels rave_above - 1 down to rave_low; the next one read
    # ahead (rv_*), valid when rv_valid
    rave_above, rave_low = unsigned(PLY_BITS), unsigned(PLY_BITS)
    rv_valid, rv_mover = flag(), flag()
    rv_level, rv_first = unsigned(PLY_BITS), unsigned(NODE_BITS)
    rv_count, rv_r = unsigned(CHILD_BITS), unsigned(RESULT_BITS)
    # the path's reads: asked (0), address given (1), word here (2); what for
    ask_backup, got1_backup, got2_backup = flag(), flag(), flag()
    ask_rave, got1_rave, got2_rave = flag(), flag(), flag()
    asked_level1, asked_level2 = unsigned(PLY_BITS), unsigned(PLY_BITS)
    # the update running: a root child's (its place), its key; RAVE's update index
    cur_root_child, cur_backup = flag(), flag()
    cur_place, cur_key = unsigned(CHILD_BITS), unsigned(KEY_BITS)
    update_index, last_index = unsigned(MATCH_BITS), unsigned(MATCH_BITS)

    updater = blokus_tree_update(clk, rst, upd_start, upd_node, upd_stats, upd_n8, upd_w8, upd_desc, upd_flag,
                                 upd_key, upd_last, upd_done, upd_overrun, request, result, u_req, u_write,
                                 u_addr, u_len, ready, wr_take, wr_data, rd_valid, rd_data,
                                 mem_done)
    matcher = blokus_tree_rave(clk, rst, rave_start, rave_at_root, rv_first, rv_count, rv_mover,
                               rv_level, moves, rv_r, placed_me, placed_opp, record_addr,
                               record_data, rave_last, rave_done, rave_overrun, match_count,
                               match_some, match_addr, match_place, match_node, match_stats,
                               match_n8, match_w8, root_rd_addr,
                               root_rd_key, r_req, r_write, r_addr, r_len, ready, rd_valid, rd_data,
                               mem_done)

    @always_comb
    def memory_user():
        # an operation's request fields are zero while it is idle: an OR, not a
        # multiplexer, between them and the controller
        req.next = r_req or u_req
        req_write.next = r_write or u_write
        req_addr.next = r_addr | u_addr
        req_len.next = r_len | u_len

    @always_comb
    def rave_root():
        rave_at_root.next = rv_level == 0

    @always_comb
    def sequence():
        # which operation starts at this cycle's end (this one's last)
        upd_start.next = False
        rave_start.next = False
        finish.next = False
        if state == mode.IDLE:
            upd_start.next = start
        elif state == mode.BACKUP:
            if upd_last:
                if not at_last_level:
                    upd_start.next = True
                elif rv_valid:
                    rave_start.next = True
                else:
                    finish.next = True
        elif state == mode.RAVE:
            if rave_last:
                if match_some:
                    upd_start.next = True
                elif rv_valid:
                    rave_start.next = True
                else:
                    finish.next = True
        else:
            if upd_last:
                if not at_last_index:
                    upd_start.next = True
                elif rv_valid:
                    rave_start.next = True
                else:
                    finish.next = True
        if finish and start:             # the next descent's back-up: its root's update
            upd_start.next = True

    @always_comb
    def update_inputs():
        # the next update's, taken with its start: the root's, a path node's or a child RAVE kept
        if state == mode.IDLE or finish:
            upd_node.next = 0
            upd_stats.next = STATS_BASE
            upd_key.next = 0
            upd_n8.next = WIN
            upd_w8.next = result_me
            upd_desc.next = True
            upd_flag.next = False
        elif state == mode.BACKUP:
            upd_node.next = pf_node
            upd_stats.next = pf_stats
            upd_key.next = pf_key
            upd_n8.next = 0
            upd_w8.next = pf_r
            upd_desc.next = True
            upd_flag.next = True
        else:
            upd_node.next = match_node
            upd_stats.next = match_stats
            upd_key.next = 0
            upd_n8.next = concat(False, match_n8)
            upd_w8.next = concat(False, match_w8)
            upd_desc.next = False
            upd_flag.next = False

    @always_comb
    def outputs():
        last.next = finish

    @always_seq(clk.posedge, reset=rst)
    def control():
        ask_backup.next = False
        ask_rave.next = False
        got1_backup.next = ask_backup
        got1_rave.next = ask_rave
        got2_backup.next = got1_backup
        got2_rave.next = got1_rave
        asked_level1.next = path_addr
        asked_level2.next = asked_level1
        root_key_we.next = False
        root_summary_we.next = False
        root_real_we.next = False
        done.next = False
        if upd_overrun or rave_overrun or late:
            overrun.next = True
        fresh.next = False
        at_last_level.next = level == last_level
        at_last_index.next = update_index == last_index
        r_opp.next = WIN - r_me          # ready a cycle after start: its first use is 2 later
        if fresh:                        # from the path's length taken with start
            last_level.next = len_in - 1
            rave_above.next = len_in - 1
        # the state
        if state == mode.IDLE:
            pass
        elif finish:
            state.next = mode.IDLE
            done.next = True
        elif rave_start:
            state.next = mode.RAVE
            rv_valid.next = False
            cur_root_child.next = rv_level == 0
        elif upd_start:
            if state == mode.BACKUP:
                level.next = level + 1
                cur_root_child.next = level == 0
                cur_place.next = pf_place
                cur_key.next = pf_key
                if level + 2 <= last_level:
                    path_addr.next = level + 2
                    ask_backup.next = True
            else:
                state.next = mode.RAVE_UPDATES
                cur_backup.next = False
                cur_place.next = match_place
                if state == mode.RAVE:
                    update_index.next = 0
                    last_index.next = match_count - 1
                    match_addr.next = 1
                else:
                    update_index.next = update_index + 1
                    match_addr.next = match_addr + 1
        if rave_start or (state == mode.IDLE and not start):
            match_addr.next = 0
        # RAVE's next node read ahead once the back-up has counted them all
        if (not rv_valid and not ask_rave and not got1_rave and not got2_rave and not fresh
                and rave_above > rave_low and not rave_start
                and (state == mode.RAVE or state == mode.RAVE_UPDATES
                     or (state == mode.BACKUP and level == last_level))):
            path_addr.next = rave_above - 1
            rave_above.next = rave_above - 1
            ask_rave.next = True
        if got2_backup:
            pf_node.next = path.node
            pf_stats.next = STATS_BASE + STATS_WORDS * path.node
            pf_key.next = path.key
            pf_place.next = path.node - ROOT_FIRST
            pf_r.next = r_opp if last_mover else r_me
            last_mover.next = path.mover_opp
        if got2_rave:
            rv_valid.next = True
            rv_level.next = asked_level2
            rv_first.next = path.first
            rv_count.next = path.count
            rv_mover.next = path.mover_opp
            rv_r.next = r_opp if path.mover_opp else r_me
        # what an update gives: RAVE's lowest node (the back-up's descents),
        # the root's copies of a root child's SUMMARY and flagged KEY word
        if result.valid and state != mode.IDLE:
            if cur_backup and level != last_level and not result.rave_parent:
                rave_low.next = level + 1
            if cur_root_child:
                root_summary_we.next = True
                root_wr_addr.next = cur_place
                root_wr_summary.next = result.summary
                root_real_we.next = cur_backup
                root_real.next = result.descents
                if cur_backup and result.descents == RAVE_CHILD_MAX + 1:
                    root_key_we.next = True
                    root_wr_key.next = concat(True, cur_key)
        # RAVE's next node must be read by the time the last one ends
        if finish and rave_above > rave_low:
            late.next = True
        if start and (state == mode.IDLE or finish):
            state.next = mode.BACKUP
            len_in.next = path_len
            fresh.next = True
            r_me.next = result_me
            level.next = 0
            last_mover.next = False        # ME chooses at the root
            rave_low.next = 0
            rv_valid.next = False
            cur_root_child.next = False
            cur_backup.next = True
            if path_len > 1:
                path_addr.next = 1
                ask_backup.next = True

    return updater, matcher, memory_user, rave_root, sequence, update_inputs, outputs, control


@block
def blokus_tree_backup_on_sdram(clk, rst, start, path_len, result_me, moves, placed_me,
                                placed_opp, path_addr, path, record_addr, record_data, last,
                                done, overrun, root_key_we, root_summary_we, root_wr_addr, root_wr_key,
                                root_wr_summary, load_key_we, load_summary_we, load_addr,
                                load_key, load_summary, sd_cke, sd_cs_n, sd_ras_n, sd_cas_n,
                                sd_we_n, sd_ba, sd_addr, sd_dqm, sd_dq_o, sd_dq_oe, sd_dq_i,
                                clk_hz=50000000):
    """blokus_tree_backup on the SDRAM controller, the tree unit's
    blokus_stats_update and the root's RAM (blokus_root_children, loaded
    through `load_*` as the root's expansion and earlier back-ups would; the
    back-up's writes to it are outputs too), the chip's pins outside: the
    unit bench's top."""
    from hdl.blokus.root_children import blokus_root_children
    from hdl.blokus.stats_update import StatsRequest, StatsResult, blokus_stats_updater
    from hdl.sdram_user import SdramUser, sdram_serving
    mem = SdramUser()
    memory = sdram_serving(clk, rst, mem, sd_cke, sd_cs_n, sd_ras_n, sd_cas_n, sd_we_n, sd_ba,
                            sd_addr, sd_dqm, sd_dq_o, sd_dq_oe, sd_dq_i, clk_hz=clk_hz)
    request, result = StatsRequest(), StatsResult()
    rd_addr, rd_key, rd_summary = (unsigned(CHILD_BITS), unsigned(KEY_WORD_BITS),
                                   unsigned(SUMMARY_BITS))
    key_we, summary_we, wr_addr = flag(), flag(), unsigned(CHILD_BITS)
    wr_key, wr_summary = unsigned(KEY_WORD_BITS), unsigned(SUMMARY_BITS)
    backed_we, backed_real = flag(), unsigned(REAL_BITS)   # the tree unit's: its bench checks them
    updater = blokus_stats_updater(clk, rst, request, result)
    backup = blokus_tree_backup(clk, rst, start, path_len, result_me, moves, placed_me, placed_opp,
                                path_addr, path, record_addr, record_data, last, done, overrun,
                                request, result, rd_addr, rd_key, root_key_we, root_summary_we,
                                root_wr_addr, root_wr_key, root_wr_summary, backed_we,
                                backed_real, mem.req, mem.req_write, mem.req_addr, mem.req_len,
                                mem.ready, mem.wr_take, mem.wr_data, mem.rd_valid, mem.rd_data,
                                mem.done)

    @always_comb
    def root_writes():
        key_we.next = load_key_we or root_key_we
        summary_we.next = load_summary_we or root_summary_we
        if load_key_we or load_summary_we:
            wr_addr.next = load_addr
            wr_key.next = load_key
            wr_summary.next = load_summary
        else:
            wr_addr.next = root_wr_addr
            wr_key.next = root_wr_key
            wr_summary.next = root_wr_summary

    ram = blokus_root_children(clk, key_we, summary_we, wr_addr, wr_key, wr_summary, rd_addr,
                               rd_key, rd_summary)
    return updater, backup, root_writes, ram, memory
