"""The Reversi player's message parser: received bytes in, protocol events out."""
from myhdl import Signal, always_comb, always_seq, block, concat, enum, intbv

from golden.reversi.encoding import (BLACK, FRAME_MAX_SIZE, MIN_SIZE, NOK, OK,
                                     OP_CONNECT, OP_CONTROL, OP_END, OP_NEW_MOVE, OP_NEXT_TURN,
                                     OP_OK, OP_PLAYER_OK, OP_STATUS1, OP_STATUS2, OPCODES,
                                     UNUSED, WHITE)
from hdl.saturating_counter import saturating_counter

EV_BITS = 32
EV_PLAYER_OK, EV_OK, EV_NOK, EV_END, EV_NEXT_TURN, EV_IGNORED = range(6)
"""Event word: kind (bits 31..29), colour (28..27: Player OK), last move X
(26..19) and Y (18..11), width (10..6) and height (5..1) of a Next Turn,
and bit 0: the Next Turn's board is usable (a size the core plays, no 0b11
cell, no padding bit set); its discs then wait in the board slot."""

_IS_OPCODE = tuple(int(b in OPCODES) for b in range(256))


def ev_fields(word):
    """The fields of an event word, by name (for benches and tools)."""
    return {"kind": word >> 29, "colour": word >> 27 & 3, "last_x": word >> 19 & 0xFF,
            "last_y": word >> 11 & 0xFF, "width": word >> 6 & 31, "height": word >> 1 & 31,
            "usable": word & 1}


@block
def reversi_parser(clk, rst, rx_data, rx_valid, rx_ferr, ev, ev_push, n_bad, n_frame, n_stall,
                   n_lost, slot_black, slot_white, slot_full, slot_take, side, stall_cycles):
    """Turns bytes into events as they arrive, while the core may be searching.

    Ports (boards side * side bits, the max layout of hdl/reversi/tables.py):
        clk, rst     in   clock, synchronous reset
        rx_data      in   8 bits, valid with rx_valid
        rx_valid     in   a byte arrived
        rx_ferr      in   a frame with a 0 stop bit arrived
        ev           out  EV_BITS: the event word (above); valid with ev_push
        ev_push      out  one-cycle pulse: a complete message for the queue
        n_bad        out  8 bits: bytes dropped by the framing rules (saturates)
        n_frame      out  8 bits: framing errors (saturates)
        n_stall      out  8 bits: partial messages dropped for silence (saturates)
        n_lost       out  8 bits: usable Next Turns lost because the slot was
                          still full (a game master that does not wait for the
                          answer; saturates)
        slot_black   out  the discs of the usable Next Turn whose event is
        slot_white        queued, in the max layout
        slot_full    out  the slot holds a board
        slot_take    in   one cycle: the controller has copied the slot
    Settings:
        side         the largest board side the core plays
        stall_cycles a partial message that waits this long for its next
                     byte is dropped (golden's STALL_BITS bit times)

    Framing is golden.reversi.encoding.Reader's: by length, from the opcode
    and the length fields; a byte that is not an opcode at a message start,
    an OK/NOK or colour byte out of its codes, or a Next Turn / Status1 side
    out of 1..16 is a bad byte (the partial message dropped, the byte not
    read again); a framing error or a stall drops a partial message. Next
    Turn boards are unpacked as their bytes arrive, four cells a byte, one
    cell a cycle, and a board's length is multiplied a bit a cycle (bytes
    come at least a frame apart). A size the core plays
    has even sides, so its board fills its last byte: golden's padding rule
    (unused cells of the last byte must be 0) only ever meets sizes the core
    does not play, whose boards are never used, and is not built.
    """
    n = side * side
    t_frame = enum("START", "BODY")
    state = Signal(t_frame.START)
    op = Signal(intbv(0)[8:])
    count = Signal(intbv(0)[10:])            # bytes of the message so far
    total = Signal(intbv(0)[10:])            # its length, once known (0: not yet)
    # Status2: the count of the byte before its second part's length (its
    # second part starts at 5 + the first's length; no adder before the compare)
    second_at = Signal(intbv(0)[10:])
    # a Next Turn's or Status1's length, 5 + ceil(width * height / 4), is
    # set a few cycles after its height byte (the next byte is a frame
    # away): the multiply goes a bit of height a cycle, then the length is
    # registered. In one cycle from the UART's byte it was the Fmax proxy's
    # critical path (76.8 MHz; 66.6 MHz from registers)
    mul_left = Signal(intbv(0, min=0, max=7))    # steps to go: 6 .. 2 multiply, 1 length
    mul_w = Signal(intbv(0)[10:])                # width << the step
    mul_h = Signal(intbv(0)[5:])                 # height >> the step
    area = Signal(intbv(0)[10:])                 # width * height, once multiplied
    last_x, last_y = Signal(intbv(0)[8:]), Signal(intbv(0)[8:])
    width, height = Signal(intbv(0)[5:]), Signal(intbv(0)[5:])
    is_opcode = Signal(bool(0))
    idle = Signal(intbv(0, min=0, max=stall_cycles + 1))
    # the board being received
    rx_black, rx_white = Signal(intbv(0)[n:]), Signal(intbv(0)[n:])
    cx, cy = Signal(intbv(0)[5:]), Signal(intbv(0)[5:])
    # cell (cx, cy) of the max layout, one-hot, and the first cell of its row:
    # no multiply and decode between the counters and the board's bits
    cell_hot, row_hot = Signal(intbv(1)[n:]), Signal(intbv(1)[n:])
    walk = Signal(intbv(0, min=0, max=5))    # cells of the byte still to unpack
    walk_byte = Signal(intbv(0)[8:])
    bad_board = Signal(bool(0))
    finish = Signal(bool(0))                 # the Next Turn is complete once walked
    code = Signal(intbv(0)[2:])
    usable = Signal(bool(0))                 # a size the core plays, a good board
    rx_wide = Signal(intbv(0)[10:])          # rx_data as wide as the lengths
    frames = saturating_counter(clk, rst, rx_ferr, n_frame)

    @always_comb
    def lookup():
        is_opcode.next = _IS_OPCODE[rx_data]
        rx_wide.next = concat(intbv(0)[2:], rx_data)
        code.next = walk_byte[8:6]
        usable.next = (width[0] == 0 and height[0] == 0 and width >= MIN_SIZE
                       and height >= MIN_SIZE and width <= side and height <= side
                       and not bad_board)

    @always_seq(clk.posedge, reset=rst)
    def parse():
        ev_push.next = 0
        if slot_take:
            slot_full.next = 0
        if mul_left != 0:
            mul_left.next = mul_left - 1
            if mul_left == 1:
                total.next = 5 + ((area + 3) >> 2)
            else:
                if mul_h[0]:
                    area.next = area + mul_w
                mul_w.next = concat(mul_w[9:0], False)
                mul_h.next = mul_h >> 1
        if walk != 0:                        # one cell of a board byte
            walk.next = walk - 1
            walk_byte.next = concat(walk_byte[6:0], intbv(0)[2:])
            if code == UNUSED:
                bad_board.next = 1
            elif cx < side and cy < side and code != 0:
                if code == BLACK:
                    rx_black.next = rx_black | cell_hot
                else:
                    rx_white.next = rx_white | cell_hot
            if cx == width - 1:
                cx.next = 0
                cy.next = cy + 1
                cell_hot.next = row_hot << side
                row_hot.next = row_hot << side
            else:
                cx.next = cx + 1
                cell_hot.next = cell_hot << 1
        elif finish:                         # a Next Turn, walked to its end
            finish.next = 0
            if usable and slot_full and not slot_take:
                if n_lost != 255:
                    n_lost.next = n_lost + 1
            else:
                ev.next = concat(intbv(EV_NEXT_TURN)[3:], intbv(0)[2:], last_x, last_y, width,
                                 height, usable)
                ev_push.next = 1
                if usable:
                    slot_black.next = rx_black
                    slot_white.next = rx_white
                    slot_full.next = 1
        if rx_ferr:
            state.next = t_frame.START
            idle.next = 0
        elif rx_valid:
            idle.next = 0
            bad = False
            complete = False
            if state == t_frame.START:
                if is_opcode:
                    op.next = rx_data
                    count.next = 1
                    total.next = 0
                    if rx_data == OP_END:
                        ev.next = concat(intbv(EV_END)[3:], intbv(0)[29:])
                        ev_push.next = 1
                    else:
                        state.next = t_frame.BODY
                        if rx_data == OP_OK or rx_data == OP_PLAYER_OK:
                            total.next = 2
                        elif rx_data == OP_NEW_MOVE:
                            total.next = 3
                        elif rx_data == OP_CONTROL:
                            total.next = 5
                else:
                    bad = True
            else:
                count.next = count + 1
                if (op == OP_OK and count == 1 and rx_data != OK and rx_data != NOK) or \
                        (op == OP_PLAYER_OK and count == 1
                         and rx_data != BLACK and rx_data != WHITE) or \
                        ((op == OP_NEXT_TURN or op == OP_STATUS1) and (count == 3 or count == 4)
                         and (rx_data == 0 or rx_data > FRAME_MAX_SIZE)):
                    bad = True
                else:
                    if count == 1:
                        last_x.next = rx_data
                        if op == OP_CONNECT:
                            total.next = 2 + rx_wide
                            complete = rx_data == 0
                    elif count == 2:
                        last_y.next = rx_data
                    elif count == 3:
                        width.next = rx_data[5:]
                    elif count == 4:
                        height.next = rx_data[5:]
                        if op == OP_NEXT_TURN or op == OP_STATUS1:
                            mul_left.next = 6
                            mul_w.next = concat(intbv(0)[5:], width)
                            mul_h.next = rx_data[5:]
                            area.next = 0
                            cx.next = 0
                            cy.next = 0
                            cell_hot.next = 1
                            row_hot.next = 1
                            bad_board.next = 0
                            rx_black.next = 0
                            rx_white.next = 0
                        elif op == OP_STATUS2:
                            second_at.next = 8 + rx_wide
                    elif op == OP_STATUS2 and count == second_at:
                        total.next = second_at + 1 + rx_wide
                        complete = rx_data == 0
                    if op == OP_NEXT_TURN and count >= 5:
                        walk.next = 4
                        walk_byte.next = rx_data
                    if count + 1 == total:
                        complete = True
                if complete:
                    state.next = t_frame.START
                    if op == OP_NEXT_TURN:
                        finish.next = 1
                    else:
                        if op == OP_PLAYER_OK:               # the colour byte completes it
                            ev.next = concat(intbv(EV_PLAYER_OK)[3:], rx_data[2:],
                                             intbv(0)[27:])
                        elif op == OP_OK:
                            if rx_data == OK:
                                ev.next = concat(intbv(EV_OK)[3:], intbv(0)[29:])
                            else:
                                ev.next = concat(intbv(EV_NOK)[3:], intbv(0)[29:])
                        else:
                            ev.next = concat(intbv(EV_IGNORED)[3:], intbv(0)[29:])
                        ev_push.next = 1
            if bad:
                state.next = t_frame.START
                if n_bad != 255:
                    n_bad.next = n_bad + 1
        elif state != t_frame.START:
            if idle == stall_cycles:
                idle.next = 0
                state.next = t_frame.START
                if n_stall != 255:
                    n_stall.next = n_stall + 1
            else:
                idle.next = idle + 1
        else:
            idle.next = 0

    return frames, lookup, parse
