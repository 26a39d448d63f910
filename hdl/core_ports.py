"""The ports every core's top level (CORE_top) has, and fresh Signals for them.

Every CORE_top begins with

    clk, rst    in   clock; synchronous reset, active high (the power-up state)
    uart_rx     in   serial from the host, 8N1, idle high
    uart_tx     out  serial to the host, 8N1, idle high

and goes on with its status outputs (CoreStatus). They are one Signal per
port because they are the Verilog module's ports, which the testbenches and
the DE2 pin flow name one by one: MyHDL would name the Signals of an
interface port <argument>_<attribute>. Callers make them as one bundle and
connect them by name:

    CORE_top(*core_pins(), **CoreStatus_of_the_core().ports(), divisor=..., ...)
"""
from myhdl import ResetSignal

from hdl.signals import flag, signed, unsigned


def core_pins():
    """Fresh clk, rst, uart_rx, uart_tx (the serial lines idle high)."""
    return (flag(), ResetSignal(0, active=1, isasync=False), flag(1), flag(1))


class CoreStatus:
    """The status outputs all cores have, a fresh Signal each, every attribute
    named as its port (a core's subclass adds the ports only it has):

        busy        out  1 bit: the core is working on a message
        seat        out  2 bits: the core's seat, by its SEATS
        last_rx     out  `move_bits`: the opponent's last move, packed as the
                         core says, 0 for a pass
        last_tx     out  `move_bits`: our last move, the same way
        n_bad       out  8 bits: bytes dropped as bad characters
        n_frame     out  8 bits: frames with a 0 stop bit
        n_glitch    out  8 bits: start bits shorter than half a bit, ignored
        n_overflow  out  8 bits: messages lost because the event queue was full
        n_illegal   out  8 bits: opponent moves not applied
        n_requests  out  16 bits: move requests answered (wraps)
        nodes       out  `node_bits`: nodes the last search spent
        cycles      out  32 bits: clock cycles the last search took
        score       out  signed, score_min .. score_max - 1: the last search's score
    The n_ counters but n_requests saturate at 255; n_bad, n_frame, n_glitch
    and n_overflow are the serial front end's (hdl.serial_front_end.LineFaults).
    """

    def __init__(self, move_bits, node_bits, score_min, score_max):
        self.busy = flag()
        self.seat = unsigned(2)
        self.last_rx, self.last_tx = unsigned(move_bits), unsigned(move_bits)
        self.n_bad, self.n_frame, self.n_glitch = unsigned(8), unsigned(8), unsigned(8)
        self.n_overflow, self.n_illegal = unsigned(8), unsigned(8)
        self.n_requests = unsigned(16)
        self.nodes, self.cycles = unsigned(node_bits), unsigned(32)
        self.score = signed(score_min, score_max)

    def ports(self):
        """{port name: Signal}"""
        return dict(vars(self))
