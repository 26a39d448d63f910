// Properties of hdl/uart_rx.py at F_DIV clocks per bit, included at the end of
// the generated module uart_rx (states IDLE 0, START 1, DATA 2, STOP 3,
// WAIT_IDLE 4, in the order the block declares them).
//
// The claims, by k-induction:
// 1. From any input sequence, once `rx` has been high for a frame time
//    (10 * F_DIV cycles), the receiver is idle, and it stays idle while the
//    line stays high. f_high counts the cycles the line has been high; the
//    invariants bound the time each state can still take.
// 2. A clean frame is received as its byte: from idle with the line high, a
//    frame of its choosing (start bit, byte f_byte LSB first, stop bit, each
//    F_DIV cycles) gives exactly one `valid`, with `data` == f_byte, at a
//    fixed cycle of the stop bit, and no `frame_err` or `glitch`. f_pos counts
//    the frame's cycles; the invariants tie the receiver's state, counters
//    and shift register to it.

localparam F_HALF = F_DIV / 2;
localparam F_FRAME = 10 * F_DIV;
localparam F_DATA0 = 3 + F_HALF;          // frame cycle at which DATA begins
localparam F_IDLE = 0, F_START = 1, F_DATA = 2, F_STOP = 3, F_WAIT = 4;

reg f_init = 1'b1;
always @(posedge clk) f_init <= 1'b0;
always @(*) if (f_init) assume(rst);

// -- 1. a high line brings the receiver to idle within a frame time --------------
reg [8:0] f_high = 0;                     // cycles rx has been high (saturates)
always @(posedge clk)
    if (!rx) f_high <= 0;
    else if (f_high != F_FRAME) f_high <= f_high + 1'b1;

always @(*) if (!f_init) begin
    assert(state <= F_WAIT);
    assert(f_high <= F_FRAME);
    if (f_high == F_FRAME)
        assert(state == F_IDLE);                        // the claim
    // what the synchroniser holds of a high line
    if (f_high >= 1) assert(sync[0]);
    if (f_high >= 2) assert(sync[1]);
    // each state's time since the line last was low (the strengthening invariants)
    if (state == F_START) assert(cnt < F_HALF && f_high <= cnt + 2);
    if (state == F_DATA) assert(nbit <= 7 && cnt < F_DIV
                                && f_high <= F_DATA0 - 1 + nbit * F_DIV + cnt);
    if (state == F_STOP) assert(cnt < F_DIV && f_high <= F_DATA0 - 1 + 8 * F_DIV + cnt);
    if (state == F_WAIT) assert(f_high <= 2);
end

// -- 2. a clean frame is received as its byte -------------------------------------
(* anyconst *) reg [7:0] f_byte;
(* anyseq *) wire f_go;
wire [9:0] f_bits = {1'b1, f_byte, 1'b0};
reg f_active = 1'b0;
reg [8:0] f_pos = 0;                      // cycles since the start bit began
wire f_begin = !f_active && f_go && state == F_IDLE && sync == 2'b11 && !rx;
wire [8:0] f_e = f_pos - F_DATA0;         // cycles since DATA began
wire [3:0] f_k = f_e / F_DIV;             // data bits received

always @(posedge clk) begin
    if (rst)
        f_active <= 1'b0;
    else if (f_begin) begin
        f_active <= 1'b1;
        f_pos <= 1;
    end else if (f_active) begin
        if (f_pos == F_FRAME - 1)
            f_active <= 1'b0;
        f_pos <= f_pos + 1'b1;
    end
end

always @(*) if (f_active) assume(rx == f_bits[f_pos / F_DIV]);

always @(*) if (!f_init && f_active) begin
    // the claims
    assert(!frame_err && !glitch);
    assert(valid == (f_pos == F_DATA0 + 9 * F_DIV));
    if (valid) assert(data == f_byte);
    // strengthening invariants
    assert(f_pos >= 1 && f_pos < F_FRAME);
    if (f_pos == 1) assert(sync == 2'b10);
    if (f_pos >= 2) assert(sync == {f_bits[(f_pos - 2) / F_DIV], f_bits[(f_pos - 1) / F_DIV]});
    if (f_pos <= 2) assert(state == F_IDLE);
    else if (f_pos < F_DATA0) assert(state == F_START && cnt == f_pos - 3);
    else if (f_e < 8 * F_DIV) assert(state == F_DATA && nbit == f_k && cnt == f_e % F_DIV
                                     && (shreg >> (8 - f_k)) == (f_byte & ((1 << f_k) - 1)));
    else if (f_e < 9 * F_DIV) assert(state == F_STOP && cnt == f_e - 8 * F_DIV
                                     && shreg == f_byte);
    else assert(state == F_IDLE);
end

// not vacuous: the byte of a clean frame arrives (the states of claim 2 are
// reached); a line high for a frame time
always @(*) if (!f_init && !rst) begin
    cover(f_active && valid && f_byte == 8'hA5);
    cover(f_high == F_FRAME);
end
