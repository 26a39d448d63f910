// Properties of hdl/blokus/parser.py with a stall limit of F_STALL cycles,
// included at the end of the generated module blokus_parser (states OUT 0,
// SEAT 1, C0 2, C1 3, C2 4, C3 5, as the block declares them).
//
// The claims, by k-induction: after any bytes and framing errors, a silence of
// F_STALL + 1 cycles (the protocol's recovery: a stall drops a partial
// message) and then one complete message of the property's choosing, of any
// kind (`0`; `2` seat; `3` seat code; `4` code; the code a placement or the
// pass `0000`), its bytes separated by fewer than F_STALL idle cycles, give
// exactly one event, the cycle after its last byte, with the message's
// fields, and no other event. For a move (`4`) the event's seat bit is not
// part of the message and is not compared.

localparam F_OUT = 0, F_SEAT = 1, F_C0 = 2, F_C1 = 3, F_C2 = 4, F_C3 = 5;
localparam F_MATCH = 0, F_FIRST = 1, F_SECOND = 2, F_MOVE = 3;
localparam F_BAD = 31;
localparam F_NONE = 3'd7;

reg f_init = 1'b1;
always @(posedge clk) f_init <= 1'b0;
always @(*) if (f_init) assume(rst);
always @(*) assume(!(rx_valid && rx_ferr));

// the message
(* anyconst *) reg [1:0] f_kind;
(* anyconst *) reg f_seat_a, f_pass;
(* anyconst *) reg [3:0] f_x, f_y;
(* anyconst *) reg [4:0] f_tile;
(* anyconst *) reg [2:0] f_rot;
always @(*) assume(f_x <= 14 && f_y <= 14 && f_tile <= 20);

wire [2:0] f_len = f_kind == F_MATCH ? 1 : f_kind == F_FIRST ? 2 : f_kind == F_SECOND ? 6 : 5;
wire [2:0] f_code0 = (f_kind == F_FIRST || f_kind == F_SECOND) ? 2 : 1;  // after the seat

function [7:0] f_coord(input [3:0] v);
    f_coord = v < 10 ? "0" + v : "a" + v - 10;
endfunction

function [7:0] f_byte(input [2:0] i);
    if (i == 0)
        f_byte = f_kind == F_MATCH ? "0" : f_kind == F_FIRST ? "2" : f_kind == F_SECOND ? "3" : "4";
    else if (i < f_code0)
        f_byte = f_seat_a ? "A" : "5";
    else if (f_pass)
        f_byte = "0";
    else case (i - f_code0)
        0: f_byte = f_coord(f_x);
        1: f_byte = f_coord(f_y);
        2: f_byte = "a" + f_tile;
        default: f_byte = "0" + f_rot;
    endcase
endfunction

wire [16:0] f_fields = f_pass ? {1'b1, 16'b0} : {1'b0, f_x, f_y, f_tile, f_rot};
wire [19:0] f_event = f_kind == F_MATCH ? 20'b0
                    : f_kind == F_FIRST ? {2'd1, f_seat_a, 17'b0}
                    : {f_kind, f_seat_a, f_fields};

// the phase: silence, then the message
(* anyseq *) wire f_go;
reg f_active = 1'b0;
reg [7:0] f_quiet = 0;                 // silent cycles so far (to F_STALL + 1)
reg [2:0] f_sent = 0;                  // bytes of the message so far
reg [7:0] f_gap = 0;                   // idle cycles since its last byte
reg f_just = 1'b0;                     // its last byte arrived last cycle
wire f_phase = f_active || f_go;
wire f_silent = f_quiet <= F_STALL;
wire f_sending = !f_silent && f_sent < f_len;

always @(*) if (!rst && f_phase) begin
    if (f_silent || f_sending) assume(!rx_ferr);
    if (f_silent) assume(!rx_valid);
    if (f_sending && rx_valid) assume(rx_data == f_byte(f_sent));
    if (f_sending && f_sent != 0 && f_gap == F_STALL - 1) assume(rx_valid);
end

always @(posedge clk) begin
    if (rst) begin
        f_active <= 1'b0;
        f_quiet <= 0;
        f_sent <= 0;
        f_just <= 1'b0;
    end else if (f_phase) begin
        f_active <= !f_just;
        f_just <= 1'b0;
        if (f_just) begin
            f_quiet <= 0;
            f_sent <= 0;
        end else if (f_silent)
            f_quiet <= f_quiet + 1'b1;
        else if (f_sending) begin
            if (rx_valid) begin
                f_sent <= f_sent + 1'b1;
                f_gap <= 0;
                f_just <= f_sent == f_len - 1;
            end else if (f_sent != 0)
                f_gap <= f_gap + 1'b1;
        end
    end
end

// what the parser holds after f_sent bytes of the message
reg [2:0] f_state;
always @(*) begin
    if (f_sent == 0 || f_sent == f_len)
        f_state = F_OUT;
    else if (f_sent < f_code0)
        f_state = F_SEAT;
    else
        f_state = F_C0 + (f_sent - f_code0);
end

always @(*) if (!f_init && f_active) begin
    // the claims
    if (f_just) begin
        assert(ev_push);
        assert(ev[19:18] == f_event[19:18] && ev[16:0] == f_event[16:0]);
        if (f_kind != F_MOVE) assert(ev[17] == f_event[17]);
    end else if (!f_silent || f_quiet > 1)
        assert(!ev_push);
    // strengthening invariants
    assert(f_quiet <= F_STALL + 1);
    if (f_silent && state != F_OUT) assert(idle >= f_quiet);
    if (f_silent) assert(f_sent == 0 && !f_just);
    if (!f_silent) begin
        assert(f_sent <= f_len && (f_sent == 0 || f_gap < F_STALL));
        assert(f_just == (f_sent == f_len));
        assert(state == f_state);
        if (f_sent != 0 && state != F_OUT) assert(idle == f_gap);
        if (f_sent >= 1 && f_kind != F_MATCH) assert(op == f_kind);
        if (f_kind == F_SECOND && f_sent >= 2) assert(seat_a == f_seat_a);
        if (f_sent >= f_code0 + 1 && f_kind >= F_SECOND) assert(cx == (f_pass ? 0 : f_x));
        if (f_sent >= f_code0 + 2 && f_kind >= F_SECOND) assert(cy == (f_pass ? 0 : f_y));
        if (f_sent >= f_code0 + 3 && f_kind >= F_SECOND && f_sent < f_len)
            assert(ct == (f_pass ? F_BAD : f_tile));
    end
end
always @(*) if (!f_init) begin
    assert(idle <= F_STALL && state <= F_C3);
    if (!f_active) assert(f_quiet == 0 && f_sent == 0 && !f_just);
end

// not vacuous: a move and a second-seat pass arrive after a partial message was stalled
reg f_stalled = 1'b0;
always @(posedge clk) if (f_active && f_silent && n_stall != 0 && state == F_OUT) f_stalled <= 1'b1;
always @(*) if (!f_init && !rst) begin
    cover(f_active && f_just && f_stalled && f_kind == F_MOVE && !f_pass && f_tile == 20 && f_x == 14);
    cover(f_active && f_just && f_kind == F_SECOND && f_pass && f_seat_a);
end
