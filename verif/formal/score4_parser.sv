// Properties of hdl/score4/parser.py, included at the end of the generated
// module score4_parser (states OUT 0, A0 1, A1 2, as the block declares them).
//
// The claims, by k-induction: after any bytes and framing errors, the complete
// messages `A` d1 d2 (a request, d1 and d2 digits 0..4 of the property's
// choosing) then `0` (a new game), with any idle cycles between the bytes,
// give exactly two events: the request's {00, d1, d2} the cycle after d2
// arrives and EV_NEW_GAME (0x80) the cycle after `0`, and no other event. So
// no input leaves the parser stuck: a request always starts it over.

localparam F_OUT = 0, F_A0 = 1, F_A1 = 2;
localparam F_NONE = 3'd7;

reg f_init = 1'b1;
always @(posedge clk) f_init <= 1'b0;
always @(*) if (f_init) assume(rst);

// uart_rx never reports a byte and a framing error in one cycle
always @(*) assume(!(rx_valid && rx_ferr));

(* anyconst *) reg [2:0] f_d1, f_d2;
always @(*) assume(f_d1 <= 4 && f_d2 <= 4);
(* anyseq *) wire f_go;
reg f_active = 1'b0;                  // the clean messages are being sent
reg [2:0] f_sent = 0;                 // of their 4 bytes
reg [2:0] f_prev = F_NONE;            // index of the byte that arrived last cycle
wire f_phase = f_active || f_go;

function [7:0] f_byte(input [2:0] i);
    case (i)
        0: f_byte = "A";
        1: f_byte = "0" + f_d1;
        2: f_byte = "0" + f_d2;
        default: f_byte = "0";
    endcase
endfunction

always @(*) if (!rst && f_phase && f_sent < 4) begin
    assume(!rx_ferr);
    if (rx_valid) assume(rx_data == f_byte(f_sent));
end

always @(posedge clk) begin
    if (rst) begin
        f_active <= 1'b0;
        f_sent <= 0;
        f_prev <= F_NONE;
    end else if (f_phase) begin
        f_prev <= (rx_valid && f_sent < 4) ? f_sent : F_NONE;
        if (rx_valid && f_sent < 4) f_sent <= f_sent + 1'b1;
        f_active <= !(f_sent == 4);
        if (f_sent == 4) f_sent <= 0;
    end
end

always @(*) if (!f_init && f_active) begin
    // the claims: each message's event exactly once, at its time, and no other
    assert(ev_push == (f_prev == 2 || f_prev == 3));
    if (f_prev == 2) assert(ev == {2'b00, f_d1, f_d2});
    if (f_prev == 3) assert(ev == 8'h80);
    // strengthening invariants
    assert(f_sent <= 4 && (f_sent >= 1 || f_prev == F_NONE));
    if (f_sent == 1) assert(state == F_A0);
    if (f_sent == 2) assert(state == F_A1 && d1 == f_d1);
    if (f_sent >= 3) assert(state == F_OUT);
    if (f_prev != F_NONE) assert(f_prev == f_sent - 1);
end
always @(*) if (!f_init) assert(f_active || (f_sent == 0 && f_prev == F_NONE));

// not vacuous: both events arrive after bad bytes had left a request half done
reg f_dirty = 1'b0;
always @(posedge clk) if (!f_phase && state == F_A1 && n_bad != 0) f_dirty <= 1'b1;
always @(*) if (!f_init && !rst) begin
    cover(f_active && f_dirty && f_prev == 3 && ev_push);
    cover(f_active && f_prev == 2 && ev_push && f_d1 == 4 && f_d2 == 1);
end
