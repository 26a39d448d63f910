"""cocotb + pyuvm testbench of the UART (hdl/uart_rx.py, hdl/uart_tx.py) in
the echo unit hdl/uart_echo.py. Run by verif/uart/test_uart.py.

The model is a plain function: a clean byte comes back unchanged, a fault
comes back as nothing and adds one to its counter. The scoreboard compares the
echoed bytes per item; at the end the DUT's counters must equal the model's.
"""
import random

from cocotb_coverage.coverage import CoverCross, CoverPoint
from pyuvm import (ConfigDB, uvm_analysis_port, uvm_env, uvm_sequence,
                   uvm_subscriber, uvm_test)
import pyuvm

from verif import coverage, tb
from verif.scoreboard import ExchangeScoreboard, Expected
from verif.uart_agent import (BREAK, BYTES, FRAMING_ERROR, GLITCH, IDLE,
                              UartAgent, UartItem)

FAULTS = (FRAMING_ERROR, BREAK, GLITCH)
BAUD_BINS = {0.97: "slow -3%", 1.0: "nominal", 1.03: "fast +3%"}


def echo_model(item):
    """(bytes the echo unit sends back, counter name the item adds one to)."""
    if item.kind == BYTES:
        return item.data, None
    if item.kind in (FRAMING_ERROR, BREAK):
        return b"", "frame_errs"          # a break is one framing error, no byte
    if item.kind == GLITCH:
        return b"", "glitches"
    return b"", None


def _value_bin(v):
    return "0x00" if v == 0 else "0xff" if v == 0xFF else "low" if v < 0x80 else "high"


@CoverPoint("top.uart.item", xf=lambda item, prev: item.kind, bins=list((BYTES,) + FAULTS))
@CoverPoint("top.uart.baud", xf=lambda item, prev: BAUD_BINS.get(item.baud_scale),
            bins=list(BAUD_BINS.values()))
@CoverPoint("top.uart.byte_after_fault", xf=lambda item, prev: prev if item.kind == BYTES else None,
            bins=list(FAULTS))
def sample_item(item, prev):
    pass


@CoverPoint("top.uart.value", xf=lambda v, scale: _value_bin(v),
            bins=["0x00", "0xff", "low", "high"])
@CoverPoint("top.uart.value_baud", xf=lambda v, scale: BAUD_BINS.get(scale),
            bins=list(BAUD_BINS.values()))
@CoverCross("top.uart.value_x_baud", items=["top.uart.value", "top.uart.value_baud"])
def sample_byte(v, scale):
    pass


class EchoPredictor(uvm_subscriber):
    """Feeds each finished host item to echo_model; writes the Expected answer."""

    def build_phase(self):
        self.ap = uvm_analysis_port("ap", self)
        self.counts = {"frame_errs": 0, "glitches": 0, "rx_bytes": 0}
        self.prev = None
        self.n = 0

    def write(self, item):
        self.n += 1
        data, counter = echo_model(item)
        if counter:
            self.counts[counter] += 1
        self.counts["rx_bytes"] += len(data)
        sample_item(item, self.prev)
        for v in data:
            sample_byte(v, item.baud_scale)
        if item.kind != IDLE:
            self.prev = item.kind
        self.ap.write(Expected("#%d %s" % (self.n, item), data))


class UartEnv(uvm_env):
    def build_phase(self):
        self.agent = UartAgent("agent", self)
        self.predictor = EchoPredictor("predictor", self)
        self.scoreboard = ExchangeScoreboard("scoreboard", self)

    def connect_phase(self):
        self.agent.driver.ap.connect(self.predictor.analysis_export)
        self.predictor.ap.connect(self.scoreboard.expected_export)
        self.agent.monitor.ap.connect(self.scoreboard.actual_export)

    def check_phase(self):
        dut = ConfigDB().get(self, "", "DUT")
        got = {"frame_errs": int(dut.frame_errs.value), "glitches": int(dut.glitches.value),
               "rx_bytes": int(dut.rx_bytes.value)}
        assert got == self.predictor.counts, (
            "DUT counters %r, model %r (seed %s)" % (got, self.predictor.counts, tb.seed()))
        assert int(dut.overflows.value) == 0, "echo FIFO overflowed"


def items_per_test(cfg, cycles=600000):
    """How many bytes a test sends: about `cycles` clock cycles of traffic."""
    return max(6, min(160, cycles // (10 * cfg.divisor)))


class RandomBytesSeq(uvm_sequence):
    """Random bytes (0x00 and 0xff included) in random runs, at `scales`;
    with several scales, 0x00, 0x55, 0xaa and 0xff at each scale first."""

    def __init__(self, name, count, scales=(1.0,)):
        super().__init__(name)
        self.count, self.scales = count, scales

    async def body(self):
        if len(self.scales) > 1:
            # every value class at every rate, first: coverage that does not depend on luck
            for scale in self.scales:
                item = UartItem("corners", BYTES, bytes([0x00, 0x55, 0xAA, 0xFF]), baud_scale=scale)
                await self.start_item(item)
                await self.finish_item(item)
        sent = 0
        values = [0x00, 0xFF] + [random.randrange(256) for _ in range(self.count)]
        while sent < self.count:
            run = values[sent:sent + random.randint(1, 4)]
            item = UartItem("bytes", BYTES, bytes(run), baud_scale=random.choice(self.scales))
            await self.start_item(item)
            await self.finish_item(item)
            sent += len(run)


class FaultSeq(uvm_sequence):
    """Every fault kind, in random order, each followed by clean bytes."""

    def __init__(self, name, rounds):
        super().__init__(name)
        self.rounds = rounds

    async def body(self):
        for _ in range(self.rounds):
            for kind in random.sample(FAULTS, len(FAULTS)):
                fault = UartItem(kind, kind, bytes([random.randrange(256)]),
                                 bits=random.choice((12, 30)))
                await self.start_item(fault)
                await self.finish_item(fault)
                clean = UartItem("after", BYTES, bytes([random.randrange(256)]))
                await self.start_item(clean)
                await self.finish_item(clean)


class UartTestBase(uvm_test):
    """Builds the env; subclasses say which sequence to run in `body`."""

    host_baud_scale = 1.0

    def build_phase(self):
        self.cfg = tb.TbConfig.from_env()
        ConfigDB().set(None, "*", "CFG", self.cfg)
        ConfigDB().set(None, "*", "DUT", cocotb_dut())
        ConfigDB().set(None, "*", "host_baud_scale", self.host_baud_scale)
        self.env = UartEnv("env", self)

    async def run_phase(self):
        self.raise_objection()
        await tb.start(cocotb_dut(), self.cfg)
        await self.body(self.env.agent.seqr)
        ok = await self.env.scoreboard.wait_drained(40 * self.cfg.bit_ps)
        assert ok, "echo did not arrive within 40 bit times (seed %s)" % tb.seed()
        self.drop_objection()

    def report_phase(self):
        coverage.export()


def cocotb_dut():
    import cocotb
    return cocotb.top


@pyuvm.test()
class UartRandomBytes(UartTestBase):
    """Random bytes both ways at the nominal rate."""

    async def body(self, seqr):
        await RandomBytesSeq("random", items_per_test(self.cfg)).start(seqr)


@pyuvm.test()
class UartPerByteBaudOffset(UartTestBase):
    """Each byte at -3 %, 0 or +3 % of the nominal rate, mixed."""

    async def body(self, seqr):
        await RandomBytesSeq("offsets", items_per_test(self.cfg), (0.97, 1.0, 1.03)).start(seqr)


@pyuvm.test()
class UartHostFast(UartTestBase):
    """The whole host 3 % fast (cocotbext-uart source at 1.03 x baud)."""

    host_baud_scale = 1.03

    async def body(self, seqr):
        await RandomBytesSeq("fast", items_per_test(self.cfg) // 2).start(seqr)


@pyuvm.test()
class UartHostSlow(UartTestBase):
    """The whole host 3 % slow."""

    host_baud_scale = 0.97

    async def body(self, seqr):
        await RandomBytesSeq("slow", items_per_test(self.cfg) // 2).start(seqr)


@pyuvm.test()
class UartFaults(UartTestBase):
    """Framing errors, breaks and glitches are dropped and counted; the byte
    after each arrives intact."""

    async def body(self, seqr):
        await FaultSeq("faults", max(2, items_per_test(self.cfg) // 12)).start(seqr)
