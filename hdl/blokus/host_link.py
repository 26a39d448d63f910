"""The Blokus Duo core's host side: UART in, the protocol's messages, the engine's commands, UART out."""
from functools import partial

from myhdl import Signal, always_comb, always_seq, block, concat, enum, intbv

from hdl.blokus.parser import EV_BITS, EV_FIRST, EV_MATCH, EV_MOVE, blokus_parser
from hdl.blokus.search import CMD_NEW, CMD_OPP, CMD_SEARCH
from hdl.blokus.tables import COORD_ASCII, DIGIT_ASCII, TILE_ASCII
from hdl.message_tx import message_tx
from hdl.serial_front_end import EventQueue, LineFaults, serial_front_end

EVENT_DEPTH = 16    # complete messages the host may send while the core is thinking
TX_DEPTH = 8
SEATS = ("none", "5", "A")     # the `seat` output, by code
_ZERO, _ONE = ord("0"), ord("1")


@block
def blokus_host_link(clk, rst, uart_rx, uart_tx, busy, seat, last_rx, last_tx, n_bad, n_frame,
                     n_stall, n_glitch, n_illegal, n_requests, n_overflow, command, answer,
                     divisor, team, stall_cycles):
    """Plays Blokus Duo over 8N1 serial, as golden.blokus.Session does, with
    an engine (blokus_search or blokus_mcts_engine) that it commands.

    Ports: clk, rst, uart_rx, uart_tx and the status outputs as blokus_top's,
    and:
        command     out  SearchCommand (hdl/blokus/search_ports.py): the
                         engine's commands
        answer      in   SearchAnswer: the engine's answers
    Settings: divisor, team, stall_cycles as blokus_top's.

    Bytes are parsed as they arrive (blokus_parser in serial_front_end), even
    during a search; complete messages wait in an EVENT_DEPTH queue and are
    answered in order.
    """
    events = EventQueue(width=EV_BITS)
    receive = serial_front_end(clk, rst, uart_rx, events,
                               LineFaults(n_bad, n_frame, n_glitch, n_overflow),
                               parser=partial(blokus_parser, n_stall=n_stall,
                                              stall_cycles=stall_cycles),
                               divisor=divisor, depth=EVENT_DEPTH)

    out = Signal(intbv(0)[32:])          # the answer, first byte in the top 8 bits
    out_len = Signal(intbv(0, min=0, max=5))
    out_send, out_busy = Signal(bool(0)), Signal(bool(0))
    sender = message_tx(clk, rst, uart_tx, out_send, out, out_len, out_busy,
                        divisor=divisor, nbytes=4, depth=TX_DEPTH)

    cur = Signal(intbv(0)[EV_BITS - 2:])    # the message being answered (no kind)
    kind = Signal(intbv(0)[2:])

    @always_comb
    def operands():
        command.seat_a.next = cur[17]
        command.is_pass.next = cur[16]
        command.x.next = cur[16:12]
        command.y.next = cur[12:8]
        command.tile.next = cur[8:3]
        command.digit.next = cur[3:0]

    # the answer's characters
    ch_x, ch_y, ch_t, ch_r = (Signal(intbv(0)[8:]) for _ in range(4))

    @always_comb
    def char_x():
        ch_x.next = COORD_ASCII[answer.x]

    @always_comb
    def char_y():
        ch_y.next = COORD_ASCII[answer.y]

    @always_comb
    def char_t():
        ch_t.next = TILE_ASCII[answer.tile]

    @always_comb
    def char_r():
        ch_r.next = DIGIT_ASCII[answer.digit]

    t_state = enum("IDLE", "OPP", "OPP_WAIT", "SEARCH", "SEARCH_WAIT", "SEND")
    state = Signal(t_state.IDLE)
    has_game = Signal(bool(0))
    if not (isinstance(team, str) and len(team) == 2 and team.isalnum() and team.isascii()):
        raise ValueError("blokus_top: team must be two ASCII letters or digits, not %r"
                         % (team,))
    t0, t1 = ord(team[0]), ord(team[1])

    @always_comb
    def event_kind():
        kind.next = events.word[EV_BITS:EV_BITS - 2]

    @always_comb
    def take_event():
        events.pop.next = state == t_state.IDLE and not events.empty

    @always_comb
    def status():
        busy.next = state != t_state.IDLE and state != t_state.SEND

    @always_seq(clk.posedge, reset=rst)
    def control():
        command.start.next = 0
        out_send.next = 0
        if state == t_state.IDLE:
            if not events.empty:
                cur.next = events.word[EV_BITS - 2:]
                if kind == EV_MATCH:
                    has_game.next = 0
                    seat.next = 0
                    out.next = concat(intbv(_ONE)[8:], intbv(t0)[8:], intbv(t1)[8:], intbv(0)[8:])
                    out_len.next = 3
                    out_send.next = 1
                    state.next = t_state.SEND
                elif kind == EV_MOVE and not has_game:
                    if n_illegal != 255:
                        n_illegal.next = n_illegal + 1
                elif kind == EV_MOVE:
                    last_rx.next = events.word[16:0]
                    state.next = t_state.OPP
                else:
                    has_game.next = 1
                    if events.word[17]:
                        seat.next = 2
                    else:
                        seat.next = 1
                    command.op.next = CMD_NEW
                    command.start.next = 1
                    if kind == EV_FIRST:
                        state.next = t_state.SEARCH_WAIT
                    else:
                        last_rx.next = events.word[16:0]
                        state.next = t_state.OPP_WAIT

        elif state == t_state.OPP_WAIT:         # after CMD_NEW for `3`
            if answer.done:
                state.next = t_state.OPP
        elif state == t_state.OPP:
            command.op.next = CMD_OPP
            command.start.next = 1
            state.next = t_state.SEARCH
        elif state == t_state.SEARCH:           # waits for CMD_OPP, then searches
            if answer.done:
                if not answer.legal and n_illegal != 255:
                    n_illegal.next = n_illegal + 1
                command.op.next = CMD_SEARCH
                command.start.next = 1
                state.next = t_state.SEARCH_WAIT
        elif state == t_state.SEARCH_WAIT:      # waits for CMD_NEW (`2`) or CMD_SEARCH
            if answer.done:
                if command.op == CMD_NEW:
                    command.op.next = CMD_SEARCH
                    command.start.next = 1
                else:
                    n_requests.next = n_requests + 1
                    if answer.is_pass:
                        out.next = concat(intbv(_ZERO)[8:], intbv(_ZERO)[8:],
                                          intbv(_ZERO)[8:], intbv(_ZERO)[8:])
                        last_tx.next = 0
                    else:
                        out.next = concat(ch_x, ch_y, ch_t, ch_r)
                        last_tx.next = concat(answer.x, answer.y, answer.tile, answer.digit)
                    out_len.next = 4
                    out_send.next = 1
                    state.next = t_state.SEND
        else:  # SEND: message_tx takes the answer (out_send), then queues it
            if not out_send and not out_busy:
                state.next = t_state.IDLE

    return (receive, sender, operands, char_x, char_y, char_t, char_r, event_kind,
            take_event, status, control)
