// Equivalence of hdl/score4/checker.py with golden's lines, for every pair of
// boards: `won_r` is golden's completes_line for the new bead's cell and
// `full_r` golden's full board, each a cycle after its inputs, as the block's
// ports say (the evaluation's terms: score4_eval.sv). The reference functions
// (reference.vh) are generated from golden by verif/formal/reference.py.
//
// Assumed, as the search guarantees: the two sides share no cell and the new
// bead's cell is one cell of the mover's.

module score4_checker_equiv (input clk, input [63:0] next_x, input [63:0] next_y,
                             input [63:0] next_cell);
`include "reference.vh"

    wire won_r, full_r;
    wire signed [13:0] score;
    score4_checker dut (.clk(clk), .next_x(next_x), .next_y(next_y), .next_cell(next_cell),
                        .won_r(won_r), .full_r(full_r), .score(score));

    always @(*) begin
        assume((next_x & next_y) == 0);
        assume(next_cell != 0 && (next_cell & (next_cell - 1)) == 0);
        assume((next_cell & next_x) == next_cell);
    end

    reg f_init = 1'b1;
    reg [63:0] f_x, f_y, f_cell;
    always @(posedge clk) begin
        f_init <= 1'b0;
        f_x <= next_x;
        f_y <= next_y;
        f_cell <= next_cell;
    end

    always @(*) if (!f_init) begin
        assert(won_r == ref_won(f_x, f_cell));
        assert(full_r == ref_full(f_x, f_y));
    end

    always @(*) if (!f_init) begin
        cover(won_r && !full_r);
        cover(full_r && !won_r);
    end
endmodule
