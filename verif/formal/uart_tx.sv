// Properties of hdl/uart_tx.py at F_DIV clocks per bit, included at the end of
// the generated module uart_tx.
//
// The claims, by k-induction: a byte taken (`start` while not `busy`) goes out
// as one frame, start bit (0), its 8 bits least significant first, stop bit
// (1), each bit exactly F_DIV cycles, beginning the cycle after the next;
// `busy` is high from the cycle after the start until the stop bit's last
// cycle; otherwise the line is high (idle). The property counts the frame's
// cycles on its own (f_bit, f_cnt) and predicts every cycle of `tx`.

localparam F_FRAME_BITS = 10;

reg f_init = 1'b1;
always @(posedge clk) f_init <= 1'b0;
always @(*) if (f_init) assume(rst);

reg f_active = 1'b0;                  // a frame is being sent
reg [9:0] f_frame = 10'h3FF;          // stop, data, start: bit 0 goes first
reg [3:0] f_bit = 0;                  // the frame bit being counted
reg [7:0] f_cnt = 0;                  // cycles of it counted
reg f_started = 1'b0;                 // tx already shows frame bits
reg [3:0] f_tx_bit = 0;               // the bit tx shows (registered: a cycle behind)

wire f_taken = start && !busy;

always @(posedge clk) begin
    if (rst) begin
        f_active <= 1'b0;
        f_started <= 1'b0;
    end else if (f_taken) begin
        f_active <= 1'b1;
        f_frame <= {1'b1, data, 1'b0};
        f_bit <= 0;
        f_cnt <= 0;
        f_started <= 1'b0;
    end else if (f_active) begin
        f_started <= 1'b1;
        f_tx_bit <= f_bit;
        if (f_cnt == F_DIV - 1) begin
            f_cnt <= 0;
            if (f_bit == F_FRAME_BITS - 1)
                f_active <= 1'b0;
            else
                f_bit <= f_bit + 1'b1;
        end else
            f_cnt <= f_cnt + 1'b1;
    end else
        f_started <= 1'b0;
end

always @(*) if (!f_init) begin
    // the claims
    assert(busy == f_active);
    if (f_active && f_started)
        assert(tx == f_frame[f_tx_bit]);
    if (!f_active || !f_started)
        assert(tx == 1'b1);
    // strengthening invariants
    if (f_active) begin
        assert(f_bit < F_FRAME_BITS && f_cnt < F_DIV);
        assert(nbit == f_bit && cnt == f_cnt);
        assert(shreg == ((f_frame >> f_bit) | ~(10'h3FF >> f_bit)));
        if (f_started)
            assert(f_tx_bit == (f_cnt == 0 ? f_bit - 1'b1 : f_bit));
        else
            assert(f_bit == 0 && f_cnt == 0);
    end
end

// not vacuous: a frame's stop bit ends with a byte waiting, which is taken
always @(*) if (!f_init && !rst) begin
    cover(f_active && f_bit == F_FRAME_BITS - 1 && f_cnt == F_DIV - 1 && start);
    cover(f_active && f_started && f_tx_bit == 8 && f_frame[8]);
end
