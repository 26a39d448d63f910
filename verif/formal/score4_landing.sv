// Equivalence of hdl/score4/landing.py with golden's gravity: for every post
// and every board whose posts hold what gravity allows (golden's columns),
// `free`, `free_cells`, `onehot` and, when the post has room, `land` equal
// golden's drop_cell and post_height (reference.vh, generated from golden by
// verif/formal/reference.py). Combinational: one step proves it.

module score4_landing_equiv (input [63:0] occ, input [3:0] post);
`include "reference.vh"

    wire [5:0] land;
    wire [63:0] onehot;
    wire free;
    wire [2:0] free_cells;
    score4_landing dut (.occ(occ), .post(post), .land(land), .onehot(onehot), .free(free),
                        .free_cells(free_cells));

    always @(*) assume(ref_column_ok(occ));

    wire [9:0] f_ref = ref_land(occ, post);
    always @(*) begin
        assert(f_ref != 10'h3ff);          // golden defines every case assumed
        assert(free == f_ref[9]);
        assert(free_cells == f_ref[8:6]);
        assert(onehot == (f_ref[9] ? 64'd1 << f_ref[5:0] : 64'd0));
        if (f_ref[9]) assert(land == f_ref[5:0]);
    end

    always @(*) begin
        cover(free && land >= 48);
        cover(!free && post == 15);
    end
endmodule
