"""The tree unit's update of one node in the SDRAM: its STATS read, updated
and written, its SUMMARY written (and its KEY word's flag when its descents
pass RAVE_CHILD_MAX), padded to golden's cost."""
from myhdl import Signal, always_comb, always_seq, block, concat, enum

from golden.blokus.mcts import BACKUP_NODE_WORK, KEY_FLAG_WORK, RAVE_CHILD_MAX, RAVE_UPDATE_WORK
from hdl.blokus.child_summary import SUMMARY_BITS, VISIT_BITS
from hdl.blokus.stats_update import (ADD_BITS, REAL_BITS, StatsRequest, StatsResult,
                                     blokus_stats_updater)
from hdl.blokus.tree_layout import (KEY_BASE, KEY_BITS, KEY_WORDS, NODE_BITS,
                                    STATS_WORDS, SUMMARY_BASE, SUMMARY_WORDS)
from hdl.sdram_timing import ADDR_BITS, DATA_BITS, LEN_BITS
from hdl.signals import flag, unsigned

if BACKUP_NODE_WORK != RAVE_UPDATE_WORK:
    raise ValueError("blokus_tree_update pads a back-up and a RAVE update to one cost; golden's "
                     "BACKUP_NODE_WORK (%d) and RAVE_UPDATE_WORK (%d) differ"
                     % (BACKUP_NODE_WORK, RAVE_UPDATE_WORK))
UPDATE_WORK = BACKUP_NODE_WORK
FLAGGED_WORK = BACKUP_NODE_WORK + KEY_FLAG_WORK
COUNT_BITS = FLAGGED_WORK.bit_length()
if VISIT_BITS != 2 * DATA_BITS or not DATA_BITS < REAL_BITS <= 2 * DATA_BITS:
    raise ValueError("blokus_tree_update keeps n8 and w8 in two words and real in two: "
                     "VISIT_BITS %d, REAL_BITS %d" % (VISIT_BITS, REAL_BITS))


@block
def blokus_tree_update(clk, rst, start, node, stats_addr, n8_add, w8_add, descent_add, flag_enable, key,
                       last, done, overrun, request, result, req, req_write, req_addr, req_len,
                       ready, wr_take, wr_data, rd_valid, rd_data, mem_done):
    """One of golden's node updates in the SDRAM, in exactly golden's cycles.

    Ports:
        start        in   begin (taken when idle or in the cycle of `last`):
                          the update below
        node         in   NODE_BITS: the node
        stats_addr   in   ADDR_BITS: its STATS address, STATS_BASE + 6 node
                          (the user's: the tree unit's control knows it ahead)
        n8_add, w8_add, descent_add  in  blokus_stats_update's: a back-up
                          (r, 1; n8 256 at the root) or a RAVE update
        flag_enable  in   a back-up below the root: when the node's descents
                          become RAVE_CHILD_MAX + 1 its KEY word is written
                          again with KEY_SATURATED (its key from `key`, 15 bits)
        last         out  (a register) the update's last cycle: a `start`
                          in it is taken at its end, so that golden's costs
                          add up with no cycle between two operations
        done         out  one cycle, UPDATE_WORK cycles after `start` was taken
                          (FLAGGED_WORK when the flag was written): the
                          cycle after `last`
        overrun      out  sticky: the accesses were not over by then (never, if
                          golden's costs cover the controller: bench/blokus/tree_costs.py)
        request, result   the tree unit's blokus_stats_update (StatsRequest
                          out, driven while the update runs; StatsResult in)
        req .. mem_done   the SDRAM controller's user side (hdl/sdram_controller.py)
    The inputs are taken with `start` (kept inside until `done`), so that
    the tree unit's control can give the next update's in the cycle of this
    one's `done` (blokus_tree_backup).
    """
    for name, port, bits in (("node", node, NODE_BITS), ("stats_addr", stats_addr, ADDR_BITS),
                             ("n8_add", n8_add, ADD_BITS),
                             ("w8_add", w8_add, ADD_BITS), ("key", key, KEY_BITS),
                             ("req_addr", req_addr, ADDR_BITS), ("req_len", req_len, LEN_BITS),
                             ("wr_data", wr_data, DATA_BITS), ("rd_data", rd_data, DATA_BITS)):
        if len(port) != bits:
            raise ValueError("blokus_tree_update: %s must have %d bits, has %d"
                             % (name, bits, len(port)))
    mode = enum("IDLE", "READ", "UPDATE", "WRITE_STATS", "WRITE_SUMMARY", "WRITE_KEY", "PAD")
    state = Signal(mode.IDLE)
    # STATS as read (shifted in at the back), then the words to write (shifted
    # out at the front): the new STATS, the SUMMARY, the KEY word
    words = [unsigned(DATA_BITS) for _ in range(STATS_WORDS)]
    summary_low, summary_high = unsigned(DATA_BITS), unsigned(DATA_BITS)
    asked = flag()                   # the current access was taken
    elapsed = unsigned(COUNT_BITS)   # cycles since start
    cost = unsigned(COUNT_BITS)
    write_flag = flag()
    # the inputs as taken with start
    node_in, key_in, stats_in = unsigned(NODE_BITS), unsigned(KEY_BITS), unsigned(ADDR_BITS)
    spent = flag()                   # golden's cost is spent (elapsed >= cost, a register)
    n8_in, w8_in = unsigned(ADD_BITS), unsigned(ADD_BITS)
    descent_in, flag_in = flag(), flag()
    upd_out = result.valid
    n8_new, w8_new, real_new, summary_new = result.n8, result.w8, result.descents, result.summary

    @always_comb
    def inputs():
        request.n8.next = concat(words[1], words[0])
        request.w8.next = concat(words[3], words[2])
        request.descents.next = concat(words[5][REAL_BITS - DATA_BITS:], words[4])
        request.n8_add.next = n8_in
        request.w8_add.next = w8_in
        request.descent_add.next = descent_in

    @always_comb
    def write_word():
        wr_data.next = words[0]          # the words to write leave from the front, one a take

    @always_seq(clk.posedge, reset=rst)
    def control():
        done.next = False
        request.valid.next = False
        spent.next = elapsed + 1 >= cost
        if state != mode.IDLE:
            elapsed.next = elapsed + 1
        if state == mode.READ:
            if req and ready:
                req.next = False
                asked.next = True
            if rd_valid:
                words[STATS_WORDS - 1].next = rd_data
                for k in range(STATS_WORDS - 1):
                    words[k].next = words[k + 1]
            if mem_done and asked:
                state.next = mode.UPDATE
                request.valid.next = True
        elif state == mode.UPDATE:
            if upd_out:
                words[0].next = n8_new[16:]
                words[1].next = n8_new[VISIT_BITS:16]
                words[2].next = w8_new[16:]
                words[3].next = w8_new[VISIT_BITS:16]
                words[4].next = real_new[16:]
                words[5].next = real_new[REAL_BITS:16]
                summary_low.next = summary_new[16:]
                summary_high.next = summary_new[SUMMARY_BITS:16]
                write_flag.next = flag_in and real_new == RAVE_CHILD_MAX + 1
                if flag_in and real_new == RAVE_CHILD_MAX + 1:
                    cost.next = FLAGGED_WORK
                state.next = mode.WRITE_STATS
                req.next = True
                req_write.next = True
                asked.next = False
                req_addr.next = stats_in
                req_len.next = STATS_WORDS
        elif state == mode.WRITE_STATS or state == mode.WRITE_SUMMARY or state == mode.WRITE_KEY:
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
                    req_addr.next = SUMMARY_BASE + SUMMARY_WORDS * node_in
                    req_len.next = SUMMARY_WORDS
                elif state == mode.WRITE_SUMMARY and write_flag:
                    words[0].next = concat(True, key_in)
                    state.next = mode.WRITE_KEY
                    req.next = True
                    asked.next = False
                    req_addr.next = KEY_BASE + node_in
                    req_len.next = KEY_WORDS
                else:
                    state.next = mode.PAD
        if state != mode.IDLE and state != mode.PAD and spent:
            overrun.next = True
        # `last` is a register: the next cycle is PAD with golden's cost spent
        # (spent's own next value). Decoded from the state and `spent`, it
        # began the tree unit's longest path, through the back-up's end and
        # the tree unit's start of the next job (72.7 MHz).
        pad_next = state == mode.PAD and not last
        if (state == mode.WRITE_SUMMARY and not write_flag) or state == mode.WRITE_KEY:
            if mem_done and asked:
                pad_next = True
        if last:
            state.next = mode.IDLE
            done.next = True
            # the request's fields zero while idle: the tree unit ORs its operations' requests
            req_addr.next = 0
            req_len.next = 0
            req_write.next = False
        if start and (state == mode.IDLE or last):
            node_in.next = node
            stats_in.next = stats_addr
            key_in.next = key
            n8_in.next = n8_add
            w8_in.next = w8_add
            descent_in.next = descent_add
            flag_in.next = flag_enable
            state.next = mode.READ
            req.next = True
            req_write.next = False
            asked.next = False
            req_addr.next = stats_addr
            req_len.next = STATS_WORDS
            elapsed.next = 1
            spent.next = False
            cost.next = UPDATE_WORK
            pad_next = False
        last.next = pad_next and elapsed + 1 >= cost

    return inputs, write_word, control


@block
def blokus_tree_update_on_sdram(clk, rst, start, node, stats_addr, n8_add, w8_add, descent_add, flag_enable,
                                key, last, done, overrun, sd_cke, sd_cs_n, sd_ras_n, sd_cas_n,
                                sd_we_n, sd_ba, sd_addr, sd_dqm, sd_dq_o, sd_dq_oe, sd_dq_i,
                                clk_hz=50000000):
    """blokus_tree_update on the SDRAM controller, the chip's pins outside:
    the unit bench's top (a model of the chip on the pins)."""
    from hdl.sdram_user import SdramUser, sdram_serving
    mem = SdramUser()
    memory = sdram_serving(clk, rst, mem, sd_cke, sd_cs_n, sd_ras_n, sd_cas_n, sd_we_n, sd_ba,
                            sd_addr, sd_dqm, sd_dq_o, sd_dq_oe, sd_dq_i, clk_hz=clk_hz)
    request, result = StatsRequest(), StatsResult()
    updater = blokus_stats_updater(clk, rst, request, result)
    update = blokus_tree_update(clk, rst, start, node, stats_addr, n8_add, w8_add, descent_add, flag_enable,
                                key, last, done, overrun, request, result, mem.req, mem.req_write,
                                mem.req_addr, mem.req_len, mem.ready, mem.wr_take, mem.wr_data,
                                mem.rd_valid, mem.rd_data, mem.done)
    return updater, update, memory
