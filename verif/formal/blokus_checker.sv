// Equivalence of hdl/blokus/checker.py with golden's 91 shapes: for every
// forbidden map, anchor map and set of used tiles, each of the 91 `legal` bits
// equals the reference generated from golden's Shape cells by
// verif/formal/reference.py (reference.vh). Combinational: one step proves it.

module blokus_checker_equiv (input [319:0] forb, input [319:0] anch, input [20:0] used);
`include "reference.vh"

    wire [90:0] legal;
    blokus_checker dut (.forb(forb), .anch(anch), .used(used), .legal(legal));

    always @(*) begin
        assert(legal == ref_legal(forb, anch, used));
        cover(legal[90] && legal[0]);
        cover(legal == 0 && used == 0 && anch != 0);
    end
endmodule
