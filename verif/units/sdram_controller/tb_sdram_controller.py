"""Unit bench of hdl/sdram_controller.py against a model of the chip
(verif/sdram_model.py) and the controller's contract (hdl/sdram_timing.py).

Every access is checked three ways:
- its commands, cycle for cycle from the cycle it is taken, equal
  `schedule(addr, n, write)`, and `done` comes at the schedule's end, so an
  access's time depends on the access alone;
- the model finds no broken rule of the data sheet in the whole run
  (start-up, timing, refreshes, the data bus);
- every word read equals the last word written there (or the model's
  initial contents), in address order, at the schedule's cycle.
A request waits at most `refresh_wait_max` cycles for the refreshes due.
That the model catches broken rules is tested on its own
(verif/tests/test_sdram_model.py).

The accesses are random: lengths from 1 to MAX_WORDS, addresses near the
ends of rows, of the last bank's rows and of the memory (where the run
wraps), idle gaps long enough for refreshes to fall due, and accesses back
to back so that they fall due inside accesses and wait for the next gap.
"""
import random

import cocotb
from cocotb.triggers import RisingEdge
from cocotb.utils import get_sim_time

from hdl.sdram_timing import ADDR_BITS, MAX_WORDS, READ, WRITE, SdramCycles, schedule
from verif.sdram_model import SdramModel, initial_word, start_up_cycles
from verif.tb import TbConfig
from verif.units.common import Mismatches, start_unit

INPUTS_LOW = ("req", "req_write", "req_addr", "req_len", "wr_data", "sd_dq_i")
MASK = (1 << ADDR_BITS) - 1


def random_access(rng, written):
    """(addr, n, write): a random access, often at a row's, bank's or the
    memory's end, often reading back words written before."""
    n = rng.choice((1, 2, 3, rng.randint(1, 8), rng.randint(1, 300), rng.randint(250, 600),
                    MAX_WORDS, rng.randint(1, MAX_WORDS)))
    kind = rng.random()
    if kind < 0.4 and written:
        addr = (rng.choice(written) - rng.randint(0, 3)) & MASK
    elif kind < 0.6:
        addr = rng.getrandbits(ADDR_BITS) | 0xFF                 # a row's last column
    elif kind < 0.7:
        addr = rng.getrandbits(ADDR_BITS) | 0x3FF                # bank 3's last column
    elif kind < 0.8:
        addr = MASK - rng.randint(0, 4)                          # the memory's end
    else:
        addr = rng.getrandbits(ADDR_BITS)
    return addr, n, rng.random() < 0.5


class ControllerBench(object):
    def __init__(self, dut, cfg, name):
        self.dut = dut
        self.period = cfg.clk_period_ps
        self.t = SdramCycles(cfg.clk_hz)
        self.mismatches = Mismatches("sdram_controller, " + name)
        self.reference = {}
        self.rng = random.Random(cocotb.RANDOM_SEED)
        self.model = SdramModel(dut, self.period, seed=self.rng.getrandbits(32))
        self.accesses = {READ: 0, WRITE: 0}
        self.waited = []             # cycles each request waited

    def edge(self):
        return int(get_sim_time("ps")) // self.period

    async def wait_ready(self, limit):
        for _ in range(limit):
            await RisingEdge(self.dut.clk)
            if int(self.dut.ready.value):
                return True
        return False

    async def access(self, addr, n, write):
        """Ask for one access and follow it to its end; returns at the edge
        where `done` is seen."""
        dut, t = self.dut, self.t
        words = [self.rng.getrandbits(16) for _ in range(n)] if write else None
        dut.req.value, dut.req_write.value = 1, int(write)
        dut.req_addr.value, dut.req_len.value = addr, n
        if write:
            dut.wr_data.value = words[0]
        asked = self.edge()
        while True:                      # taken at the first edge that sees `ready`
            await RisingEdge(dut.clk)
            if int(dut.ready.value):
                break
        taken = self.edge()
        self.waited.append(taken - asked - 1)
        dut.req.value = 0
        commands, end = schedule(addr, n, write, t)
        what = "%s of %d words at %#x taken at edge %d" % ("write" if write else "read", n,
                                                            addr, taken)
        got_words, k, done_at = [], 0, None
        read_edges = [taken + s + t.cl + 2 for s, c in enumerate(commands) if c[0] == READ]
        got_edges = []
        for step in range(1, end + 2):
            await RisingEdge(dut.clk)
            if write and int(dut.wr_take.value):
                k += 1
                if k < n:
                    dut.wr_data.value = words[k]
            if int(dut.rd_valid.value):
                got_words.append(int(dut.rd_data.value))
                got_edges.append(self.edge())
            if int(dut.done.value) and done_at is None:
                done_at = step
        if not self.mismatches.expect(what + ": done after", end, done_at):
            return
        # the commands the model saw: slot s is registered at edge taken + s
        # and sampled by the chip at the next edge
        seen = {e - 1 - taken: (c, b, a) for e, c, b, a in self.model.commands
                if taken < e <= taken + end}
        want = {s: c for s, c in enumerate(commands) if c[0] != "nop"}
        if seen != want:
            first = min(s for s in set(seen) | set(want) if seen.get(s) != want.get(s))
            self.mismatches.add("%s: at cycle %d the controller gave %s, the schedule %s"
                                % (what, first, seen.get(first), want.get(first)))
            return
        base = addr & MASK
        if write:
            self.mismatches.expect(what + ": words taken", n, k)
            for j, word in enumerate(words):
                self.reference[(base + j) & MASK] = word
        else:
            want_words = [self.reference.get((base + j) & MASK, initial_word((base + j) & MASK))
                          for j in range(n)]
            self.mismatches.expect(what + ": words", [hex(w) for w in want_words],
                                   [hex(w) for w in got_words])
            self.mismatches.expect(what + ": word edges", read_edges, got_edges)
        self.accesses[WRITE if write else READ] += 1


async def start(dut, name):
    # the model watches from the reset's first edge, the chip's power-up
    bench = ControllerBench(dut, TbConfig.from_env(), name)
    await bench.model.start_with_reset(start_unit(dut, low=INPUTS_LOW))
    limit = start_up_cycles(bench.t.clk_hz)
    assert await bench.wait_ready(limit), "ready never rose in %d cycles" % limit
    return bench


@cocotb.test()
async def random_accesses(dut):
    """Random reads and writes, with gaps for refreshes: commands equal the
    schedule, the model sees no broken rule, the words read back."""
    bench = await start(dut, "random accesses")
    rng, t = bench.rng, bench.t
    written = []
    for _ in range(60):
        addr, n, write = random_access(rng, written)
        await bench.access(addr, n, write)
        if write:
            written.append(addr)
        gap = rng.choice((0, 0, 1, rng.randint(2, 40), t.refresh_interval + rng.randint(0, 50)))
        for _ in range(gap):
            await RisingEdge(dut.clk)
        if bench.mismatches.errors:
            break
    bench.mismatches.check()
    bench.model.check()
    assert bench.accesses[READ] and bench.accesses[WRITE]
    assert bench.model.refreshes > 0, "no refresh in the run"
    assert max(bench.waited) <= t.refresh_wait_max, \
        "a request waited %d cycles (bound %d)" % (max(bench.waited), t.refresh_wait_max)
    dut._log.info("%d reads, %d writes, %d refreshes, at most %d owed, longest wait %d cycles",
                  bench.accesses[READ], bench.accesses[WRITE], bench.model.refreshes,
                  bench.model.max_owed, max(bench.waited))


@cocotb.test()
async def refreshes_between_long_accesses(dut):
    """Longest accesses back to back: refreshes fall due inside them, wait
    for the gap (two at once sometimes) and still keep up."""
    bench = await start(dut, "long accesses")
    rng, t = bench.rng, bench.t
    for _ in range(12):
        await bench.access(rng.getrandbits(ADDR_BITS), MAX_WORDS, rng.random() < 0.5)
        if bench.mismatches.errors:
            break
    bench.mismatches.check()
    bench.model.check()
    assert max(bench.waited) > t.rfc, "no request waited for two refreshes"
    dut._log.info("waits for refreshes: %s; at most %d owed", bench.waited, bench.model.max_owed)
    assert max(bench.waited) <= t.refresh_wait_max
    assert bench.model.refreshes >= 12 * MAX_WORDS // t.refresh_interval - 1
