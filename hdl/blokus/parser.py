"""The Blokus Duo message parser: received bytes in, protocol events out."""
from myhdl import Signal, always_comb, always_seq, block, concat, enum, intbv

from golden.blokus.encoding import COORD_CHARS, N_TILES, TILE_LETTERS
from hdl.saturating_counter import saturating_counter

EV_BITS = 20
EV_MATCH, EV_FIRST, EV_SECOND, EV_MOVE = 0, 1, 2, 3
"""Event word: kind (bits 19..18), seat 'A' (17), pass (16), X (15..12),
Y (11..8), tile 0..20 (7..3), orientation digit (2..0)."""

BAD = 31
# byte -> coordinate value 0..14, else BAD
_COORD = tuple(COORD_CHARS.index(chr(b)) if chr(b) in COORD_CHARS else BAD
               for b in range(256))
# byte -> tile 0..20, else BAD
_TILE = tuple(TILE_LETTERS.index(chr(b)) if chr(b) in TILE_LETTERS else BAD
              for b in range(256))
_ZERO, _TWO, _THREE, _FOUR, _NINE = (ord(c) for c in "02349")
_FIVE, _A = ord("5"), ord("A")
assert N_TILES < BAD


@block
def blokus_parser(clk, rst, rx_data, rx_valid, rx_ferr, ev, ev_push, n_bad, n_frame,
                  n_stall, stall_cycles):
    """Turns bytes into events as they arrive, while the core may be thinking.

    Ports:
        clk, rst     in   clock, synchronous reset
        rx_data      in   8 bits, valid with rx_valid
        rx_valid     in   a byte arrived
        rx_ferr      in   a frame with a 0 stop bit arrived
        ev           out  EV_BITS: the event word (see EV_BITS); valid with ev_push
        ev_push      out  one-cycle pulse: a complete message for the queue
        n_bad        out  8 bits: bytes that could not stand where they stood (saturates)
        n_frame      out  8 bits: framing errors (saturates)
        n_stall      out  8 bits: partial messages dropped for silence (saturates)
    Settings:
        stall_cycles a partial message that waits this long for its next byte
                     is dropped (hdl.params.STALL_BITS bit times)

    Messages are parsed by length, exactly as golden.blokus.Session: `0` is a
    new match, `9` is silent, `2`+seat, `3`+seat+code, `4`+code. A byte that
    cannot stand at its position, a framing error or a stall drops the partial
    message; the byte is not reinterpreted. Nothing else reaches the queue.
    """
    t_parse = enum("OUT", "SEAT", "C0", "C1", "C2", "C3")
    state = Signal(t_parse.OUT)
    op = Signal(intbv(0)[2:])            # EV_FIRST, EV_SECOND or EV_MOVE
    seat_a = Signal(bool(0))
    cx = Signal(intbv(0)[4:])
    cy = Signal(intbv(0)[4:])
    ct = Signal(intbv(0)[5:])
    coord = Signal(intbv(0)[5:])
    tile = Signal(intbv(0)[5:])
    idle = Signal(intbv(0, min=0, max=stall_cycles + 1))
    frames = saturating_counter(clk, rst, rx_ferr, n_frame)

    @always_comb
    def lookup_coord():
        coord.next = _COORD[rx_data]

    @always_comb
    def lookup_tile():
        tile.next = _TILE[rx_data]

    @always_seq(clk.posedge, reset=rst)
    def parse():
        ev_push.next = 0
        if rx_ferr:
            state.next = t_parse.OUT
        elif rx_valid:
            idle.next = 0
            bad = False
            ok = False
            if state == t_parse.OUT:
                if rx_data == _ZERO:
                    ev.next = concat(intbv(EV_MATCH)[2:], intbv(0)[18:])
                    ev_push.next = 1
                elif rx_data == _TWO:
                    op.next = EV_FIRST
                    state.next = t_parse.SEAT
                elif rx_data == _THREE:
                    op.next = EV_SECOND
                    state.next = t_parse.SEAT
                elif rx_data == _FOUR:
                    op.next = EV_MOVE
                    state.next = t_parse.C0
                elif rx_data != _NINE:
                    bad = True
            elif state == t_parse.SEAT:
                if rx_data == _FIVE or rx_data == _A:
                    seat_a.next = rx_data == _A
                    if op == EV_FIRST:
                        ev.next = concat(intbv(EV_FIRST)[2:], rx_data == _A, intbv(0)[17:])
                        ev_push.next = 1
                        state.next = t_parse.OUT
                    else:
                        state.next = t_parse.C0
                else:
                    bad = True
            elif state == t_parse.C0:
                if coord != BAD:
                    cx.next = coord[4:]
                    state.next = t_parse.C1
                else:
                    bad = True
            elif state == t_parse.C1:
                if coord != BAD:
                    cy.next = coord[4:]
                    state.next = t_parse.C2
                else:
                    bad = True
            elif state == t_parse.C2:
                if tile != BAD:
                    ct.next = tile
                    state.next = t_parse.C3
                elif rx_data == _ZERO and cx == 0 and cy == 0:
                    ct.next = BAD                 # the pass code 0000 so far
                    state.next = t_parse.C3
                else:
                    bad = True
            else:  # C3: the orientation digit
                if ct == BAD:
                    ok = rx_data == _ZERO
                else:
                    ok = _ZERO <= rx_data and rx_data <= _ZERO + 7
                if ok:
                    if ct == BAD:
                        ev.next = concat(op, seat_a, True, intbv(0)[16:])
                    else:
                        ev.next = concat(op, seat_a, False, cx, cy, ct, rx_data[3:])
                    ev_push.next = 1
                    state.next = t_parse.OUT
                else:
                    bad = True
            if bad:
                state.next = t_parse.OUT
                if n_bad != 255:
                    n_bad.next = n_bad + 1
        elif state != t_parse.OUT:
            if idle == stall_cycles:
                idle.next = 0
                state.next = t_parse.OUT
                if n_stall != 255:
                    n_stall.next = n_stall + 1
            else:
                idle.next = idle + 1
        else:
            idle.next = 0

    return frames, lookup_coord, lookup_tile, parse
