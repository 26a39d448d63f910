"""The SDRAM model (verif/sdram_model.py) catches what it claims to: each test
plays commands on fake pins, edge by edge, and breaks one rule of the data
sheet, or none."""
import pytest

from hdl.sdram_timing import (CODES, INIT_REFRESHES, MODE_WORD, POWER_UP_NS, REFRESH_PERIOD_NS,
                              REFRESH_ROWS)
from verif.sdram_model import SdramModel

PERIOD = 20000                      # 50 MHz, in ps


class _Pin(object):
    def __init__(self, value=0):
        self.value = value


class _Pins(object):
    def __init__(self):
        for name in ("cke", "cs_n", "ras_n", "cas_n", "we_n", "ba", "addr", "dqm", "dq_o",
                     "dq_oe", "dq_i"):
            setattr(self, "sd_" + name, _Pin())
        self.sd_cke.value = 1


class Player(object):
    """Plays commands on the pins, one an edge, through the model."""

    def __init__(self, period=PERIOD):
        self.period = period
        self.pins = _Pins()
        self.model = SdramModel(self.pins, period)
        self.e = 0

    def cmd(self, name="nop", ba=0, addr=0, data=None):
        code = CODES[name]
        p = self.pins
        p.sd_cs_n.value, p.sd_ras_n.value = code >> 3 & 1, code >> 2 & 1
        p.sd_cas_n.value, p.sd_we_n.value = code >> 1 & 1, code & 1
        p.sd_ba.value, p.sd_addr.value = ba, addr
        p.sd_dq_oe.value = int(data is not None)
        p.sd_dq_o.value = data or 0
        self.model.edge(self.e * self.period)
        self.e += 1

    def nops(self, n):
        for _ in range(n):
            self.cmd()

    def start_up(self, refreshes=INIT_REFRESHES, wait=None):
        self.nops(POWER_UP_NS * 1000 // self.period if wait is None else wait)
        self.cmd("precharge", addr=1 << 10)
        for _ in range(refreshes):
            self.cmd("refresh")
            self.nops(70000 // self.period)
        self.cmd("load_mode", addr=MODE_WORD)
        self.nops(2)


def test_a_correct_write_and_read_back():
    p = Player()
    p.start_up()
    p.cmd("active", ba=1, addr=7)
    p.cmd("write", ba=1, addr=5 | 1 << 10, data=0xBEEF)
    p.nops(3)
    p.cmd("active", ba=1, addr=7)
    p.cmd("read", ba=1, addr=5)
    p.nops(1)
    assert p.pins.sd_dq_i.value == 0xBEEF          # driven for the capture at the next edge
    p.nops(2)
    p.cmd("precharge", ba=1)
    p.model.check()


@pytest.mark.parametrize("fault, words", [
    ("early", "power-up wait"),
    ("few_refreshes", "start-up refreshes"),
    ("trcd", "tRCD"),
    ("tras", "tRAS"),
    ("trc", r"tRC \(bank"),
    ("idle_bank", "which is idle"),
    ("bus", "drives the data bus"),
    ("refresh_owed", "refreshes owed"),
])
def test_a_broken_rule_is_reported(fault, words):
    # tRCD and tRC cannot be broken in whole cycles of 20 ns: faster clocks there
    p = Player({"trcd": 10000, "trc": 7000}.get(fault, PERIOD))
    p.start_up(refreshes=1 if fault == "few_refreshes" else INIT_REFRESHES,
               wait=100 if fault == "early" else None)
    if fault == "trcd":
        p.cmd("active", addr=3)
        p.cmd("read", addr=0)                      # 10 ns after its ACTIVE
    elif fault == "tras":
        p.cmd("active", addr=3)
        p.cmd("read", addr=1 << 10)                # auto precharge 40 ns after its ACTIVE
    elif fault == "trc":
        p.cmd("active", addr=3)
        p.nops(5)
        p.cmd("precharge")                         # 42 ns: tRAS kept
        p.nops(2)
        p.cmd("active", addr=4)                    # tRP 21 ns kept, tRC 63 ns not
    elif fault == "idle_bank":
        p.cmd("read", ba=3, addr=0)
    elif fault == "bus":
        p.cmd("active", addr=3)
        p.cmd("read", addr=0)
        p.nops(1)
        p.cmd("nop", data=0x1234)                  # the chip's data is on the bus now
    elif fault == "refresh_owed":
        interval = REFRESH_PERIOD_NS * 1000 // REFRESH_ROWS // PERIOD
        p.nops(10 * interval)
    with pytest.raises(AssertionError, match=words):
        p.model.check()
