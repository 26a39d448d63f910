"""UART test unit: everything received is sent back, faults are counted."""
from myhdl import Signal, always_comb, always_seq, block, intbv

from hdl.byte_fifo import byte_fifo
from hdl.uart_rx import uart_rx as rx_block
from hdl.uart_tx import uart_tx as tx_block


@block
def uart_echo(clk, rst, uart_rx, uart_tx, rx_bytes, frame_errs,
              glitches, overflows, divisor, depth=16):
    """Echo every received byte through a FIFO; count every fault.

    The unit the UART is verified in (`verif/uart/`); the cores use the same
    `uart_rx` and `uart_tx`.

    Ports:
        clk, rst     in   clock, synchronous reset (active high)
        uart_rx      in   serial input, idle high
        uart_tx      out  serial output, idle high
        rx_bytes     out  16 bits: bytes received with a good stop bit (wraps)
        frame_errs   out  8 bits: frames dropped for a 0 stop bit (saturates)
        glitches     out  8 bits: start bits shorter than half a bit (saturates)
        overflows    out  8 bits: bytes lost because the FIFO was full (saturates)
    Settings:
        divisor      clock cycles per bit; depth: FIFO bytes (power of two)
    """
    rx_data = Signal(intbv(0)[8:])
    rx_valid = Signal(bool(0))
    rx_ferr = Signal(bool(0))
    rx_glitch = Signal(bool(0))
    q_dout = Signal(intbv(0)[8:])
    q_empty = Signal(bool(1))
    q_full = Signal(bool(0))
    tx_start = Signal(bool(0))
    tx_busy = Signal(bool(0))

    rx = rx_block(clk, rst, uart_rx, rx_data, rx_valid, rx_ferr, rx_glitch,
                 divisor=divisor)
    q = byte_fifo(clk, rst, rx_data, rx_valid, q_dout, tx_start, q_empty,
                  q_full, depth=depth)
    tx = tx_block(clk, rst, uart_tx, q_dout, tx_start, tx_busy,
                 divisor=divisor)

    @always_comb
    def handshake():
        tx_start.next = (not q_empty) and (not tx_busy)

    @always_seq(clk.posedge, reset=rst)
    def count():
        if rx_valid:
            if rx_bytes == 65535:
                rx_bytes.next = 0
            else:
                rx_bytes.next = rx_bytes + 1
            if q_full and overflows != 255:
                overflows.next = overflows + 1
        if rx_ferr and frame_errs != 255:
            frame_errs.next = frame_errs + 1
        if rx_glitch and glitches != 255:
            glitches.next = glitches + 1

    return rx, q, tx, handshake, count
