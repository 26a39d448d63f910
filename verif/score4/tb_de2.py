"""cocotb smoke test of the DE2 top level score4_de2: reset by KEY[0], the
serial pins, the LED flags and the display views, against the golden session."""
import cocotb
from cocotb.triggers import ClockCycles

from golden.score4 import Session
from verif import tb
from verif.de2 import exchange as _exchange, power_up, press_reset, shown


async def exchange(dut, src, sink, data, n, cfg):
    return await _exchange(src, sink, data, n, cfg, bits=200)


@cocotb.test()
async def board(dut):
    cfg = tb.TbConfig.from_env()
    src, sink = await power_up(dut, cfg)
    golden = Session(budget=cfg.budget)

    assert await exchange(dut, src, sink, b"0", 3, cfg) == golden.feed(b"0") == b"R00"
    move = await exchange(dut, src, sink, b"A00", 2, cfg)
    assert move == golden.feed(b"A00"), "DE2 answered %r, golden %r" % (move, golden.last_search)
    await ClockCycles(dut.CLOCK_50, 5)
    ledg = int(dut.LEDG.value)
    assert ledg & 0b111 == 0b010, "LEDG %s: expected idle and seat 'first'" % bin(ledg)
    # view 0: opponent's request 00, our move, one request answered
    assert shown(dut) == "00%s0001" % move.decode(), shown(dut)
    # view 2 by switch: reason (golden) and nodes
    dut.SW.value = 2
    await ClockCycles(dut.CLOCK_50, 2)
    r = golden.last_search
    reasons = {"win": 1, "block": 2, "search": 3, "fallback": 4}
    assert shown(dut) == "%x%07x" % (reasons[r.reason], r.nodes), (shown(dut), r)
    # KEY[1] held overrides the switches: view 1, the error counters, all zero so far
    dut.KEY.value = 0b1101
    await ClockCycles(dut.CLOCK_50, 2)
    assert shown(dut) == "00000000", shown(dut)
    # a bad byte and an illegal move show up there and on LEDG
    await src.write(b"x")
    assert await exchange(dut, src, sink, b"A03", 2, cfg) == golden.feed(b"xA03")
    await ClockCycles(dut.CLOCK_50, 5)
    assert shown(dut) == "01000001", shown(dut)
    assert int(dut.LEDG.value) & 0b11000 == 0b11000
    # KEY[0] resets the core mid-game: the next A00 is a first request again
    await press_reset(dut)
    fresh = Session(budget=cfg.budget)
    assert await exchange(dut, src, sink, b"A00", 2, cfg) == fresh.feed(b"A00")
