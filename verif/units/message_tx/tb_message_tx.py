"""Unit bench of the transmit side of a core, hdl/message_tx.py (messages of
up to MESSAGE_NBYTES bytes into a MESSAGE_DEPTH-byte queue, as hdl/units.py
builds it).

Reference: `message_bytes`, what one `send` must put on the line: the first
`length` bytes of `data`, top byte first; the bytes past `length` never.
The line, decoded by cocotbext-uart's UartSink, must carry exactly the
concatenation of every message sent, in order, each byte once, with good
stop bits, and nothing else; `busy` must fall once the message is in the
queue.

The queue's fill is what the block's comment is about: a push registered one
cycle late, checked against a stale `full`, lost a byte when the queue
filled. The pattern that catches it: the next message the first cycle `busy`
is low, so that the queue stays full and every byte waits for a slot freed
by the line. The bench sees from outside that bytes waited (`busy` stayed up
longer than the message's pushes take) and requires it; there it also
requires the frames to follow each other with no idle gap.

Tests: messages back to back (the pattern above); random lengths 0..N with
random pauses that leave the queue full, partly full, or empty and the line
idle; a reset while bytes wait, which must drop them all.
"""
import random

import cocotb
from cocotb.triggers import ClockCycles, FallingEdge, RisingEdge, SimTimeoutError, with_timeout
from cocotb.utils import get_sim_time

from hdl.units import MESSAGE_DEPTH, MESSAGE_NBYTES
from verif.units.common import (FRAME_BITS, Mismatches, SerialCapture, random_bytes, start_unit,
                                wait_bits)


def message_bytes(data, length):
    """The bytes a send of `data` (MESSAGE_NBYTES bytes packed, first on top)
    and `length` must put on the line."""
    return data.to_bytes(MESSAGE_NBYTES, "big")[:length]


class MessageBench:
    """Sends messages the way a core's controller does: a one-cycle `send`
    while `busy` is low. Keeps what the line must carry."""

    def __init__(self, dut, cfg, name):
        self.dut = dut
        self.cfg = cfg
        self.capture = SerialCapture(dut.tx, cfg)
        self.mismatches = Mismatches("message_tx (divisor %d), %s" % (cfg.divisor, name))
        self.expected = bytearray()
        self.waited = 0               # messages whose bytes had to wait for room in the queue

    async def wait_not_busy(self):
        """Until a clock edge at which `busy` is low (a send may go next). Each
        byte of a message waits at most one frame for its slot, so busy high
        for MESSAGE_NBYTES + 2 frames fails the test."""
        limit_ps = (MESSAGE_NBYTES + 2) * FRAME_BITS * self.cfg.bit_ps
        while True:
            await RisingEdge(self.dut.clk)
            if not int(self.dut.busy.value):
                return
            try:
                await with_timeout(FallingEdge(self.dut.busy), limit_ps, "ps")
            except SimTimeoutError:
                self.mismatches.add("busy still high %d frames after a send"
                                    % (MESSAGE_NBYTES + 2))
                self.mismatches.check()

    async def send(self, payload, pause_cycles=0):
        """After `pause_cycles`, send `payload` (0..MESSAGE_NBYTES bytes; the
        data bytes past its length are random), then wait until `busy` is low
        again, noting whether the bytes had to wait for room in the queue."""
        if pause_cycles:
            await ClockCycles(self.dut.clk, pause_cycles)
        data = int.from_bytes(bytes(payload) + random_bytes(MESSAGE_NBYTES)[len(payload):], "big")
        self.dut.send.value = 1
        self.dut.data.value = data
        self.dut.length.value = len(payload)
        await RisingEdge(self.dut.clk)
        taken_ps = get_sim_time("ps")
        self.expected += message_bytes(data, len(payload))
        self.dut.send.value = 0
        self.dut.data.value = random.getrandbits(8 * MESSAGE_NBYTES)    # not taken
        self.dut.length.value = random.randint(0, MESSAGE_NBYTES)
        await self.wait_not_busy()
        # one push per cycle from the edge after the send: busy is low again
        # length + 1 edges after it unless the queue was full
        if (get_sim_time("ps") - taken_ps) // self.cfg.clk_period_ps > len(payload) + 1:
            self.waited += 1

    async def finish(self):
        """Let the queue drain, then compare the line with the model."""
        await wait_bits(self.cfg, FRAME_BITS * (MESSAGE_DEPTH + 2))
        self.capture.check_stop_bits(self.mismatches)
        got, expected = self.capture.data, bytes(self.expected)
        if got != expected:
            k = next((k for k, (e, g) in enumerate(zip(expected, got)) if e != g),
                     min(len(expected), len(got)))
            self.mismatches.add("the line carried %d bytes, the messages %d; first difference at "
                                "byte #%d: expected %s, line %s"
                                % (len(got), len(expected), k, expected[k:k + 6].hex(" "),
                                   got[k:k + 6].hex(" ")))

    def check_no_gaps(self):
        """Frames one after the other: one frame time (10 bits and the one
        cycle the queue hands the next byte over in) apart, +-2 cycles."""
        period = (FRAME_BITS * self.cfg.divisor + 1) * self.cfg.clk_period_ps
        times = [t for _, t, _ in self.capture.frames]
        for k in range(1, len(times)):
            if abs(times[k] - times[k - 1] - period) > 2 * self.cfg.clk_period_ps:
                self.mismatches.add("frames #%d and #%d are %d ps apart, not one frame (%d ps): "
                                    "the line idled while bytes waited"
                                    % (k - 1, k, times[k] - times[k - 1], period))
                break


@cocotb.test()
async def back_to_back(dut):
    """Each message the first cycle `busy` is low, mostly full length: the
    queue stays full, every push waits for a slot, the line never idles."""
    cfg = await start_unit(dut, low=("send",))
    bench = MessageBench(dut, cfg, "back to back")
    for _ in range(30):
        length = random.choice((MESSAGE_NBYTES, MESSAGE_NBYTES, random.randint(1, MESSAGE_NBYTES)))
        await bench.send(random_bytes(length))
    await bench.finish()
    bench.check_no_gaps()
    dut._log.info("%d bytes, %d of 30 messages waited for room", len(bench.expected), bench.waited)
    if bench.waited < 10:
        bench.mismatches.add("only %d messages waited for room in the queue: the stimulus "
                             "no longer fills it" % bench.waited)
    bench.mismatches.check()


@cocotb.test()
async def random_fill(dut):
    """Random lengths 0..N (0x00 and 0xff among the bytes) after random
    pauses: none, a few cycles, part of a frame, a few frames (the queue
    partly drained), long enough for the line to go idle (each pause from
    the moment the previous message was in the queue)."""
    cfg = await start_unit(dut, low=("send",))
    bench = MessageBench(dut, cfg, "random fill")
    frame = FRAME_BITS * cfg.divisor
    for _ in range(60):
        pause = random.choice((0, random.randint(1, 4), random.randint(1, frame),
                               random.randint(frame, MESSAGE_DEPTH * frame),
                               (MESSAGE_DEPTH + 2) * frame))
        await bench.send(random_bytes(random.randint(0, MESSAGE_NBYTES)), pause)
    await bench.finish()
    dut._log.info("%d bytes, %d of 60 messages waited for room", len(bench.expected), bench.waited)
    bench.mismatches.check()


async def _count_start_bits(pin, counter):
    """Counts the falling edges of the line (each frame's start bit) into
    counter[0]."""
    while True:
        await FallingEdge(pin)
        counter[0] += 1


@cocotb.test()
async def reset_mid_message(dut):
    """A reset while a message's bytes still wait for the queue (busy high,
    the queue full, a frame on the line) drops everything: busy is low on
    the first edge after it, the line stays idle for MESSAGE_DEPTH + 2 frames
    (no byte of the old messages is sent), and the next message goes out
    whole. A core resets this way on its reset key in the middle of an
    answer."""
    cfg = await start_unit(dut, low=("send",))
    frame_cycles = FRAME_BITS * cfg.divisor
    for round_ in range(4):
        bench = MessageBench(dut, cfg, "reset mid message, round %d" % round_)
        for _ in range(2):
            await bench.send(random_bytes(MESSAGE_NBYTES))
        dut.send.value = 1
        dut.data.value = random.getrandbits(8 * MESSAGE_NBYTES)
        dut.length.value = MESSAGE_NBYTES
        await RisingEdge(dut.clk)
        dut.send.value = 0
        await ClockCycles(dut.clk, random.randint(0, 2))
        await FallingEdge(dut.clk)                # the outputs after the edge
        bench.mismatches.expect("busy before the reset (bytes waiting)", 1, int(dut.busy.value))
        await ClockCycles(dut.clk, random.randint(0, frame_cycles // 2))
        dut.rst.value = 1
        await ClockCycles(dut.clk, random.randint(1, 3))
        dut.rst.value = 0
        await RisingEdge(dut.clk)
        await FallingEdge(dut.clk)
        bench.mismatches.expect("busy on the first edge after the reset", 0, int(dut.busy.value))
        bench.mismatches.expect("the line on the first edge after the reset", 1,
                                int(dut.tx.value))
        starts = [0]
        watcher = cocotb.start_soon(_count_start_bits(dut.tx, starts))
        await ClockCycles(dut.clk, (MESSAGE_DEPTH + 2) * frame_cycles)
        watcher.cancel()
        bench.mismatches.expect("start bits on the line after the reset, before a new send", 0,
                                starts[0])
        bench.mismatches.check()
        after = MessageBench(dut, cfg, "the message after reset %d" % round_)
        await after.send(random_bytes(random.randint(1, MESSAGE_NBYTES)))
        await after.finish()
        after.mismatches.check()
