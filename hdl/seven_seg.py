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


# Letters and digits as well as seven segments can draw them (segments g..a,
# lit when 1), for the team code the Blokus board shows at power-up. K, M, V,
# W and X have no true seven-segment form: they get the usual approximations,
# listed in docs/de2.md.
_TEXT = {
    "A": 0x77, "a": 0x5F, "B": 0x7C, "b": 0x7C, "C": 0x39, "c": 0x58, "D": 0x5E, "d": 0x5E,
    "E": 0x79, "e": 0x7B, "F": 0x71, "f": 0x71, "G": 0x3D, "g": 0x6F, "H": 0x76, "h": 0x74,
    "I": 0x30, "i": 0x10, "J": 0x1E, "j": 0x0E, "K": 0x75, "k": 0x75, "L": 0x38, "l": 0x30,
    "M": 0x37, "m": 0x55, "N": 0x37, "n": 0x54, "O": 0x3F, "o": 0x5C, "P": 0x73, "p": 0x73,
    "Q": 0x67, "q": 0x67, "R": 0x50, "r": 0x50, "S": 0x6D, "s": 0x6D, "T": 0x78, "t": 0x78,
    "U": 0x3E, "u": 0x1C, "V": 0x3E, "v": 0x1C, "W": 0x2A, "w": 0x2A, "X": 0x76, "x": 0x76,
    "Y": 0x6E, "y": 0x6E, "Z": 0x5B, "z": 0x5B, " ": 0x00,
}
_TEXT.update({str(d): _SEGMENTS[d] for d in range(10)})
DARK_N = 0x7F


def glyph_n(char):
    """The active-low segments that draw `char` (a letter, a digit or a space)."""
    try:
        return 0x7F ^ _TEXT[char]
    except KeyError:
        raise ValueError("a seven-segment display cannot draw %r" % (char,)) from None


def text_n(text, width=8):
    """`text` right-aligned on `width` displays: active-low patterns, the
    rightmost display (HEX0) first."""
    if len(text) > width:
        raise ValueError("%r does not fit on %d displays" % (text, width))
    return [glyph_n(c) for c in reversed(text.rjust(width))]
