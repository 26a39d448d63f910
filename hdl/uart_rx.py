"""UART receiver, 8N1."""
from myhdl import Signal, always_seq, block, concat, enum, intbv

from hdl.params import MIN_DIVISOR


@block
def uart_rx(clk, rst, rx, data, valid, frame_err, glitch, divisor):
    """Receive 8N1 frames from the serial input.

    Ports:
        clk       in   system clock
        rst       in   synchronous reset, active high
        rx        in   serial input, idle high (asynchronous: synchronised here)
        data      out  8 bits, the last byte received; valid when `valid` is high
        valid     out  one-cycle pulse: a frame with a good stop bit arrived
        frame_err out  one-cycle pulse: a frame's stop bit was 0; the byte is
                       dropped and the receiver waits for the line to go idle
                       (high) before it looks for a new start bit, so a break
                       (line held low) gives one pulse and no bytes
        glitch    out  one-cycle pulse: the line went low but was high again at
                       the middle of the start bit (a glitch shorter than half
                       a bit); nothing is received
    Settings:
        divisor   clock cycles per bit (hdl.params.uart_divisor), >= MIN_DIVISOR

    Every bit is sampled once, in its middle, counted from the falling edge of
    the start bit; a byte's stop bit is sampled half a bit before its end, so
    the receiver is ready for the next start bit early and tolerates a sender
    a few per cent fast or slow.
    """
    if divisor < MIN_DIVISOR:
        raise ValueError("uart_rx: divisor %d below %d" % (divisor, MIN_DIVISOR))
    half = divisor // 2
    t_state = enum("IDLE", "START", "DATA", "STOP", "WAIT_IDLE")
    state = Signal(t_state.IDLE)
    sync = Signal(intbv(0b11)[2:])          # two-flop synchroniser, reset to idle
    cnt = Signal(intbv(0, min=0, max=divisor))
    nbit = Signal(intbv(0, min=0, max=8))
    shreg = Signal(intbv(0)[8:])

    @always_seq(clk.posedge, reset=rst)
    def seq():
        sync.next = concat(sync[0], rx)
        valid.next = 0
        frame_err.next = 0
        glitch.next = 0
        line = sync[1]
        if state == t_state.IDLE:
            cnt.next = 0
            if not line:
                state.next = t_state.START
        elif state == t_state.START:
            if cnt == half - 1:
                cnt.next = 0
                if line:
                    glitch.next = 1
                    state.next = t_state.IDLE
                else:
                    nbit.next = 0
                    state.next = t_state.DATA
            else:
                cnt.next = cnt + 1
        elif state == t_state.DATA:
            if cnt == divisor - 1:
                cnt.next = 0
                shreg.next = concat(line, shreg[8:1])
                if nbit == 7:
                    state.next = t_state.STOP
                else:
                    nbit.next = nbit + 1
            else:
                cnt.next = cnt + 1
        elif state == t_state.STOP:
            if cnt == divisor - 1:
                cnt.next = 0
                if line:
                    data.next = shreg
                    valid.next = 1
                    state.next = t_state.IDLE
                else:
                    frame_err.next = 1
                    state.next = t_state.WAIT_IDLE
            else:
                cnt.next = cnt + 1
        else:  # WAIT_IDLE
            cnt.next = 0
            if line:
                state.next = t_state.IDLE

    return seq
