"""A pyuvm agent for a DUT whose only interface is a serial pin pair.

- `UartItem`: what the host puts on the line: a run of clean bytes, or one
  fault the receiver must survive (framing error, break, glitch), or idle time.
- `UartDriver`: the only class that touches the DUT's input pin. Clean bytes go
  through cocotbext-uart's UartSource; what that library cannot make (a 0
  stop bit, a break, a glitch, one byte at another baud) goes through
  `UartPinDriver`, a small bit-level driver of our own.
- `UartMonitor`: turns the DUT's serial output into `UartByte` messages with
  cocotbext-uart's UartSink, and checks each frame's stop bit, which the sink
  does not.
- `UartAgent`: sequencer + driver + monitor. What the driver has put on the
  line comes out of `driver.ap` (a run of bytes one byte at a time), received
  bytes out of `monitor.ap`.

Configuration comes from the ConfigDB: "DUT" (the cocotb handle) and "CFG"
(verif.tb.TbConfig). `host_baud_scale` in the ConfigDB (default 1.0) runs the
whole host side fast or slow, as a host with an off-frequency crystal would.
"""
import logging

from cocotb.triggers import Timer
from cocotb.utils import get_sim_time
from cocotbext.uart import UartSink, UartSource
from pyuvm import (ConfigDB, uvm_agent, uvm_analysis_port, uvm_driver,
                   uvm_monitor, uvm_sequence_item, uvm_sequencer)

BYTES, FRAMING_ERROR, BREAK, GLITCH, IDLE = "bytes", "framing_error", "break", "glitch", "idle"
KINDS = (BYTES, FRAMING_ERROR, BREAK, GLITCH, IDLE)


class UartItem(uvm_sequence_item):
    """One thing the host does on the line.

    kind        one of KINDS
    data        BYTES: the bytes to send; FRAMING_ERROR: the one byte whose
                stop bit is 0
    baud_scale  BYTES/FRAMING_ERROR: this item's bit rate over the nominal
                (1.03 = 3 % fast); 1.0 uses the library source
    bits        BREAK: how long the line is held low; IDLE: how long it rests
                (both in nominal bit times)
    label       free text for reports (what this item means in the protocol)
    """

    def __init__(self, name="uart_item", kind=BYTES, data=b"", baud_scale=1.0,
                 bits=0.0, label=""):
        super().__init__(name)
        if kind not in KINDS:
            raise ValueError("UartItem kind must be one of %s, got %r" % (KINDS, kind))
        self.kind = kind
        self.data = bytes(data)
        self.baud_scale = baud_scale
        self.bits = bits
        self.label = label

    def __str__(self):
        if self.kind == BYTES:
            s = "bytes %r" % self.data
            if self.baud_scale != 1.0:
                s += " at %+.1f%% baud" % (100 * (self.baud_scale - 1))
        elif self.kind == FRAMING_ERROR:
            s = "framing error (byte %r, stop bit 0)" % self.data
        elif self.kind in (BREAK, IDLE):
            s = "%s for %g bits" % (self.kind, self.bits)
        else:
            s = self.kind
        return s + (" [%s]" % self.label if self.label else "")


class UartByte:
    """A byte the DUT sent, when it was complete, and whether its stop bit was 1."""

    def __init__(self, value, time_ps, stop_ok):
        self.value = value
        self.time_ps = time_ps
        self.stop_ok = stop_ok

    def __repr__(self):
        return "UartByte(0x%02x at %d ps%s)" % (self.value, self.time_ps,
                                                "" if self.stop_ok else ", STOP BIT 0")


class UartPinDriver:
    """Bit-level frames on one pin, for what cocotbext-uart cannot send."""

    def __init__(self, pin, bit_ps):
        self.pin = pin
        self.bit_ps = bit_ps

    async def _hold(self, value, ps):
        self.pin.value = value
        await Timer(max(10, int(round(ps / 10.0)) * 10), unit="ps")

    async def frame(self, value, baud_scale=1.0, stop=1):
        """One 8N1 frame; `stop=0` makes a framing error."""
        bit = self.bit_ps / baud_scale
        await self._hold(0, bit)
        for k in range(8):
            await self._hold((value >> k) & 1, bit)
        await self._hold(stop, bit)
        if not stop:                    # back to idle so the receiver can resync
            await self._hold(1, 2 * bit)

    async def glitch(self, fraction=0.3):
        """A low pulse `fraction` of a bit long, then a clean idle bit time."""
        await self._hold(0, self.bit_ps * fraction)
        await self._hold(1, self.bit_ps * 2)

    async def brk(self, bits):
        """Hold the line low (a break), then idle for two bit times."""
        await self._hold(0, self.bit_ps * bits)
        await self._hold(1, self.bit_ps * 2)

    async def idle(self, bits):
        await self._hold(1, self.bit_ps * bits)


class UartDriver(uvm_driver):
    """Drives the DUT's `uart_rx` pin from UartItems; announces each on `ap`
    once it is completely on the line."""

    def build_phase(self):
        self.ap = uvm_analysis_port("ap", self)

    def start_of_simulation_phase(self):
        dut = ConfigDB().get(self, "", "DUT")
        cfg = ConfigDB().get(self, "", "CFG")
        try:
            scale = ConfigDB().get(self, "", "host_baud_scale")
        except Exception:  # not set: a nominal host
            scale = 1.0
        self.pin = dut.uart_rx
        host_bit_ps = cfg.bit_ps / scale
        self.source = UartSource(self.pin, baud=1e12 / host_bit_ps)
        self.source.log.setLevel(logging.WARNING)
        self.pins = UartPinDriver(self.pin, host_bit_ps)

    async def drive(self, item):
        """Put `item` on the line. A run of bytes is announced on `ap` byte by
        byte, each as soon as its stop bit is out, so that the model always
        hears a byte before the DUT can answer it; other items as a whole."""
        if item.kind == BYTES:
            for b in item.data:
                if item.baud_scale == 1.0:
                    await self.source.write(bytes([b]))
                    await self.source.wait()      # back to back: no gap is added
                else:
                    await self.pins.frame(b, item.baud_scale)
                self.ap.write(UartItem(item.get_name(), BYTES, bytes([b]),
                                       item.baud_scale, label=item.label))
            return
        if item.kind == FRAMING_ERROR:
            await self.pins.frame(item.data[0] if item.data else 0x00, item.baud_scale, stop=0)
        elif item.kind == BREAK:
            await self.pins.brk(item.bits)
        elif item.kind == GLITCH:
            await self.pins.glitch()
        else:
            await self.pins.idle(item.bits)
        self.ap.write(item)

    async def run_phase(self):
        while True:
            item = await self.seq_item_port.get_next_item()
            await self.drive(item)
            self.seq_item_port.item_done()


class UartMonitor(uvm_monitor):
    """Publishes every byte the DUT sends on `uart_tx` as a UartByte."""

    def build_phase(self):
        self.ap = uvm_analysis_port("ap", self)

    def start_of_simulation_phase(self):
        dut = ConfigDB().get(self, "", "DUT")
        cfg = ConfigDB().get(self, "", "CFG")
        self.pin = dut.uart_tx
        self.sink = UartSink(self.pin, baud=cfg.baud_actual)
        self.sink.log.setLevel(logging.WARNING)

    async def run_phase(self):
        while True:
            data = await self.sink.read(1)
            # the sink hands the byte over in the middle of the stop bit
            stop_ok = int(self.pin.value) == 1
            self.ap.write(UartByte(data[0], get_sim_time("ps"), stop_ok))


class UartAgent(uvm_agent):
    """Sequencer, driver and monitor of one serial link."""

    def build_phase(self):
        self.seqr = uvm_sequencer("seqr", self)
        self.driver = UartDriver("driver", self)
        self.monitor = UartMonitor("monitor", self)

    def connect_phase(self):
        self.driver.seq_item_port.connect(self.seqr.seq_item_export)
