"""The tree unit's choice at a node and the virtual loss on the child chosen,
in the SDRAM, padded to golden's cost (golden.blokus.mcts.select_work)."""
from myhdl import Signal, always_comb, always_seq, block, concat, enum

from golden.blokus.mcts import (ROOT_CHILD_WORK, ROOT_SELECT_WORK, CHILD_WORK, SELECT_NODE_WORK,
                                SLACK_SHIFT)
from hdl.blokus.child_select import CHILD_BITS, blokus_child_select
from hdl.blokus.child_summary import SUMMARY_BITS, VISIT_BITS
from hdl.blokus.rave_match import KEY_WORD_BITS
from hdl.blokus.stats_update import REAL_BITS, StatsRequest, StatsResult, blokus_stats_updater
from hdl.blokus.tree_layout import (KEY_BASE, KEY_BITS, KEY_WORDS, LINK_BASE, LINK_HIGH_BITS,
                                    LINK_WORDS, NODE_BITS, STATS_BASE, STATS_WORDS, SUMMARY_BASE,
                                    SUMMARY_WORDS)
from hdl.blokus.uct_score import EXPLORE_BITS
from hdl.sdram_timing import ADDR_BITS, DATA_BITS, LEN_BITS, MAX_WORDS
from hdl.signals import flag, unsigned

MOST_CHILDREN = (1 << CHILD_BITS) - 1
MOST_WORK = max(ROOT_SELECT_WORK + ROOT_CHILD_WORK * MOST_CHILDREN,
                SELECT_NODE_WORK + CHILD_WORK * MOST_CHILDREN) + (MOST_CHILDREN >> SLACK_SHIFT)
COUNT_BITS = MOST_WORK.bit_length()
WORDS_BITS = (SUMMARY_WORDS * MOST_CHILDREN).bit_length()
if (ROOT_CHILD_WORK, CHILD_WORK) != (1, SUMMARY_WORDS):
    raise ValueError("blokus_tree_select reads a summary a cycle at the root and %d words a child "
                     "below it; golden charges ROOT_CHILD_WORK %d and CHILD_WORK %d a child"
                     % (SUMMARY_WORDS, ROOT_CHILD_WORK, CHILD_WORK))
if SUMMARY_BITS <= DATA_BITS or SUMMARY_BITS > 2 * DATA_BITS:
    raise ValueError("blokus_tree_select joins a summary of two words; SUMMARY_BITS is %d"
                     % SUMMARY_BITS)
if STATS_WORDS != 6:
    raise ValueError("blokus_tree_select finds a child's STATS at 4 place + 2 place words past "
                     "its first sibling's; STATS_WORDS is %d" % STATS_WORDS)
VIRTUAL_LOSS = 256                   # golden's n8 += 256 on each node a descent chooses


@block
def blokus_tree_select(clk, rst, start, at_root, first, count, explore, last, done, overrun,
                       chosen, chosen_key, chosen_first, chosen_count, chosen_real,
                       root_rd_addr, root_rd_key, root_rd_summary, root_we, root_wr_addr,
                       root_wr_summary, request, result, req, req_write, req_addr, req_len,
                       ready, wr_take, wr_data, rd_valid, rd_data, mem_done):
    """golden.blokus.mcts.select at one node, then its virtual loss on the
    child chosen, in exactly golden's ``select_work`` cycles.

    Ports:
        start        in   begin (taken when idle or in the cycle of `last`): the
                          choice below
        at_root      in   the node is the root: its children's summaries and
                          keys come from the RAM on chip (blokus_root_children)
        first        in   NODE_BITS: its first child's node number (its LINK)
        count        in   CHILD_BITS: its children, 1 or more
        explore      in   EXPLORE_BITS: golden's explore_q16 of its descents
        last         out  (a register) the choice's last cycle: a `start` in
                          it is taken at its end, so that golden's costs add
                          up with no cycle between two operations
        done         out  one cycle, ``select_work(node, count)`` cycles after
                          `start` was taken (the cycle after `last`); the
                          chosen child's fields below hold from `last` until
                          the next choice is made
        overrun      out  sticky: the accesses were not over by then (never,
                          if golden's costs cover the controller:
                          bench/blokus/tree_costs.py)
        chosen       out  NODE_BITS: the child chosen (first + its place)
        chosen_key   out  KEY_BITS: its move's key (its KEY word without the flag)
        chosen_first, chosen_count  out  NODE_BITS, CHILD_BITS: its LINK
                          (count 0: not expanded)
        chosen_real  out  REAL_BITS: its descents (golden's real)
        root_rd_addr out  CHILD_BITS: the root child read from the RAM on chip
                          (combinational: child 0 with `start`)
        root_rd_key, root_rd_summary  in  KEY_WORD_BITS, SUMMARY_BITS: what that
                          RAM gives two cycles after
        root_we      out  one cycle: the chosen root child's new summary
                          (`root_wr_summary`, SUMMARY_BITS) for that RAM at
                          place `root_wr_addr` (CHILD_BITS)
        request, result   the tree unit's blokus_stats_update (StatsRequest
                          out, driven while the update runs; StatsResult in)
        req .. mem_done   the SDRAM controller's user side (hdl/sdram_controller.py)
    The inputs are taken with `start`.
    How (docs/blokus-mcts.md, "The tree unit's operations"): the children's
    summaries into blokus_child_select, one a cycle from the RAM at the root,
    below it two SUMMARY words each in reads of at most MAX_WORDS; then the
    chosen child's STATS read and through blokus_stats_update (n8 + 256), its
    LINK read while the update runs and, below the root, its KEY word; its
    STATS and SUMMARY written; then the rest of golden's cost waited out.
    """
    for name, port, bits in (("first", first, NODE_BITS), ("count", count, CHILD_BITS),
                             ("explore", explore, EXPLORE_BITS), ("chosen", chosen, NODE_BITS),
                             ("chosen_key", chosen_key, KEY_BITS),
                             ("chosen_first", chosen_first, NODE_BITS),
                             ("chosen_count", chosen_count, CHILD_BITS),
                             ("chosen_real", chosen_real, REAL_BITS),
                             ("root_rd_addr", root_rd_addr, CHILD_BITS),
                             ("root_rd_key", root_rd_key, KEY_WORD_BITS),
                             ("root_rd_summary", root_rd_summary, SUMMARY_BITS),
                             ("root_wr_addr", root_wr_addr, CHILD_BITS),
                             ("root_wr_summary", root_wr_summary, SUMMARY_BITS),
                             ("req_addr", req_addr, ADDR_BITS), ("req_len", req_len, LEN_BITS),
                             ("wr_data", wr_data, DATA_BITS), ("rd_data", rd_data, DATA_BITS)):
        if len(port) != bits:
            raise ValueError("blokus_tree_select: %s must have %d bits, has %d"
                             % (name, bits, len(port)))
    mode = enum("IDLE", "ROOT_SCAN", "READ_SUMMARIES", "CHOOSE", "READ_STATS", "READ_LINK",
                "READ_KEY", "WAIT_UPDATE", "WRITE_STATS", "WRITE_SUMMARY", "PAD")
    state = Signal(mode.IDLE)
    asked = flag()                       # the current access was taken
    elapsed, cost = unsigned(COUNT_BITS), unsigned(COUNT_BITS)
    root_cost, node_cost = unsigned(COUNT_BITS), unsigned(COUNT_BITS)
    # the chosen child's STATS address: 6 first ahead, 6 place when the choice
    # is made (first + place, then times 6, in the choice's cycle ran at 68.8 MHz)
    stats_first = unsigned(ADDR_BITS)
    chosen_offset = unsigned(CHILD_BITS + 3)
    words_left = unsigned(WORDS_BITS)    # SUMMARY words still to ask for
    # the children's summaries into the choice: from the RAM (root) or the reads
    # the RAM on chip answers two cycles after its address, which is given a
    # cycle early: child 0 with `start`, the chosen child with the choice
    root_index = unsigned(CHILD_BITS + 1)    # the next child to ask for in ROOT_SCAN
    root_fetch, root_fetch_last, key_fetch = flag(), flag(), flag()
    fetched, fetched_last, root_valid, root_last, key_asked, key_got = (flag() for _ in range(6))
    read_valid, read_last, high_word = flag(), flag(), flag()
    low_word, read_summary = unsigned(DATA_BITS), unsigned(SUMMARY_BITS)
    child_index = unsigned(CHILD_BITS)
    sel_start, sel_valid, sel_last, sel_done = flag(), flag(), flag(), flag()
    sel_summary, sel_chosen, place = unsigned(SUMMARY_BITS), unsigned(CHILD_BITS), unsigned(CHILD_BITS)
    # the node's inputs as taken with start
    at_root_in, first_in, count_in = flag(), unsigned(NODE_BITS), unsigned(CHILD_BITS)
    explore_in = unsigned(EXPLORE_BITS)
    spent = flag()                       # golden's cost is spent (elapsed >= cost, a register)
    chooser = blokus_child_select(clk, rst, sel_start, explore_in, sel_valid, sel_last, sel_summary,
                                  sel_done, sel_chosen)
    # STATS as read (shifted in at the back), then the words to write (out at the front)
    words = [unsigned(DATA_BITS) for _ in range(STATS_WORDS)]
    summary_low, summary_high = unsigned(DATA_BITS), unsigned(DATA_BITS)
    link_low, link_high = unsigned(DATA_BITS), unsigned(DATA_BITS)
    updated, update_asked = flag(), flag()
    upd_out = result.valid
    n8_new, w8_new, real_new, summary_new = result.n8, result.w8, result.descents, result.summary

    @always_comb
    def costs():
        root_cost.next = ROOT_SELECT_WORK + count + count[CHILD_BITS:SLACK_SHIFT]
        node_cost.next = SELECT_NODE_WORK + concat(count, False) + count[CHILD_BITS:SLACK_SHIFT]

    @always_comb
    def offset():
        chosen_offset.next = concat(sel_chosen, False, False) + concat(sel_chosen, False)

    @always_comb
    def choice_inputs():
        if at_root_in:
            sel_valid.next = root_valid
            sel_last.next = root_last
            sel_summary.next = root_rd_summary
        else:
            sel_valid.next = read_valid
            sel_last.next = read_last
            sel_summary.next = read_summary

    @always_comb
    def update_inputs():
        request.n8.next = concat(words[1], words[0])
        request.w8.next = concat(words[3], words[2])
        request.descents.next = concat(words[5][REAL_BITS - DATA_BITS:], words[4])

    @always_comb
    def outputs():
        wr_data.next = words[0]          # the words to write leave from the front, one a take
        chosen_first.next = concat(link_high[LINK_HIGH_BITS:], link_low)
        chosen_count.next = link_high[LINK_HIGH_BITS + CHILD_BITS:LINK_HIGH_BITS]

    @always_comb
    def root_address():
        root_fetch.next = False
        key_fetch.next = False
        if state == mode.IDLE or last:
            root_rd_addr.next = 0
            root_fetch.next = start and at_root
        elif state == mode.CHOOSE:
            root_rd_addr.next = sel_chosen
            key_fetch.next = sel_done and at_root_in
        else:
            root_rd_addr.next = root_index[CHILD_BITS:]
            root_fetch.next = state == mode.ROOT_SCAN and root_index < count_in

    @always_comb
    def root_address_last():
        if state == mode.IDLE or last:
            root_fetch_last.next = root_fetch and count == 1
        else:
            root_fetch_last.next = root_fetch and root_rd_addr == count_in - 1

    @always_seq(clk.posedge, reset=rst)
    def root_reads():
        fetched.next = root_fetch
        fetched_last.next = root_fetch_last
        root_valid.next = fetched
        root_last.next = fetched_last
        key_asked.next = key_fetch
        key_got.next = key_asked

    @always_seq(clk.posedge, reset=rst)
    def summary_reads():
        read_valid.next = False
        if state == mode.IDLE or state == mode.PAD:
            high_word.next = False
            child_index.next = 0
        elif state == mode.READ_SUMMARIES and rd_valid:
            high_word.next = not high_word
            if not high_word:
                low_word.next = rd_data
            else:
                read_valid.next = True
                read_summary.next = concat(rd_data[SUMMARY_BITS - DATA_BITS:], low_word)
                read_last.next = child_index == count_in - 1
                child_index.next = child_index + 1

    @always_seq(clk.posedge, reset=rst)
    def control():
        done.next = False
        request.valid.next = False
        sel_start.next = False
        root_we.next = False
        spent.next = elapsed + 1 >= cost
        if state != mode.IDLE:
            elapsed.next = elapsed + 1
        if key_got:
            chosen_key.next = root_rd_key[KEY_BITS:]
        if upd_out and update_asked:     # its own update's: the tree unit shares the updater
            update_asked.next = False
            words[0].next = n8_new[16:]
            words[1].next = n8_new[VISIT_BITS:16]
            words[2].next = w8_new[16:]
            words[3].next = w8_new[VISIT_BITS:16]
            words[4].next = real_new[16:]
            words[5].next = real_new[REAL_BITS:16]
            summary_low.next = summary_new[16:]
            summary_high.next = summary_new[SUMMARY_BITS:16]
            chosen_real.next = real_new
            updated.next = True
            root_we.next = at_root_in
            root_wr_addr.next = place
            root_wr_summary.next = summary_new
        if state == mode.IDLE:
            pass
        elif state == mode.ROOT_SCAN:
            root_index.next = root_index + 1
            if root_index + 1 >= count_in:
                state.next = mode.CHOOSE
        elif state == mode.READ_SUMMARIES:
            if req and ready:
                req.next = False
                asked.next = True
            if mem_done and asked:
                if words_left != 0:
                    req.next = True
                    asked.next = False
                    req_addr.next = req_addr + req_len
                    if words_left > MAX_WORDS:
                        req_len.next = MAX_WORDS
                        words_left.next = words_left - MAX_WORDS
                    else:
                        req_len.next = words_left
                        words_left.next = 0
                else:
                    state.next = mode.CHOOSE
        elif state == mode.CHOOSE:
            if sel_done:
                place.next = sel_chosen
                chosen.next = first_in + sel_chosen
                state.next = mode.READ_STATS
                req.next = True
                req_write.next = False
                asked.next = False
                req_addr.next = stats_first + chosen_offset
                req_len.next = STATS_WORDS
        elif state == mode.READ_STATS:
            if req and ready:
                req.next = False
                asked.next = True
            if rd_valid:
                words[STATS_WORDS - 1].next = rd_data
                for k in range(STATS_WORDS - 1):
                    words[k].next = words[k + 1]
            if mem_done and asked:
                request.valid.next = True
                update_asked.next = True
                request.n8_add.next = VIRTUAL_LOSS          # the virtual loss: n8 + 256 only
                request.w8_add.next = 0
                request.descent_add.next = False
                state.next = mode.READ_LINK
                req.next = True
                asked.next = False
                req_addr.next = LINK_BASE + LINK_WORDS * chosen
                req_len.next = LINK_WORDS
        elif state == mode.READ_LINK or state == mode.READ_KEY:
            if req and ready:
                req.next = False
                asked.next = True
            if rd_valid:
                if state == mode.READ_LINK:
                    link_low.next = link_high
                    link_high.next = rd_data
                else:
                    chosen_key.next = rd_data[KEY_BITS:]
            if mem_done and asked:
                if state == mode.READ_LINK and not at_root_in:
                    state.next = mode.READ_KEY
                    req.next = True
                    asked.next = False
                    req_addr.next = KEY_BASE + chosen
                    req_len.next = KEY_WORDS
                else:
                    state.next = mode.WAIT_UPDATE
        elif state == mode.WAIT_UPDATE:
            if updated or (upd_out and update_asked):
                state.next = mode.WRITE_STATS
                req.next = True
                req_write.next = True
                asked.next = False
                req_addr.next = STATS_BASE + STATS_WORDS * chosen
                req_len.next = STATS_WORDS
        elif state == mode.WRITE_STATS or state == mode.WRITE_SUMMARY:
            if req and ready:
                req.next = False
                asked.next = True
            if wr_take:
                for k in range(STATS_WORDS - 1):
                    words[k].next = words[k + 1]
            if mem_done and asked:
                if state == mode.WRITE_STATS:
                    words[0].next = summary_low
                    words[1].next = summary_high
                    state.next = mode.WRITE_SUMMARY
                    req.next = True
                    asked.next = False
                    req_addr.next = SUMMARY_BASE + SUMMARY_WORDS * chosen
                    req_len.next = SUMMARY_WORDS
                else:
                    state.next = mode.PAD
        if state != mode.IDLE and state != mode.PAD and spent:
            overrun.next = True
        # `last` is a register: the next cycle is PAD with golden's cost spent
        # (spent's own next value); decoded in its own cycle, an operation's
        # last began the tree unit's longest path (blokus_tree_update's)
        pad_next = state == mode.PAD and not last
        if state == mode.WRITE_SUMMARY and mem_done and asked:
            pad_next = True
        if last:
            state.next = mode.IDLE
            done.next = True
            # the request's fields zero while idle: the tree unit ORs its operations' requests
            req_addr.next = 0
            req_len.next = 0
            req_write.next = False
        if start and (state == mode.IDLE or last):
            at_root_in.next = at_root
            first_in.next = first
            count_in.next = count
            explore_in.next = explore
            spent.next = False
            elapsed.next = 1
            updated.next = False
            sel_start.next = True
            stats_first.next = STATS_BASE + STATS_WORDS * first
            if at_root:
                cost.next = root_cost
                state.next = mode.ROOT_SCAN
                root_index.next = 1
            else:
                cost.next = node_cost
                state.next = mode.READ_SUMMARIES
                req.next = True
                req_write.next = False
                asked.next = False
                req_addr.next = SUMMARY_BASE + SUMMARY_WORDS * first
                if count > MAX_WORDS // SUMMARY_WORDS:
                    req_len.next = MAX_WORDS
                    words_left.next = concat(count, False) - MAX_WORDS
                else:
                    req_len.next = concat(count, False)
                    words_left.next = 0
            pad_next = False
        last.next = pad_next and elapsed + 1 >= cost

    return chooser, costs, offset, choice_inputs, update_inputs, outputs, root_address, \
        root_address_last, root_reads, summary_reads, control


@block
def blokus_tree_select_on_sdram(clk, rst, start, at_root, first, count, explore, last, done,
                                overrun, chosen, chosen_key, chosen_first, chosen_count, chosen_real,
                                load_key_we, load_summary_we, load_addr, load_key, load_summary,
                                root_we, root_wr_addr, root_wr_summary, sd_cke, sd_cs_n,
                                sd_ras_n, sd_cas_n, sd_we_n, sd_ba, sd_addr, sd_dqm, sd_dq_o,
                                sd_dq_oe, sd_dq_i, clk_hz=50000000):
    """blokus_tree_select on the SDRAM controller and the root's RAM
    (blokus_root_children), the chip's pins outside: the unit bench's top.
    `load_*` write the RAM (the bench's, as the root's expansion will);
    the choice's own writes of it are also outputs, for the bench to see."""
    from hdl.blokus.root_children import blokus_root_children
    from hdl.sdram_user import SdramUser, sdram_serving
    mem = SdramUser()
    memory = sdram_serving(clk, rst, mem, sd_cke, sd_cs_n, sd_ras_n, sd_cas_n, sd_we_n, sd_ba,
                            sd_addr, sd_dqm, sd_dq_o, sd_dq_oe, sd_dq_i, clk_hz=clk_hz)
    rd_addr, rd_key, rd_summary = unsigned(CHILD_BITS), unsigned(KEY_WORD_BITS), unsigned(SUMMARY_BITS)
    summary_we, wr_addr, wr_summary = flag(), unsigned(CHILD_BITS), unsigned(SUMMARY_BITS)

    @always_comb
    def ram_writes():
        summary_we.next = load_summary_we or root_we
        if root_we:
            wr_addr.next = root_wr_addr
            wr_summary.next = root_wr_summary
        else:
            wr_addr.next = load_addr
            wr_summary.next = load_summary

    request, result = StatsRequest(), StatsResult()
    updater = blokus_stats_updater(clk, rst, request, result)
    choice = blokus_tree_select(clk, rst, start, at_root, first, count, explore, last, done,
                                overrun, chosen, chosen_key, chosen_first, chosen_count, chosen_real,
                                rd_addr, rd_key, rd_summary, root_we, root_wr_addr,
                                root_wr_summary, request, result, mem.req, mem.req_write,
                                mem.req_addr, mem.req_len, mem.ready, mem.wr_take, mem.wr_data,
                                mem.rd_valid, mem.rd_data, mem.done)
    ram = blokus_root_children(clk, load_key_we, summary_we, wr_addr, load_key, wr_summary,
                               rd_addr, rd_key, rd_summary)
    return ram_writes, updater, choice, ram, memory
