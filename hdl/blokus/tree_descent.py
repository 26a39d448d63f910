"""The tree unit's walk down a descent: a choice at each node with its
virtual loss from the root, the path recorded, an expansion on the way after
the scan of its position, back to back in exactly golden's cycles
(golden.blokus.mcts ``_Search.down``)."""
from myhdl import Signal, always_comb, always_seq, block, enum

from golden.blokus.mcts import EXPAND_AFTER, KEY_PASS, PRIOR_ATTACH, PRIOR_BLOCK, TREE_NODES
from hdl.blokus.child_select import CHILD_BITS
from hdl.blokus.child_summary import SUMMARY_BITS
from hdl.blokus.explore import blokus_explore
from hdl.blokus.playout import PLY_BITS
from hdl.blokus.prior_score import HEURISTIC_BITS
from hdl.blokus.root_clear import blokus_root_clear
from hdl.blokus.rave_match import KEY_WORD_BITS
from hdl.blokus.stats_update import REAL_BITS
from hdl.blokus.tables import N_TILES, TILE_SIZE
from hdl.blokus.tree_backup import ROOT_FIRST
from hdl.blokus.tree_expand import blokus_tree_expand
from hdl.blokus.tree_layout import KEY_BITS, NODE_BITS
from hdl.blokus.tree_select import blokus_tree_select
from hdl.blokus.uct_score import EXPLORE_BITS
from hdl.sdram_timing import ADDR_BITS, DATA_BITS, LEN_BITS
from hdl.signals import flag, unsigned

SIZE_BITS = TREE_NODES.bit_length()      # the tree's size, 0 .. TREE_NODES
TILE_BITS = N_TILES.bit_length()         # a side's tiles placed, 0 .. 21
if min(TILE_SIZE) < 1 or PRIOR_BLOCK < 0 or PRIOR_ATTACH < 0:
    raise ValueError("blokus_tree_descent tells the root's pass from its scan's best h, 0 for a "
                     "pass and at least a tile's size for a move: golden's prior_heuristic "
                     "must stay so")
if KEY_PASS >= 1 << KEY_BITS:
    raise ValueError("blokus_tree_descent: golden's KEY_PASS does not fit a key's %d bits"
                     % KEY_BITS)


@block
def blokus_tree_descent(clk, rst, start, expand_root, root_count, root_explore, root_passes,
                        root_tiles_me, root_tiles_opp, tree_size, last, done, overrun, path_len,
                        new_size, leaf_key, root_pass, read_valid, read_count, path_we, path_wr_addr, path_wr,
                        scan_start, scan_level, scan_key, scan_last, scan_count, scan_best,
                        list_addr, list_key, list_heuristic, request, result, root_rd_addr,
                        root_rd_key, root_rd_summary, root_we, root_wr_addr, root_wr_summary,
                        root_key_we, root_wr_key, req, req_write, req_addr, req_len, ready, wr_take,
                        wr_data, rd_valid, rd_data, mem_done):
    """golden's walk down one descent in the SDRAM, in exactly golden's cycles.

    Ports:
        start        in   begin (taken when idle or in the cycle of `last`): a
                          descent from the root, with the inputs below
        expand_root  in   (with `start`) the root's expansion instead, on an
                          empty tree (`tree_size` 1): the scan of the root's
                          position (`scan_level` 0), the writes of its
                          children with no virtual loss and their KEY words
                          and summaries into the root's RAM (golden's
                          ``expand(tree, 0, root)`` in ``search``); no path
                          written, no children read counted
        root_count   in   CHILD_BITS: the root's children (its first is ROOT_FIRST)
        root_explore in   EXPLORE_BITS: explore_q16 of the root's descents
        root_passes  in   2 bits: the passes in a row that led to the root's position
        root_tiles_me, root_tiles_opp  in  TILE_BITS: each side's tiles on the board
        tree_size    in   SIZE_BITS: the tree's nodes (the next expansion's first child)
        last         out  (combinational) the walk's last cycle: a `start` in it
                          (this block's or another operation's) is taken at its end
        done         out  one cycle, golden's cost of the walk after `start`
                          was taken (the cycle after `last`)
        overrun      out  sticky: an operation overran golden's cost
        path_len     out  PLY_BITS: the path's nodes, the root's included (in
                          the cycle of `last`)
        new_size     out  SIZE_BITS: the tree's nodes after the walk (in the
                          cycle of `last`)
        leaf_key     out  KEY_BITS: the key of the path's last node (in the
                          cycle of `last`; the playout unit replays it first)
        root_pass    out  after the root's expansion (from its `last`): the
                          root's one child is a pass (the side has no move)
        read_valid, read_count  out  one cycle, CHILD_BITS: a choice below
                          the root is made among `read_count` children (the
                          cycle after the choice above it ends, or after the
                          scan that expanded the node): golden's `scanned`
                          is these and the root's count a walk
        path_we, path_wr_addr, path_wr  out  one cycle: level `path_wr_addr`
                          (PLY_BITS) of the path is `path_wr` (PathEntry:
                          node, key, LINK, mover), for the store the back-up
                          reads; an expanded node's level is written again
                          with its new LINK; the leaf's at the end of the
                          walk's last cycle, the root's in the cycle after
                          `start` was taken
        scan_start   out  (combinational) the scan of the position at
                          `scan_level` (PLY_BITS: the path's last level so far)
                          starts at this cycle's end: the playout unit's
                          replay of the path's keys, then blokus_expand_scan
        scan_key     out  KEY_BITS: the key of the node scanned, from the
                          cycle after scan_start (its path write comes then)
        scan_last    in   the scan's last cycle (golden's replay_work and
                          expand_work after it started), with ...
        scan_count, scan_best  in  ... CHILD_BITS, HEURISTIC_BITS: the node's
                          children (its first MAX_CHILDREN moves; 1, a pass,
                          when it has none) and their best h; scan_count
                          from the cycle before scan_last (the expansion
                          scan's count is final before its moves' pipeline
                          drains)
        list_addr out, list_key in, list_heuristic in  the scan's moves
                          (blokus_tree_expand's list)
        request, result   the tree unit's blokus_stats_update (blokus_tree_select's)
        root_rd_addr .. root_wr_summary  the root's RAM (blokus_tree_select's;
                          root_we, root_wr_addr and root_wr_summary also
                          blokus_tree_expand's summaries at the root's expansion)
        root_key_we, root_wr_key  out  the root's expansion's KEY words for
                          the root's RAM (at root_wr_addr)
        req .. mem_done   the SDRAM controller's user side (hdl/sdram_controller.py)
    The inputs are taken with `start`.
    How: golden's loop with no cycle between the operations, each started in
    the last cycle of the one before (its `last`): the choice at the root
    (blokus_tree_select, which writes the chosen child's virtual loss and
    gives its key, LINK and descents); at the child, the end of the game
    (two passes in a row, or a side's 21 tiles, counted from the keys), a
    choice again when it has children, the end of the walk when it has
    fewer than EXPAND_AFTER descents, else the scan of its position and,
    when the tree has room for its children, an expansion's writes with
    the virtual loss of the child the choice would take (blokus_tree_expand),
    which ends the walk. A node's exploration factor (blokus_explore) is
    ready from its descents before the choice above it ends.
    """
    for name, port, bits in (("root_count", root_count, CHILD_BITS),
                             ("root_explore", root_explore, EXPLORE_BITS),
                             ("root_passes", root_passes, 2),
                             ("root_tiles_me", root_tiles_me, TILE_BITS),
                             ("root_tiles_opp", root_tiles_opp, TILE_BITS),
                             ("tree_size", tree_size, SIZE_BITS), ("path_len", path_len, PLY_BITS),
                             ("leaf_key", leaf_key, KEY_BITS),
                             ("new_size", new_size, SIZE_BITS),
                             ("read_count", read_count, CHILD_BITS),
                             ("path_wr_addr", path_wr_addr, PLY_BITS),
                             ("scan_level", scan_level, PLY_BITS),
                             ("scan_count", scan_count, CHILD_BITS),
                             ("scan_best", scan_best, HEURISTIC_BITS),
                             ("list_addr", list_addr, CHILD_BITS), ("list_key", list_key, KEY_BITS),
                             ("list_heuristic", list_heuristic, HEURISTIC_BITS),
                             ("root_rd_addr", root_rd_addr, CHILD_BITS),
                             ("root_rd_key", root_rd_key, KEY_WORD_BITS),
                             ("root_rd_summary", root_rd_summary, SUMMARY_BITS),
                             ("root_wr_addr", root_wr_addr, CHILD_BITS),
                             ("root_wr_summary", root_wr_summary, SUMMARY_BITS),
                             ("req_addr", req_addr, ADDR_BITS), ("req_len", req_len, LEN_BITS),
                             ("wr_data", wr_data, DATA_BITS), ("rd_data", rd_data, DATA_BITS)):
        if len(port) != bits:
            raise ValueError("blokus_tree_descent: %s must have %d bits, has %d"
                             % (name, bits, len(port)))
    mode = enum("IDLE", "SELECT", "SCAN", "EXPAND")
    state = Signal(mode.IDLE)
    # the choice (blokus_tree_select)
    sel_start, sel_at_root, sel_last, sel_done, sel_overrun = (flag() for _ in range(5))
    sel_first, sel_count, sel_explore = unsigned(NODE_BITS), unsigned(CHILD_BITS), \
        unsigned(EXPLORE_BITS)
    chosen, chosen_key, chosen_first = unsigned(NODE_BITS), unsigned(KEY_BITS), unsigned(NODE_BITS)
    chosen_count, chosen_real = unsigned(CHILD_BITS), unsigned(REAL_BITS)
    s_req, s_write, s_addr, s_len = flag(), flag(), unsigned(ADDR_BITS), unsigned(LEN_BITS)
    s_wr_data = unsigned(DATA_BITS)
    # the expansion's writes (blokus_tree_expand)
    exp_start, exp_last, exp_done, exp_overrun, exp_loss = (flag() for _ in range(5))
    exp_chosen, exp_key = unsigned(CHILD_BITS), unsigned(KEY_BITS)
    exp_first = unsigned(NODE_BITS)
    e_req, e_write, e_addr, e_len = flag(), flag(), unsigned(ADDR_BITS), unsigned(LEN_BITS)
    e_wr_data = unsigned(DATA_BITS)
    exp_key_we, exp_summary_we = flag(), flag()      # the root's RAM, at the root's expansion
    exp_wr_addr, exp_wr_key, exp_wr_summary = (unsigned(CHILD_BITS), unsigned(KEY_WORD_BITS),
                                               unsigned(SUMMARY_BITS))
    sel_root_we, sel_wr_addr, sel_wr_summary = flag(), unsigned(CHILD_BITS), \
        unsigned(SUMMARY_BITS)
    rooting = flag()                     # the walk is the root's expansion
    # the root's words as golden's empty tree has them, written during its scan
    clear_start, clear_busy, z_req, z_write = flag(), flag(), flag(), flag()
    z_addr, z_len, z_wr_data = unsigned(ADDR_BITS), unsigned(LEN_BITS), unsigned(DATA_BITS)
    use_expand = flag()                  # the SDRAM's user side is the expansion's
    # the chosen child's exploration factor, from its descents
    explore_in_valid, explore_out_valid = flag(), flag()
    child_explore = unsigned(EXPLORE_BITS)
    # the walk: the path's last level, its node and key; the game at it
    level, node_key = unsigned(PLY_BITS), unsigned(KEY_BITS)
    node = unsigned(NODE_BITS)
    passes, tiles_me, tiles_opp = unsigned(2), unsigned(TILE_BITS), unsigned(TILE_BITS)
    size = unsigned(SIZE_BITS)
    expanded_first = unsigned(NODE_BITS)     # the first new child of the walk's expansion
    root_entry, root_count_in = flag(), unsigned(CHILD_BITS)
    space = unsigned(SIZE_BITS)          # TREE_NODES - size: the room for new nodes
    # the choice just made: does its move end the game; does the scan's node fit
    over_next, go_on, too_few, room, finish = (flag() for _ in range(5))

    chooser = blokus_tree_select(clk, rst, sel_start, sel_at_root, sel_first, sel_count,
                                 sel_explore, sel_last, sel_done, sel_overrun, chosen, chosen_key,
                                 chosen_first, chosen_count, chosen_real, root_rd_addr,
                                 root_rd_key, root_rd_summary, sel_root_we, sel_wr_addr,
                                 sel_wr_summary, request, result, s_req, s_write, s_addr, s_len,
                                 ready, wr_take, s_wr_data, rd_valid, rd_data, mem_done)
    writer = blokus_tree_expand(clk, rst, exp_start, node, exp_first, scan_count, scan_best,
                                exp_loss, exp_last, exp_done, exp_overrun, exp_chosen, exp_key,
                                list_addr, list_key, list_heuristic, exp_key_we, exp_summary_we,
                                exp_wr_addr, exp_wr_key, exp_wr_summary, e_req, e_write, e_addr,
                                e_len, ready, wr_take, e_wr_data, mem_done)
    explorer = blokus_explore(clk, rst, explore_in_valid, chosen_real, explore_out_valid,
                              child_explore)
    clearer = blokus_root_clear(clk, rst, clear_start, clear_busy, z_req, z_write, z_addr, z_len,
                                ready, z_wr_data, mem_done)

    @always_comb
    def memory_user():
        # an operation's request fields are zero while it is idle: an OR, not a
        # multiplexer, between them and the controller
        req.next = e_req or s_req or z_req
        req_write.next = e_write or s_write or z_write
        req_addr.next = e_addr | s_addr | z_addr
        req_len.next = e_len | s_len | z_len
        if use_expand:
            wr_data.next = e_wr_data
        elif clear_busy:                 # the root's words: during its scan, before any choice
            wr_data.next = z_wr_data
        else:
            wr_data.next = s_wr_data
        clear_start.next = start and expand_root and state == mode.IDLE

    @always_comb
    def root_writes():
        # the root's RAM: the choice's virtual loss, or the root's expansion
        root_key_we.next = rooting and exp_key_we
        root_wr_key.next = exp_wr_key
        if rooting:
            root_we.next = exp_summary_we
            root_wr_addr.next = exp_wr_addr
            root_wr_summary.next = exp_wr_summary
        else:
            root_we.next = sel_root_we
            root_wr_addr.next = sel_wr_addr
            root_wr_summary.next = sel_wr_summary

    @always_seq(clk.posedge, reset=rst)
    def decisions():
        # what the choice's last cycle decides, from the chosen child's key,
        # LINK and descents a cycle before (the choice gives them 12 cycles or
        # more before its end): does its move end the game (by its chooser, ME
        # at even levels), does the walk go on from it, has it too few descents
        over = False
        if chosen_key == KEY_PASS:
            over = passes != 0
        elif level[0]:
            over = tiles_opp == N_TILES - 1
        else:
            over = tiles_me == N_TILES - 1
        over_next.next = over
        go_on.next = chosen_count != 0 and not over
        too_few.next = chosen_real < EXPAND_AFTER

    @always_seq(clk.posedge, reset=rst)
    def fits():
        # a register: scan_count comes a cycle before scan_last, and `space`
        # holds through the scan. Compared in scan_last's cycle, its carry
        # chain began the tree unit's longest path (74.4 MHz).
        room.next = scan_count <= space

    @always_comb
    def sequence():
        # which operation starts at this cycle's end (this one's last)
        sel_start.next = False
        scan_start.next = False
        exp_start.next = False
        finish.next = False
        if state == mode.IDLE:
            if expand_root:
                scan_start.next = start
            else:
                sel_start.next = start
        elif state == mode.SELECT:
            if sel_last:
                if over_next:
                    finish.next = True
                elif go_on:
                    sel_start.next = True
                elif too_few:
                    finish.next = True
                else:
                    scan_start.next = True
        elif state == mode.SCAN:
            if scan_last:
                if room:
                    exp_start.next = True
                else:
                    finish.next = True
        else:
            if exp_last:
                finish.next = True
        if finish and start and not expand_root:
            sel_start.next = True

    @always_comb
    def select_inputs():
        # the next choice's, taken with its start: the chosen child's when the
        # walk goes on from it, else the root's (a new walk); not from `finish`,
        # which comes late in the cycle
        if state == mode.SELECT and go_on:
            sel_at_root.next = False
            sel_first.next = chosen_first
            sel_count.next = chosen_count
            sel_explore.next = child_explore
        else:
            sel_at_root.next = True
            sel_first.next = ROOT_FIRST
            sel_count.next = root_count
            sel_explore.next = root_explore

    @always_comb
    def outputs():
        last.next = finish
        if state == mode.IDLE:           # the root's expansion
            scan_level.next = 0
        else:
            scan_level.next = level + 1
        scan_key.next = node_key
        # the path's last node: the new child the expansion's choice takes,
        # the node scanned when there was no room, else the child chosen
        if state == mode.EXPAND:
            leaf_key.next = exp_key
        elif state == mode.SCAN:
            leaf_key.next = node_key
        else:
            leaf_key.next = chosen_key
        exp_first.next = size[NODE_BITS:]
        new_size.next = size
        # the path's nodes once the walk's last move is in (its last cycle)
        if state == mode.SELECT or state == mode.EXPAND:
            path_len.next = level + 2
        else:
            path_len.next = level + 1

    @always_seq(clk.posedge, reset=rst)
    def children_read():
        # from registers and the scan's count only: not from `start` or the
        # operations' ends, which come late in their cycle
        read_valid.next = ((state == mode.SELECT and sel_last and go_on)
                           or (state == mode.SCAN and scan_last and room and not rooting))
        if state == mode.SELECT:
            read_count.next = chosen_count
        else:
            read_count.next = scan_count

    @always_seq(clk.posedge, reset=rst)
    def control():
        done.next = False
        path_we.next = False
        explore_in_valid.next = True
        exp_loss.next = not rooting      # no virtual loss at the root's expansion
        root_entry.next = False
        if sel_overrun or exp_overrun or (exp_start and clear_busy):
            overrun.next = True
        if root_entry:
            # the root's level (a cycle late: the last one's leaf may be written with start)
            path_we.next = True
            path_wr_addr.next = 0
            path_wr.node.next = 0
            path_wr.key.next = KEY_PASS
            path_wr.first.next = ROOT_FIRST
            path_wr.count.next = root_count_in
            path_wr.mover_opp.next = False
        if state == mode.SELECT and sel_last:
            # the chosen child joins the path
            level.next = level + 1
            node.next = chosen
            node_key.next = chosen_key
            if chosen_key == KEY_PASS:
                passes.next = passes + 1
            else:
                passes.next = 0
                if level[0]:
                    tiles_opp.next = tiles_opp + 1
                else:
                    tiles_me.next = tiles_me + 1
            path_we.next = True
            path_wr_addr.next = level + 1
            path_wr.node.next = chosen
            path_wr.key.next = chosen_key
            path_wr.first.next = chosen_first
            path_wr.count.next = chosen_count
            path_wr.mover_opp.next = not level[0]
            if scan_start:
                state.next = mode.SCAN
        elif state == mode.SCAN and scan_last and room:
            # the node's level again, with the LINK of its new children
            state.next = mode.EXPAND
            use_expand.next = True
            size.next = size + scan_count
            space.next = space - scan_count
            expanded_first.next = size[NODE_BITS:]
            # the root's one child a pass: its h is 0, a move's its tile's size at least
            root_pass.next = rooting and scan_best == 0
            path_we.next = not rooting
            path_wr_addr.next = level
            path_wr.node.next = node
            path_wr.key.next = node_key
            path_wr.first.next = size[NODE_BITS:]
            path_wr.count.next = scan_count
            path_wr.mover_opp.next = level[0]
        elif state == mode.EXPAND and exp_last:
            # the child the choice takes among the new ones: the path's leaf
            path_we.next = not rooting
            path_wr_addr.next = level + 1
            path_wr.node.next = expanded_first + exp_chosen
            path_wr.key.next = exp_key
            path_wr.first.next = 0
            path_wr.count.next = 0
            path_wr.mover_opp.next = not level[0]
        if finish:
            state.next = mode.IDLE
            done.next = True
        if start and (state == mode.IDLE or finish):
            state.next = mode.SELECT
            use_expand.next = False
            level.next = 0
            node.next = 0
            node_key.next = KEY_PASS
            passes.next = root_passes
            tiles_me.next = root_tiles_me
            tiles_opp.next = root_tiles_opp
            size.next = tree_size
            space.next = TREE_NODES - tree_size
            root_count_in.next = root_count
            root_entry.next = not expand_root
            rooting.next = expand_root
            if expand_root:
                state.next = mode.SCAN
                root_pass.next = False
        if sel_start:                    # a choice after a choice: the SDRAM stays the choice's
            use_expand.next = False

    return (chooser, writer, explorer, clearer, memory_user, root_writes, decisions, fits, sequence,
            select_inputs, outputs, children_read, control)


@block
def blokus_tree_descent_on_sdram(clk, rst, start, expand_root, root_count, root_explore,
                                 root_passes, root_tiles_me, root_tiles_opp, tree_size, last, done,
                                 overrun, path_len, new_size, leaf_key, root_pass, path_we,
                                 path_wr_addr,
                                 path_wr, scan_start, scan_level, scan_key, scan_last, scan_count,
                                 scan_best, root_we, root_wr_addr, root_wr_summary, root_key_we,
                                 root_wr_key, load_list_we, load_root_we,
                                 load_addr, load_key, load_heuristic, load_summary, sd_cke,
                                 sd_cs_n, sd_ras_n, sd_cas_n, sd_we_n, sd_ba, sd_addr, sd_dqm,
                                 sd_dq_o, sd_dq_oe, sd_dq_i, clk_hz=50000000):
    """blokus_tree_descent on the SDRAM controller, the tree unit's
    blokus_stats_update, the root's RAM (blokus_root_children) and the list
    of a scan's moves (blokus_kept_store), both loaded through `load_*` (the
    root's children's KEY words and summaries; a scan's moves and h), the
    chip's pins outside: the unit bench's top. The walk's writes of the
    root's RAM are outputs too."""
    from myhdl import concat
    from hdl.blokus.kept_store import blokus_kept_store
    from hdl.blokus.root_children import blokus_root_children
    from hdl.blokus.stats_update import StatsRequest, StatsResult, blokus_stats_updater
    from hdl.sdram_user import SdramUser, sdram_serving
    mem = SdramUser()
    memory = sdram_serving(clk, rst, mem, sd_cke, sd_cs_n, sd_ras_n, sd_cas_n, sd_we_n, sd_ba,
                            sd_addr, sd_dqm, sd_dq_o, sd_dq_oe, sd_dq_i, clk_hz=clk_hz)
    request, result = StatsRequest(), StatsResult()
    rd_addr, rd_key, rd_summary = (unsigned(CHILD_BITS), unsigned(KEY_WORD_BITS),
                                   unsigned(SUMMARY_BITS))
    summary_we, wr_addr, wr_summary = flag(), unsigned(CHILD_BITS), unsigned(SUMMARY_BITS)
    list_addr, list_word = unsigned(CHILD_BITS), unsigned(KEY_BITS + HEURISTIC_BITS)
    load_word, list_key, list_heuristic = (unsigned(KEY_BITS + HEURISTIC_BITS), unsigned(KEY_BITS),
                                           unsigned(HEURISTIC_BITS))
    root_key, key_we = unsigned(KEY_WORD_BITS), flag()

    @always_comb
    def fields():
        load_word.next = concat(load_key[KEY_BITS:], load_heuristic)
        if root_key_we:
            root_key.next = root_wr_key
        else:
            root_key.next = load_key
        key_we.next = load_root_we or root_key_we
        list_key.next = list_word[KEY_BITS + HEURISTIC_BITS:HEURISTIC_BITS]
        list_heuristic.next = list_word[HEURISTIC_BITS:]

    @always_comb
    def ram_writes():
        summary_we.next = load_root_we or root_we
        if root_we or root_key_we:
            wr_addr.next = root_wr_addr
            wr_summary.next = root_wr_summary
        else:
            wr_addr.next = load_addr
            wr_summary.next = load_summary

    updater = blokus_stats_updater(clk, rst, request, result)
    read_valid, read_count = flag(), unsigned(CHILD_BITS)   # the tree unit's statistics
    walk = blokus_tree_descent(clk, rst, start, expand_root, root_count, root_explore,
                               root_passes, root_tiles_me, root_tiles_opp, tree_size, last, done,
                               overrun, path_len, new_size, leaf_key, root_pass, read_valid,
                               read_count,
                               path_we, path_wr_addr, path_wr, scan_start, scan_level, scan_key,
                               scan_last, scan_count, scan_best, list_addr, list_key,
                               list_heuristic, request, result, rd_addr, rd_key, rd_summary,
                               root_we, root_wr_addr, root_wr_summary, root_key_we, root_wr_key,
                               mem.req,
                               mem.req_write, mem.req_addr, mem.req_len, mem.ready, mem.wr_take,
                               mem.wr_data, mem.rd_valid, mem.rd_data, mem.done)
    ram = blokus_root_children(clk, key_we, summary_we, wr_addr, root_key, wr_summary,
                               rd_addr, rd_key, rd_summary)
    moves = blokus_kept_store(clk, load_list_we, load_addr, load_word, list_addr, list_word,
                              depth=1 << CHILD_BITS)
    return fields, ram_writes, updater, walk, ram, moves, memory
