"""The Terasic DE2 pins a game core's top level may use, as data.

Names, pin numbers and bit order are the ones of Terasic's DE2 pin list
(DE2 User Manual, and its DE2_pin_assignments.csv): index i of a bus is
`NAME[i]`; a display's bit 0 is segment a ... bit 6 segment g, active low.
Checked pin by pin against two independent copies of Terasic's assignment
file and against Terasic's DE2 pin list (docs/de2.md); the SDRAM's pins
(DRAM_*) against three copies of Terasic's files, not against the User
Manual's list (docs/de2.md, "Where the pins were checked"). Every one of
these pins is 3.3-V LVTTL on the DE2.

The FPGA is a Cyclone II EP2C35F672C6.
"""
FAMILY = "Cyclone II"
DEVICE = "EP2C35F672C6"
IO_STANDARD = "3.3-V LVTTL"
CLOCK = "CLOCK_50"
CLOCK_PERIOD_NS = 20.0          # 50 MHz oscillator on PIN_N2
SDRAM_BOARD_NS = 1.0            # the traces between the FPGA and the SDRAM: an allowance for
#                                 their skew (the clock's against the data's), not a measurement

# name -> (direction seen from the FPGA: "input", "output" or "inout" for a
# bidirectional bus, pins by index; a scalar has one pin and no index)
PINS = {
    "CLOCK_50": ("input", ("N2",)),
    "KEY": ("input", ("G26", "N23", "P23", "W26")),              # push buttons, low when pressed
    "SW": ("input", ("N25", "N26", "P25", "AE14", "AF14", "AD13", "AC13", "C13", "B13",
                     "A13", "N1", "P1", "P2", "T7", "U3", "U4", "V1", "V2")),   # up = 1
    "UART_RXD": ("input", ("C25",)),                             # RS-232 (MAX232) from the host
    "UART_TXD": ("output", ("B25",)),                            # RS-232 to the host
    "LEDR": ("output", ("AE23", "AF23", "AB21", "AC22", "AD22", "AD23", "AD21", "AC21",
                        "AA14", "Y13", "AA13", "AC14", "AD15", "AE15", "AF13", "AE13",
                        "AE12", "AD12")),                          # 18 red, lit when 1
    "LEDG": ("output", ("AE22", "AF22", "W19", "V18", "U18", "U17", "AA20", "Y18",
                        "Y12")),                                   # 9 green, lit when 1
    "HEX0": ("output", ("AF10", "AB12", "AC12", "AD11", "AE11", "V14", "V13")),
    "HEX1": ("output", ("V20", "V21", "W21", "Y22", "AA24", "AA23", "AB24")),
    "HEX2": ("output", ("AB23", "V22", "AC25", "AC26", "AB26", "AB25", "Y24")),
    "HEX3": ("output", ("Y23", "AA25", "AA26", "Y26", "Y25", "U22", "W24")),
    "HEX4": ("output", ("U9", "U1", "U2", "T4", "R7", "R6", "T3")),
    "HEX5": ("output", ("T2", "P6", "P7", "T9", "R5", "R4", "R3")),
    "HEX6": ("output", ("R2", "P4", "P3", "M2", "M3", "M5", "M4")),
    "HEX7": ("output", ("L3", "L2", "L9", "L6", "L7", "P9", "N9")),
    # the 8 MB SDRAM (one chip: 4 banks x 4,096 rows x 256 columns x 16 bits),
    # used by blokus_mcts_de2. DRAM_CLK is driven by the FPGA; DRAM_DQ is the
    # bidirectional data bus (a top level drives it through a tri-state buffer).
    "DRAM_ADDR": ("output", ("T6", "V4", "V3", "W2", "W1", "U6", "U7", "U5", "W4", "W3",
                             "Y1", "V5")),                         # A0..A11
    "DRAM_DQ": ("inout", ("V6", "AA2", "AA1", "Y3", "Y4", "R8", "T8", "V7", "W6", "AB2",
                          "AB1", "AA4", "AA3", "AC2", "AC1", "AA5")),  # DQ0..DQ15
    "DRAM_BA_0": ("output", ("AE2",)),                           # bank address, two scalars
    "DRAM_BA_1": ("output", ("AE3",)),                           # as Terasic names them
    "DRAM_LDQM": ("output", ("AD2",)),                           # byte masks: DQ7..0
    "DRAM_UDQM": ("output", ("Y5",)),                            # and DQ15..8
    "DRAM_WE_N": ("output", ("AD3",)),
    "DRAM_CAS_N": ("output", ("AB3",)),
    "DRAM_RAS_N": ("output", ("AB4",)),
    "DRAM_CS_N": ("output", ("AC3",)),
    "DRAM_CLK": ("output", ("AA7",)),                            # the chip's clock, from the FPGA
    "DRAM_CKE": ("output", ("AA6",)),
}
SCALARS = frozenset(name for name, (_, pins) in PINS.items() if len(pins) == 1)


def pin_of(bit):
    """The pin of a port bit named as Quartus names it (`KEY[0]`, `CLOCK_50`).

    Raises KeyError with the reason when the DE2 has no such signal or bit.
    """
    name, _, rest = bit.partition("[")
    if name not in PINS:
        raise KeyError("%s is not a DE2 signal (known: %s)" % (bit, ", ".join(sorted(PINS))))
    pins = PINS[name][1]
    if not rest:
        if name not in SCALARS:
            raise KeyError("%s is a bus on the DE2: name one bit, %s[i]" % (name, name))
        return pins[0]
    if name in SCALARS:
        raise KeyError("%s is a single pin on the DE2, it has no bit %s" % (name, bit))
    index = int(rest.rstrip("]"))
    if not 0 <= index < len(pins):
        raise KeyError("%s: the DE2 has %s[0..%d]" % (bit, name, len(pins) - 1))
    return pins[index]


def direction_of(name):
    return PINS[name][0]
