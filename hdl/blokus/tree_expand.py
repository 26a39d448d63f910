"""The tree unit's writes of an expansion: a node's new children in the
SDRAM (their KEY, SUMMARY, STATS and LINK words, the node's LINK), padded to
golden's cost (golden.blokus.mcts.write_work)."""
from myhdl import Signal, always_comb, always_seq, block, concat, enum, intbv

from golden.blokus.mcts import (PRIOR_VISITS, WRITE_NODE_WORK, WRITE_SLACK_SHIFT,
                                WRITE_WORK, child_summary)
from hdl.blokus.child_select import CHILD_BITS
from hdl.blokus.child_summary import SUMMARY_BITS
from hdl.blokus.prior_score import HEURISTIC_BITS
from hdl.blokus.prior_value import LATENCY as PRIOR_LATENCY, W8_BITS, W8_ROM, blokus_prior_value
from hdl.blokus.rave_match import KEY_WORD_BITS
from hdl.blokus.tree_layout import (KEY_BASE, KEY_BITS, KEY_WORDS, LINK_BASE, LINK_HIGH_BITS,
                                    LINK_WORDS, NODE_BITS, STATS_BASE, STATS_WORDS, SUMMARY_BASE,
                                    SUMMARY_WORDS)
from hdl.byte_fifo import byte_fifo
from hdl.sdram_timing import ADDR_BITS, DATA_BITS, LEN_BITS, MAX_WORDS
from hdl.signals import flag, unsigned

MOST_CHILDREN = (1 << CHILD_BITS) - 1
MOST_WORK = WRITE_NODE_WORK + WRITE_WORK * MOST_CHILDREN + (MOST_CHILDREN >> WRITE_SLACK_SHIFT)
COUNT_BITS = MOST_WORK.bit_length()
SEGMENT_WORDS = (KEY_WORDS, SUMMARY_WORDS, STATS_WORDS, LINK_WORDS, LINK_WORDS)
"""The five writes, in order: each child's KEY, SUMMARY, STATS and LINK
words, then the node's own LINK (once)."""
if WRITE_WORK != sum(SEGMENT_WORDS[:4]):
    raise ValueError("blokus_tree_expand writes %d words a child; golden charges WRITE_WORK %d"
                     % (sum(SEGMENT_WORDS[:4]), WRITE_WORK))
SEG_BITS = 3
TOTAL_BITS = (STATS_WORDS * MOST_CHILDREN).bit_length()
BUFFER_LATENCY = 2                   # the list of the scan's moves: its word two cycles after the address
PIPE = BUFFER_LATENCY + PRIOR_LATENCY
"""Cycles from a word's issue to its push into the queue of words to write:
the list's read, then blokus_prior_value."""
TAG_BITS = 1 + SEG_BITS + 3 + CHILD_BITS    # an issued word: valid, segment, word, child
QUEUE_DEPTH = 8
"""Words queued or on their way. A word is taken 2 cycles after its push at
the earliest (the push, then the queue's count), so a word a cycle needs
PIPE + 2 of them in flight; 8 is the least power of two (byte_fifo's
depths) that holds them, and with 4 the bench fails. An access is asked for
once its first word waits: the producer issues a word a cycle from then on,
so word j of the access is queued by the cycle of the request + j, and the
controller takes it 2 cycles later at the earliest (asked for before its
first word waits, the bench fails)."""
if PRIOR_LATENCY != 2:
    raise ValueError("blokus_tree_expand delays the list's key two cycles beside blokus_prior_value "
                     "(LATENCY %d)" % PRIOR_LATENCY)
if QUEUE_DEPTH < PIPE + 2:
    raise ValueError("blokus_tree_expand: a queue of %d words cannot give a word a cycle from a "
                     "producer %d cycles long; make it %d or more"
                     % (QUEUE_DEPTH, PIPE, PIPE + 2))
PRIOR_N8 = PRIOR_VISITS * 256
LOSS_N8 = PRIOR_N8 + 256
LOSS_W8 = W8_ROM[0]                   # the child chosen has h = best: a gap of 0
LOSS_SUMMARY = child_summary(LOSS_N8, LOSS_W8)
if NODE_BITS - DATA_BITS != LINK_HIGH_BITS:
    raise ValueError("blokus_tree_expand writes a LINK's second word as the count over the "
                     "first child's high bits (tree_layout.link_words)")
if max(LOSS_N8, max(W8_ROM)) >= 1 << DATA_BITS:
    raise ValueError("blokus_tree_expand writes a new child's n8 and w8 as one word each")


@block
def blokus_tree_expand(clk, rst, start, node, first, count, best, loss, last, done, overrun,
                       chosen, chosen_key, list_addr, list_key, list_heuristic, root_key_we,
                       root_summary_we, root_wr_addr, root_wr_key, root_wr_summary, req,
                       req_write, req_addr, req_len, ready, wr_take, wr_data, mem_done):
    """The writes of golden's ``expand`` of ``node``: its ``count`` children,
    numbered from ``first``, with their keys and priors, then, when ``loss``
    (an expansion on a descent's way), the virtual loss of the child golden's
    ``select`` then takes, in exactly ``write_work(count)`` cycles.

    Ports:
        start        in   begin (taken when idle or in the cycle of `last`): the
                          expansion below
        node         in   NODE_BITS: the node expanded (its LINK written last)
        first        in   NODE_BITS: its first new child's node number
        count        in   CHILD_BITS: its children, 1 or more (a pass: one)
        best         in   HEURISTIC_BITS: the scan's best h
        loss         in   write the chosen child's STATS and SUMMARY with its
                          virtual loss (n8 + 256); not at the root's expansion
        last         out  (a register) the writes' last cycle: a `start` in
                          it is taken at its end, so that golden's costs add
                          up with no cycle between two operations
        done         out  one cycle, ``write_work(count)`` cycles after `start`
                          was taken (the cycle after `last`); `chosen` holds
                          from `last` until the next expansion's first child
        overrun      out  sticky: the accesses were not over by then
        chosen       out  CHILD_BITS: the place of the child golden's select
                          takes among new children (the first with h = best)
        chosen_key   out  KEY_BITS: its key (for the descent's path)
        list_addr    out  CHILD_BITS: the scan's move read, in scan order ...
        list_key, list_heuristic  in  KEY_BITS, HEURISTIC_BITS: ... two
                          cycles after (blokus_expand_scan's out_key and
                          out_heuristic, kept by the tree unit)
        root_key_we, root_summary_we  out  one cycle: a child's KEY word
                          (root_wr_key) or summary (root_wr_summary) for the
                          root's RAM at place root_wr_addr (CHILD_BITS); the
                          tree unit lets them through at the root's expansion
        req .. mem_done   the SDRAM controller's user side, writes only
    The inputs are taken with `start`.
    How: a producer reads the list a child at a time, each child's words of
    the current write in turn, through blokus_prior_value (the child's w8 and
    summary from best - h), into a queue of QUEUE_DEPTH words; it issues a
    word only when the queue and the words on their way leave it room. The
    writes (each in runs of at most MAX_WORDS) are asked for in order, each
    once its first word waits; the controller takes a
    word a cycle from the queue's head.
    """
    for name, port, bits in (("node", node, NODE_BITS), ("first", first, NODE_BITS),
                             ("count", count, CHILD_BITS), ("best", best, HEURISTIC_BITS),
                             ("chosen", chosen, CHILD_BITS), ("chosen_key", chosen_key, KEY_BITS),
                             ("list_addr", list_addr, CHILD_BITS),
                             ("list_key", list_key, KEY_BITS),
                             ("list_heuristic", list_heuristic, HEURISTIC_BITS),
                             ("root_wr_addr", root_wr_addr, CHILD_BITS),
                             ("root_wr_key", root_wr_key, KEY_WORD_BITS),
                             ("root_wr_summary", root_wr_summary, SUMMARY_BITS),
                             ("req_addr", req_addr, ADDR_BITS), ("req_len", req_len, LEN_BITS),
                             ("wr_data", wr_data, DATA_BITS)):
        if len(port) != bits:
            raise ValueError("blokus_tree_expand: %s must have %d bits, has %d"
                             % (name, bits, len(port)))
    mode = enum("IDLE", "WAIT_WORDS", "ACCESS", "PAD")
    state = Signal(mode.IDLE)
    elapsed, cost = unsigned(COUNT_BITS), unsigned(COUNT_BITS)
    spent = flag()                       # golden's cost is spent (elapsed >= cost, a register)
    # the inputs as taken with start
    first_in, count_in = unsigned(NODE_BITS), unsigned(CHILD_BITS)
    best_in, loss_in = unsigned(HEURISTIC_BITS), flag()
    # the producer: the segment, child and word it issues next (segment 5: all issued)
    p_seg, p_child, p_word = unsigned(SEG_BITS), unsigned(CHILD_BITS), unsigned(3)
    p_last_word, p_last_child, issue = flag(), flag(), flag()
    queued = unsigned(4)                 # words in the queue
    inflight = unsigned(3)               # words issued, not yet in the queue
    # each issued word's tag, shifted PIPE stages: stage k (from 1) is k cycles
    # after the issue; at stage BUFFER_LATENCY the list's data are there, at
    # stage PIPE ("e") the prior's
    tag_in, tag_pipe = unsigned(TAG_BITS), unsigned(TAG_BITS * PIPE)
    tag_list, tag_e = unsigned(TAG_BITS), unsigned(TAG_BITS)
    list_valid = flag()
    seg_e, word_e, child_e, valid_e = unsigned(SEG_BITS), unsigned(3), unsigned(CHILD_BITS), flag()
    key_late, key_e = unsigned(KEY_BITS), unsigned(KEY_BITS)      # the list's key, 1 and 2 later
    best_late, best_e = flag(), flag()                            # its h == best, 1 and 2 later
    prior_valid, prior_w8, prior_summary = flag(), unsigned(W8_BITS), unsigned(SUMMARY_BITS)
    chosen_found, lost = flag(), flag()
    summary_e, n8_e = unsigned(SUMMARY_BITS), unsigned(DATA_BITS)
    word_out, push, pop, queue_empty, queue_full = unsigned(DATA_BITS), flag(), flag(), flag(), flag()
    queue = byte_fifo(clk, rst, word_out, push, wr_data, pop, queue_empty, queue_full,
                      depth=QUEUE_DEPTH, width=DATA_BITS)
    prior = blokus_prior_value(clk, rst, list_valid, list_heuristic, best_in, prior_valid, prior_w8,
                               prior_summary)
    # the writes after the first (KEY): each one's address and words, set at `start`
    seg_addr = [unsigned(ADDR_BITS) for _ in range(4)]
    seg_total = [unsigned(TOTAL_BITS) for _ in range(4)]
    a_seg = unsigned(SEG_BITS)
    a_left = unsigned(TOTAL_BITS)        # words of the segment still to ask for
    piece = unsigned(LEN_BITS)
    asked = flag()

    @always_comb
    def tags():
        tag_in.next = concat(issue, p_seg, p_word, p_child)
        tag_list.next = tag_pipe[TAG_BITS * BUFFER_LATENCY:TAG_BITS * (BUFFER_LATENCY - 1)]
        tag_e.next = tag_pipe[TAG_BITS * PIPE:TAG_BITS * (PIPE - 1)]

    @always_comb
    def tag_fields():
        list_valid.next = tag_list[TAG_BITS - 1]
        valid_e.next = tag_e[TAG_BITS - 1]
        seg_e.next = tag_e[TAG_BITS - 1:3 + CHILD_BITS]
        word_e.next = tag_e[3 + CHILD_BITS:CHILD_BITS]
        child_e.next = tag_e[CHILD_BITS:]

    @always_comb
    def producer_step():
        list_addr.next = p_child
        p_last_child.next = p_child == count_in - 1
        if p_seg == 0:
            p_last_word.next = True
        elif p_seg == 2:
            p_last_word.next = p_word == STATS_WORDS - 1
        else:
            p_last_word.next = p_word == 1
        issue.next = (state != mode.IDLE and p_seg < 5 and queued + inflight < QUEUE_DEPTH)

    @always_comb
    def assemble():
        lost.next = loss_in and chosen_found and child_e == chosen and (seg_e == 1 or seg_e == 2)
        push.next = valid_e
        pop.next = wr_take and state == mode.ACCESS     # not another operation's take
        if lost:
            summary_e.next = LOSS_SUMMARY
            n8_e.next = LOSS_N8
        else:
            summary_e.next = prior_summary
            n8_e.next = PRIOR_N8

    @always_comb
    def word_of():
        word_out.next = 0
        if seg_e == 0:
            word_out.next = key_e
        elif seg_e == 1:
            if word_e == 0:
                word_out.next = summary_e[DATA_BITS:]
            else:
                word_out.next = summary_e[SUMMARY_BITS:DATA_BITS]
        elif seg_e == 2:
            if word_e == 0:
                word_out.next = n8_e
            elif word_e == 2:
                if lost:
                    word_out.next = LOSS_W8
                else:
                    word_out.next = prior_w8
        elif seg_e == 4:
            if word_e == 0:
                word_out.next = first_in[DATA_BITS:]
            else:
                word_out.next = concat(count_in, first_in[NODE_BITS:DATA_BITS])

    @always_comb
    def access_size():
        if a_left > MAX_WORDS:
            piece.next = MAX_WORDS
        else:
            piece.next = a_left

    @always_seq(clk.posedge, reset=rst)
    def producer():
        tag_pipe.next = concat(tag_pipe[TAG_BITS * (PIPE - 1):], tag_in)
        key_late.next = list_key
        key_e.next = key_late
        best_late.next = list_heuristic == best_in
        best_e.next = best_late
        if push and not pop:
            queued.next = queued + 1
        elif pop and not push:
            queued.next = queued - 1
        if issue and not push:
            inflight.next = inflight + 1
        elif push and not issue:
            inflight.next = inflight - 1
        if valid_e and seg_e == 0 and best_e and not chosen_found:
            chosen_found.next = True
            chosen.next = child_e
            chosen_key.next = key_e
        root_key_we.next = valid_e and seg_e == 0
        root_summary_we.next = valid_e and seg_e == 1 and word_e == 0
        root_wr_addr.next = child_e
        root_wr_key.next = key_e
        root_wr_summary.next = summary_e
        if start and (state == mode.IDLE or last):
            p_seg.next = 0
            p_child.next = 0
            p_word.next = 0
            chosen_found.next = False
        elif issue:
            if not p_last_word:
                p_word.next = p_word + 1
            else:
                p_word.next = 0
                if p_seg == 4 or p_last_child:
                    p_seg.next = p_seg + 1
                    p_child.next = 0
                else:
                    p_child.next = p_child + 1

    @always_seq(clk.posedge, reset=rst)
    def writes():
        done.next = False
        spent.next = elapsed + 1 >= cost
        if state != mode.IDLE:
            elapsed.next = elapsed + 1
        if state == mode.IDLE:
            pass
        elif state == mode.WAIT_WORDS:
            if queued != 0:
                state.next = mode.ACCESS
                req.next = True
                asked.next = False
                req_len.next = piece
                a_left.next = a_left - piece
        elif state == mode.ACCESS:
            if req and ready:
                req.next = False
                asked.next = True
            if mem_done and asked:
                if a_left != 0:
                    state.next = mode.WAIT_WORDS
                    req_addr.next = req_addr + req_len
                elif a_seg == 4:
                    state.next = mode.PAD
                else:
                    state.next = mode.WAIT_WORDS
                    a_seg.next = a_seg + 1
                    req_addr.next = seg_addr[a_seg]
                    a_left.next = seg_total[a_seg]
        if state != mode.IDLE and state != mode.PAD and spent:
            overrun.next = True
        # `last` is a register: the next cycle is PAD with golden's cost spent
        # (spent's own next value); decoded in its own cycle, an operation's
        # last began the tree unit's longest path (blokus_tree_update's)
        pad_next = state == mode.PAD and not last
        if state == mode.ACCESS and mem_done and asked and a_left == 0 and a_seg == 4:
            pad_next = True
        if last:
            state.next = mode.IDLE
            done.next = True
            # the request's fields zero while idle: the tree unit ORs its operations' requests
            req_addr.next = 0
            req_len.next = 0
            req_write.next = False
        if start and (state == mode.IDLE or last):
            first_in.next = first
            count_in.next = count
            best_in.next = best
            loss_in.next = loss
            spent.next = False
            state.next = mode.WAIT_WORDS
            elapsed.next = 1
            cost.next = WRITE_NODE_WORK + concat(count, intbv(0)[3:]) + concat(count, False) \
                + count + count[CHILD_BITS:WRITE_SLACK_SHIFT]
            seg_addr[0].next = SUMMARY_BASE + SUMMARY_WORDS * first
            seg_addr[1].next = STATS_BASE + STATS_WORDS * first
            seg_addr[2].next = LINK_BASE + LINK_WORDS * first
            seg_addr[3].next = LINK_BASE + LINK_WORDS * node
            seg_total[0].next = SUMMARY_WORDS * count
            seg_total[1].next = STATS_WORDS * count
            seg_total[2].next = LINK_WORDS * count
            seg_total[3].next = LINK_WORDS
            a_seg.next = 0
            a_left.next = count
            req_addr.next = KEY_BASE + first
            req_write.next = True
            pad_next = False
        last.next = pad_next and elapsed + 1 >= cost

    return (queue, prior, tags, tag_fields, producer_step, assemble, word_of, access_size, producer,
            writes)


@block
def blokus_tree_expand_on_sdram(clk, rst, start, node, first, count, best, loss, last, done,
                                overrun, chosen, chosen_key, load_we, load_addr, load_key,
                                load_heuristic, root_key_we, root_summary_we, root_wr_addr, root_wr_key,
                                root_wr_summary, sd_cke, sd_cs_n, sd_ras_n, sd_cas_n, sd_we_n,
                                sd_ba, sd_addr, sd_dqm, sd_dq_o, sd_dq_oe, sd_dq_i,
                                clk_hz=50000000):
    """blokus_tree_expand on the SDRAM controller, with the list of the
    scan's moves (a blokus_kept_store the bench loads through `load_*`, as
    the tree unit will from blokus_expand_scan), the chip's pins outside: the
    unit bench's top. The root's RAM writes are outputs, for the bench to see."""
    from hdl.blokus.kept_store import blokus_kept_store
    from hdl.sdram_user import SdramUser, sdram_serving
    mem = SdramUser()
    memory = sdram_serving(clk, rst, mem, sd_cke, sd_cs_n, sd_ras_n, sd_cas_n, sd_we_n, sd_ba,
                            sd_addr, sd_dqm, sd_dq_o, sd_dq_oe, sd_dq_i, clk_hz=clk_hz)
    list_addr, list_word = unsigned(CHILD_BITS), unsigned(KEY_BITS + HEURISTIC_BITS)
    load_word, list_key, list_heuristic = (unsigned(KEY_BITS + HEURISTIC_BITS), unsigned(KEY_BITS),
                                           unsigned(HEURISTIC_BITS))

    @always_comb
    def list_fields():
        load_word.next = concat(load_key, load_heuristic)
        list_key.next = list_word[KEY_BITS + HEURISTIC_BITS:HEURISTIC_BITS]
        list_heuristic.next = list_word[HEURISTIC_BITS:]

    moves = blokus_kept_store(clk, load_we, load_addr, load_word, list_addr, list_word,
                              depth=1 << CHILD_BITS)
    writes = blokus_tree_expand(clk, rst, start, node, first, count, best, loss, last, done,
                                overrun, chosen, chosen_key, list_addr, list_key, list_heuristic,
                                root_key_we, root_summary_we, root_wr_addr, root_wr_key,
                                root_wr_summary, mem.req, mem.req_write, mem.req_addr, mem.req_len,
                                mem.ready, mem.wr_take, mem.wr_data, mem.done)
    return list_fields, moves, writes, memory
