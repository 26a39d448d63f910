// Properties of hdl/message_tx.py (messages of up to F_NBYTES bytes through an
// F_DEPTH-byte queue, hdl/units.py), included at the end of the generated
// module message_tx so that they see its queue and shift register.
//
// The claim, by k-induction: every byte of every message taken by `send` goes
// to the transmitter exactly once and in order, whatever the send pattern and
// the queue's fill; nothing else goes. How: f_owed counts the message bytes
// taken and not yet handed to uart_tx (`start` with the transmitter free). At
// a send of its choosing the property follows byte f_k of the message and the
// number of bytes owed before it; at the hand-over where that number reaches
// zero the transmitter must get exactly that byte. uart_tx.sv proves that each
// byte handed over becomes a correct frame on `tx`.
//
// This is the block whose registered push, checked against a `full` flag one
// push stale, lost a byte when the queue filled: verif/formal/test_formal.py
// puts that bug back and requires this proof to fail.

localparam F_DEPTH = 1 << (F_AW);

reg f_init = 1'b1;
always @(posedge clk) f_init <= 1'b0;
always @(*) if (f_init) assume(rst);

// the contract of the port: a send only while not busy, at most F_NBYTES bytes
always @(*) begin
    if (busy) assume(!send);
    assume(length <= F_NBYTES);
end

wire f_handed = start && !tx_busy;        // uart_tx takes q_dout now
(* anyseq *) wire f_pick;
(* anyseq *) wire [2:0] f_k;
reg f_tracking = 1'b0;
reg [7:0] f_tracked = 0;
reg [4:0] f_ahead = 0;
reg [4:0] f_owed = 0;

wire [7:0] f_data_byte = data >> (8 * (F_NBYTES - 1 - f_k));

always @(posedge clk) begin
    if (rst) begin
        f_owed <= 0;
        f_tracking <= 1'b0;
    end else begin
        f_owed <= f_owed + (send ? length : 0) - f_handed;
        if (f_tracking && f_handed) begin
            if (f_ahead == 0)
                f_tracking <= 1'b0;
            else
                f_ahead <= f_ahead - 1'b1;
        end
        if (send && f_pick && f_k < length && !f_tracking) begin
            f_tracking <= 1'b1;
            f_tracked <= f_data_byte;
            f_ahead <= f_owed - f_handed + f_k;
        end
    end
end

// where the bytes owed are: the queue, then the shift register's top `left` bytes
wire [F_AW:0] f_queued = byte_fifo0_wr - byte_fifo0_rd;
wire [4:0] f_in_shift = f_ahead - f_queued;
wire [F_AW-1:0] f_slot = byte_fifo0_rd[F_AW-1:0] + f_ahead[F_AW-1:0];
wire [7:0] f_shift_byte = out >> (8 * (F_NBYTES - 1 - f_in_shift));

always @(*) if (!f_init) begin
    // the claims
    if (f_handed)
        assert(f_owed != 0);
    if (f_tracking && f_handed && f_ahead == 0)
        assert(q_dout == f_tracked);
    // strengthening invariants
    assert(f_queued <= F_DEPTH);
    assert(left <= F_NBYTES);
    assert(f_owed == f_queued + left);
    if (f_tracking) begin
        assert(f_ahead < f_owed);
        if (f_ahead < f_queued)
            assert(byte_fifo0_mem[f_slot] == f_tracked);
        else
            assert(f_shift_byte == f_tracked);
    end
end

// not vacuous: a followed byte waits behind a full queue (a message's bytes
// waiting for room), and a followed byte is handed over. One trace with both
// would be a whole frame (10 * F_DIV cycles) deep and take minutes to find.
always @(*) if (!f_init && !rst) begin
    cover(f_tracking && q_full && left != 0 && f_ahead >= f_queued);
    cover(f_tracking && f_handed && f_ahead == 0);
end
