"""One seven-segment display that shows a fixed pattern instead of its digit."""
from myhdl import always_comb, block


@block
def hex_overlay(show, digit_n, hex_n, pattern_n):
    """hex_n is `pattern_n` while `show` is high, else `digit_n`.

    Ports:
        show      in   1 bit: show the fixed pattern
        digit_n   in   7 bits: what the display shows otherwise (active low)
        hex_n     out  7 bits to the display (active low)
    Settings:
        pattern_n the fixed 7-bit pattern, active low (hdl.seven_seg.glyph_n)
    """
    @always_comb
    def pick():
        if show:
            hex_n.next = pattern_n
        else:
            hex_n.next = digit_n
    return pick
