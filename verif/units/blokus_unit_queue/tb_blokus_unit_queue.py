"""Unit bench of the order in which the tree unit serves the playout units, hdl/blokus/unit_queue.py.

Reference: golden.blokus.mcts.next_unit(waiting), with waiting[u] the cycle
unit u began to wait (None when it is not waiting), the rule golden's
schedule takes the next job by.

Every cycle the bench draws which idle units begin to wait (a one-cycle
`request` each) and, when a unit is waiting, whether the tree unit takes
one (`take`), and at the end of each test's traffic takes every unit left; every cycle `head_valid` must say whether golden has a unit
to serve (this cycle's requests counted) and `head` must be golden's
next_unit, and a unit taken stops waiting.

Tests: random traffic at three loads (units coming back quickly or
slowly, the tree unit quick or slow), with bursts where several units ask
in the same cycle (each load must take units and meet such cycles).
"""
import random

import cocotb
from cocotb.triggers import FallingEdge, RisingEdge

from golden.blokus.mcts import BATCH, next_unit
from verif.units.common import Mismatches, start_unit

INPUTS = ("request", "take")


async def traffic(dut, cycles, come_back, take_rate, burst, what):
    mismatches = Mismatches("blokus_unit_queue, %s" % what)
    waiting = [None] * BATCH
    taken = ties = 0
    t = 0
    while t < cycles or any(w is not None for w in waiting):
        draining = t >= cycles           # then no request, and every unit taken
        await FallingEdge(dut.clk)
        free = [u for u in range(BATCH) if waiting[u] is None]
        asks = [u for u in free if not draining
                and (random.random() < come_back or random.random() < burst)]
        if not ties and not draining and t >= cycles // 2 and len(free) == BATCH:
            # every unit at once: at the lowest rates (back 0.05, bursts 0.02)
            # about 14 ties come in 3,000 cycles, none about once in a million
            asks = free
        for u in asks:
            waiting[u] = t
        ties += len(asks) > 1
        dut.request.value = sum(1 << u for u in asks)
        want = next_unit(waiting) if any(w is not None for w in waiting) else None
        take = want is not None and (draining or random.random() < take_rate)
        dut.take.value = int(take)
        await RisingEdge(dut.clk)     # let the combinational head settle on this cycle's inputs
        mismatches.expect("cycle %d (waiting %r): head_valid" % (t, waiting), want is not None,
                          bool(int(dut.head_valid.value)))
        if want is not None:
            mismatches.expect("cycle %d (waiting %r): head" % (t, waiting), want,
                              int(dut.head.value))
        if take:
            waiting[want] = None
            taken += 1
        t += 1
    dut._log.info("%s: %d cycles, %d units taken, %d cycles with several requests", what,
                  cycles, taken, ties)
    assert taken > cycles // 20 and ties > 0, (taken, ties)
    mismatches.check()


@cocotb.test()
async def random_traffic(dut):
    """Units back soon or late, the tree unit quick or slow, bursts of requests."""
    await start_unit(dut, low=INPUTS)
    for come_back, take_rate, burst in ((0.3, 0.5, 0.05), (0.05, 0.9, 0.02), (0.6, 0.2, 0.2)):
        await traffic(dut, 3000, come_back, take_rate, burst,
                      "back %.2f, taking %.2f, bursts %.2f" % (come_back, take_rate, burst))
