"""The tree unit's RAVE match at a path node: its children's KEY words
through blokus_rave_match, the children to update kept, padded to golden's
cost (golden.blokus.mcts.rave_scan_work)."""
from myhdl import Signal, always_comb, always_seq, block, concat, enum, intbv

from golden.blokus.mcts import (RAVE_KEY_WORK, RAVE_SCAN_WORK, ROOT_RAVE_SCAN_WORK,
                                SLACK_SHIFT)
from hdl.blokus.child_select import CHILD_BITS
from hdl.blokus.playout import PLY_BITS, RECORD_BITS
from hdl.blokus.rave_match import KEY_WORD_BITS, RESULT_BITS, WEIGHT_BITS, blokus_rave_match
from hdl.blokus.tables import N_TILES
from hdl.blokus.tree_layout import KEY_BASE, NODE_BITS, STATS_BASE, STATS_WORDS
from hdl.sdram_timing import ADDR_BITS, DATA_BITS, LEN_BITS, MAX_WORDS
from hdl.signals import flag, unsigned

MOST_CHILDREN = (1 << CHILD_BITS) - 1
MOST_WORK = max(ROOT_RAVE_SCAN_WORK, RAVE_SCAN_WORK) + MOST_CHILDREN + (MOST_CHILDREN >> SLACK_SHIFT)
COUNT_BITS = MOST_WORK.bit_length()
MATCHES_MAX = N_TILES
"""A node's children RAVE updates: at most one a tile (a child's key names
its tile; the descent placed each of the mover's tiles at most once, and
the node's children have different keys)."""
MATCH_BITS = MATCHES_MAX.bit_length()
if MOST_CHILDREN > MAX_WORDS:
    raise ValueError("blokus_tree_rave reads a node's KEY words in one access of at most %d "
                     "words; a node has up to %d children" % (MAX_WORDS, MOST_CHILDREN))
if RAVE_KEY_WORK != 1 or KEY_WORD_BITS != DATA_BITS:
    raise ValueError("blokus_tree_rave reads a KEY word a cycle; golden charges RAVE_KEY_WORK %d"
                     % RAVE_KEY_WORK)


@block
def blokus_tree_rave(clk, rst, start, at_root, first, count, mover_opp, node_ply, moves,
                     mover_result, placed_me, placed_opp, record_addr, record_data, last, done,
                     overrun, match_count, match_some, match_addr, match_place, match_node,
                     match_stats, match_n8_add, match_w8_add, root_rd_addr, root_rd_key, req, req_write, req_addr, req_len, ready,
                     rd_valid, rd_data, mem_done):
    """RAVE's match of one path node's children (golden's ``_Search.back_up``:
    ``rave_update`` of each child), in exactly golden's ``rave_scan_work``.

    Ports:
        start        in   begin (taken when idle or in the cycle of `last`): the
                          node below
        at_root      in   the node is the root: its children's KEY words come
                          from the RAM on chip (blokus_root_children)
        first        in   NODE_BITS: its first child's node number (its LINK)
        count        in   CHILD_BITS: its children, 1 or more
        mover_opp, node_ply, moves, mover_result, placed_me, placed_opp  in
                          blokus_rave_match's: the side choosing at the node,
                          the node's place on the path, the descent's moves,
                          its result for that side, each side's tiles placed
        record_addr  out, record_data  in   the playout unit's record (its
                          word two cycles after the address)
        last         out  (a register) the match's last cycle: a `start`
                          in it is taken at its end, so that golden's costs
                          add up with no cycle between two operations
        done         out  one cycle, ``rave_scan_work(node, count)`` cycles
                          after `start` was taken (the cycle after `last`); `match_count` and the kept
                          children hold from then until the next `start`
        overrun      out  sticky: the match was not over by then (never, if
                          golden's costs cover the controller)
        match_count  out  MATCH_BITS: the children RAVE updates, at most
                          MATCHES_MAX (combinational: in the cycle of `last`
                          it counts a child kept in that cycle)
        match_some   out  (a register) match_count is not 0
        match_addr   in   MATCH_BITS: one of them, in the node's order ...
        match_place, match_node, match_stats, match_n8_add, match_w8_add  out
                          ... the cycle after: its place among the children
                          (CHILD_BITS), its node number (NODE_BITS), its
                          STATS address (ADDR_BITS) and what its update adds
                          to n8 and w8 (WEIGHT_BITS each);
                          in the cycle of `done` the first child kept (or
                          anything, when none is) with `match_addr` 0
        root_rd_addr out  CHILD_BITS: the root child whose KEY word is read
                          (combinational: child 0 with `start`)
        root_rd_key  in   KEY_WORD_BITS: it, two cycles after
        req .. mem_done   the SDRAM controller's user side, reads only
                          (hdl/sdram_controller.py)
    `at_root`, `first`, `count`, `mover_opp`, `node_ply` and `mover_result`
    are taken with `start`; `moves`, `placed_me` and `placed_opp` (the
    descent's) must hold until `done`. The tree unit then runs a RAVE update
    (blokus_tree_update) of each child kept, as golden charges
    RAVE_UPDATE_WORK for each.
    How: the KEY words one a cycle into blokus_rave_match, from the RAM at
    the root, below it as the SDRAM reads them (one access: a node's
    children are at most MAX_WORDS);
    each child's answer MATCH_LATENCY cycles later, in order, its place
    counted; the children updated written to a small RAM.
    """
    for name, port, bits in (("first", first, NODE_BITS), ("count", count, CHILD_BITS),
                             ("node_ply", node_ply, PLY_BITS), ("moves", moves, PLY_BITS),
                             ("mover_result", mover_result, RESULT_BITS),
                             ("placed_me", placed_me, N_TILES), ("placed_opp", placed_opp, N_TILES),
                             ("record_data", record_data, RECORD_BITS),
                             ("match_count", match_count, MATCH_BITS), ("match_addr", match_addr, MATCH_BITS),
                             ("match_place", match_place, CHILD_BITS),
                             ("match_node", match_node, NODE_BITS),
                             ("match_stats", match_stats, ADDR_BITS),
                             ("match_n8_add", match_n8_add, WEIGHT_BITS),
                             ("match_w8_add", match_w8_add, WEIGHT_BITS),
                             ("root_rd_addr", root_rd_addr, CHILD_BITS),
                             ("root_rd_key", root_rd_key, KEY_WORD_BITS),
                             ("req_addr", req_addr, ADDR_BITS), ("req_len", req_len, LEN_BITS),
                             ("rd_data", rd_data, DATA_BITS)):
        if len(port) != bits:
            raise ValueError("blokus_tree_rave: %s must have %d bits, has %d"
                             % (name, bits, len(port)))
    mode = enum("IDLE", "ROOT_SCAN", "READ_KEYS", "DRAIN", "PAD")
    state = Signal(mode.IDLE)
    asked = flag()
    elapsed, cost = unsigned(COUNT_BITS), unsigned(COUNT_BITS)
    root_cost, node_cost = unsigned(COUNT_BITS), unsigned(COUNT_BITS)
    # the RAM on chip answers two cycles after its address, given a cycle
    # early: child 0 with `start`
    root_index = unsigned(CHILD_BITS + 1)    # the next child to ask for in ROOT_SCAN
    root_fetch, fetched, root_valid = flag(), flag(), flag()
    child_valid, key_word = flag(), unsigned(KEY_WORD_BITS)
    valid_out, update = flag(), flag()
    ahead_valid, ahead_update = flag(), flag()     # the matcher's valid_out and update next cycle
    kept_count = unsigned(MATCH_BITS)    # the children kept so far
    kept_now = flag()                    # one is kept at this cycle's end
    # the node's inputs as taken with start
    at_root_in, count_in = flag(), unsigned(CHILD_BITS)
    mover_in, ply_in, result_in = flag(), unsigned(PLY_BITS), unsigned(RESULT_BITS)
    n8_add, w8_add = unsigned(WEIGHT_BITS), unsigned(WEIGHT_BITS)
    out_place = unsigned(CHILD_BITS)     # the place of the child whose answer comes next
    out_node = unsigned(NODE_BITS)       # and its node number
    last_out = flag()                    # the next answer is the last child's (a register)
    out_stats = unsigned(ADDR_BITS)      # the STATS address of the child answered next
    spent = flag()                       # golden's cost is spent (elapsed >= cost, a register)
    kept_any = flag()                    # a child was kept before this cycle
    matcher = blokus_rave_match(clk, rst, child_valid, key_word, mover_in, ply_in, moves,
                                result_in, placed_me, placed_opp, record_addr, record_data,
                                valid_out, update, n8_add, w8_add, ahead_valid, ahead_update)
    KEPT_BITS = CHILD_BITS + NODE_BITS + ADDR_BITS + 2 * WEIGHT_BITS
    W2, N2 = 2 * WEIGHT_BITS, ADDR_BITS + 2 * WEIGHT_BITS     # where the fields start
    kept = [Signal(intbv(0)[KEPT_BITS:]) for _ in range(1 << MATCH_BITS)]
    kept_word, kept_new = Signal(intbv(0)[KEPT_BITS:]), Signal(intbv(0)[KEPT_BITS:])

    @always_comb
    def costs():
        root_cost.next = ROOT_RAVE_SCAN_WORK + count
        node_cost.next = RAVE_SCAN_WORK + count + count[CHILD_BITS:SLACK_SHIFT]

    @always_comb
    def keys_in():
        if at_root_in:
            child_valid.next = root_valid
            key_word.next = root_rd_key
        else:
            child_valid.next = state == mode.READ_KEYS and rd_valid
            key_word.next = rd_data

    @always_comb
    def answers():
        kept_new.next = concat(out_place, out_node, out_stats, n8_add, w8_add)
        kept_now.next = valid_out and update
        # the child kept in this cycle counts at once: at the root golden's
        # cost ends with the last child's answer, and the tree unit starts the
        # first update in the match's last cycle
        if valid_out and update:
            match_count.next = kept_count + 1
        else:
            match_count.next = kept_count
        if valid_out and update and kept_count == match_addr:
            match_place.next = kept_new[KEPT_BITS:NODE_BITS + N2]
            match_node.next = kept_new[NODE_BITS + N2:N2]
            match_stats.next = kept_new[N2:W2]
            match_n8_add.next = kept_new[W2:WEIGHT_BITS]
            match_w8_add.next = kept_new[WEIGHT_BITS:0]
        else:
            match_place.next = kept_word[KEPT_BITS:NODE_BITS + N2]
            match_node.next = kept_word[NODE_BITS + N2:N2]
            match_stats.next = kept_word[N2:W2]
            match_n8_add.next = kept_word[W2:WEIGHT_BITS]
            match_w8_add.next = kept_word[WEIGHT_BITS:0]

    @always_seq(clk.posedge, reset=None)
    def kept_ram():
        if kept_now:
            kept[kept_count].next = kept_new

    @always_seq(clk.posedge, reset=None)
    def kept_read():
        if kept_now and kept_count == match_addr:
            kept_word.next = kept_new
        else:
            kept_word.next = kept[match_addr]

    @always_comb
    def root_address():
        if state == mode.IDLE or last:
            root_rd_addr.next = 0
            root_fetch.next = start and at_root
        else:
            root_rd_addr.next = root_index[CHILD_BITS:]
            root_fetch.next = state == mode.ROOT_SCAN and root_index < count_in

    @always_seq(clk.posedge, reset=rst)
    def root_reads():
        fetched.next = root_fetch
        root_valid.next = fetched

    @always_seq(clk.posedge, reset=rst)
    def control():
        done.next = False
        restart = False                  # a new match is taken at this cycle's end
        if state != mode.IDLE:
            elapsed.next = elapsed + 1
        spent.next = elapsed + 1 >= cost
        if valid_out:
            out_place.next = out_place + 1
            out_node.next = out_node + 1
            out_stats.next = out_stats + STATS_WORDS
            last_out.next = out_place + 2 == count_in
            if update:
                kept_count.next = kept_count + 1
                kept_any.next = True
        if state == mode.ROOT_SCAN:
            root_index.next = root_index + 1
            if root_index + 1 >= count_in:
                state.next = mode.DRAIN
        elif state == mode.READ_KEYS:
            if req and ready:
                req.next = False
                asked.next = True
            if mem_done and asked:
                state.next = mode.DRAIN
        elif state == mode.DRAIN:
            # the last child's answer: golden's cost may end with it (at the root it does)
            if valid_out and last_out:
                state.next = mode.PAD
            elif spent:
                overrun.next = True
        if (state == mode.ROOT_SCAN or state == mode.READ_KEYS) and spent:
            overrun.next = True
        # `last` is a register, from the next cycle's state, `spent`, and
        # answer (the matcher's `ahead_valid`); decoded in its own cycle it
        # began the tree unit's longest path (76.9 MHz)
        last_out_next = ((valid_out and out_place + 2 == count_in)
                         or (not valid_out and last_out))
        pad_next = ((state == mode.DRAIN and valid_out and last_out and not spent)
                    or (state == mode.PAD and not last))
        drain_next = ((state == mode.DRAIN and not (valid_out and last_out))
                      or (state == mode.ROOT_SCAN and root_index + 1 >= count_in)
                      or (state == mode.READ_KEYS and mem_done and asked))
        if last:
            state.next = mode.IDLE
            done.next = True
            # the request's fields zero while idle: the tree unit ORs its operations' requests
            req_addr.next = 0
            req_len.next = 0
            req_write.next = False
        if start and (state == mode.IDLE or last):
            pad_next = False
            drain_next = False
            at_root_in.next = at_root
            count_in.next = count
            mover_in.next = mover_opp
            ply_in.next = node_ply
            result_in.next = mover_result
            elapsed.next = 1
            kept_count.next = 0
            kept_any.next = False
            restart = True
            out_place.next = 0
            out_node.next = first
            out_stats.next = STATS_BASE + STATS_WORDS * first
            last_out.next = count == 1
            spent.next = False
            if at_root:
                cost.next = root_cost
                state.next = mode.ROOT_SCAN
                root_index.next = 1
            else:
                cost.next = node_cost
                state.next = mode.READ_KEYS
                req.next = True
                req_write.next = False
                asked.next = False
                req_addr.next = KEY_BASE + first
                req_len.next = count
        # match_some a register: a child kept by the next cycle's end, that
        # cycle's answer included (the matcher's `ahead_*`). Decoded from the
        # answer in its own cycle, it began the tree unit's longest path,
        # through the back-up's end and the next job's start (75.9 MHz).
        match_some.next = ((ahead_valid and ahead_update)
                           or (not restart and (kept_any or (valid_out and update))))
        # the last cycle: golden's cost spent and the last child's answer in
        last.next = (elapsed + 1 >= cost
                     and ((drain_next and ahead_valid and last_out_next) or pad_next))

    return (matcher, costs, keys_in, answers, kept_ram, kept_read, root_address, root_reads,
            control)


@block
def blokus_tree_rave_on_sdram(clk, rst, start, at_root, first, count, mover_opp, node_ply, moves,
                              mover_result, placed_me, placed_opp, record_addr, record_data, last,
                              done, overrun, match_count, match_some, match_addr, match_place,
                              match_node, match_stats, match_n8_add, match_w8_add, load_key_we, load_addr, load_key, sd_cke,
                              sd_cs_n, sd_ras_n, sd_cas_n, sd_we_n, sd_ba, sd_addr, sd_dqm, sd_dq_o,
                              sd_dq_oe, sd_dq_i, clk_hz=50000000):
    """blokus_tree_rave on the SDRAM controller and the root's RAM
    (blokus_root_children, its keys loaded through `load_*` as the root's
    expansion will), the chip's pins outside: the unit bench's top."""
    from hdl.blokus.child_summary import SUMMARY_BITS
    from hdl.blokus.root_children import blokus_root_children
    from hdl.sdram_user import SdramUser, sdram_serving
    mem = SdramUser()
    memory = sdram_serving(clk, rst, mem, sd_cke, sd_cs_n, sd_ras_n, sd_cas_n, sd_we_n, sd_ba,
                            sd_addr, sd_dqm, sd_dq_o, sd_dq_oe, sd_dq_i, clk_hz=clk_hz)
    rd_addr, rd_key, rd_summary = (unsigned(CHILD_BITS), unsigned(KEY_WORD_BITS),
                                   unsigned(SUMMARY_BITS))
    no_summary_we, no_summary = flag(), unsigned(SUMMARY_BITS)
    rave = blokus_tree_rave(clk, rst, start, at_root, first, count, mover_opp, node_ply, moves,
                            mover_result, placed_me, placed_opp, record_addr, record_data, last,
                            done, overrun, match_count, match_some, match_addr, match_place,
                            match_node, match_stats, match_n8_add, match_w8_add, rd_addr, rd_key,
                            mem.req, mem.req_write, mem.req_addr, mem.req_len, mem.ready,
                            mem.rd_valid, mem.rd_data, mem.done)
    ram = blokus_root_children(clk, load_key_we, no_summary_we, load_addr, load_key, no_summary,
                               rd_addr, rd_key, rd_summary)
    return rave, ram, memory
