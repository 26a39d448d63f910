"""The SDRAM controller's user side as one bundle, and the controller on the
chip's pins serving it: what every block on the SDRAM (the Monte-Carlo
tree's operations, their unit benches' tops, the search) declares and wires
the same way."""
from myhdl import block

from hdl.sdram_controller import sdram_controller
from hdl.sdram_timing import ADDR_BITS, DATA_BITS, LEN_BITS
from hdl.signals import flag, unsigned


class SdramUser:
    """sdram_controller's user-side ports (see its docstring): req,
    req_write, req_addr, req_len, wr_data (the user's) and ready, wr_take,
    rd_valid, rd_data, done (the controller's)."""

    def __init__(self):
        self.req, self.req_write, self.ready, self.wr_take = flag(), flag(), flag(), flag()
        self.rd_valid, self.done = flag(), flag()
        self.req_addr, self.req_len = unsigned(ADDR_BITS), unsigned(LEN_BITS)
        self.wr_data, self.rd_data = unsigned(DATA_BITS), unsigned(DATA_BITS)


@block
def sdram_serving(clk, rst, user, sd_cke, sd_cs_n, sd_ras_n, sd_cas_n, sd_we_n, sd_ba, sd_addr,
                  sd_dqm, sd_dq_o, sd_dq_oe, sd_dq_i, clk_hz=50000000):
    """sdram_controller with its user side bundled: `user` an SdramUser, the
    chip's pins as sdram_controller's."""
    return sdram_controller(clk, rst, user.req, user.req_write, user.req_addr, user.req_len,
                            user.ready, user.wr_take, user.wr_data, user.rd_valid, user.rd_data,
                            user.done, sd_cke, sd_cs_n, sd_ras_n, sd_cas_n, sd_we_n, sd_ba,
                            sd_addr, sd_dqm, sd_dq_o, sd_dq_oe, sd_dq_i, clk_hz=clk_hz)
