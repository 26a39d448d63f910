"""The DE2's SDRAM pins (DRAM_*) for hdl/sdram_controller.py's ports (sd_*)."""
from myhdl import always, always_comb, block, intbv

from hdl.sdram_timing import BANK_BITS, DATA_BITS, ROW_BITS
from hdl.signals import check_widths, flag, unsigned


def dram_pins():
    """Fresh DRAM_ADDR, DRAM_DQ, DRAM_BA_0, DRAM_BA_1, DRAM_LDQM, DRAM_UDQM,
    DRAM_WE_N, DRAM_CAS_N, DRAM_RAS_N, DRAM_CS_N, DRAM_CLK, DRAM_CKE: the DE2's
    SDRAM ports in that order (synth/de2_pins.py's names), DRAM_DQ a
    TristateSignal, the command pins idle (a NOP, the chip not selected)."""
    from myhdl import TristateSignal

    return (unsigned(ROW_BITS), TristateSignal(intbv(0)[DATA_BITS:]), flag(), flag(), flag(),
            flag(), flag(1), flag(1), flag(1), flag(1), flag(), flag())


@block
def sdram_pins(clk, sd_cke, sd_cs_n, sd_ras_n, sd_cas_n, sd_we_n, sd_ba, sd_addr, sd_dqm,
               sd_dq_o, sd_dq_oe, sd_dq_i, DRAM_ADDR, DRAM_DQ, DRAM_BA_0, DRAM_BA_1,
               DRAM_LDQM, DRAM_UDQM, DRAM_WE_N, DRAM_CAS_N, DRAM_RAS_N, DRAM_CS_N, DRAM_CLK,
               DRAM_CKE):
    """sdram_controller's chip side on the DE2's pins, and the chip's clock.

    Ports:
        clk          in   the core's clock (CLOCK_50)
        sd_*         sdram_controller's chip ports (every output of it registered)
        sd_dq_i      out  DRAM_DQ as it was at the clock's last falling edge
        DRAM_*       the DE2's SDRAM pins (synth/de2_pins.py): the bank and byte
                     masks as Terasic's scalars, DRAM_DQ the bidirectional bus
                     (driven while sd_dq_oe), DRAM_CLK the chip's clock

    The chip's clock is the core's clock inverted, and the chip's data is
    taken at the core clock's falling edge; why: the controller and the
    benches' model of the chip (verif/sdram_model.py) count in whole core
    cycles, the chip seeing a command at the edge after the one that
    registered it and its read data taken CAS-latency edges after that. On
    the board the chip's clock reaches it a clock-to-pin delay (several ns)
    after the core's edge, the same as the commands: driven in phase, the
    commands would change at the chip just as it samples them (its hold time
    broken), which is why boards shift the chip's clock. Inverted, the chip
    samples each command half a cycle (10 ns at 50 MHz) after it was
    registered and half a cycle before it changes. Its read data is then valid
    from its clock edge + the access time (6 ns) + that delay until the next
    edge + its hold (2.5 ns), which the core's falling edge lies inside and its
    rising edges do not; the falling-edge register hands the word to the
    controller's own input register at the rising edge the model assumes.
    synth.quartus writes the interface's delays (the chip's setup, hold,
    access and hold-out times) into the project's SDC against DRAM_CLK.
    """
    check_widths("sdram_pins", (("sd_ba", sd_ba, BANK_BITS), ("sd_addr", sd_addr, ROW_BITS),
                                ("sd_dqm", sd_dqm, 2), ("sd_dq_o", sd_dq_o, DATA_BITS),
                                ("sd_dq_i", sd_dq_i, DATA_BITS),
                                ("DRAM_ADDR", DRAM_ADDR, ROW_BITS),
                                ("DRAM_DQ", DRAM_DQ, DATA_BITS)))
    dq_fall = unsigned(DATA_BITS)
    bus_out = _bus_driver(sd_dq_o, sd_dq_oe, DRAM_DQ)

    @always_comb
    def commands():
        DRAM_CKE.next = sd_cke
        DRAM_CS_N.next = sd_cs_n
        DRAM_RAS_N.next = sd_ras_n
        DRAM_CAS_N.next = sd_cas_n
        DRAM_WE_N.next = sd_we_n
        DRAM_BA_0.next = sd_ba[0]
        DRAM_BA_1.next = sd_ba[1]
        DRAM_ADDR.next = sd_addr
        DRAM_LDQM.next = sd_dqm[0]
        DRAM_UDQM.next = sd_dqm[1]

    @always_comb
    def chip_clock():
        DRAM_CLK.next = not clk

    @always(clk.negedge)
    def bus_in():
        dq_fall.next = DRAM_DQ

    @always_comb
    def data_in():
        sd_dq_i.next = dq_fall

    return commands, chip_clock, bus_out, bus_in, data_in


@block
def _bus_driver(data, enable, bus):
    """bus (a TristateSignal) is `data` while `enable`, else released.

    Written as Verilog of its own: MyHDL writes a released bus as an unsized
    'bz, 32 bits on the 16-bit bus, which Verilator -Wall counts as a width
    warning in every build of the core."""
    drive = bus.driver()

    @always_comb
    def release():
        if enable:
            drive.next = data
        else:
            drive.next = None

    bus.driven = "wire"
    data.read = True
    enable.read = True
    return release


_bus_driver.verilog_code = "assign $bus = $enable ? $data : {%d{1'bz}};" % DATA_BITS
