"""The Blokus Duo core, board-independent: UART in, UART out."""
from myhdl import Signal, always_comb, always_seq, block, concat, enum, intbv

from hdl.blokus.parser import EV_BITS, EV_FIRST, EV_MATCH, EV_MOVE, blokus_parser
from hdl.blokus.search import CMD_NEW, CMD_OPP, CMD_SEARCH, NODE_BITS, blokus_search
from hdl.blokus.tables import COORD_ASCII, DIGIT_ASCII, TILE_ASCII
from hdl.byte_fifo import byte_fifo
from hdl.message_tx import message_tx
from hdl.uart_rx import uart_rx as rx_block

EVENT_DEPTH = 16    # complete messages the host may send while the core is thinking
TX_DEPTH = 8
SEATS = ("none", "5", "A")     # the `seat` output, by code
_ZERO, _ONE = ord("0"), ord("1")


@block
def blokus_top(clk, rst, uart_rx, uart_tx, busy, seat, last_rx, last_tx, n_bad, n_frame,
               n_stall, n_glitch, n_illegal, n_requests, n_overflow, nodes, score, cycles,
               divisor, budget, team, stall_cycles):
    """Plays Blokus Duo over 8N1 serial exactly as golden.blokus.Session does.

    Ports:
        clk, rst    in   clock; synchronous reset, active high (power-up state)
        uart_rx     in   serial from the host, idle high
        uart_tx     out  serial to the host, idle high
        busy        out  a command (a search, a move check) is running
        seat        out  2 bits: SEATS index (none until `2`/`3` starts a game)
        last_rx     out  16 bits: the opponent's last code as X(4) Y(4) tile(5)
                         digit(3), 0 for a pass
        last_tx     out  16 bits: the last move sent, the same way, 0 for a pass
        n_bad       out  8 bits: bytes dropped as bad characters (saturates)
        n_frame     out  8 bits: frames with a 0 stop bit (saturates)
        n_stall     out  8 bits: partial messages dropped for silence (saturates)
        n_glitch    out  8 bits: start bits shorter than half a bit (saturates)
        n_illegal   out  8 bits: opponent moves not applied, and `4` without a
                         game (saturates)
        n_requests  out  16 bits: move requests answered (wraps)
        n_overflow  out  8 bits: messages lost to a full event queue (saturates)
        nodes       out  NODE_BITS: candidates the last search evaluated
        score       out  signed: the last chosen move's score
        cycles      out  32 bits: clock cycles of the last search
    Settings:
        divisor       clock cycles per bit (hdl.params.uart_divisor)
        budget        candidates per move (golden.blokus.search.check_budget)
        team          the two-character team code answered to `0`
        stall_cycles  silence that drops a partial message (Config.stall_cycles)

    Bytes are parsed as they arrive (blokus_parser), even during a search;
    complete messages wait in an EVENT_DEPTH queue and are answered in order.
    """
    rx_data = Signal(intbv(0)[8:])
    rx_valid, rx_ferr, rx_glitch = Signal(bool(0)), Signal(bool(0)), Signal(bool(0))
    ev_din = Signal(intbv(0)[EV_BITS:])
    ev_push = Signal(bool(0))
    ev = Signal(intbv(0)[EV_BITS:])
    ev_pop, ev_empty, ev_full = Signal(bool(0)), Signal(bool(1)), Signal(bool(0))
    rx = rx_block(clk, rst, uart_rx, rx_data, rx_valid, rx_ferr, rx_glitch, divisor=divisor)
    parser = blokus_parser(clk, rst, rx_data, rx_valid, rx_ferr, ev_din, ev_push, n_bad,
                           n_frame, n_stall, stall_cycles=stall_cycles)
    eq = byte_fifo(clk, rst, ev_din, ev_push, ev, ev_pop, ev_empty, ev_full,
                   depth=EVENT_DEPTH, width=EV_BITS)

    out = Signal(intbv(0)[32:])          # the answer, first byte in the top 8 bits
    out_len = Signal(intbv(0, min=0, max=5))
    out_send, out_busy = Signal(bool(0)), Signal(bool(0))
    sender = message_tx(clk, rst, uart_tx, out_send, out, out_len, out_busy,
                        divisor=divisor, nbytes=4, depth=TX_DEPTH)

    # -- the engine
    cmd = Signal(intbv(0)[2:])
    e_start, e_done, e_legal, m_pass = (Signal(bool(0)) for _ in range(4))
    c_seat_a, c_pass = Signal(bool(0)), Signal(bool(0))
    c_x, c_y, c_t, c_r = (Signal(intbv(0)[4:]), Signal(intbv(0)[4:]), Signal(intbv(0)[5:]),
                          Signal(intbv(0)[3:]))
    m_x, m_y, m_t, m_r = (Signal(intbv(0)[4:]), Signal(intbv(0)[4:]), Signal(intbv(0)[5:]),
                          Signal(intbv(0)[3:]))
    budget_sig = Signal(intbv(budget)[NODE_BITS:])          # a constant of the build
    engine = blokus_search(clk, rst, cmd, e_start, c_seat_a, c_pass, c_x, c_y, c_t, c_r,
                           budget_sig, e_done, e_legal, m_pass, m_x, m_y, m_t, m_r, nodes,
                           score, cycles)

    cur = Signal(intbv(0)[EV_BITS - 2:])    # the message being answered (no kind)
    kind = Signal(intbv(0)[2:])

    @always_comb
    def operands():
        c_seat_a.next = cur[17]
        c_pass.next = cur[16]
        c_x.next = cur[16:12]
        c_y.next = cur[12:8]
        c_t.next = cur[8:3]
        c_r.next = cur[3:0]

    # the answer's characters
    ch_x, ch_y, ch_t, ch_r = (Signal(intbv(0)[8:]) for _ in range(4))

    @always_comb
    def char_x():
        ch_x.next = COORD_ASCII[m_x]

    @always_comb
    def char_y():
        ch_y.next = COORD_ASCII[m_y]

    @always_comb
    def char_t():
        ch_t.next = TILE_ASCII[m_t]

    @always_comb
    def char_r():
        ch_r.next = DIGIT_ASCII[m_r]

    t_state = enum("IDLE", "OPP", "OPP_WAIT", "SEARCH", "SEARCH_WAIT", "SEND")
    state = Signal(t_state.IDLE)
    has_game = Signal(bool(0))
    if not (isinstance(team, str) and len(team) == 2 and team.isalnum() and team.isascii()):
        raise ValueError("blokus_top: team must be two ASCII letters or digits, not %r"
                         % (team,))
    t0, t1 = ord(team[0]), ord(team[1])

    @always_comb
    def event_kind():
        kind.next = ev[EV_BITS:EV_BITS - 2]

    @always_comb
    def take_event():
        ev_pop.next = state == t_state.IDLE and not ev_empty

    @always_comb
    def status():
        busy.next = state != t_state.IDLE and state != t_state.SEND

    @always_seq(clk.posedge, reset=rst)
    def control():
        e_start.next = 0
        out_send.next = 0
        if state == t_state.IDLE:
            if not ev_empty:
                cur.next = ev[EV_BITS - 2:]
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
                    last_rx.next = ev[16:0]
                    state.next = t_state.OPP
                else:
                    has_game.next = 1
                    if ev[17]:
                        seat.next = 2
                    else:
                        seat.next = 1
                    cmd.next = CMD_NEW
                    e_start.next = 1
                    if kind == EV_FIRST:
                        state.next = t_state.SEARCH_WAIT
                    else:
                        last_rx.next = ev[16:0]
                        state.next = t_state.OPP_WAIT

        elif state == t_state.OPP_WAIT:         # after CMD_NEW for `3`
            if e_done:
                state.next = t_state.OPP
        elif state == t_state.OPP:
            cmd.next = CMD_OPP
            e_start.next = 1
            state.next = t_state.SEARCH
        elif state == t_state.SEARCH:           # waits for CMD_OPP, then searches
            if e_done:
                if not e_legal and n_illegal != 255:
                    n_illegal.next = n_illegal + 1
                cmd.next = CMD_SEARCH
                e_start.next = 1
                state.next = t_state.SEARCH_WAIT
        elif state == t_state.SEARCH_WAIT:      # waits for CMD_NEW (`2`) or CMD_SEARCH
            if e_done:
                if cmd == CMD_NEW:
                    cmd.next = CMD_SEARCH
                    e_start.next = 1
                else:
                    n_requests.next = n_requests + 1
                    if m_pass:
                        out.next = concat(intbv(_ZERO)[8:], intbv(_ZERO)[8:],
                                          intbv(_ZERO)[8:], intbv(_ZERO)[8:])
                        last_tx.next = 0
                    else:
                        out.next = concat(ch_x, ch_y, ch_t, ch_r)
                        last_tx.next = concat(m_x, m_y, m_t, m_r)
                    out_len.next = 4
                    out_send.next = 1
                    state.next = t_state.SEND
        else:  # SEND: message_tx takes the answer (out_send), then queues it
            if not out_send and not out_busy:
                state.next = t_state.IDLE

    @always_seq(clk.posedge, reset=rst)
    def line_faults():
        if ev_push and ev_full and n_overflow != 255:
            n_overflow.next = n_overflow + 1
        if rx_glitch and n_glitch != 255:
            n_glitch.next = n_glitch + 1

    return (rx, parser, eq, sender, engine, operands, char_x, char_y, char_t, char_r,
            event_kind, take_event, status, control, line_faults)
