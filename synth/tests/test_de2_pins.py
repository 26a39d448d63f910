"""The DE2 pin table (synth.de2_pins): the SDRAM's pins and the bidirectional bus.

The SDRAM pins are written out a second time below, one bit a line in the
order of Terasic's DE2_pin_assignments.csv, so that a slip in the table (a
swapped or mistyped pin) fails here; docs/de2.md says which copies of
Terasic's files both transcriptions were checked against.
"""
import re

import pytest

from hdl import sdram_timing
from synth import de2_pins, quartus
from synth.vports import module_ports

# Terasic's DE2_pin_assignments.csv, its DRAM lines (name, pin)
TERASIC_DRAM = """
DRAM_ADDR[0] T6    DRAM_ADDR[1] V4    DRAM_ADDR[2] V3    DRAM_ADDR[3] W2
DRAM_ADDR[4] W1    DRAM_ADDR[5] U6    DRAM_ADDR[6] U7    DRAM_ADDR[7] U5
DRAM_ADDR[8] W4    DRAM_ADDR[9] W3    DRAM_ADDR[10] Y1   DRAM_ADDR[11] V5
DRAM_BA_0 AE2      DRAM_BA_1 AE3      DRAM_CAS_N AB3     DRAM_CKE AA6
DRAM_CLK AA7       DRAM_CS_N AC3
DRAM_DQ[0] V6      DRAM_DQ[1] AA2     DRAM_DQ[2] AA1     DRAM_DQ[3] Y3
DRAM_DQ[4] Y4      DRAM_DQ[5] R8      DRAM_DQ[6] T8      DRAM_DQ[7] V7
DRAM_DQ[8] W6      DRAM_DQ[9] AB2     DRAM_DQ[10] AB1    DRAM_DQ[11] AA4
DRAM_DQ[12] AA3    DRAM_DQ[13] AC2    DRAM_DQ[14] AC1    DRAM_DQ[15] AA5
DRAM_LDQM AD2      DRAM_UDQM Y5       DRAM_RAS_N AB4     DRAM_WE_N AD3
"""
SDRAM = {"DRAM_ADDR", "DRAM_DQ", "DRAM_BA_0", "DRAM_BA_1", "DRAM_LDQM", "DRAM_UDQM",
         "DRAM_WE_N", "DRAM_CAS_N", "DRAM_RAS_N", "DRAM_CS_N", "DRAM_CLK", "DRAM_CKE"}


def _bits(name):
    pins = de2_pins.PINS[name][1]
    return [name] if name in de2_pins.SCALARS else ["%s[%d]" % (name, i) for i in range(len(pins))]


def test_no_pin_twice_in_the_whole_table():
    users = {}
    for name in de2_pins.PINS:
        for bit in _bits(name):
            users.setdefault(de2_pins.pin_of(bit), []).append(bit)
    twice = {pin: bits for pin, bits in users.items() if len(bits) > 1}
    assert not twice, twice
    assert all(re.match(r"^(A[A-F]|[A-HJ-NPR-Y])\d{1,2}$", p) for p in users), sorted(users)


def test_sdram_pins_are_terasics():
    terasic = dict(zip(*[iter(TERASIC_DRAM.split())] * 2))
    assert len(terasic) == 38                      # 12 + 16 + 10 scalars
    ours = {bit: de2_pins.pin_of(bit) for name in SDRAM for bit in _bits(name)}
    assert ours == terasic


def test_sdram_bus_widths_and_directions():
    widths = {name: len(de2_pins.PINS[name][1]) for name in SDRAM}
    assert widths == dict({name: 1 for name in SDRAM}, DRAM_ADDR=12, DRAM_DQ=16)
    # the controller's widths (hdl/sdram_timing.py): row address, data, two bank bits
    assert widths["DRAM_ADDR"] == sdram_timing.ROW_BITS
    assert widths["DRAM_DQ"] == sdram_timing.DATA_BITS
    assert len([n for n in SDRAM if n.startswith("DRAM_BA_")]) == sdram_timing.BANK_BITS
    assert de2_pins.direction_of("DRAM_DQ") == "inout"
    assert all(de2_pins.direction_of(n) == "output" for n in SDRAM - {"DRAM_DQ"})
    assert {d for d, _ in de2_pins.PINS.values()} == {"input", "output", "inout"}


def test_pin_of_sdram_bits():
    assert de2_pins.pin_of("DRAM_DQ[15]") == "AA5"
    assert de2_pins.pin_of("DRAM_DQ[0]") == "V6"
    assert de2_pins.pin_of("DRAM_ADDR[11]") == "V5"
    assert de2_pins.pin_of("DRAM_CLK") == "AA7"
    assert de2_pins.pin_of("DRAM_BA_1") == "AE3"
    with pytest.raises(KeyError, match="DRAM_DQ\\[0..15\\]"):
        de2_pins.pin_of("DRAM_DQ[16]")
    with pytest.raises(KeyError, match="DRAM_ADDR\\[0..11\\]"):
        de2_pins.pin_of("DRAM_ADDR[12]")
    with pytest.raises(KeyError, match="is a bus"):
        de2_pins.pin_of("DRAM_DQ")
    with pytest.raises(KeyError, match="single pin"):
        de2_pins.pin_of("DRAM_CLK[0]")
    with pytest.raises(KeyError, match="not a DE2 signal"):
        de2_pins.pin_of("DRAM_BA[0]")                # Terasic names the bank bits DRAM_BA_0, _1


# a top level as a future SDRAM core's would declare it (hdl.build's non-ANSI style)
SDRAM_TOP = """module sdram_de2 (CLOCK_50, KEY, DRAM_DQ, DRAM_ADDR, DRAM_BA_0, DRAM_BA_1,
    DRAM_LDQM, DRAM_UDQM, DRAM_WE_N, DRAM_CAS_N, DRAM_RAS_N, DRAM_CS_N, DRAM_CLK, DRAM_CKE);
input CLOCK_50;
input [3:0] KEY;
inout [15:0] DRAM_DQ;
output [11:0] DRAM_ADDR;
output DRAM_BA_0;
output DRAM_BA_1;
output DRAM_LDQM;
output DRAM_UDQM;
output DRAM_WE_N;
output DRAM_CAS_N;
output DRAM_RAS_N;
output DRAM_CS_N;
output DRAM_CLK;
output DRAM_CKE;
endmodule
"""


def test_an_inout_port_gets_its_pins_and_io_standard():
    ports = module_ports(SDRAM_TOP, "sdram_de2")
    assert [p.direction for p in ports if p.name == "DRAM_DQ"] == ["inout"]
    assert quartus.port_problems(ports) == []
    tcl = quartus.tcl_text("sdram_de2", ports, "sdram_de2.v", "sdram_de2.sdc")
    for i in range(16):
        bit = "DRAM_DQ[%d]" % i
        assert "set_location_assignment PIN_%s -to {%s}\n" % (de2_pins.pin_of(bit), bit) in tcl
        assert 'set_instance_assignment -name IO_STANDARD "3.3-V LVTTL" -to {%s}\n' % bit in tcl
    assert "set_location_assignment PIN_AA7 -to DRAM_CLK\n" in tcl
    assert quartus.check_tcl(tcl, ports) == []
    # and the checker notices a data bit left without its pin
    broken = tcl.replace("set_location_assignment PIN_AA5 -to {DRAM_DQ[15]}\n", "")
    assert any("DRAM_DQ[15] has no pin" in p for p in quartus.check_tcl(broken, ports))


def test_the_data_bus_declared_one_way_is_refused():
    ports = module_ports(SDRAM_TOP.replace("inout [15:0] DRAM_DQ", "output [15:0] DRAM_DQ"),
                         "sdram_de2")
    assert quartus.port_problems(ports) == [
        "port DRAM_DQ is an output but the DE2's DRAM_DQ is an inout"]
