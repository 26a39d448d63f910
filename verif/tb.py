"""What every cocotb testbench module needs: its configuration, clock, reset."""
import json
import os

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles

from simulation.runner import ENV_CONFIG, ENV_COVERAGE  # noqa: F401 (set by simulation.runner)

# Set, it gives a Blokus testbench's golden model this team code instead of the
# core's: a deliberate fault that the scoreboard must catch (verif/blokus/test_blokus.py).
ENV_GOLDEN_TEAM = "TB_GOLDEN_TEAM"


class TbConfig:
    """The build configuration as the testbench sees it (read from TB_CONFIG)."""

    def __init__(self, d):
        self.__dict__.update(d)
        self.clk_period_ps = int(round(1e12 / self.clk_hz / 20.0)) * 20   # even, in 10 ps steps
        self.bit_ps = self.divisor * self.clk_period_ps                  # the DUT's bit time

    @classmethod
    def from_env(cls):
        raw = os.environ.get(ENV_CONFIG)
        if not raw:
            raise RuntimeError("%s is not set: run this testbench through simulation.runner" % ENV_CONFIG)
        return cls(json.loads(raw))

    @property
    def baud_actual(self):
        return 1e12 / self.bit_ps


async def start(dut, cfg, reset_cycles=4, idle_high=("uart_rx",), low=()):
    """Start the clock (GPI implementation: fastest) and pulse the synchronous
    reset; inputs named in `idle_high` are set to 1, those in `low` to 0."""
    Clock(dut.clk, cfg.clk_period_ps, unit="ps", impl="gpi").start()
    for name in idle_high:
        getattr(dut, name).value = 1
    for name in low:
        getattr(dut, name).value = 0
    dut.rst.value = 1
    await ClockCycles(dut.clk, reset_cycles)
    dut.rst.value = 0
    await ClockCycles(dut.clk, 2)


def seed():
    """The run's random seed (simulation.runner passes it to cocotb, which seeds
    `random` with it); SEED=<it> replays the run."""
    return os.environ.get("SEED") or cocotb.RANDOM_SEED
