"""A model of the DE2's SDRAM (ISSI IS42S16400) for cocotb benches: it stores
words, answers READs after its CAS latency, and checks every command against
the data sheet's rules, in picoseconds of simulated time.

It is written from the data sheet, not from the controller: it takes the
nanosecond figures of hdl/sdram_timing.py (the data sheet's numbers) but not
its cycle counts or its schedule, and keeps its own state of each bank. The
rules it enforces:

- power-up: only NOP for POWER_UP_NS; then PRECHARGE of all banks,
  INIT_REFRESHES auto refreshes, LOAD MODE REGISTER (burst length 1,
  sequential, CAS latency 2 or 3), tMRD; nothing else before;
- ACTIVE on an idle, precharged bank: tRP after its precharge began, tRC
  after its last ACTIVE, tRRD after any ACTIVE, tRFC after a refresh;
- READ/WRITE on an active bank tRCD after its ACTIVE; with auto precharge
  (A10) the bank's precharge begins a clock after a READ, or tWR after a
  WRITE's data, and that must not be before tRAS after its ACTIVE;
- PRECHARGE: tRAS after the bank's ACTIVE, tWR after its last write;
- AUTO REFRESH with every bank precharged, tRFC after the last;
- refreshes keep up: at any time after the mode is loaded, at most 8 are
  owed (one owed every tREFI = 64 ms / 4,096);
- the data bus: the controller must drive it for a WRITE and must not while
  a READ's data is on it;
- CKE high, DQM low (the controller never masks).

A word never written reads as `initial_word(addr)`. `violations` lists each
broken rule with its time; `check()` raises with the first few.
"""
import random

from cocotb.triggers import ClockCycles, RisingEdge
from cocotb.utils import get_sim_time

from hdl.sdram_timing import (COMMAND_OF_CODE, INIT_REFRESHES, POWER_UP_NS, REFRESH_PERIOD_NS,
                              REFRESH_ROWS, T_MRD_CLK, T_RAS_NS, T_RC_NS, T_RCD_NS, T_RFC_NS,
                              T_RP_NS, T_RRD_NS, T_WR_CLK, T_WR_NS)

PS = 1000                            # picoseconds a nanosecond
OWED_MAX = 8


def start_up_cycles(clk_hz):
    """Clock cycles from the controller's reset until it is ready, and a few
    more: what a bench waits before its host speaks, as a board's host always
    does (a search started earlier would wait on the chip, and its cycles
    would not be golden's)."""
    from hdl.sdram_timing import SdramCycles
    t = SdramCycles(clk_hz)
    # the power-up wait, PRECHARGE, the start-up's refreshes and one that may
    # fall due at their end, LOAD MODE, and a margin
    return t.power_up + t.rp + (INIT_REFRESHES + 1) * t.rfc + t.mrd + 16


def initial_word(addr):
    """What a word never written holds in the model (a fixed scramble of its address)."""
    return (addr * 40503 + 12345) & 0xFFFF


class _Bank(object):
    def __init__(self):
        self.row = None              # the open row, None when idle
        self.t_active = -10 ** 15
        self.t_precharge = -10 ** 15  # when its last precharge began
        self.t_write = -10 ** 15


class SdramModel(object):
    """Attach to a DUT whose SDRAM ports are named `<prefix>cke` ... `<prefix>dq_i`."""

    def __init__(self, dut, period_ps, prefix="sd_", seed=0, reset=None):
        """`reset`: the controller's reset, when it may be pressed while the
        chip runs (the DE2's KEY[0]): see `edge`."""
        self.dut = dut
        self.reset = reset
        self.period = period_ps
        self.p = prefix
        self.rng = random.Random(seed)
        self.mem = {}
        self.banks = [_Bank() for _ in range(4)]
        self.violations = []
        self.commands = []           # (edge, command, bank, address bits), NOPs left out
        self.t_start = None
        self.stage = "power-up"      # power-up, precharged, refreshing, ready
        self.init_refreshes = 0
        self.cas_latency = None
        self.t_mode = None
        self.t_refresh = -10 ** 15
        self.t_any_active = -10 ** 15
        self.refreshes = 0
        self.max_owed = 0
        self.owed_reported = False
        self.awake = False           # the pins have been defined (the controller is out of reset)
        self.read_out = {}           # edge -> word the chip drives for capture at the next edge
        # a board with the bus as one inout net (verif/blokus/blokus_mcts_de2_board.v) puts
        # the chip's word on it only while this pin is 1
        self.drive = getattr(dut, prefix + "dq_drive", None)
        self.bus_busy = set()        # edges at which the chip's data is on the bus

    def _pin(self, name):
        return int(getattr(self.dut, self.p + name).value)

    def _bad(self, now, text):
        self.violations.append("%.3f us: %s" % (now / 1e6, text))

    def start(self):
        import cocotb
        return cocotb.start_soon(self._run())

    async def start_with_reset(self, reset):
        """Run `reset` (a coroutine that starts the clock and pulses the
        controller's `rst`, e.g. verif.units.common.start_unit) and watch from
        the first edge that takes the reset on: the chip powers up with it.
        Started before the reset, the model of a run's second test saw the
        controller run on from the first test until then, and took a refresh
        that fell due at that edge for the new chip's (seed 231826702:
        "AUTO REFRESH before the start-up's PRECHARGE"). Returns what `reset`
        returns."""
        import cocotb
        task = cocotb.start_soon(reset)
        while True:
            await RisingEdge(self.dut.clk)
            if str(self.dut.rst.value) == "1":        # (Z before the first drive)
                break
        self.start()
        return await task

    async def start_until_ready(self, reset, clk_hz):
        """start_with_reset(reset), then the controller's start-up
        (start_up_cycles): a bench's host speaks only then, as a board's does.
        Returns what `reset` returns."""
        got = await self.start_with_reset(reset)
        await ClockCycles(self.dut.clk, start_up_cycles(clk_hz))
        return got

    async def _run(self):
        while True:
            await RisingEdge(self.dut.clk)
            self.edge(int(get_sim_time("ps")))

    def edge(self, now):
        """One rising edge at `now` (ps): sample the pins as the chip sees them."""
        if self.t_start is None:
            self.t_start = now
        e = now // self.period
        if self.reset is not None and str(self.reset.value) == "1":
            self._restart(now)
        word = self.read_out.pop(e, None)
        getattr(self.dut, self.p + "dq_i").value = (self.rng.getrandbits(16) if word is None
                                                    else word)
        if self.drive is not None:
            self.drive.value = int(word is not None)
        try:
            self._pin("cke"), self._pin("cs_n"), self._pin("dq_oe")
        except ValueError:                   # X or Z on a pin: before the reset, or a fault
            if self.awake:
                self._bad(now, "an undefined level on a control pin")
            return
        self.awake = True
        if self._pin("cke") != 1:
            self._bad(now, "CKE low")
        if self._pin("dqm") != 0:
            self._bad(now, "DQM set (the controller never masks)")
        oe = self._pin("dq_oe")
        if oe and e in self.bus_busy:
            self._bad(now, "the controller drives the data bus while the chip does")
        self.bus_busy.discard(e)
        self._refresh_owed(now)
        if self._pin("cs_n"):
            return
        code = (self._pin("cs_n") << 3 | self._pin("ras_n") << 2 | self._pin("cas_n") << 1
                | self._pin("we_n"))
        cmd = COMMAND_OF_CODE.get(code)
        if cmd is None:
            self._bad(now, "command code %s is not one the controller may use" % bin(code))
            return
        if cmd == "nop":
            return
        ba, a = self._pin("ba"), self._pin("addr")
        self.commands.append((e, cmd, ba, a))
        if self.stage != "ready" and cmd in ("active", "read", "write"):
            self._bad(now, "%s before the start-up sequence ended (%s)" % (cmd, self.stage))
            return
        getattr(self, "_" + cmd)(now, e, ba, a, oe)

    def _restart(self, now):
        """The controller is held in reset at this edge: once out, it starts the
        chip over (its power-up wait, PRECHARGE, refreshes, LOAD MODE), while
        the chip keeps its banks' state. Its refreshes stop meanwhile, which
        costs the chip its contents (the data sheet's only consequence), so
        the model drops them: a read of a word written before the reset gives
        `initial_word`, and the bench's compare with golden would show a core
        that relied on it. The refresh count starts again at the next LOAD MODE."""
        self.t_start = now
        self.stage = "power-up"
        self.init_refreshes = 0
        self.t_mode = None
        self.refreshes = 0
        self.owed_reported = False
        self.mem = {}

    def _refresh_owed(self, now):
        if self.t_mode is None or self.owed_reported:
            return
        owed = (now - self.t_mode) // (REFRESH_PERIOD_NS * PS // REFRESH_ROWS) - self.refreshes
        self.max_owed = max(self.max_owed, owed)
        if owed > OWED_MAX:
            self._bad(now, "%d refreshes owed (at most %d)" % (owed, OWED_MAX))
            self.owed_reported = True    # one report, not one an edge

    def _since(self, now, t, ns, what):
        if now - t < ns * PS:
            self._bad(now, "%s: %.1f ns, the data sheet asks %d" % (what, (now - t) / PS, ns))

    def _all_idle(self, now, what):
        for k, b in enumerate(self.banks):
            if b.row is not None:
                self._bad(now, "%s with bank %d active" % (what, k))
            self._since(now, b.t_precharge, T_RP_NS, "%s after bank %d's precharge" % (what, k))

    def _precharge_at(self, b, t):
        b.row = None
        b.t_precharge = t

    def _active(self, now, e, ba, a, oe):
        b = self.banks[ba]
        if b.row is not None:
            self._bad(now, "ACTIVE on bank %d, already active" % ba)
        self._since(now, b.t_precharge, T_RP_NS, "tRP (bank %d)" % ba)
        self._since(now, b.t_active, T_RC_NS, "tRC (bank %d)" % ba)
        self._since(now, self.t_any_active, T_RRD_NS, "tRRD")
        self._since(now, self.t_refresh, T_RFC_NS, "tRFC before ACTIVE")
        self._since(now, self.t_mode, T_MRD_CLK * self.period // PS, "tMRD before ACTIVE")
        b.row, b.t_active = a, now
        self.t_any_active = now

    def _column(self, now, ba, a, what):
        b = self.banks[ba]
        if b.row is None:
            self._bad(now, "%s on bank %d, which is idle" % (what, ba))
            return None
        self._since(now, b.t_active, T_RCD_NS, "tRCD (bank %d)" % ba)
        if a & 0x300:
            self._bad(now, "%s with address bits 8-9 set (%#x)" % (what, a))
        return (b.row << 10 | ba << 8 | (a & 0xFF))

    def _read(self, now, e, ba, a, oe):
        addr = self._column(now, ba, a, "READ")
        if addr is None:
            return
        self.read_out[e + self.cas_latency - 1] = self.mem.get(addr, initial_word(addr))
        self.bus_busy.update((e + self.cas_latency, e + self.cas_latency + 1))
        if a & 0x400:
            self._auto_precharge(now, ba, now + self.period)

    def _write(self, now, e, ba, a, oe):
        addr = self._column(now, ba, a, "WRITE")
        if addr is None:
            return
        if not oe:
            self._bad(now, "WRITE with the data bus not driven")
        try:
            self.mem[addr] = self._pin("dq_o")
        except ValueError:                   # X or Z bits: two drivers, or an undefined word
            self._bad(now, "WRITE of an undefined word (%s) to %#x"
                      % (getattr(self.dut, self.p + "dq_o").value, addr))
            self.mem[addr] = initial_word(addr)
        self.banks[ba].t_write = now
        if a & 0x400:
            wr = max(T_WR_NS * PS, T_WR_CLK * self.period)
            wr = -(-wr // self.period) * self.period
            self._auto_precharge(now, ba, now + wr)

    def _auto_precharge(self, now, ba, t):
        b = self.banks[ba]
        if t - b.t_active < T_RAS_NS * PS:
            self._bad(now, "auto precharge of bank %d %.1f ns after ACTIVE (tRAS %d)"
                      % (ba, (t - b.t_active) / PS, T_RAS_NS))
        self._precharge_at(b, t)

    def _precharge(self, now, e, ba, a, oe):
        targets = range(4) if a & 0x400 else (ba,)
        for k in targets:
            b = self.banks[k]
            if b.row is not None:
                self._since(now, b.t_active, T_RAS_NS, "tRAS (bank %d)" % k)
                self._since(now, b.t_write, T_WR_NS, "tWR (bank %d)" % k)
                self._precharge_at(b, now)
        if self.stage == "power-up":
            if not a & 0x400:
                self._bad(now, "the start-up's PRECHARGE must be of all banks")
            self._since(now, self.t_start, POWER_UP_NS, "power-up wait")
            self.stage = "precharged"

    def _refresh(self, now, e, ba, a, oe):
        self._all_idle(now, "AUTO REFRESH")
        self._since(now, self.t_refresh, T_RFC_NS, "tRFC")
        self.t_refresh = now
        if self.stage == "power-up":
            self._bad(now, "AUTO REFRESH before the start-up's PRECHARGE")
        elif self.stage in ("precharged", "refreshing"):
            self.stage = "refreshing"
            self.init_refreshes += 1
        else:
            self.refreshes += 1

    def _load_mode(self, now, e, ba, a, oe):
        self._all_idle(now, "LOAD MODE REGISTER")
        self._since(now, self.t_refresh, T_RFC_NS, "tRFC before LOAD MODE")
        if self.stage != "refreshing" or self.init_refreshes < INIT_REFRESHES:
            self._bad(now, "LOAD MODE after %d start-up refreshes (%d asked)"
                      % (self.init_refreshes, INIT_REFRESHES))
        burst, cl = a & 7, (a >> 4) & 7
        if burst != 0 or a & 0x8 or ba != 0 or a >> 7:
            self._bad(now, "mode %#x: the model serves burst length 1, sequential, "
                      "programmed writes only" % a)
        if cl not in (2, 3):
            self._bad(now, "mode %#x: CAS latency %d" % (a, cl))
        self.cas_latency = cl if cl in (2, 3) else 2
        self.t_mode = now
        self.stage = "ready"

    def check(self):
        if self.violations:
            raise AssertionError("SDRAM model: %d violations, first:\n  %s"
                                 % (len(self.violations), "\n  ".join(self.violations[:6])))
