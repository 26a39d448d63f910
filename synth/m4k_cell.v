// The Cyclone II M4K as yosys memory_libmap emits it for synth/m4k.txt: a
// blackbox, so that the size estimate counts the block and nothing inside it.
(* blackbox *)
module \$__M4K_ #(parameter WIDTH = 1) (
    input PORT_W_CLK, input [11:0] PORT_W_ADDR, input [WIDTH-1:0] PORT_W_WR_DATA,
    input PORT_W_WR_EN, input PORT_R_CLK, input [11:0] PORT_R_ADDR,
    output [WIDTH-1:0] PORT_R_RD_DATA);
endmodule
