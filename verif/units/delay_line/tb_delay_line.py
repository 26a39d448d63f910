"""Unit bench of hdl/delay_line.py: one input, four delay lines (as
hdl/units.py builds them): MIN_CYCLES, 5 cycles (its 4 words all in
flight), 6 (the shortest that needs 8 words) and blokus_stats_update's
SUMMARY_LATENCY.

Reference: a row of registers, `cycles` of them: each output must equal the
input of `cycles` edges before, on every cycle, once the words it shows
were written after the last reset (the reset clears the pointers, not the
words in flight; users read the output with their own valid).

Why it exists: blokus_stats_update's w8, descents and flags wait for its
summary in this RAM (1,007 flip-flops before), and a pointer a word off
would pair every node's new STATS with another node's summary.

Tests: random words every cycle, with resets at random cycles (some of
them back to back, one held several cycles), and a stream of words equal
to their cycle's number, so that a wrong delay names itself.
"""
import random

import cocotb
from cocotb.triggers import FallingEdge, RisingEdge

from hdl.blokus.child_summary import LATENCY as SUMMARY_LATENCY
from hdl.delay_line import MIN_CYCLES
from verif.units.common import Mismatches, start_unit

LINES = (("out_short", MIN_CYCLES), ("out_full", 5), ("out_over", 6), ("out_stats", SUMMARY_LATENCY))


async def check_stream(dut, words, resets, what):
    """Feed words[c] at cycle c, with rst high in the cycles in `resets`;
    compare every output whose word was taken after the last reset."""
    mismatches = Mismatches("delay_line, %s" % what)
    last_reset = -1
    checked = 0
    for cycle, word in enumerate(words):
        await FallingEdge(dut.clk)
        for name, cycles in LINES:
            source = cycle - cycles
            if source > last_reset and source >= 0:
                checked += 1
                mismatches.expect("%s (%d cycles) at cycle %d" % (name, cycles, cycle),
                                  words[source], int(getattr(dut, name).value))
        dut.data_in.value = word
        dut.rst.value = 1 if cycle in resets else 0
        if cycle in resets:
            last_reset = cycle
        await RisingEdge(dut.clk)
    await FallingEdge(dut.clk)
    dut.rst.value = 0
    dut._log.info("%s: %d words, %d resets, %d outputs compared", what, len(words),
                  len(resets), checked)
    assert checked > len(words), "too few outputs compared (%d)" % checked
    mismatches.check()


@cocotb.test()
async def counting_words(dut):
    """Each word its cycle's number: a delay off by k shows as k."""
    await start_unit(dut, low=("data_in",))
    await check_stream(dut, [c % 4096 for c in range(200)], set(), "counting words")


@cocotb.test()
async def random_words_and_resets(dut):
    """Random words; resets at random cycles, two back to back, one held 6 cycles."""
    await start_unit(dut, low=("data_in",))
    length = 3000
    resets = set(random.sample(range(40, length - 40), 12))
    pair = random.randrange(40, length - 40)
    held = random.randrange(40, length - 40)
    resets |= {pair, pair + 1} | set(range(held, held + 6))
    await check_stream(dut, [random.getrandbits(12) for _ in range(length)], resets,
                       "random words and resets")
