"""The transmit side of a core: a message of a few bytes out on the serial line."""
from myhdl import Signal, always_comb, always_seq, block, concat, intbv

from hdl.byte_fifo import byte_fifo
from hdl.uart_tx import uart_tx


@block
def message_tx(clk, rst, tx, send, data, length, busy, divisor, nbytes, depth=8):
    """Queues a message of up to `nbytes` bytes and sends it, 8N1.

    Ports:
        clk, rst  in   clock, synchronous reset
        tx        out  serial output, idle high
        send      in   one-cycle pulse (while not busy): take `data` and `length`
        data      in   8 * nbytes bits, the first byte in the top 8 bits
        length    in   how many bytes of `data` to send, 0..nbytes
        busy      out  bytes of the message are still waiting to enter the
                       transmit queue (a core may answer its next message
                       once it is low; the queue drains on its own)
    Settings:
        divisor   clock cycles per bit (hdl.params.uart_divisor)
        nbytes    the longest message
        depth     transmit queue depth (a power of two)

    The push into the queue is combinational, so that it never acts on a
    `full` flag one push stale: a registered push checked against the old
    flag lost a byte when the queue filled.
    """
    width = 8 * nbytes
    out = Signal(intbv(0)[width:])
    left = Signal(intbv(0, min=0, max=nbytes + 1))
    q_din, q_dout = Signal(intbv(0)[8:]), Signal(intbv(0)[8:])
    q_push, q_full, q_empty = Signal(bool(0)), Signal(bool(0)), Signal(bool(1))
    start, tx_busy = Signal(bool(0)), Signal(bool(0))
    queue = byte_fifo(clk, rst, q_din, q_push, q_dout, start, q_empty, q_full, depth=depth)
    line = uart_tx(clk, rst, tx, q_dout, start, tx_busy, divisor=divisor)

    @always_comb
    def handshake():
        start.next = (not q_empty) and (not tx_busy)

    @always_comb
    def push():
        q_push.next = left != 0 and not q_full
        q_din.next = out[width:width - 8]
        busy.next = left != 0

    @always_seq(clk.posedge, reset=rst)
    def shift():
        if send:
            out.next = data
            left.next = length
        elif left != 0 and not q_full:
            out.next = concat(out[width - 8:0], intbv(0)[8:])
            left.next = left - 1

    return queue, line, handshake, push, shift
