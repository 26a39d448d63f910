"""The DE2's SDRAM in clock cycles, and the exact command schedule of
hdl/sdram_controller.py.

The DE2 carries one 8 MB SDR SDRAM (ISSI IS42S16400, -7 speed grade): 4
banks of 4,096 rows of 256 columns of 16 bits, a word address of 22 bits.
Its data sheet gives its timing in nanoseconds; `sdram_cycles(clk_hz)` turns
them into clock cycles once, at build time, and refuses a clock they cannot
serve with a `ConfigError` that says what to change (as hdl/params.py does for
the UART). The nanosecond figures are the data sheet's worst (largest) values
rounded up, not its typical ones.

`schedule(addr, n, write, t)` is the controller's contract: the command it
registers at every cycle of an access of n words from word address addr, and
the cycle at which it can register the next access's first command. The unit
bench (verif/units/sdram_controller/) compares the RTL's commands with it
cycle for cycle, and an independent model of the chip
(verif/models/sdram.py) checks every command against the data sheet. An
access's time depends only on (addr, n, write): the Monte-Carlo tree unit
that reads its tree from the SDRAM must spend exactly golden's cycles
(docs/blokus-mcts.md, "Exact cycles from a memory that refreshes").

The address's layout: column = bits 0-7, bank = bits 8-9, row = bits 10-21.
A run of words that leaves a row goes on in the next bank (same row, or the
next row after bank 3), so a long access opens each row once, while the row
before it closes by itself (auto precharge).
"""
from hdl.params import ConfigError

ADDR_BITS = 22                       # 4 M words of 16 bits
ROW_BITS, BANK_BITS, COL_BITS = 12, 2, 8
DATA_BITS = 16
MAX_WORDS = 1024                     # the longest access (a node's children's summaries)
LEN_BITS = 11                        # holds 1 .. MAX_WORDS
CAS_LATENCY = 2                      # the mode register's CL
MODE_WORD = CAS_LATENCY << 4         # burst length 1, sequential, CL, programmed write bursts
INIT_REFRESHES = 8                   # auto refreshes in the power-up sequence

# IS42S16400 -7, nanoseconds (the data sheet's minimum unless said)
T_RCD_NS = 20                        # ACTIVE to READ/WRITE
T_RP_NS = 20                         # PRECHARGE to ACTIVE (or REFRESH)
T_RAS_NS = 42                        # ACTIVE to PRECHARGE
T_RC_NS = 70                         # ACTIVE to ACTIVE, same bank
T_RRD_NS = 14                        # ACTIVE to ACTIVE, other bank
T_RFC_NS = 70                        # AUTO REFRESH to any command
T_WR_NS = 14                         # last write data to PRECHARGE (at least T_WR_CLK)
T_WR_CLK = 2
T_MRD_CLK = 2                        # LOAD MODE REGISTER to any command
T_CK_CL2_NS = 10                     # the shortest clock period at CAS latency 2
POWER_UP_NS = 200000                 # stable clock, NOP, before the first command
# the pins' timing around the chip's clock edge, for the DE2 project's SDC (synth.quartus):
# the -7 grade's figures of ISSI's data sheet of the same SDRAM family (IS42S16800A,
# whose AC table gives the -7 grade these values)
T_AC_CL2_NS = 6.0                    # the clock edge to its read data valid, CAS latency 2 (max)
T_OH_NS = 2.5                        # its read data held after the next edge (min)
T_IS_NS = 1.5                        # command, address and data set up before the edge
T_IH_NS = 0.8                        # ... and held after it
REFRESH_PERIOD_NS = 64000000         # every row refreshed within 64 ms ...
REFRESH_ROWS = 4096                  # ... by 4,096 auto refreshes

NOP, ACTIVE, READ, WRITE, PRECHARGE, REFRESH, LOAD_MODE = (
    "nop", "active", "read", "write", "precharge", "refresh", "load_mode")
# (cs_n, ras_n, cas_n, we_n) of each command, as the data sheet's truth table
CODES = {NOP: 0b0111, ACTIVE: 0b0011, READ: 0b0101, WRITE: 0b0100, PRECHARGE: 0b0010,
         REFRESH: 0b0001, LOAD_MODE: 0b0000}
COMMAND_OF_CODE = {v: k for k, v in CODES.items()}


def _cycles(ns, clk_hz):
    """The fewest whole clock cycles that last at least ns nanoseconds."""
    return max(1, -(-ns * clk_hz // 1000000000))


class SdramCycles(object):
    """The data sheet's times in cycles of one clock, and what the controller
    derives from them: the refresh interval, the tails of an access."""

    def __init__(self, clk_hz):
        if isinstance(clk_hz, bool) or not isinstance(clk_hz, int) or clk_hz <= 0:
            raise ConfigError("clk_hz must be a positive integer, got %r" % (clk_hz,))
        if clk_hz * T_CK_CL2_NS > 1000000000:
            raise ConfigError(
                "clk_hz=%d is too fast for the SDRAM at CAS latency %d (at most %d Hz): "
                "lower clk_hz" % (clk_hz, CAS_LATENCY, 1000000000 // T_CK_CL2_NS))
        self.clk_hz = clk_hz
        self.rcd = _cycles(T_RCD_NS, clk_hz)
        self.rp = _cycles(T_RP_NS, clk_hz)
        self.ras = _cycles(T_RAS_NS, clk_hz)
        self.rc = _cycles(T_RC_NS, clk_hz)
        self.rrd = _cycles(T_RRD_NS, clk_hz)
        self.rfc = _cycles(T_RFC_NS, clk_hz)
        self.wr = max(T_WR_CLK, _cycles(T_WR_NS, clk_hz))
        self.mrd = T_MRD_CLK
        self.cl = CAS_LATENCY
        self.power_up = _cycles(POWER_UP_NS, clk_hz)
        # A refresh is due every `refresh_interval` cycles (rounded down, so
        # 4,096 of them take at most 64 ms); one waits for the access under way.
        self.refresh_interval = REFRESH_PERIOD_NS * clk_hz // 1000000000 // REFRESH_ROWS
        # A segment (the words of one row) closes with auto precharge, which
        # starts a cycle after a READ and `wr` cycles after a WRITE, and must
        # not start before `ras` cycles after its ACTIVE: a segment of few
        # words waits `pad` cycles before its last command.
        self.pad_read = max(0, self.ras - self.rcd - 1)   # pad = max(0, pad_x + 1 - words)
        self.pad_write = max(0, self.ras - self.rcd - self.wr)
        # From an access's last command to the next access's ACTIVE: its bank
        # precharged (rp), tRC since its ACTIVE (at least ras - 1 cycles
        # before the last command for a read, ras - wr for a write), and a
        # read's data delivered (cl + 2) before a write can drive the bus.
        self.tail_read = max(1 + self.rp, self.rc - self.ras + 1, self.cl + 2)
        self.tail_write = max(self.wr + self.rp, self.rc - self.ras + self.wr, 2)
        if self.rrd > self.rcd + 1:
            raise ConfigError("clk_hz=%d: tRRD (%d cycles) exceeds a segment's shortest span; "
                              "the controller assumes it does not" % (clk_hz, self.rrd))
        # Refresh debt: an access of MAX_WORDS may let this many refreshes fall due.
        longest = access_cycles(0xFF, MAX_WORDS, False, self)
        self.debt_max = longest // self.refresh_interval + 1
        if self.debt_max > 8:
            raise ConfigError("clk_hz=%d: an access of %d words would postpone %d refreshes "
                              "(8 allowed); lower MAX_WORDS" % (clk_hz, MAX_WORDS, self.debt_max))
        self.refresh_wait_max = self.debt_max * self.rfc

    def pad(self, write, words):
        """Cycles a segment of `words` words waits before its last command."""
        return max(0, (self.pad_write if write else self.pad_read) + 1 - words)


def split_address(addr):
    """(row, bank, column) of a word address."""
    return (addr >> (COL_BITS + BANK_BITS), (addr >> COL_BITS) & ((1 << BANK_BITS) - 1),
            addr & ((1 << COL_BITS) - 1))


def schedule(addr, n, write, t):
    """(commands, end): the commands the controller registers from the cycle it
    takes an access of `n` words (1..MAX_WORDS) at word address `addr`
    (modulo 2^22), one entry a cycle, each a tuple (command, bank, address
    bits); and `end`, the cycle (counted from the same start) at which it
    registers the next access's ACTIVE at the earliest. For `write`, word k
    is taken at the k-th WRITE command's cycle; a read's word k is on
    `rd_data` with `rd_valid` cl + 2 cycles after its READ."""
    if not 1 <= n <= MAX_WORDS:
        raise ValueError("an access moves 1..%d words, not %d" % (MAX_WORDS, n))
    out = []
    mask = (1 << ADDR_BITS) - 1
    addr &= mask
    op = WRITE if write else READ
    while n:
        row, bank, col = split_address(addr)
        words = min(n, (1 << COL_BITS) - col)
        out.append((ACTIVE, bank, row))
        out += [(NOP, 0, 0)] * (t.rcd - 1)
        for k in range(words):
            last = k == words - 1
            if last:
                out += [(NOP, 0, 0)] * t.pad(write, words)
            out.append((op, bank, (col + k) | (1 << 10 if last else 0)))
        n -= words
        addr = (addr + words) & mask
    end = len(out) - 1 + (t.tail_write if write else t.tail_read)
    return out, end


def access_cycles(addr, n, write, t):
    """Cycles from taking an access to the next access's ACTIVE at the earliest:
    `schedule`'s end, added up by segment (a row's words) without listing the
    commands, so that bench/blokus/tree_costs.py can try every alignment of
    every length (its test checks the two agree)."""
    if not 1 <= n <= MAX_WORDS:
        raise ValueError("an access moves 1..%d words, not %d" % (MAX_WORDS, n))
    total, col = 0, addr & ((1 << COL_BITS) - 1)
    while n:
        words = min(n, (1 << COL_BITS) - col)
        total += t.rcd + t.pad(write, words) + words
        n -= words
        col = 0
    return total - 1 + (t.tail_write if write else t.tail_read)
