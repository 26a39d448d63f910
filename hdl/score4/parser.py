"""The Score-4 request parser: received bytes in, protocol events out."""
from myhdl import Signal, always_seq, block, concat, enum, intbv

from hdl.saturating_counter import saturating_counter

_A, _ZERO = ord("A"), ord("0")
EV_NEW_GAME = 0x80          # event word: bit 7 new game, else 0 d1(3) d2(3) (bit 6 unused)


@block
def score4_parser(clk, rst, rx_data, rx_valid, rx_ferr, ev, ev_push, n_bad, n_frame):
    """Turns bytes into events as they arrive, while the core may be thinking.

    Ports:
        clk, rst  in   clock, synchronous reset
        rx_data   in   8 bits, valid with rx_valid
        rx_valid  in   a byte arrived
        rx_ferr   in   a frame with a 0 stop bit arrived (dropped like a bad
                       byte); never high with rx_valid
        ev        out  8 bits: EV_NEW_GAME, or the request's digits d1 (bits 5..3)
                       and d2 (bits 2..0); valid with ev_push
        ev_push   out  one-cycle pulse: an event for the controller's queue
        n_bad     out  8 bits: bytes dropped as bad characters (saturates)
        n_frame   out  8 bits: framing errors (saturates)

    Outside a message `0` is a new game and `A` opens a request; inside,
    `0`..`4` are digits and `A` starts over; any other byte (and a framing
    error) drops the partial message. Bytes that make no event cost nothing,
    so no amount of garbage can fill the queue behind this parser.
    """
    t_parse = enum("OUT", "A0", "A1")
    state = Signal(t_parse.OUT)
    d1 = Signal(intbv(0)[3:])
    frames = saturating_counter(clk, rst, rx_ferr, n_frame)

    @always_seq(clk.posedge, reset=rst)
    def parse():
        ev_push.next = 0
        if rx_valid:
            if state == t_parse.OUT:
                if rx_data == _ZERO:
                    ev.next = EV_NEW_GAME
                    ev_push.next = 1
                elif rx_data == _A:
                    state.next = t_parse.A0
                elif n_bad != 255:
                    n_bad.next = n_bad + 1
            elif _ZERO <= rx_data and rx_data <= _ZERO + 4:
                if state == t_parse.A0:
                    d1.next = rx_data[3:]
                    state.next = t_parse.A1
                else:
                    ev.next = concat(intbv(0)[2:], d1, rx_data[3:])
                    ev_push.next = 1
                    state.next = t_parse.OUT
            elif rx_data == _A:
                state.next = t_parse.A0
            else:
                state.next = t_parse.OUT
                if n_bad != 255:
                    n_bad.next = n_bad + 1
        elif rx_ferr:       # never with rx_valid (uart_rx): drops the partial request
            state.next = t_parse.OUT

    return frames, parse
