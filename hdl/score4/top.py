"""The Score-4 core, board-independent: UART in, UART out."""
from myhdl import Signal, always_comb, always_seq, block, concat, enum, intbv

from golden.score4.encoding import NUM_CELLS
from hdl.message_tx import message_tx
from hdl.score4.landing import score4_landing
from hdl.score4.parser import EV_NEW_GAME, score4_parser
from hdl.score4.search import NODE_BITS, score4_search
from hdl.serial_front_end import EventQueue, LineFaults, serial_front_end

EVENT_DEPTH = 32    # complete messages the host may send while the core is thinking
TX_DEPTH = 16
SEATS = ("none", "first", "second")     # the `seat` output, by code

_R, _ZERO = ord("R"), ord("0")
_MINUS_ONE = (0, 0, 1, 2, 3, 0, 0, 0)     # digit 1..4 -> 0..3 (other digits never index a post)


@block
def score4_top(clk, rst, uart_rx, uart_tx, busy, seat, last_rx, last_tx, n_bad,
               n_frame, n_glitch, n_illegal, n_requests, n_overflow, nodes, cycles, depth,
               score, reason, divisor, budget):
    """Plays Score-4 over 8N1 serial exactly as golden.score4.Session does.

    Ports: those of every core (hdl/core_ports.py; callers make the status
    outputs as hdl.score4.ports.Score4Status), here meaning:
        busy        the search is running
        seat        SEATS index (set by the first request of a game)
        last_rx     8 bits: the last request's two digits (x high nibble, y low)
        last_tx     8 bits: the last move sent, the same way (0x00 for a pass)
        nodes       NODE_BITS (28): nodes the last search spent
        score       14-bit signed: its root score
    and besides:
        depth       out  7 bits: depth of its last completed iteration
        reason      out  3 bits: why it chose its move (hdl.score4.search.REASONS)
    Settings:
        divisor     clock cycles per bit (hdl.params.uart_divisor)
        budget      nodes per move (golden.score4.search.check_budget)

    Bytes are parsed as they arrive (score4_parser in serial_front_end), even
    while a move is being searched; complete messages wait in an EVENT_DEPTH
    queue and are answered in order, as the golden session would. Bytes that
    complete no message never reach the queue.
    """
    events = EventQueue(width=8)
    receive = serial_front_end(clk, rst, uart_rx, events,
                               LineFaults(n_bad, n_frame, n_glitch, n_overflow),
                               parser=score4_parser, divisor=divisor, depth=EVENT_DEPTH)

    # -- serial out
    out = Signal(intbv(0)[24:])          # bytes to send, first in the top byte
    out_len = Signal(intbv(0, min=0, max=4))
    out_send, out_busy = Signal(bool(0)), Signal(bool(0))
    sender = message_tx(clk, rst, uart_tx, out_send, out, out_len, out_busy,
                        divisor=divisor, nbytes=3, depth=TX_DEPTH)

    # -- the board and its gravity
    mine = Signal(intbv(0)[NUM_CELLS:])
    theirs = Signal(intbv(0)[NUM_CELLS:])
    occ = Signal(intbv(0)[NUM_CELLS:])
    qpost = Signal(intbv(0)[4:])
    qland = Signal(intbv(0)[6:])
    qonehot = Signal(intbv(0)[NUM_CELLS:])
    qfree = Signal(bool(0))
    land = score4_landing(occ, qpost, qland, qonehot, qfree)

    @always_comb
    def occupancy():
        occ.next = mine | theirs

    # -- the search
    s_start, s_busy, s_done = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    s_move = Signal(intbv(0)[4:])
    budget_sig = Signal(intbv(budget)[NODE_BITS:])      # a constant of the build
    engine = score4_search(clk, rst, s_start, mine, theirs, budget_sig, s_busy, s_done,
                           s_move, nodes, depth, score, reason, cycles)

    @always_comb
    def status():
        busy.next = s_busy

    # -- protocol
    t_state = enum("IDLE", "DECODE", "REQUEST", "APPLY_OPP", "CHECK_FULL", "SEARCH",
                   "APPLY_MINE", "SEND")
    state = Signal(t_state.IDLE)
    ev_word = Signal(intbv(0)[8:])       # the event taken from the queue, registered: its
                                         # decode and the 128 board flops it clears are a
                                         # cycle away from the queue's read mux (Fmax)
    d1 = Signal(intbv(0)[3:])
    d2 = Signal(intbv(0)[3:])
    req_post = Signal(intbv(0)[4:])
    xm1 = Signal(intbv(0)[2:])
    ym1 = Signal(intbv(0)[2:])
    move_x = Signal(intbv(0)[8:])
    move_y = Signal(intbv(0)[8:])

    @always_comb
    def take_event():
        events.pop.next = state == t_state.IDLE and not events.empty

    @always_comb
    def request_post():
        # (x - 1) + 4 (y - 1), meaningful when both digits are 1..4
        req_post.next = concat(ym1, xm1)

    @always_comb
    def minus_one():
        xm1.next = _MINUS_ONE[d1]
        ym1.next = _MINUS_ONE[d2]

    @always_comb
    def move_digits():
        move_x.next = concat(intbv(3)[4:], intbv(0)[2:], s_move[2:]) + 1    # '1' + x - 1
        move_y.next = concat(intbv(3)[4:], intbv(0)[2:], s_move[4:2]) + 1

    @always_seq(clk.posedge, reset=rst)
    def control():
        s_start.next = 0
        out_send.next = 0
        if state == t_state.IDLE:
            if not events.empty:
                ev_word.next = events.word
                state.next = t_state.DECODE

        elif state == t_state.DECODE:
            if ev_word == EV_NEW_GAME:
                mine.next = 0
                theirs.next = 0
                seat.next = 0
                out.next = concat(intbv(_R)[8:], intbv(_ZERO)[8:], intbv(_ZERO)[8:])
                out_len.next = 3
                out_send.next = 1
                state.next = t_state.SEND
            else:
                d1.next = ev_word[6:3]
                d2.next = ev_word[3:0]
                state.next = t_state.REQUEST

        elif state == t_state.REQUEST:
            n_requests.next = n_requests + 1
            last_rx.next = concat(intbv(0)[1:], d1, intbv(0)[1:], d2)
            if seat == 0:
                if d1 == 0 and d2 == 0:
                    seat.next = 1
                else:
                    seat.next = 2
            if d1 == 0 and d2 == 0:
                state.next = t_state.CHECK_FULL            # the opponent passed
            elif d1 != 0 and d2 != 0:
                qpost.next = req_post
                state.next = t_state.APPLY_OPP
            else:
                if n_illegal != 255:
                    n_illegal.next = n_illegal + 1
                state.next = t_state.CHECK_FULL

        elif state == t_state.APPLY_OPP:
            if qfree:
                theirs.next = theirs | qonehot
            elif n_illegal != 255:
                n_illegal.next = n_illegal + 1
            state.next = t_state.CHECK_FULL

        elif state == t_state.CHECK_FULL:
            if occ[64:48] == 0xFFFF:
                out.next = concat(intbv(_ZERO)[8:], intbv(_ZERO)[8:], intbv(0)[8:])
                out_len.next = 2
                last_tx.next = 0
                out_send.next = 1
                state.next = t_state.SEND
            else:
                s_start.next = 1
                state.next = t_state.SEARCH

        elif state == t_state.SEARCH:
            if s_done:
                qpost.next = s_move
                state.next = t_state.APPLY_MINE

        elif state == t_state.APPLY_MINE:
            mine.next = mine | qonehot
            out.next = concat(move_x, move_y, intbv(0)[8:])
            out_len.next = 2
            last_tx.next = concat(move_x[4:], move_y[4:])
            out_send.next = 1
            state.next = t_state.SEND

        else:  # SEND: message_tx takes the answer (out_send), then queues it
            if not out_send and not out_busy:
                state.next = t_state.IDLE

    return (receive, sender, land, occupancy, engine, status, take_event, request_post,
            minus_one, move_digits, control)
