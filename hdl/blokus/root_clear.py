"""The root's words as golden's empty Tree has them, written into the SDRAM during its scan."""
from myhdl import always_comb, always_seq, block

from golden.blokus.mcts import EXPAND_SCAN_WORK, EXPAND_WORK, KEY_PASS, PASS, key_word
from hdl.blokus.tree_layout import (KEY_BASE, KEY_WORDS, STATS_BASE, STATS_WORDS, SUMMARY_BASE,
                                    SUMMARY_WORDS)
from hdl.sdram_timing import ADDR_BITS, DATA_BITS, LEN_BITS, SdramCycles, access_cycles
from hdl.signals import check_widths, flag, unsigned

# node 0's words golden's Tree() starts with: its KEY word, then SUMMARY and STATS all zero
# (n8 = w8 = real = 0); its LINK is the root's expansion's
ROOT_KEY_WORD = key_word(PASS, 0)
WRITES = ((KEY_BASE, KEY_WORDS), (SUMMARY_BASE, SUMMARY_WORDS), (STATS_BASE, STATS_WORDS))
if ROOT_KEY_WORD != KEY_PASS:
    raise ValueError("blokus_root_clear writes the root's KEY word as KEY_PASS; golden's is %#x"
                     % ROOT_KEY_WORD)


def clear_cycles(clk_hz=50000000):
    """The most cycles from `start` to the end of the last write: each write
    asked for in the cycle after the one before ends, waits out at most the
    refreshes due, and takes its access's cycles."""
    t = SdramCycles(clk_hz)
    return sum(2 + t.refresh_wait_max + access_cycles(base, words, True, t)
               for base, words in WRITES)


# the writes run while the root's scan does, which takes EXPAND_WORK + EXPAND_SCAN_WORK at least
if clear_cycles() >= EXPAND_WORK + EXPAND_SCAN_WORK:
    raise ValueError("blokus_root_clear takes up to %d cycles, longer than the shortest scan of "
                     "the root (%d): the expansion's writes would wait"
                     % (clear_cycles(), EXPAND_WORK + EXPAND_SCAN_WORK))


@block
def blokus_root_clear(clk, rst, start, busy, req, req_write, req_addr, req_len, ready, wr_data,
                      mem_done):
    """Node 0's KEY, SUMMARY and STATS words as golden's empty Tree has
    them (KEY_PASS, zeros): the back-ups read the root's STATS, and a search
    must not find the last search's there.

    Ports:
        start        in   write them (taken when not busy)
        busy         out  the writes are under way (at most `clear_cycles()`
                          cycles after `start`)
        req .. mem_done   the SDRAM controller's user side (but wr_take: a write
                          of one word, or of zeros), writes only; the
                          request fields and wr_data are zero outside its
                          own accesses, so that its user may OR them with
                          another's
    How: three accesses (KEY, SUMMARY, STATS), each asked for when the one
    before is done.
    """
    check_widths("blokus_root_clear", (("req_addr", req_addr, ADDR_BITS),
                                       ("req_len", req_len, LEN_BITS),
                                       ("wr_data", wr_data, DATA_BITS)))
    step = unsigned(2)                   # the write under way: 0 KEY, 1 SUMMARY, 2 STATS
    asking, asked, active = flag(), flag(), flag()

    @always_comb
    def requests():
        req.next = asking
        req_write.next = asking
        req_addr.next = 0
        req_len.next = 0
        if asking:
            if step == 0:
                req_addr.next = KEY_BASE
                req_len.next = KEY_WORDS
            elif step == 1:
                req_addr.next = SUMMARY_BASE
                req_len.next = SUMMARY_WORDS
            else:
                req_addr.next = STATS_BASE
                req_len.next = STATS_WORDS
        wr_data.next = 0
        if active and step == 0:
            wr_data.next = ROOT_KEY_WORD
        busy.next = active

    @always_seq(clk.posedge, reset=rst)
    def control():
        if not active:
            if start:
                active.next = True
                asking.next = True
                step.next = 0
        else:
            if asking and ready:
                asking.next = False
                asked.next = True
            if mem_done and asked:
                asked.next = False
                if step == 2:
                    active.next = False
                else:
                    step.next = step + 1
                    asking.next = True

    return requests, control


@block
def blokus_root_clear_on_sdram(clk, rst, start, busy, sd_cke, sd_cs_n, sd_ras_n, sd_cas_n,
                               sd_we_n, sd_ba, sd_addr, sd_dqm, sd_dq_o, sd_dq_oe, sd_dq_i,
                               clk_hz=50000000):
    """blokus_root_clear on the SDRAM controller, the chip's pins outside:
    the unit bench's top (a model of the chip on the pins)."""
    from hdl.sdram_user import SdramUser, sdram_serving
    mem = SdramUser()
    memory = sdram_serving(clk, rst, mem, sd_cke, sd_cs_n, sd_ras_n, sd_cas_n, sd_we_n, sd_ba,
                            sd_addr, sd_dqm, sd_dq_o, sd_dq_oe, sd_dq_i, clk_hz=clk_hz)
    clear = blokus_root_clear(clk, rst, start, busy, mem.req, mem.req_write, mem.req_addr,
                              mem.req_len, mem.ready, mem.wr_data, mem.done)
    return clear, memory
