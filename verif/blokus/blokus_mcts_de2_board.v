// The DE2 board around blokus_mcts_de2 for its cocotb bench (verif/blokus/tb_mcts_de2.py):
// the SDRAM chip's side of the DRAM_* pins under the names verif/sdram_model.py reads.
// A cocotb bench cannot share the inout bus DRAM_DQ from outside the top level, so the
// board drives it here: the chip's word (sd_dq_i) while the model says the chip drives
// (sd_dq_drive), else nothing. sd_dq_oe is 1 when the FPGA drives the bus: it is not
// floating while the chip is silent, or it differs from the chip's word while the chip
// drives (two drivers: the model then reports the clash). rst is the core's reset (from
// KEY[0]), which the model follows.
module blokus_mcts_de2_board (
    input CLOCK_50, input [3:0] KEY, input [2:0] SW, input UART_RXD, output UART_TXD,
    output [17:0] LEDR, output [8:0] LEDG,
    output [6:0] HEX0, output [6:0] HEX1, output [6:0] HEX2, output [6:0] HEX3,
    output [6:0] HEX4, output [6:0] HEX5, output [6:0] HEX6, output [6:0] HEX7,
    output clk, output rst, output DRAM_CLK,
    output sd_cke, output sd_cs_n, output sd_ras_n, output sd_cas_n, output sd_we_n,
    output [1:0] sd_ba, output [11:0] sd_addr, output [1:0] sd_dqm,
    output [15:0] sd_dq_o, output sd_dq_oe, input [15:0] sd_dq_i, input sd_dq_drive
);
    wire [15:0] DRAM_DQ;
    wire DRAM_BA_0, DRAM_BA_1, DRAM_LDQM, DRAM_UDQM;

    blokus_mcts_de2 board (
        .CLOCK_50(CLOCK_50), .KEY(KEY), .SW(SW), .UART_RXD(UART_RXD), .UART_TXD(UART_TXD),
        .LEDR(LEDR), .LEDG(LEDG), .HEX0(HEX0), .HEX1(HEX1), .HEX2(HEX2), .HEX3(HEX3),
        .HEX4(HEX4), .HEX5(HEX5), .HEX6(HEX6), .HEX7(HEX7),
        .DRAM_ADDR(sd_addr), .DRAM_DQ(DRAM_DQ), .DRAM_BA_0(DRAM_BA_0), .DRAM_BA_1(DRAM_BA_1),
        .DRAM_LDQM(DRAM_LDQM), .DRAM_UDQM(DRAM_UDQM), .DRAM_WE_N(sd_we_n),
        .DRAM_CAS_N(sd_cas_n), .DRAM_RAS_N(sd_ras_n), .DRAM_CS_N(sd_cs_n),
        .DRAM_CLK(DRAM_CLK), .DRAM_CKE(sd_cke));

    assign clk = CLOCK_50;
    assign rst = board.rst;                 // the core's reset (KEY[0]), which restarts the chip
    assign sd_ba = {DRAM_BA_1, DRAM_BA_0};
    assign sd_dqm = {DRAM_UDQM, DRAM_LDQM};
    assign DRAM_DQ = sd_dq_drive ? sd_dq_i : 16'bz;
    assign sd_dq_o = DRAM_DQ;
    assign sd_dq_oe = sd_dq_drive ? (DRAM_DQ !== sd_dq_i) : (^DRAM_DQ !== 1'bx);
endmodule
