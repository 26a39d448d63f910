"""The DE2's eight seven-segment displays showing one of five 32-bit views."""
from myhdl import Signal, always_comb, always_seq, block, intbv

from hdl.seven_seg import seven_seg


@block
def de2_display(clk, rst, KEY, SW, view0, view1, view2, view3, view4,
                HEX0, HEX1, HEX2, HEX3, HEX4, HEX5, HEX6, HEX7, beat):
    """Shows view SW (0..4; 5..7 show view 0), or view 1, 2 or 3 while KEY[1],
    KEY[2] or KEY[3] is held, as 8 hex digits, HEX7 the most significant.

    Ports:
        clk, rst        in   clock, synchronous reset
        KEY             in   4 push buttons, active low (KEY[0] is not read here)
        SW              in   3 switches
        view0..view4    in   32 bits each
        HEX0..HEX7      out  7 segments each, active low
        beat            out  a heartbeat, about 0.75 Hz at 50 MHz (bit 25 of a
                             free-running counter)
    """
    view = Signal(intbv(0)[3:])
    shown = Signal(intbv(0)[32:])
    key_view = Signal(intbv(0)[3:])
    count = Signal(intbv(0)[26:])
    digits = [Signal(intbv(0)[4:]) for _ in range(8)]
    hexes = [seven_seg(digits[i], h) for i, h in
             enumerate((HEX0, HEX1, HEX2, HEX3, HEX4, HEX5, HEX6, HEX7))]
    d0, d1, d2, d3, d4, d5, d6, d7 = digits

    @always_comb
    def keys():
        key_view.next = KEY[4:1]

    @always_comb
    def select():
        if not key_view[0]:
            view.next = 1
        elif not key_view[1]:
            view.next = 2
        elif not key_view[2]:
            view.next = 3
        elif SW > 4:
            view.next = 0
        else:
            view.next = SW

    @always_comb
    def contents():
        if view == 1:
            shown.next = view1
        elif view == 2:
            shown.next = view2
        elif view == 3:
            shown.next = view3
        elif view == 4:
            shown.next = view4
        else:
            shown.next = view0

    @always_comb
    def split():
        d0.next = shown[4:0]
        d1.next = shown[8:4]
        d2.next = shown[12:8]
        d3.next = shown[16:12]
        d4.next = shown[20:16]
        d5.next = shown[24:20]
        d6.next = shown[28:24]
        d7.next = shown[32:28]

    @always_seq(clk.posedge, reset=rst)
    def heartbeat():
        count.next = count + 1

    @always_comb
    def beat_out():
        beat.next = count[25]

    return hexes, keys, select, contents, split, heartbeat, beat_out
