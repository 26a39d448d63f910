"""Named build configurations, the one place they are defined.

A configuration is (unit, clock, baud, budget, team, and for Reversi the
largest board side). The per-commit suite
uses reduced clocks, a few dozen cycles per bit, so that simulated serial
traffic is cheap; the `*_50m` ones are the real board's clock.
"""
from collections import namedtuple

from hdl.params import STALL_BITS, uart_divisor

DEFAULT_CLK_HZ = 50000000


class Config(namedtuple("Config", "unit clk_hz baud budget team max_size", defaults=(None,))):
    """One buildable configuration; `divisor` and `stall_cycles` derive from it.
    `max_size`: the largest board side of the Reversi core (None: its default)."""

    __slots__ = ()

    @property
    def divisor(self):
        return uart_divisor(self.clk_hz, self.baud)

    @property
    def stall_cycles(self):
        return STALL_BITS * self.divisor

    def as_dict(self):
        d = self._asdict()
        d["divisor"] = self.divisor
        d["stall_cycles"] = self.stall_cycles
        return d


CONFIGS = {
    # UART test unit (verif/uart): the real clock at both game bauds, and a
    # reduced clock with 32 cycles per bit.
    "uart_9600_50m": Config("uart_echo", DEFAULT_CLK_HZ, 9600, None, None),
    "uart_115200_50m": Config("uart_echo", DEFAULT_CLK_HZ, 115200, None, None),
    "uart_fast": Config("uart_echo", 32 * 115200, 115200, None, None),
    # Score-4 search engine alone (its ports carry the budget)
    "score4_search": Config("score4_search", DEFAULT_CLK_HZ, 9600, None, None),
    # Score-4 core: 32 clocks per bit and a small budget per commit; the real clock
    "score4_fast": Config("score4", 32 * 9600, 9600, 300, None),
    "score4_budget1": Config("score4", 32 * 9600, 9600, 1, None),
    "score4_think": Config("score4", 32 * 9600, 9600, 20000, None),   # ~200 byte times a move
    "score4_50m": Config("score4", DEFAULT_CLK_HZ, 9600, 300, None),
    # Blokus Duo search engine alone (its ports carry the budget)
    "blokus_search": Config("blokus_search", DEFAULT_CLK_HZ, 115200, None, None),
    # Blokus Duo core: 32 clocks per bit and a few candidates a move per commit
    # (one candidate costs about one byte time there); the real clock
    "blokus_fast": Config("blokus", 32 * 115200, 115200, 2, "Tb"),
    "blokus_budget1": Config("blokus", 32 * 115200, 115200, 1, "01"),
    "blokus_think": Config("blokus", 32 * 115200, 115200, 40, "Tb"),
    "blokus_deep": Config("blokus", 32 * 115200, 115200, 3000, "Tb"),   # iterations, every stop
    "blokus_50m": Config("blokus", DEFAULT_CLK_HZ, 115200, 2, "01"),
    # Blokus Duo core with the Monte-Carlo search: the real clock (the SDRAM's
    # timing needs at least 14.7 MHz) and 32 clocks per bit; budgets in clock
    # cycles, the first as small as the search allows (the root's expansion
    # only, no playout), the second a few playouts a move; the real baud
    "blokus_mcts_root": Config("blokus_mcts", DEFAULT_CLK_HZ, DEFAULT_CLK_HZ // 32, 1, "Tb"),
    "blokus_mcts_fast": Config("blokus_mcts", DEFAULT_CLK_HZ, DEFAULT_CLK_HZ // 32, 40000, "Tb"),
    "blokus_mcts_50m": Config("blokus_mcts", DEFAULT_CLK_HZ, 115200, 1, "01"),
    # Reversi search engine alone, boards up to 8 x 8 (hdl/units.py's REVERSI_SIDE)
    "reversi_search": Config("reversi_search", DEFAULT_CLK_HZ, 115200, None, None),
    # the Reversi player core, boards up to 8 x 8 (and a build for up to 6 x 6)
    "reversi_fast": Config("reversi", 32 * 115200, 115200, 300, None),
    "reversi_max6": Config("reversi", 32 * 115200, 115200, 300, None, 6),   # a smaller build
}


def get(name):
    """The configuration called `name`, or a KeyError listing the known ones."""
    try:
        return CONFIGS[name]
    except KeyError:
        raise KeyError("unknown configuration %r; known: %s"
                       % (name, ", ".join(sorted(CONFIGS)))) from None
