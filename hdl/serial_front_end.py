"""The receive side of a core: serial line in, complete messages out of a queue."""
from myhdl import Signal, always_comb, block, intbv

from hdl.byte_fifo import byte_fifo
from hdl.saturating_counter import saturating_counter
from hdl.uart_rx import uart_rx as rx_block


class EventQueue:
    """The read side of the event queue: serial_front_end drives `word` and
    `empty`, the core's controller `pop`.

        word   `width` bits: the oldest complete message (the parser's event word)
        empty  no message waiting
        pop    take `word` away (ignored while empty)
    """

    def __init__(self, width):
        self.word = Signal(intbv(0)[width:])
        self.empty = Signal(bool(1))
        self.pop = Signal(bool(0))


class LineFaults:
    """What every core counts about its serial line: 8-bit saturating counters.

        n_bad       bytes dropped as bad characters (counted by the parser,
                    which alone knows what may stand where)
        n_frame     frames with a 0 stop bit (counted by the parser, whose
                    unit bench reads it there; the parser also drops its
                    partial message on one)
        n_glitch    start bits shorter than half a bit, ignored
        n_overflow  complete messages lost because the event queue was full

    The Signals are passed in, so that a core's top level hands its own
    output ports to the front end.
    """

    def __init__(self, n_bad, n_frame, n_glitch, n_overflow):
        self.n_bad = n_bad
        self.n_frame = n_frame
        self.n_glitch = n_glitch
        self.n_overflow = n_overflow


@block
def serial_front_end(clk, rst, uart_rx, events, faults, parser, divisor, depth):
    """Receiver -> the game's parser -> event queue, with the line's fault counters.

    Ports:
        clk, rst  in   clock, synchronous reset
        uart_rx   in   serial from the host, idle high
        events    out  EventQueue: the complete messages, oldest first (its
                       `pop` is an input)
        faults    out  LineFaults: all four counters (n_bad and n_frame are
                       counted by the parser)
    Settings:
        parser    the game's parser block, called as
                  parser(clk, rst, rx_data, rx_valid, rx_ferr, ev, ev_push,
                  n_bad, n_frame); a core binds any further ports and settings
                  its parser has (functools.partial)
        divisor   clock cycles per bit (hdl.params.uart_divisor)
        depth     messages the queue holds (a power of two)

    The parser reads bytes as they arrive, also while the core is busy, and
    pushes only complete messages, so no amount of garbage fills the queue; a
    message that finds it full is lost and counted.
    """
    width = len(events.word)
    rx_data = Signal(intbv(0)[8:])
    rx_valid, rx_ferr, rx_glitch = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    ev_din = Signal(intbv(0)[width:])
    ev_push, ev_full, ev_lost = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))

    receiver = rx_block(clk, rst, uart_rx, rx_data, rx_valid, rx_ferr, rx_glitch,
                        divisor=divisor)
    parse = parser(clk, rst, rx_data, rx_valid, rx_ferr, ev_din, ev_push, faults.n_bad,
                   faults.n_frame)
    queue = byte_fifo(clk, rst, ev_din, ev_push, events.word, events.pop, events.empty,
                      ev_full, depth=depth, width=width)

    @always_comb
    def lost():
        ev_lost.next = ev_push and ev_full

    glitches = saturating_counter(clk, rst, rx_glitch, faults.n_glitch)
    overflows = saturating_counter(clk, rst, ev_lost, faults.n_overflow)

    return receiver, parse, queue, lost, glitches, overflows
