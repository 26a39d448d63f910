"""UART transmitter, 8N1."""
from myhdl import Signal, always_seq, block, concat, intbv

from hdl.params import MIN_DIVISOR


@block
def uart_tx(clk, rst, tx, data, start, busy, divisor):
    """Send 8N1 frames on the serial output.

    Ports:
        clk    in   system clock
        rst    in   synchronous reset, active high
        tx     out  serial output, idle high (registered)
        data   in   8 bits, taken when `start` is high and `busy` is low
        start  in   request to send `data`
        busy   out  high from the cycle after a start until the stop bit ends
    Settings:
        divisor  clock cycles per bit (hdl.params.uart_divisor)

    A frame is start bit (0), 8 data bits least significant first, stop bit (1),
    each `divisor` cycles long.
    """
    if divisor < MIN_DIVISOR:
        raise ValueError("uart_tx: divisor %d below %d" % (divisor, MIN_DIVISOR))
    cnt = Signal(intbv(0, min=0, max=divisor))
    nbit = Signal(intbv(0, min=0, max=10))
    shreg = Signal(intbv(0x3FF)[10:])       # stop bit, data bits, start bit

    @always_seq(clk.posedge, reset=rst)
    def seq():
        if not busy:
            tx.next = 1
            if start:
                shreg.next = concat(True, data, False)
                cnt.next = 0
                nbit.next = 0
                busy.next = 1
        else:
            tx.next = shreg[0]
            if cnt == divisor - 1:
                cnt.next = 0
                shreg.next = concat(True, shreg[10:1])
                if nbit == 9:
                    busy.next = 0
                else:
                    nbit.next = nbit + 1
            else:
                cnt.next = cnt + 1

    return seq
