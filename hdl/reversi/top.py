"""The Reversi player core, board-independent: UART in, UART out."""
import functools

from myhdl import Signal, always_comb, always_seq, block, concat, enum, intbv

from golden.reversi.encoding import BLACK, MIN_SIZE, NO_MOVE, OP_NEW_MOVE, WHITE, encode_connect
from hdl.message_tx import message_tx
from hdl.decoder import decoder
from hdl.rom import rom
from hdl.reversi.parser import (EV_BITS, EV_END, EV_IGNORED, EV_NEXT_TURN, EV_PLAYER_OK,
                                reversi_parser)
from hdl.reversi.search import BUDGET_BITS, reversi_search
from hdl.reversi.tables import check_side, sizes
from hdl.serial_front_end import EventQueue, LineFaults, serial_front_end

EVENT_DEPTH = 8     # complete messages the game master may send while the core searches
TX_DEPTH = 16
SEATS = ("none", BLACK, WHITE)     # the `seat` output, by code: the colour Player OK gave


@block
def reversi_top(clk, rst, uart_rx, uart_tx, busy, seat, last_rx, last_tx, n_bad, n_frame,
                n_glitch, n_overflow, n_illegal, n_requests, nodes, cycles, score, depth, stop,
                n_stall, n_ignored, n_unsupported, n_lost, divisor, budget, side, player_name,
                stall_cycles):
    """Plays Reversi over 8N1 serial exactly as golden.reversi.Session does.

    Ports: those of every core (hdl/core_ports.py; callers make the status
    outputs as hdl.reversi.ports.ReversiStatus), here meaning:
        busy           the search is running
        seat           SEATS index: the colour the last Player OK gave (0: none)
        last_rx        16 bits: the last Next Turn's last move (X byte, Y byte)
        last_tx        16 bits: the last New Move sent (0xFFFF: a pass)
        n_illegal      Next Turns whose board holds a 0b11 cell (golden's bad_boards)
        nodes, cycles, score   the last search's (hdl/reversi/search.py)
    and besides:
        depth          out  6 bits: the last search's completed depth
        stop           out  3 bits: its stop (golden.reversi.search.STOPS index)
        n_stall        out  partial messages dropped for silence
        n_ignored      out  messages for others, and Next Turns while stopped
        n_unsupported  out  Next Turns of a size the core does not play
        n_lost         out  Next Turns lost because the last was not answered yet
    Settings:
        divisor        clock cycles per bit (hdl.params.uart_divisor)
        budget         nodes per move (golden.reversi.search.check_budget)
        side           the largest board side it plays (even, 4..16)
        player_name    the name its Connect carries (golden check_name)
        stall_cycles   silence that drops a partial message (STALL_BITS bit times)

    After reset it sends its Connect. Bytes are parsed as they arrive
    (reversi_parser in serial_front_end), also while it searches; complete
    messages wait in an EVENT_DEPTH queue and are acted on in order; a
    usable Next Turn's board waits in the parser's slot. A Next Turn is
    answered with New Move: the search's move, or 0xFF 0xFF for a pass.
    """
    check_side(side)
    n = side * side
    hello = encode_connect(player_name)
    nbytes = max(3, len(hello))

    events = EventQueue(width=EV_BITS)
    slot_black, slot_white = Signal(intbv(0)[n:]), Signal(intbv(0)[n:])
    slot_full, slot_take = Signal(bool(0)), Signal(bool(0))
    parser = functools.partial(reversi_parser, n_stall=n_stall, n_lost=n_lost,
                               slot_black=slot_black, slot_white=slot_white, slot_full=slot_full,
                               slot_take=slot_take, side=side, stall_cycles=stall_cycles)
    receive = serial_front_end(clk, rst, uart_rx, events,
                               LineFaults(n_bad, n_frame, n_glitch, n_overflow),
                               parser=parser, divisor=divisor, depth=EVENT_DEPTH)

    # -- serial out
    out = Signal(intbv(0)[8 * nbytes:])          # bytes to send, first in the top byte
    out_len = Signal(intbv(0, min=0, max=nbytes + 1))
    out_send, out_busy = Signal(bool(0)), Signal(bool(0))
    sender = message_tx(clk, rst, uart_tx, out_send, out, out_len, out_busy,
                        divisor=divisor, nbytes=nbytes, depth=TX_DEPTH)
    hello_word = Signal(intbv(int.from_bytes(hello, "big") << (8 * (nbytes - len(hello))))
                        [8 * nbytes:])   # constant: the Connect in the top bytes
    pad = 8 * (nbytes - 3)                         # a New Move goes in the top 3 bytes
    answer_word = Signal(intbv(0)[24:])
    answer_full = Signal(intbv(0)[8 * nbytes:])

    # -- the search
    budget_word = Signal(intbv(budget)[BUDGET_BITS:])   # constant
    me, opp = Signal(intbv(0)[n:]), Signal(intbv(0)[n:])
    size = Signal(intbv(0, min=0, max=len(sizes(side))))
    s_start, s_done, has_move = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    s_move = Signal(intbv(0)[max(1, (n - 1).bit_length()):])
    engine = reversi_search(clk, rst, s_start, me, opp, size, budget_word, busy, s_done, has_move,
                            s_move, score, nodes, depth, stop, cycles, side=side)
    xs = tuple(i % side for i in range(n))
    ys = tuple(i // side for i in range(n))
    move_x, move_y = Signal(intbv(0)[8:]), Signal(intbv(0)[8:])

    # -- the controller
    t_state = enum("HELLO", "IDLE", "DECODE", "TO_MOVE", "SEARCH", "ANSWER")
    state = Signal(t_state.HELLO)
    ev = Signal(intbv(0)[EV_BITS:])
    colour = Signal(intbv(0)[2:])                # 0: no Player OK yet
    stopped = Signal(bool(0))
    black, white = Signal(intbv(0)[n:]), Signal(intbv(0)[n:])
    width, height = Signal(intbv(0)[5:]), Signal(intbv(0)[5:])
    lx, ly = Signal(intbv(0)[8:]), Signal(intbv(0)[8:])
    supported = Signal(bool(0))
    width_8, height_8 = Signal(intbv(0)[8:]), Signal(intbv(0)[8:])
    size_of_ev = Signal(intbv(0, min=0, max=len(sizes(side))))
    size_table = tuple(sizes(side).index((w, h)) if (w, h) in sizes(side) else 0
                       for w in range(32) for h in range(32))   # by (width << 5) | height
    ev_size = Signal(intbv(0)[10:])
    row_hit, col_hit = Signal(intbv(0)[side:]), Signal(intbv(0)[side:])
    last_hot = Signal(intbv(0)[n:])
    last_black = Signal(bool(0))

    size_lookup = rom(ev_size, size_table, size_of_ev)

    @always_comb
    def widen():
        width_8.next = concat(intbv(0)[3:], width)
        height_8.next = concat(intbv(0)[3:], height)
        ev_size.next = ev[11:1]

    @always_comb
    def decode_fields():
        supported.next = (ev[6] == 0 and ev[1] == 0 and ev[11:6] >= MIN_SIZE
                          and ev[6:1] >= MIN_SIZE and ev[11:6] <= side and ev[6:1] <= side)

    @always_comb
    def move_xy():
        move_x.next = xs[s_move]
        move_y.next = ys[s_move]

    if pad:
        @always_comb
        def answer_top():
            answer_full.next = concat(answer_word, intbv(0)[pad:])
    else:
        @always_comb
        def answer_top():
            answer_full.next = answer_word

    @always_comb
    def answer():
        if has_move:
            answer_word.next = concat(intbv(OP_NEW_MOVE)[8:], move_x, move_y)
        else:
            answer_word.next = concat(intbv(OP_NEW_MOVE)[8:], intbv(NO_MOVE)[8:],
                                      intbv(NO_MOVE)[8:])

    # the last move's cell, one-hot: its row's and column's decoders ANDed,
    # then ANDed with Black's discs (as a cell index, ly * side + lx into a
    # side * side-way read, it was the Fmax proxy's critical path: 89.8 MHz
    # at 8 x 8, 54.8 MHz at 10 x 10)
    last_decoders = [decoder(ly, row_hit), decoder(lx, col_hit)]

    @always_comb
    def last_disc():
        m = intbv(0)[n:]
        for y in range(side):
            for x in range(side):
                if row_hit[y] and col_hit[x]:
                    m[y * side + x] = 1
        last_hot.next = m

    @always_comb
    def last_colour():
        last_black.next = (black & last_hot) != 0

    @always_comb
    def status():
        seat.next = colour

    @always_seq(clk.posedge, reset=rst)
    def control():
        out_send.next = 0
        events.pop.next = 0
        slot_take.next = 0
        s_start.next = 0
        if state == t_state.HELLO:
            out.next = hello_word
            out_len.next = len(hello)
            out_send.next = 1
            state.next = t_state.IDLE

        elif state == t_state.IDLE:
            if not events.empty and not out_busy:
                ev.next = events.word
                events.pop.next = 1
                state.next = t_state.DECODE

        elif state == t_state.DECODE:
            state.next = t_state.IDLE
            if ev[32:29] == EV_PLAYER_OK:
                colour.next = ev[29:27]
                stopped.next = 0
            elif ev[32:29] == EV_END:
                stopped.next = 1
            elif ev[32:29] == EV_IGNORED:
                if n_ignored != 255:
                    n_ignored.next = n_ignored + 1
            elif ev[32:29] == EV_NEXT_TURN:
                lx.next = ev[27:19]
                ly.next = ev[19:11]
                last_rx.next = ev[27:11]
                if ev[0]:
                    slot_take.next = 1                  # the slot is freed in every case
                if stopped:
                    if n_ignored != 255:
                        n_ignored.next = n_ignored + 1
                elif not supported:
                    if n_unsupported != 255:
                        n_unsupported.next = n_unsupported + 1
                elif not ev[0]:
                    if n_illegal != 255:
                        n_illegal.next = n_illegal + 1
                else:
                    black.next = slot_black
                    white.next = slot_white
                    width.next = ev[11:6]
                    height.next = ev[6:1]
                    size.next = size_of_ev
                    state.next = t_state.TO_MOVE

        elif state == t_state.TO_MOVE:             # the side to move, then search
            if colour == BLACK or (colour == 0 and not (lx < width_8 and ly < height_8
                                                        and last_black)):
                me.next = black
                opp.next = white
            else:
                me.next = white
                opp.next = black
            s_start.next = 1
            state.next = t_state.SEARCH

        elif state == t_state.SEARCH:
            if s_done:
                state.next = t_state.ANSWER

        else:                                   # ANSWER
            if not out_busy:
                if n_requests == 0xFFFF:
                    n_requests.next = 0
                else:
                    n_requests.next = n_requests + 1
                out.next = answer_full
                if has_move:
                    last_tx.next = concat(move_x, move_y)
                else:
                    last_tx.next = 0xFFFF
                out_len.next = 3
                out_send.next = 1
                state.next = t_state.IDLE

    return (receive, sender, engine, size_lookup, widen, decode_fields, move_xy, answer, answer_top,
            last_decoders, last_disc, last_colour, status, control)
