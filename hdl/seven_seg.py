"""Hexadecimal digit to a DE2 seven-segment display."""
from myhdl import always_comb, block

# segments g..a (bit 6..0), lit when 1; the DE2's segments are active low
_SEGMENTS = (0x3F, 0x06, 0x5B, 0x4F, 0x66, 0x6D, 0x7D, 0x07,
             0x7F, 0x6F, 0x77, 0x7C, 0x39, 0x5E, 0x79, 0x71)
SEGMENTS_N = tuple(0x7F ^ v for v in _SEGMENTS)


@block
def seven_seg(digit, hex_n):
    """Show a 4-bit `digit` (0..f) on a display whose segments are active low.

    Ports:
        digit  in   4 bits
        hex_n  out  7 bits, segment a = bit 0 ... g = bit 6, active low
    """
    @always_comb
    def decode():
        hex_n.next = SEGMENTS_N[digit]
    return decode
