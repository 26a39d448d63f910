// The Cyclone II M4K as yosys memory_libmap emits it for synth/m4k.txt: a
// blackbox, so that the size estimate counts the block and nothing inside it.
(* blackbox *)
module \$__M4K_ #(parameter WIDTH = 1) (
    input PORT_W_CLK, input [11:0] PORT_W_ADDR, input [WIDTH-1:0] PORT_W_WR_DATA,
    input PORT_W_WR_EN, input PORT_R_CLK, input [11:0] PORT_R_ADDR,
    output [WIDTH-1:0] PORT_R_RD_DATA);
endmodule

// ... and the true dual-port ROM block (a memory with initial contents that
// nothing writes).
(* blackbox *)
module \$__M4K_ROM_ #(parameter WIDTH = 1, parameter INIT = 0) (
    input PORT_A_CLK, input [11:0] PORT_A_ADDR, output [WIDTH-1:0] PORT_A_RD_DATA,
    input PORT_B_CLK, input [11:0] PORT_B_ADDR, output [WIDTH-1:0] PORT_B_RD_DATA);
endmodule
