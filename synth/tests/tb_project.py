"""cocotb module: a written Quartus project's DE2 top level, powered up as a
board is, answers `0` with `1` + the team code it was built with and shows
that code on HEX1-0 (synth/tests/test_quartus.py runs it)."""
import cocotb

from hdl.seven_seg import text_n
from verif import tb
from verif.de2 import exchange, patterns, power_up


@cocotb.test()
async def hello(dut):
    cfg = tb.TbConfig.from_env()
    src, sink = await power_up(dut, cfg)
    assert patterns(dut) == text_n(cfg.team), "HEX0..7 %s: the team code %r is not shown" % (
        patterns(dut), cfg.team)
    answer = await exchange(src, sink, b"0", 3, cfg)
    assert answer == b"1" + cfg.team.encode(), "the board answered %r to 0" % answer
