"""cocotb smoke test of the DE2 top level blokus_de2: reset by KEY[0], the
serial pins, the LED flags and the display views, against the golden session."""
import cocotb
from cocotb.triggers import ClockCycles

from golden.blokus import Session
from golden.blokus.encoding import decode_move
from hdl.blokus.de2 import BAR_NODES
from hdl.seven_seg import text_n
from verif import tb
from verif.de2 import exchange as _exchange, patterns, power_up, press_reset, shown


def packed(code):
    """A move code as the displays show it: X Y (4 bits each), tile (5), digit (3)."""
    m = decode_move(code)
    if m is None:
        return "0000"
    x, y, t, r = m
    return "%04x" % ((x << 12) | (y << 8) | (t << 3) | r)


async def exchange(dut, src, sink, data, n, cfg):
    return await _exchange(src, sink, data, n, cfg, bits=2000)


@cocotb.test()
async def board(dut):
    cfg = tb.TbConfig.from_env()
    src, sink = await power_up(dut, cfg)
    golden = Session(budget=cfg.budget, team=cfg.team)
    # at power-up the displays spell the team code (HEX1-0), until the first move
    team_shown = text_n(cfg.team)
    assert patterns(dut) == team_shown, "displays %s, want the team code %r %s" % (
        patterns(dut), cfg.team, team_shown)

    hello = b"1" + cfg.team.encode()
    assert await exchange(dut, src, sink, b"0", 3, cfg) == golden.feed(b"0") == hello
    assert patterns(dut) == team_shown, "the team code went after the hello"
    move = await exchange(dut, src, sink, b"2A", 4, cfg)
    assert move == golden.feed(b"2A"), "DE2 answered %r, golden %r" % (move, golden.last_search)
    await ClockCycles(dut.CLOCK_50, 5)
    ledg = int(dut.LEDG.value)
    assert ledg & 0b111 == 0b100, "LEDG %s: expected idle and seat (a,a)" % bin(ledg)
    # view 0: no opponent code yet, our move
    assert shown(dut) == "0000" + packed(move), shown(dut)
    # the opponent's reply, then view 2 by switch: requests answered, candidates
    reply = b"455a0"
    move2 = await exchange(dut, src, sink, reply, 4, cfg)
    assert move2 == golden.feed(reply)
    await ClockCycles(dut.CLOCK_50, 5)
    assert shown(dut) == packed(b"55a0") + packed(move2), shown(dut)
    dut.SW.value = 2
    await ClockCycles(dut.CLOCK_50, 2)
    assert shown(dut) == "%03x%05x" % (2, golden.last_search.nodes), shown(dut)
    bar = int(dut.LEDR.value)
    assert bar == sum(1 << i for i in range(18)
                      if golden.last_search.nodes > BAR_NODES * i), bin(bar)
    # KEY[1] held overrides the switches: view 1, the error counters, all zero so far
    dut.KEY.value = 0b1101
    await ClockCycles(dut.CLOCK_50, 2)
    assert shown(dut) == "00000000", shown(dut)
    # a bad byte and an illegal move (tile a again) show up there and on LEDG
    await src.write(b"x")
    bad = b"4" + move2[:2] + b"a0"
    assert await exchange(dut, src, sink, bad, 4, cfg) == golden.feed(b"x" + bad)
    await ClockCycles(dut.CLOCK_50, 5)
    assert golden.bad_bytes == 1 and golden.illegal_moves == 1
    assert shown(dut) == "01000001", shown(dut)
    assert int(dut.LEDG.value) & 0b11000 == 0b11000
    # KEY[0] resets the core mid-game: no game any more, `4` is not answered
    dut.SW.value = 0
    await press_reset(dut)
    assert patterns(dut) == team_shown, "KEY[0] did not bring the team code back"
    fresh = Session(budget=cfg.budget, team=cfg.team)
    assert await exchange(dut, src, sink, b"0", 3, cfg) == fresh.feed(b"0")
    assert await exchange(dut, src, sink, b"25", 4, cfg) == fresh.feed(b"25")
