"""cocotb + pyuvm testbench of the Reversi player core (hdl/reversi/top.py).

The environment is verif/core_env.py's, as for the other cores; this module
is its Reversi adapter (`ReversiCore`) and the Reversi tests. Every host
item goes through golden.reversi.Session; every byte the core sends (its
Connect after the reset included) is compared; every search the session
runs is compared with the core's (nodes, depth, score, stop) and its cycles
checked against hdl.reversi.search.worst_case_cycles; the counters n_bad,
n_frame, n_stall, n_ignored, n_unsupported, n_illegal (bad boards) and
n_requests equal the session's, n_glitch the glitches sent, n_lost and
n_overflow 0, `seat` the colour Player OK gave, `last_tx` each New Move's
X and Y (0xFFFF a pass) and `last_rx` each searched Next Turn's last X and
Y bytes.

Tests: ReversiGames (whole games to their end against random and searching
opponents, both colours, 8 x 8, 6 x 4 and 4 x 4; every New Move must be
legal), ReversiHostFast / ReversiHostSlow (a game with the host's baud 3 %
off), ReversiCorners (every corner of the protocol: the side to move
without a Player OK, every message kind, bad bytes, framing errors,
glitches and a stall inside messages, every size up to 8 x 8, sizes the
core does not play, bad boards, End and the Next Turns it silences, a
forced pass, messages back to back) and ReversiPositions (Next Turns of random game positions of every
size up to 8 x 8, for both colours).
"""
import copy
import random

from cocotb_coverage.coverage import CoverPoint
import pyuvm

from golden.reversi import Session
from golden.reversi import encoding as E
from golden.reversi.board import Position, start
from golden.reversi.search import STOPS, search
from golden.reversi.session import DEFAULT_NAME
from hdl.reversi.search import worst_case_cycles
from hdl.reversi.top import SEATS
from verif import tb
from verif.core_env import (OUTSIDE, Core, CornersTest, CoreTest, HostFastTest,
                            HostSlowTest, coverpoint, fault_coverage)
from verif.reversi.tb_search import random_position
from verif.sequences import Exchange, send, send_after
from verif.uart_agent import BREAK, FRAMING_ERROR, GLITCH, IDLE

PARSER_STATES = (OUTSIDE, "in_message")
cover_message = coverpoint("top.reversi.message", [E.OP_NAMES[op] for op in E.OPCODES])
cover_fault = fault_coverage("reversi", PARSER_STATES)
cover_next_turn = coverpoint("top.reversi.next_turn", [
    "answered", "pass", "unsupported", "bad_board", "while_stopped"])
# "depth" (63 iterations, each with a static leaf) is left out: no game up to
# 8 x 8 lasts that long in plies, so the search stops "exact" first; and
# "wld" (the budget ends the endgame solver's exact iteration): it needs 8
# midgame iterations and a whole win/loss/draw solve within this bench's 300
# nodes, which a core position almost never fits; the search engine's bench
# (verif/reversi/tb_search.py, endgame_solver) requires it on every run
cover_stop = coverpoint("top.reversi.search_stop",
                        [s for s in STOPS if s not in ("depth", "wld")])


@CoverPoint("top.reversi.game_end", xf=lambda end: end, bins=["core_wins", "core_loses", "draw"])
def cover_game_end(end):
    pass


def parser_state(session):
    return OUTSIDE if not session._reader.partial else "in_message"


class ReversiCore(Core):
    """The Reversi core to verif.core_env: the golden Session and search; every
    search's nodes, depth, score and stop compared."""

    search_fields = ("nodes", "depth", "score", "stop")
    error_counters = (("n_bad", "bad_bytes"), ("n_frame", "framing_errors"),
                      ("n_stall", "stalls"), ("n_ignored", "ignored"),
                      ("n_unsupported", "unsupported"), ("n_illegal", "bad_boards"))
    stall_bits = pause_fault_bits = E.STALL_BITS
    timeout_searches, timeout_bits = 1, 200
    seats = SEATS
    parser_state = staticmethod(parser_state)
    new_game = b""                      # the Connect came after the reset
    game_over = E.encode_end()
    next_turn_xy = None                 # the last Next Turn's X and Y bytes (observe_byte)

    def session(self, cfg, chooser):
        return Session(budget=cfg.budget, name=DEFAULT_NAME, chooser=chooser,
                       max_size=cfg.max_size)

    def hello(self, cfg):
        return E.encode_connect(DEFAULT_NAME)

    def reset_answer(self, cfg):
        return self.hello(cfg)

    def seat_code(self, session):
        return self.seats.index("none" if session.colour is None else session.colour)

    def search(self, pos, budget):
        return search(pos, budget)

    def worst_case_cycles(self, nodes):
        return worst_case_cycles(nodes)

    def last_tx(self, pos, result):
        """The New Move's X and Y bytes (E.move_xy: NO_MOVE twice for a pass)."""
        x, y = E.move_xy(result.move, pos.width)
        return x << 8 | y

    def last_rx(self, session):
        """The X and Y bytes of the Next Turn being answered (its last move as
        sent, on the board or not): observe_byte kept them."""
        return self.next_turn_xy

    def decode_search(self, outputs):
        out = dict(outputs, stop=STOPS[outputs["stop"]])
        if out["stop"] in ("pass", "forced"):
            out["score"] = None
        return out

    def corner_sequence(self, name):
        return CornerSeq(name)

    def referee(self, colour, size, opponent):
        return GameReferee(colour, size, opponent)

    def host_speed_game(self, core_first, rng):
        # (a drift of the baud is met at every byte's start bit: a smaller
        # board's game meets it as often a byte and takes a third of the time)
        return (E.BLACK if core_first else E.WHITE, rng.choice(((6, 6), (4, 8), (6, 4))),
                random_player(rng))

    def observe_game(self, referee):
        cover_game_end(referee.end)

    def cover_fault(self, kind, state):
        cover_fault(kind, state)

    def observe_byte(self, session, b, state):
        """Each message the byte completes (what the session's reader will make
        of it, on a copy), and what becomes of a Next Turn it will not answer."""
        reader = copy.deepcopy(session._reader)
        bad = reader.bad_bytes
        frames = reader.feed(bytes([b]))
        if reader.bad_bytes > bad:
            cover_fault("cr_lf" if b in b"\r\n" else "bad_char", state)
        for frame in frames:
            cover_message(E.OP_NAMES[frame[0]])
            if frame[0] != E.OP_NEXT_TURN:
                continue
            m = E.decode(frame)
            self.next_turn_xy = m.last_x << 8 | m.last_y         # last_rx while it is searched
            if session.stopped:
                cover_next_turn("while_stopped")
            elif not E.size_ok(m.width, m.height, session.max_size):
                cover_next_turn("unsupported")
            else:
                try:
                    E.decode_board(m.board, m.width, m.height)
                except ValueError:
                    cover_next_turn("bad_board")

    def observe_answer(self, answer):
        if answer[:1] == bytes([E.OP_NEW_MOVE]):
            cover_next_turn("pass" if answer[1] == E.NO_MOVE else "answered")

    def observe_search(self, pos, result):
        cover_stop(result.stop)


def next_turn(pos, last=None):
    """The Next Turn of a golden Position (last: the last move's cell or None)."""
    return E.encode_next_turn(last, pos.black, pos.white, pos.width, pos.height)


def searched_position(rng, width, height):
    """A random position half a game in where the side to move has two legal
    moves or more: the core searches it and reports a score, which depends on
    the size's entries of the evaluation tables. (A forced move or a pass
    reports none: a 4 x 8 board read as 4 x 6 went unseen on some seeds.)"""
    while True:
        pos = random_position(rng, width, height, width * height // 2)
        if not pos.game_over() and len(pos.legal_moves()) >= 2:
            return pos


def one_move_position(x, y, size):
    """A size x size position where Black's one legal move is the cell (x, y):
    a White disc next to it and a Black one beyond, along the first direction
    that stays on the board (the core's answer then names that cell, whatever
    its search)."""
    cell = y * size + x
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)):
        if 0 <= x + 2 * dx < size and 0 <= y + 2 * dy < size:
            white = 1 << (x + dx + (y + dy) * size)
            black = 1 << (x + 2 * dx + (y + 2 * dy) * size)
            pos = Position(size, size, black, white, E.BLACK)
            assert pos.legal_moves() == [cell], (cell, pos.legal_moves())
            return pos
    raise ValueError("no direction from cell %d on %d x %d" % (cell, size, size))


def pass_position():
    """A position where the side to move has no move and the other has one."""
    rng = random.Random(7)
    while True:
        pos = start(4, 4)
        while not pos.game_over():
            if pos.must_pass():
                return pos
            pos = pos.play(rng.choice(pos.legal_moves()))


class CornerSeq(Exchange):
    """Every protocol corner of protocol-reversi.md, each answered as the golden session says."""

    async def body(self):
        rng = random.Random(int(tb.seed()) + 1)
        start8 = start(8, 8)
        # no Player OK yet: Black moves first; a last move on a disc gives the other colour
        await self.ask(next_turn(start8))
        after = start8.play(start8.legal_moves()[0])                 # White to move
        await self.ask(next_turn(after, last=start8.legal_moves()[0]))
        await self.ask(next_turn(after, last=0))                     # an empty cell: Black
        # a last move one row below the board (x on it) is no move, even with
        # a Black disc on the cell the core's row arithmetic would wrap to
        corner = Position(8, 8, start8.black | 1, start8.white, E.BLACK)
        await self.ask(next_turn(corner, last=3 + 8 * 8))
        # ... and one column right of it (y on it): the core reads cell 0 for
        # an x past its largest board, and that cell holds a Black disc
        off_right = bytearray(next_turn(corner))
        off_right[1:3] = bytes((8, 3))
        await self.ask(bytes(off_right))
        # bad bytes at a message start, CR/LF, then a message
        for junk in (b"\x00", b"\x09", b"\xff", b"\r\n", b"AB"):
            await send(self, junk)
        await self.ask(bytes([E.OP_PLAYER_OK, E.WHITE]))
        await self.ask(next_turn(after))
        # every message kind the core ignores, and OK / NOK
        for msg in (E.encode_connect("x"), E.encode_connect(""), E.encode_new_move(3, 4),
                    E.encode_status1(None, start8.black, start8.white, 8, 8),
                    E.encode_status2((3, 100, "Ann"), (5, 7, "Bob")), E.encode_control(8, 8),
                    E.encode_ok(True), E.encode_ok(False)):
            await self.ask(msg)
        # codes and sizes that break the frame; CR/LF inside a message
        for bad in (b"\x02\x05", b"\x10\x03", b"\x05\x00\x00\x00", b"\x05\x00\x00\x08\x11",
                    b"\x02\r", b"\x10\n"):
            await self.ask(bad)
        # sizes the core does not play, bad boards
        await self.ask(bytes([E.OP_NEXT_TURN, 0xFF, 0xFF, 10, 10]) + bytes(25))
        await self.ask(bytes([E.OP_NEXT_TURN, 0xFF, 0xFF, 5, 5]) + bytes(7))
        await self.ask(bytes([E.OP_NEXT_TURN, 0xFF, 0xFF, 4, 6]) + bytes(6))   # plays 4 x 6
        bad_board = bytearray(next_turn(start8))
        bad_board[9] |= 0x03
        await self.ask(bytes(bad_board))
        # every size up to 8 x 8, half a game in, for the side to move (each
        # size's entry of the core's tables, its discs and moves spread over
        # the board; a build for a smaller board counts the others unsupported)
        for width in range(E.MIN_SIZE, E.DEFAULT_SIZE + 1, 2):
            for height in range(E.MIN_SIZE, E.DEFAULT_SIZE + 1, 2):
                pos = searched_position(rng, width, height)
                await self.ask(bytes([E.OP_PLAYER_OK, pos.to_move]))
                await self.ask(next_turn(pos))
        await self.ask(bytes([E.OP_PLAYER_OK, E.WHITE]))
        # faults inside a Next Turn, then the whole message
        nt = next_turn(random_position(rng, 6, 6, 6))
        for kind in (FRAMING_ERROR, BREAK, GLITCH):
            for cut in (0, 1, 4, 7):
                await send_after(self, nt[:cut], b"", kind, bits=20)
                await self.ask(nt)
        await send_after(self, nt[:6], b"", IDLE, bits=E.STALL_BITS + 64)   # a stall
        await self.ask(nt)
        # a forced pass, the smallest board
        await self.ask(bytes([E.OP_PLAYER_OK, pass_position().to_move]))
        await self.ask(next_turn(pass_position()))
        # End silences Next Turns until a Player OK
        await self.ask(E.encode_end())
        await self.ask(next_turn(start8))
        await self.ask(bytes([E.OP_PLAYER_OK, E.BLACK]))
        # messages back to back, the answer after all of them
        await self.ask(bytes([E.OP_OK, E.OK]) + next_turn(start(4, 4)))


def random_player(rng):
    """The opponent that plays a random legal move."""
    return lambda pos: rng.choice(pos.legal_moves())


def search_player(budget):
    """The opponent that plays golden's search at `budget`."""
    return lambda pos: search(pos, budget).move


class GameReferee:
    """The game master's side of one whole game against the core: Player OK
    for the core's `colour`, then a Next Turn whenever the core is to move
    (the opponent's moves, by `opponent(position)`, and passes are made
    here); every New Move of the core must be legal. `end`: core_wins,
    core_loses or draw, once neither side has a move."""

    def __init__(self, colour, size, opponent):
        self.colour = colour
        self.pos = start(*size)
        self.opponent = opponent
        self.last = None
        self.greeted = False
        self.end = None

    def request(self):
        pos = self.pos
        while not pos.game_over() and pos.to_move != self.colour:
            move = self.opponent(pos) if not pos.must_pass() else None
            pos, self.last = pos.play(move), move
        self.pos = pos
        if pos.game_over():
            black, white = pos.score()
            mine, theirs = (black, white) if self.colour == E.BLACK else (white, black)
            self.end = "core_wins" if mine > theirs else "core_loses" if mine < theirs else "draw"
            return None
        out = b"" if self.greeted else bytes([E.OP_PLAYER_OK, self.colour])
        self.greeted = True
        return out + next_turn(pos, self.last)

    def answer(self, data):
        assert data[:1] == bytes([E.OP_NEW_MOVE]) and len(data) == 3, data
        move = None if data[1:] == bytes([E.NO_MOVE, E.NO_MOVE]) else \
            data[2] * self.pos.width + data[1]
        assert self.pos.is_legal(move), "the core played %r in\n%s" % (data, self.pos.render())
        self.pos, self.last = self.pos.play(move), move


class ReversiTest(CoreTest):
    core = ReversiCore()


@pyuvm.test()
class ReversiCorners(ReversiTest, CornersTest):
    """Every corner of the Reversi protocol (CornerSeq)."""


class PositionsSeq(Exchange):
    async def body(self):
        rng = random.Random(int(tb.seed()) + 2)
        for _ in range(24):
            width, height = rng.choice([(w, h) for w in (4, 6, 8) for h in (4, 6, 8)])
            pos = random_position(rng, width, height, rng.randint(0, width * height))
            await self.ask(bytes([E.OP_PLAYER_OK, pos.to_move]))
            await self.ask(next_turn(pos))


class CellsSeq(Exchange):
    """Every cell of the largest board as the core's answer, each in a
    position where it is Black's one move, on the smallest square board that
    holds it: each cell's coordinates in the New Move (the core's cell to
    x, y tables), which games and random positions reach only by chance."""

    async def body(self):
        await self.ask(bytes([E.OP_PLAYER_OK, E.BLACK]))
        side = E.DEFAULT_SIZE
        for y in range(side):
            for x in range(side):
                size = next(s for s in range(E.MIN_SIZE, side + 1, 2) if x < s and y < s)
                await self.ask(next_turn(one_move_position(x, y, size)))


@pyuvm.test()
class ReversiCells(ReversiTest):
    """Every cell of the 8 x 8 board answered (CellsSeq)."""

    async def body(self):
        await self.run_seq(CellsSeq("cells"))


@pyuvm.test()
class ReversiPositions(ReversiTest):
    """Next Turns of random game positions of every size up to 8 x 8."""

    async def body(self):
        await self.run_seq(PositionsSeq("positions"))


@pyuvm.test()
class ReversiGames(ReversiTest):
    """Whole games to their end: both colours, 8 x 8, 6 x 4, 4 x 6, 4 x 4; a
    won, a lost and a drawn one."""

    async def body(self):
        rng = random.Random(int(tb.seed()) + 3)
        # at the budget of reversi_fast (300): the last two games were found
        # by playing them on golden; the core loses the first and draws the second
        games = [(E.BLACK, (8, 8), random_player(rng), None),
                 (E.WHITE, (8, 8), search_player(40), None),
                 (E.BLACK, (6, 4), search_player(200), None),
                 (E.WHITE, (4, 4), random_player(rng), None),
                 (E.BLACK, (4, 4), search_player(20000), "core_loses"),
                 (E.WHITE, (4, 6), search_player(1), "draw")]
        for colour, size, opponent, want in games:
            end = await self.game(colour, size, opponent)
            if want is not None and self.cfg.budget == 300:
                assert end == want, "%s on %dx%d: %s, golden planned %s (seed %s)" % (
                    E.COLOUR_NAMES[colour], size[0], size[1], end, want, tb.seed())


@pyuvm.test()
class ReversiHostFast(ReversiTest, HostFastTest):
    """A game, the core Black, with the host 3 % fast."""


@pyuvm.test()
class ReversiHostSlow(ReversiTest, HostSlowTest):
    """A game, the core White, with the host 3 % slow."""
