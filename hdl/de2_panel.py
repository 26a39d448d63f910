"""What every core's DE2 top level does the same way: reset button, displays, green LEDs."""
from myhdl import Signal, always_comb, block, concat

from hdl.de2_display import de2_display
from hdl.reset_sync import reset_sync
from hdl.signals import flag, unsigned

VIEWS = ("moves", "errors", "search", "cycles", "score")   # the HEX views, by number


class De2Views:
    """The five 32-bit words the displays can show, one attribute per VIEWS
    name (what each holds is the core's choice)."""

    def __init__(self):
        for name in VIEWS:
            setattr(self, name, unsigned(32))

    def in_order(self):
        """The views by number, as de2_display takes them."""
        return [getattr(self, name) for name in VIEWS]


@block
def de2_panel(CLOCK_50, KEY, SW, LEDG, hex_n, rst, views, flags):
    """The core's reset from KEY[0], the views on the displays, LEDG.

    Ports:
        CLOCK_50  in   the board clock
        KEY       in   4 push buttons, active low: KEY[0] resets the core;
                       while KEY[1], KEY[2] or KEY[3] is held the displays
                       show view 1, 2 or 3
        SW        in   3 switches: the view shown otherwise (5..7 show view 0)
        LEDG      out  9 green LEDs: `flags` on LEDG[7:0], a heartbeat
                       (~0.75 Hz) on LEDG[8]
        hex_n     out  the 8 displays' 7-bit segment words, active low,
                       HEX0 first (a list: a core may pass them through an
                       overlay before the pins)
        rst       out  the core's synchronous reset: KEY[0] synchronised,
                       and a power-on reset (hdl.reset_sync)
        views     in   De2Views: the 32-bit words to show
        flags     in   8 bits: the core's status lights
    """
    key0 = Signal(bool(1))
    beat = Signal(bool(0))
    resets = reset_sync(CLOCK_50, key0, rst)
    display = de2_display(CLOCK_50, rst, KEY, SW, *views.in_order(), *hex_n, beat)

    @always_comb
    def reset_key():
        key0.next = KEY[0]

    @always_comb
    def green():
        LEDG.next = concat(beat, flags)

    return resets, display, reset_key, green


def de2_pins():
    """Fresh CLOCK_50, KEY, SW, UART_RXD, UART_TXD, LEDR, LEDG, HEX0..HEX7: the
    ports of every CORE_de2, in that order (KEY and the serial lines idle high)."""
    return ((flag(), unsigned(4, 0xF), unsigned(3), flag(1), flag(1), unsigned(18),
             unsigned(9)) + tuple(unsigned(7) for _ in range(8)))
