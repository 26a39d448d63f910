"""What the unit benches of the Monte-Carlo tree unit's operations share
(verif/units/blokus_tree_*): the block on the SDRAM controller with the
chip's model on its pins, an operation started and timed against golden's
cost, and the gaps between operations."""
from cocotb.triggers import RisingEdge
from cocotb.utils import get_sim_time

from hdl.sdram_timing import SdramCycles
from verif.sdram_model import SdramModel
from verif.tb import TbConfig
from verif.units.common import start_unit

LATE = 40          # cycles past golden's cost an operation is waited for before it counts as hung


async def start_on_sdram(dut, inputs, rng):
    """Clock and reset the block, start the chip's model (its seed from
    `rng`) and wait out the controller's power-up: (model, SdramCycles)."""
    cfg = TbConfig.from_env()
    t = SdramCycles(cfg.clk_hz)
    model = SdramModel(dut, cfg.clk_period_ps, seed=rng.getrandbits(32))
    model.start()
    await start_unit(dut, low=inputs)
    for _ in range(t.power_up + t.rp + 9 * t.rfc + t.mrd + 16):
        await RisingEdge(dut.clk)
    return model, t


async def timed_operation(dut, cost, each_cycle=None, after_start=None):
    """Pulse `start`, then wait for `done`: the cycles from the edge that took
    `start` to `done` (golden's cost when the block spends it exactly), or
    None when `done` did not come within cost + LATE. `each_cycle()` runs
    after every edge until then (to watch other outputs); `after_start()`
    once, right after the edge that took `start` (to change the inputs a
    block takes with `start`)."""
    period = TbConfig.from_env().clk_period_ps
    edge = lambda: int(get_sim_time("ps")) // period      # noqa: E731
    dut.start.value = 1
    await RisingEdge(dut.clk)
    started = edge()
    dut.start.value = 0
    if after_start is not None:
        after_start()
    for _ in range(cost + LATE):
        await RisingEdge(dut.clk)
        if each_cycle is not None:
            each_cycle()
        if int(dut.done.value):
            # done is registered at the edge `cost` cycles after the start's and seen at the next
            return edge() - started - 1
    return None


async def random_gap(dut, rng, t):
    """Wait before the next operation: none (back to back) half the time, a
    few cycles, or nearly a refresh interval (so that one falls due inside
    the next). Returns the cycles waited."""
    gap = rng.choice((0, 0, rng.randrange(1, 30), rng.randrange(t.refresh_interval - 80,
                                                                t.refresh_interval)))
    for _ in range(gap):
        await RisingEdge(dut.clk)
    return gap


class LastCycle:
    """Watches an operation's `last` (pass it as timed_operation's
    `each_cycle`): it must be high in one cycle only, the one before `done`
    (so that the tree unit's control can start the next operation at its
    end). `read()`, if given, runs in that cycle; its answer is `value`."""

    def __init__(self, dut, read=None):
        self.dut, self.read = dut, read
        self.cycles, self.lasts, self.done_at, self.value = 0, [], None, None

    def __call__(self):
        self.cycles += 1
        if int(self.dut.last.value):
            self.lasts.append(self.cycles)
            if self.read is not None:
                self.value = self.read()
        if int(self.dut.done.value) and self.done_at is None:
            self.done_at = self.cycles

    def expected(self):
        """The cycles `last` should have been high in: the one before `done`."""
        return [] if self.done_at is None else [self.done_at - 1]
