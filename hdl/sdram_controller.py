"""The DE2's SDRAM as runs of words: one access at a time, in a time that
depends only on the access (hdl/sdram_timing.py's `schedule`)."""
from myhdl import Signal, always_comb, always_seq, block, concat, enum, intbv

from hdl.sdram_timing import (ADDR_BITS, BANK_BITS, CAS_LATENCY, CODES, COL_BITS, DATA_BITS,
                              INIT_REFRESHES, LEN_BITS, MAX_WORDS, MODE_WORD, ROW_BITS,
                              SdramCycles)

CMD_NOP, CMD_ACTIVE, CMD_READ, CMD_WRITE, CMD_PRECHARGE, CMD_REFRESH, CMD_LOAD_MODE = (
    CODES[k] for k in ("nop", "active", "read", "write", "precharge", "refresh", "load_mode"))
AUTO_PRECHARGE = 1 << 10             # A10 on READ/WRITE; on PRECHARGE: all banks
ROW_WORDS = 1 << COL_BITS


@block
def sdram_controller(clk, rst, req, req_write, req_addr, req_len, ready, wr_take, wr_data,
                     rd_valid, rd_data, done, sd_cke, sd_cs_n, sd_ras_n, sd_cas_n, sd_we_n,
                     sd_ba, sd_addr, sd_dqm, sd_dq_o, sd_dq_oe, sd_dq_i, clk_hz=50000000):
    """Accesses of 1..MAX_WORDS consecutive words, each in exactly
    `sdram_timing.schedule`'s cycles.

    Ports (the user's side):
        req        in   an access is asked for (held until `ready`)
        req_write  in   ... a write (else a read)
        req_addr   in   ... its first word address (22 bits; the run wraps at 2^22)
        req_len    in   ... its words, 1..MAX_WORDS (LEN_BITS bits); 0 is never taken
        ready      out  idle, initialised, no refresh due: `req` is taken this cycle
        wr_take    out  a write's next word is taken from `wr_data` at this edge
        wr_data    in   16 bits
        rd_valid   out  a read's next word is on `rd_data` (words in address order)
        rd_data    out  16 bits
        done       out  one cycle: the access is over (every word delivered or
                        written, every bank precharged)
    Ports (the chip's, every output registered; the DE2 top level joins the
    data bus's halves into DRAM_DQ and drives DRAM_CLK):
        sd_cke, sd_cs_n, sd_ras_n, sd_cas_n, sd_we_n, sd_ba (2), sd_addr (12),
        sd_dqm (2, always 0), sd_dq_o (16), sd_dq_oe, sd_dq_i (16, sampled every cycle)

    After the reset it waits the power-up time, precharges every bank, runs
    INIT_REFRESHES auto refreshes and loads the mode register (burst length
    1, CAS latency 2); `ready` rises then. A refresh falls due every
    `refresh_interval` cycles; due refreshes run (and `ready` stays low)
    between accesses, never inside one, so an access's commands depend on the
    access alone. Every access closes its rows by auto precharge and ends
    with every bank idle: no state is left for the next one to depend on.
    """
    t = SdramCycles(clk_hz)
    for name, port, bits in (("req_addr", req_addr, ADDR_BITS), ("req_len", req_len, LEN_BITS),
                             ("wr_data", wr_data, DATA_BITS), ("rd_data", rd_data, DATA_BITS),
                             ("sd_addr", sd_addr, ROW_BITS), ("sd_ba", sd_ba, BANK_BITS),
                             ("sd_dq_o", sd_dq_o, DATA_BITS), ("sd_dq_i", sd_dq_i, DATA_BITS)):
        if len(port) != bits:
            raise ValueError("sdram_controller: %s must have %d bits, has %d"
                             % (name, bits, len(port)))
    wait_max = max(t.power_up, t.rfc, t.rp, t.mrd, t.rcd, t.tail_read, t.tail_write)
    mode = enum("INIT", "INIT_REFRESH", "INIT_MODE", "IDLE", "XFER", "TAIL")
    state = Signal(mode.INIT)
    wait_left = Signal(intbv(t.power_up - 1, min=0, max=wait_max + 1))
    init_left = Signal(intbv(INIT_REFRESHES, min=0, max=INIT_REFRESHES + 1))
    refresh_count = Signal(intbv(0, min=0, max=t.refresh_interval))
    refresh_on = Signal(bool(0))           # the refresh timer runs from the end of the start-up
    debt = Signal(intbv(0, min=0, max=t.debt_max + 1))
    writing = Signal(bool(0))
    addr = Signal(intbv(0)[ADDR_BITS:])    # the next word's address
    left = Signal(intbv(0, min=0, max=MAX_WORDS + 1))       # words still to move
    seg_left = Signal(intbv(0)[LEN_BITS:])  # ... of them in this row
    pad_left = Signal(intbv(0)[LEN_BITS:])
    need_active = Signal(bool(0))          # the next command opens the next row
    cmd = Signal(intbv(CMD_NOP)[4:])
    ba = Signal(intbv(0)[BANK_BITS:])
    a = Signal(intbv(0)[ROW_BITS:])
    dq_o = Signal(intbv(0)[DATA_BITS:])
    dq_oe = Signal(bool(0))
    dq_in = Signal(intbv(0)[DATA_BITS:])   # the chip's data, registered every cycle
    read_pipe = Signal(intbv(0)[CAS_LATENCY + 2:])   # READs on their way to rd_valid
    done_reg = Signal(bool(0))
    take = Signal(bool(0))
    first_words = Signal(intbv(0)[LEN_BITS:])
    req_col = Signal(intbv(0)[LEN_BITS:])   # the asked address's column
    # The row an ACTIVE opens: the asked address's (from IDLE) or the next
    # one's (in XFER); its words and the pad before its last command.
    open_bank = Signal(intbv(0)[BANK_BITS:])
    open_row = Signal(intbv(0)[ROW_BITS:])
    open_words = Signal(intbv(0)[LEN_BITS:])
    open_pad = Signal(intbv(0)[LEN_BITS:])
    col_room = Signal(intbv(0)[LEN_BITS:])  # words left in the asked address's row
    # the first row's pad from the request itself, beside first_words, not after it:
    # pad(min(len, room)) = max(pad(len), pad(room)), pad(room) from the column (a
    # chain of subtract, compare, select, compare, subtract ran the tree unit's
    # request into pad_left at 71.0 MHz)
    len_pad_read, len_pad_write = Signal(intbv(0)[LEN_BITS:]), Signal(intbv(0)[LEN_BITS:])
    col_pad_read, col_pad_write = Signal(intbv(0)[LEN_BITS:]), Signal(intbv(0)[LEN_BITS:])
    first_pad = Signal(intbv(0)[LEN_BITS:])
    next_words = Signal(intbv(0)[LEN_BITS:])
    pad_read, pad_write = t.pad_read, t.pad_write
    if MAX_WORDS + ROW_WORDS - 1 >= 1 << LEN_BITS:    # first_row's sum
        raise ValueError("sdram_controller: MAX_WORDS + ROW_WORDS - 1 = %d must fit LEN_BITS = %d"
                         % (MAX_WORDS + ROW_WORDS - 1, LEN_BITS))
    tail_read, tail_write = t.tail_read - 2, t.tail_write - 2
    rcd_wait, rfc_wait, rp_wait, mrd_wait = t.rcd - 1, t.rfc - 1, t.rp - 1, t.mrd - 1
    interval_last = t.refresh_interval - 1
    pipe_top = CAS_LATENCY + 1

    @always_comb
    def row_room():
        req_col.next = concat(intbv(0)[LEN_BITS - COL_BITS:], req_addr[COL_BITS:])
        col_room.next = ROW_WORDS - req_col

    @always_comb
    def first_row():
        # the first row's words: the asked ones, at most those the row holds
        # (len < room as len + column < ROW_WORDS: one carry chain, not two;
        # MAX_WORDS + ROW_WORDS - 1 fits LEN_BITS)
        if req_len + req_col < ROW_WORDS:
            first_words.next = req_len
        else:
            first_words.next = col_room

    @always_comb
    def open_segment():
        if state == mode.IDLE:
            open_bank.next = req_addr[COL_BITS + BANK_BITS:COL_BITS]
            open_row.next = req_addr[ADDR_BITS:COL_BITS + BANK_BITS]
            open_words.next = first_words
        else:
            open_bank.next = addr[COL_BITS + BANK_BITS:COL_BITS]
            open_row.next = addr[ADDR_BITS:COL_BITS + BANK_BITS]
            open_words.next = next_words

    col_read_from = ROW_WORDS - 1 - pad_read      # room <= pad: column >= ROW_WORDS - pad
    col_write_from = ROW_WORDS - 1 - pad_write

    @always_comb
    def request_pads():
        # pad(words) = pad + 1 - words when words <= pad, else 0 (below), for
        # words = the request's length and words = its row's room
        if req_len <= pad_read:
            len_pad_read.next = pad_read + 1 - req_len
        else:
            len_pad_read.next = 0
        if req_len <= pad_write:
            len_pad_write.next = pad_write + 1 - req_len
        else:
            len_pad_write.next = 0
        if req_col > col_read_from:
            col_pad_read.next = req_col - col_read_from
        else:
            col_pad_read.next = 0
        if req_col > col_write_from:
            col_pad_write.next = req_col - col_write_from
        else:
            col_pad_write.next = 0

    @always_comb
    def request_pad():
        if req_write:
            if len_pad_write > col_pad_write:
                first_pad.next = len_pad_write
            else:
                first_pad.next = col_pad_write
        else:
            if len_pad_read > col_pad_read:
                first_pad.next = len_pad_read
            else:
                first_pad.next = col_pad_read

    @always_comb
    def next_row():
        # the next row's words in a transfer, from the registers alone
        if left < ROW_WORDS:
            next_words.next = left
        else:
            next_words.next = ROW_WORDS

    @always_comb
    def open_padding():
        # sdram_timing.SdramCycles.pad: a row of few words waits out tRAS. The
        # transfer's pad from next_words, not open_words: open_words passes the
        # request's first_words, and that path (unused in a transfer, but a path)
        # ran the tree unit's request into pad_left at 74.9 MHz
        if state == mode.IDLE:
            open_pad.next = first_pad
        elif writing:
            if next_words <= pad_write:
                open_pad.next = pad_write + 1 - next_words
            else:
                open_pad.next = 0
        else:
            if next_words <= pad_read:
                open_pad.next = pad_read + 1 - next_words
            else:
                open_pad.next = 0

    @always_comb
    def outputs():
        ready.next = state == mode.IDLE and wait_left == 0 and debt == 0
        take.next = (state == mode.XFER and wait_left == 0 and writing and not need_active
                     and not (seg_left == 1 and pad_left != 0))
        wr_take.next = take
        sd_cke.next = 1
        sd_cs_n.next = cmd[3]
        sd_ras_n.next = cmd[2]
        sd_cas_n.next = cmd[1]
        sd_we_n.next = cmd[0]
        sd_ba.next = ba
        sd_addr.next = a
        sd_dqm.next = 0
        sd_dq_o.next = dq_o
        sd_dq_oe.next = dq_oe
        rd_valid.next = read_pipe[pipe_top]
        rd_data.next = dq_in
        done.next = done_reg

    @always_seq(clk.posedge, reset=rst)
    def refresh_timer():
        if refresh_on:
            if refresh_count == interval_last:
                refresh_count.next = 0
            else:
                refresh_count.next = refresh_count + 1

    @always_seq(clk.posedge, reset=rst)
    def control():
        cmd.next = CMD_NOP
        ba.next = 0
        a.next = 0
        dq_oe.next = 0
        done_reg.next = 0
        dq_in.next = sd_dq_i
        read_pipe.next = concat(read_pipe[pipe_top:0], False)
        due = refresh_on and refresh_count == interval_last
        if wait_left != 0:
            wait_left.next = wait_left - 1
            if due:
                debt.next = debt + 1
        elif state == mode.INIT:
            cmd.next = CMD_PRECHARGE
            a.next = AUTO_PRECHARGE
            wait_left.next = rp_wait
            state.next = mode.INIT_REFRESH
        elif state == mode.INIT_REFRESH:
            cmd.next = CMD_REFRESH
            wait_left.next = rfc_wait
            init_left.next = init_left - 1
            if init_left == 1:
                state.next = mode.INIT_MODE
        elif state == mode.INIT_MODE:
            cmd.next = CMD_LOAD_MODE
            a.next = MODE_WORD
            wait_left.next = mrd_wait
            refresh_on.next = 1
            state.next = mode.IDLE
        elif state == mode.IDLE:
            if debt != 0:
                cmd.next = CMD_REFRESH
                wait_left.next = rfc_wait
                if not due:
                    debt.next = debt - 1
            else:
                if due:
                    debt.next = debt + 1
                if req and req_len != 0:
                    # the first row: ACTIVE now (open_row, open_words, open_pad)
                    cmd.next = CMD_ACTIVE
                    ba.next = open_bank
                    a.next = open_row
                    seg_left.next = open_words
                    pad_left.next = open_pad
                    wait_left.next = rcd_wait
                    writing.next = req_write
                    addr.next = req_addr
                    left.next = req_len
                    need_active.next = 0
                    state.next = mode.XFER
        elif state == mode.XFER:
            if due:
                debt.next = debt + 1
            if need_active:
                # the next row (column 0), as the first
                cmd.next = CMD_ACTIVE
                ba.next = open_bank
                a.next = open_row
                seg_left.next = open_words
                pad_left.next = open_pad
                wait_left.next = rcd_wait
                need_active.next = 0
            elif seg_left == 1 and pad_left != 0:
                pad_left.next = pad_left - 1
            else:
                ba.next = addr[COL_BITS + BANK_BITS:COL_BITS]
                # A10 set on a row's last word: auto precharge
                a.next = concat(intbv(0)[1:], seg_left == 1, intbv(0)[10 - COL_BITS:],
                                addr[COL_BITS:])
                if writing:
                    cmd.next = CMD_WRITE
                    dq_o.next = wr_data
                    dq_oe.next = 1
                else:
                    cmd.next = CMD_READ
                    read_pipe.next = concat(read_pipe[pipe_top:0], True)
                addr.next = (addr + 1) % (1 << ADDR_BITS)
                left.next = left - 1
                seg_left.next = seg_left - 1
                if left == 1:
                    wait_left.next = tail_write if writing else tail_read
                    state.next = mode.TAIL
                elif seg_left == 1:
                    need_active.next = 1
        else:                                  # TAIL: the next ACTIVE may follow
            if due:
                debt.next = debt + 1
            done_reg.next = 1
            state.next = mode.IDLE

    return (row_room, first_row, open_segment, next_row, request_pads, request_pad, open_padding,
            outputs, refresh_timer, control)
