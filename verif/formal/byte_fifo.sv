// Properties of hdl/byte_fifo.py, included at the end of the generated module
// byte_fifo (FIFO_DEPTH words of FIFO_WIDTH bits, hdl/units.py), so that they
// see its pointers and memory as a bind would.
//
// Proven by k-induction: nothing is lost, duplicated or reordered; `empty` and
// `full` are exact. How: the property counts the words stored (f_count); at a
// push of its choosing (f_pick) it follows one word and the number of words
// ahead of it, and requires that word on `dout` at exactly the pop that
// should take it. A lost, duplicated or reordered word moves some word away
// from its expected pop. The pointers and memory are tied to the count and to
// the followed word (the induction's strengthening invariants).

localparam F_DEPTH = 1 << (F_AW);

reg f_init = 1'b1;                         // the first cycle: reset is held
always @(posedge clk) f_init <= 1'b0;
always @(*) if (f_init) assume(rst);

wire f_pushed = push && !full;
wire f_popped = pop && !empty;

(* anyseq *) wire f_pick;                  // follow the word pushed now
reg f_tracking = 1'b0;
reg [F_W-1:0] f_tracked = 0;
reg [F_AW:0] f_ahead = 0;                  // words before it still stored
reg [F_AW+1:0] f_count = 0;

always @(posedge clk) begin
    if (rst) begin
        f_count <= 0;
        f_tracking <= 1'b0;
    end else begin
        f_count <= f_count + f_pushed - f_popped;
        if (f_tracking && f_popped) begin
            if (f_ahead == 0)
                f_tracking <= 1'b0;
            else
                f_ahead <= f_ahead - 1'b1;
        end
        if (f_pushed && f_pick && !f_tracking) begin
            f_tracking <= 1'b1;
            f_tracked <= din;
            f_ahead <= f_count - f_popped;
        end
    end
end

wire [F_AW:0] f_stored = wr - rd;          // modulo 2 * depth
wire [F_AW-1:0] f_slot = rd[F_AW-1:0] + f_ahead[F_AW-1:0];

always @(*) if (!f_init) begin
    // the claims
    assert(f_count <= F_DEPTH);
    assert(empty == (f_count == 0));
    assert(full == (f_count == F_DEPTH));
    if (f_tracking && f_popped && f_ahead == 0)
        assert(dout == f_tracked);
    // strengthening invariants
    assert(f_stored == f_count);
    if (f_tracking) begin
        assert(f_ahead < f_count);
        assert(mem[f_slot] == f_tracked);
    end
end

// not vacuous: a followed word leaves a full queue, and one leaves an emptied one
always @(*) if (!f_init && !rst) begin
    cover(f_tracking && f_popped && f_ahead == 0 && full);
    cover(f_tracking && f_popped && f_ahead == 0 && f_count == 1 && !push);
end
