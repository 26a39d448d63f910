"""cocotb + pyuvm testbench of the Blokus Duo core (blokus_top).

The environment is verif.core_env's: every host item goes through the golden
Session, every answer is compared byte for byte, every search the core runs
is compared, in order, with the golden one's (nodes, score) and its cycle
count must be within hdl.blokus.worst_case_cycles(nodes), and the error
counters are compared at the end. This module gives it the Blokus
`BlokusCore`, whose golden searches are also checked legal by the rules
model (golden.blokus.board), apart from the search that chose them, and
whose `last_tx` (each answer's code) and `last_rx` (the code of the
opponent's move each search answers) are compared as code_word; the host's
referee of a game; and the tests.

$TB_GOLDEN_TEAM (verif.tb.ENV_GOLDEN_TEAM), when set, gives the golden
model another team code than the core's: a deliberate fault, which the
scoreboard must catch (test_blokus.py::test_scoreboard_fails_on_a_wrong_byte).
"""
import os
import random

from cocotb_coverage.coverage import CoverPoint
import pyuvm
from pyuvm import ConfigDB


from golden.blokus import Session
from golden.blokus import board as B
from golden.blokus import encoding as E
from golden.blokus import mcts
from golden.blokus.search import MAX_BUDGET, MAX_DEPTH, STOP_PHASE1, STOPS, search
from hdl.blokus import worst_case_cycles
from hdl.blokus.mcts_engine import mcts_worst_case_cycles
from hdl.blokus.top import SEATS
from hdl.params import STALL_BITS
from verif import tb
from verif.core_env import (OUTSIDE, Core, CornersTest, CoreTest, HostFastTest, HostSlowTest,
                             coverpoint, fault_coverage, plan)
from verif.sdram_model import SdramModel
from verif.sequences import Exchange, send, send_after
from verif.uart_agent import BREAK, FRAMING_ERROR, GLITCH, IDLE

ME, OPP = B.ME, B.OPP
# where a message stands when a fault hits it: its opcode and how many bytes came
PARSER_STATES = (OUTSIDE, "2", "3", "3X", "3X+1", "3X+2", "3X+3", "4", "4+1", "4+2", "4+3")
ENDS = ("both_pass", "core_all_21", "opponent_all_21")
MESSAGE_LENGTH = {b"2": 2, b"3": 6, b"4": 5}     # by opcode, the opcode included
ILLEGAL = ("tile_used", "occupied", "off_board", "edge", "no_corner", "no_start",
           "first_pass", "no_game")


def parser_state(s):
    """The golden session's partial message as a PARSER_STATES name."""
    m = bytes(s._msg)
    if not m:
        return OUTSIDE
    if m[:1] == b"3" and len(m) >= 2:
        return "3X" + ("" if len(m) == 2 else "+%d" % (len(m) - 2))
    return m[:1].decode() + ("" if len(m) == 1 else "+%d" % (len(m) - 1))


# -- functional coverage ---------------------------------------------------------
cover_message = coverpoint("top.blokus.message", [
    "new_match", "first_5", "first_A", "second_5", "second_A", "move", "opponent_pass",
    "game_over", "answer_move", "answer_pass"])
cover_fault = fault_coverage("blokus", PARSER_STATES)
cover_illegal = coverpoint("top.blokus.illegal", ILLEGAL)
cover_end = coverpoint("top.blokus.game_end", ENDS)


@CoverPoint("top.blokus.seat", xf=lambda seat, first: (seat, first),
            bins=[("5", True), ("5", False), ("A", True), ("A", False)])
def cover_seat(seat, first):
    pass


@CoverPoint("top.blokus.tile_placed", xf=lambda t, r: E.TILE_LETTERS[t],
            bins=list(E.TILE_LETTERS))
@CoverPoint("top.blokus.digit_sent", xf=lambda t, r: r, bins=list(range(8)))
def cover_placed(t, r):
    pass


def illegal_kind(pos, code):
    """The host's reason an opponent code is illegal in `pos`, as an ILLEGAL bin."""
    m = E.decode_move(code)
    why = B.check(pos, OPP, m)
    if why is None:
        return None
    if why == B.OCCUPIED and E.placement_mask(m) is None:
        return "off_board"
    return {B.TILE_USED: "tile_used", B.OCCUPIED: "occupied", B.EDGE: "edge",
            B.NO_CORNER: "no_corner", B.NO_START: "no_start", B.FIRST_PASS: "first_pass"}[why]


def cover_byte(s, b, state):
    """Coverage of one received byte `b` in the parser state `state`."""
    msg = bytes(s._msg)
    if b in b"\r\n":
        cover_fault("cr_lf", state)
    elif not msg:
        cover_opcode(b, state)
    elif not byte_ok(msg, b):
        cover_fault("bad_char", state)
    elif len(msg) + 1 == MESSAGE_LENGTH[msg[:1]]:
        cover_complete(s, msg + bytes([b]))


def cover_opcode(b, state):
    if b not in b"02349":
        cover_fault("bad_char", state)
    elif b == ord("0"):
        cover_message("new_match")
    elif b == ord("9"):
        cover_message("game_over")


def byte_ok(msg, b):
    """Whether `b` may follow the partial message `msg`."""
    op = msg[:1]
    if op == b"4" or len(msg) >= 2:
        return E.code_byte_ok(msg[2 if op == b"3" else 1:], b)
    return b in b"5A"


def cover_complete(s, whole):
    """Coverage of a message about to complete (before the session has it)."""
    op = whole[:1]
    if op == b"2":
        cover_message("first_" + chr(whole[1]))
        return
    code = whole[-4:]
    if op == b"3":
        cover_message("second_" + chr(whole[1]))
        pos = B.Position(chr(whole[1]))
    else:
        cover_message("move")
        if s.seat is None:
            cover_illegal("no_game")
            return
        pos = s.position
    if code == E.PASS_CODE:
        cover_message("opponent_pass")
    kind = illegal_kind(pos, code)
    if kind:
        cover_illegal(kind)


def code_word(code):
    """A move code (4 bytes) as `last_tx` / `last_rx` hold it: X(4) Y(4)
    tile(5) digit(3); 0 for the pass 0000."""
    if code == E.PASS_CODE:
        return 0
    x, y, t, r = code.decode()
    return (E.COORD_OF_CHAR[x] << 12 | E.COORD_OF_CHAR[y] << 8 | E.TILE_OF_CHAR[t] << 3
            | int(r))


# -- the adapter -------------------------------------------------------------------
class BlokusCore(Core):
    """The Blokus Duo core to verif.core_env: the golden Session (the team
    code of $TB_GOLDEN_TEAM if set, else the core's) and search; every
    search's nodes, depth and score compared; the stall counter too;
    `last_tx` and `last_rx` as code_word."""

    error_counters = Core.error_counters + (("n_stall", "stalls"),)
    search_fields = ("nodes", "depth", "score")
    seats = SEATS
    stall_bits = pause_fault_bits = STALL_BITS
    timeout_searches, timeout_bits = 2, 200
    game_over = b"9"
    parser_state = staticmethod(parser_state)
    cover_fault = staticmethod(cover_fault)
    opponent = 0            # code_word of the opponent's last move (observe_byte)

    def session(self, cfg, chooser):
        self.opponent = 0                           # last_rx's reset value
        team = os.environ.get(tb.ENV_GOLDEN_TEAM) or cfg.team
        return Session(budget=cfg.budget, team=team, chooser=chooser)

    def last_tx(self, pos, result):
        """The answer's code, as the session sends it (canonical)."""
        move = None if result.move is None else E.canonical_move(result.move)
        return code_word(E.encode_move(move))

    def last_rx(self, session):
        """The code of the opponent's move in the `3` or `4` being answered,
        legal or not; the last one before it for a `2`."""
        return self.opponent

    def observe_byte(self, s, b, state):
        msg = bytes(s._msg)
        if msg and b not in b"\r\n" and byte_ok(msg, b) \
                and len(msg) + 1 == MESSAGE_LENGTH[msg[:1]] \
                and (msg[:1] == b"3" or (msg[:1] == b"4" and s.seat is not None)):
            self.opponent = code_word((msg + bytes([b]))[-4:])     # a move the core hears
        cover_byte(s, b, state)

    def hello(self, cfg):
        return b"1" + cfg.team.encode()

    def search(self, pos, budget):
        return search(pos.copy(), budget)

    def worst_case_cycles(self, nodes):
        return worst_case_cycles(nodes)

    def referee(self, core_first, seat, opponent, answers=None):
        return GameReferee(core_first, seat, opponent, answers)

    def host_speed_game(self, core_first, rng):
        return (core_first, "A", greedy_player(rng))

    def corner_sequence(self, name):
        return CornerSeq(name)

    def observe_search(self, pos, result):
        """The golden move must be legal (or a pass with none), by the rules model."""
        if result.move is None:
            assert not B.legal_moves(pos, ME), "golden passed with a legal move (seed %s)" % (
                tb.seed())
            return
        why = B.check(pos, ME, result.move)
        assert why is None, "golden chose the illegal %r: %s (seed %s)" % (
            result.move, why, tb.seed())
        cover_placed(result.move[2], result.move[3])

    def observe_answer(self, answer):
        if len(answer) == 4:
            cover_message("answer_pass" if answer == b"0000" else "answer_move")

    def observe_game(self, referee):
        cover_seat(referee.seat, referee.core_first)
        cover_end(referee.end)


class BlokusMctsCore(BlokusCore):
    """The Blokus Duo core with the Monte-Carlo search (blokus_mcts_top): the
    golden Session(engine="mcts") and golden.blokus.mcts.search of its
    position and the opponent's last move; every search's tree nodes,
    descents, work (golden's clock), the answer's descents and the deepest
    path compared; the SDRAM chip's model on its pins, checked at the end."""

    search_fields = ("nodes", "playouts", "work", "visits", "max_depth")
    budget = None
    sdram = None

    def session(self, cfg, chooser):
        self.opponent = 0
        self.budget = cfg.budget
        team = os.environ.get(tb.ENV_GOLDEN_TEAM) or cfg.team
        self._session = Session(budget=cfg.budget, team=team, chooser=chooser, engine="mcts")
        return self._session

    async def start(self, dut, cfg):
        """The chip's model watches from the reset on; the core is given the
        chip's power-up before the host speaks (the search's cycles are
        golden's only on a chip that is ready)."""
        self.sdram = SdramModel(dut, cfg.clk_period_ps, seed=int(tb.seed()))
        await self.sdram.start_until_ready(tb.start(dut, cfg), cfg.clk_hz)

    def check_models(self):
        self.sdram.check()

    def search(self, pos, budget):
        return mcts.search(pos.copy(), budget, self._session.last_opp)

    def worst_case_cycles(self, nodes):
        """The bound of every search at the build's budget (the engine's
        budget is in cycles, not in the nodes it reports)."""
        return mcts_worst_case_cycles(self.budget)

    def corner_sequence(self, name):
        """The engine's corners (the worked example, opponent passes, illegal
        moves of every kind, back-to-back requests); the line's are
        blokus_host_link's, tested per commit on the alpha-beta core and on
        this one by BlokusMctsLineCorners (make sim-long)."""
        return CornerSeq(name, line_faults=False)


# -- players and the host's referee ------------------------------------------------
def opponent_view(pos):
    """The position as the opponent sees it (it is ME there)."""
    p = B.Position(E.OTHER_SEAT[pos.seat])
    p.cells = pos.cells[::-1]
    p.used = pos.used[::-1]
    p.last = pos.last[::-1]
    p.passes = pos.passes
    return p


def random_player(rng):
    def play(pos):
        moves = B.legal_moves(pos, OPP)
        return rng.choice(moves) if moves else None
    return play


STRONG = 20000
"""The budget of the strongest golden opponent the tests play: deep enough to
finish iterations of depth 2 and 3, cheap enough for CPython (about 0.3 s a
move); the default budget (about 20 M nodes) is for the C mirror."""


def search_player(budget):
    return lambda pos: search(opponent_view(pos), budget).move


def first_legal_player():
    return lambda pos: B.first_legal_move(pos, OPP)


def greedy_player(rng, openings=1):
    """Random for its first `openings` moves, then the biggest tile at the
    first place found: fills the board fast, so games end in few moves."""
    def play(pos):
        moves = B.legal_moves(pos, OPP)
        if not moves:
            return None
        if bin(pos.used[OPP]).count("1") < openings:
            return rng.choice(moves)
        return max(moves, key=lambda m: E.TILE_SIZE[m[2]])
    return play


class GameReferee:
    """The host's side of one game, as the contest host plays it: `request()`
    gives the next message (None once the game is over, or once the core has
    given `answers` answers when that is set: the game's opening only),
    `answer(bytes)` takes the core's answer and checks it by the rules. The
    opponent's moves come from `opponent(host position)` (None: pass)."""

    def __init__(self, core_first, seat, opponent, answers=None):
        self.core_first, self.seat, self.opponent = core_first, seat, opponent
        self.answers = answers
        self.pos = B.Position(seat)          # ME = the core
        self.end = None
        self.started = False
        self.n = 0

    def _over(self):
        if self.pos.used[ME] == E.ALL_TILES:
            self.end = "core_all_21"
        elif self.pos.used[OPP] == E.ALL_TILES:
            self.end = "opponent_all_21"
        elif self.pos.passes >= 2:
            self.end = "both_pass"
        return self.end is not None

    def request(self):
        if self.end or (self.answers is not None and self.n >= self.answers):
            return None
        if not self.started and self.core_first:
            self.started = True
            return b"2" + self.seat.encode()
        m = self.opponent(self.pos)
        assert m is not None or self.pos.first_done(OPP), "opponent cannot start"
        self.pos.apply(OPP, m)
        code = E.encode_move(m)
        if self._over():
            return None
        if not self.started:
            self.started = True
            return b"3" + self.seat.encode() + code
        return b"4" + code

    def answer(self, data):
        assert len(data) == 4 and E.code_ok(data), "answer %r (seed %s)" % (data, tb.seed())
        self.n += 1
        m = E.decode_move(data)
        why = B.check(self.pos, ME, m)
        assert why is None, "core's move %r is illegal: %s (seed %s)" % (data, why, tb.seed())
        if m is None:
            assert not B.legal_moves(self.pos, ME), "core passed with a legal move (seed %s)" % (
                tb.seed())
        self.pos.apply(ME, m)
        self._over()


def planned_end(budget, core_first, seat, opponent):
    """How the game would end, played on the golden session alone (no simulator)."""
    return plan(Session(budget=budget), GameReferee(core_first, seat, opponent))


# -- sequences ---------------------------------------------------------------------
# Partial messages at every position of every message kind (PARSER_STATES).
PARTIALS = (b"", b"2", b"3", b"3A", b"3A5", b"3A53", b"3A53e", b"4", b"4a", b"4a8", b"4a8e")
BAD_AFTER = {b"": b"x", b"2": b"a", b"3": b"B", b"3A": b"f", b"3A5": b"g",
             b"3A53": b"v", b"3A53e": b"8", b"4": b"F", b"4a": b"\xff", b"4a8": b"0",
             b"4a8e": b"9"}


class CornerSeq(Exchange):
    """Every protocol corner of blokus-duo.md, each answered as the golden
    session says. Without `line_faults`, the corners of the line (bad bytes,
    CR and LF, framing errors, breaks, glitches and stalls at every parser
    state) are left out: blokus_host_link's alone, which both cores share."""

    def __init__(self, name, line_faults=True):
        super().__init__(name)
        self.line_faults = line_faults

    async def body(self):
        rng = random.Random(int(tb.seed()) + 1)
        # `4` before any game, `9` and `0`, then the worked example: board 2's side
        await self.ask(b"4a8e0")
        await self.ask(b"9")
        assert await self.ask(b"0") == self.core.hello(self.cfg)
        await self.ask(b"3A53e0")
        # ... and board 1's: its answers differ from the example's, so the
        # example's later codes are whatever they are in the core's position
        await self.ask(b"0")
        await self.ask(b"25")
        for code in (b"a8e0", b"94j0", b"71b3"):
            await self.ask(b"4" + code)
        if self.line_faults:
            await self.faults_on_the_line(rng)
        else:
            await self.ask(b"40000")                 # the opponent passes
        # illegal opponent moves of every kind the host checks
        await self.ask(b"0")
        await self.ask(b"3A0000")                   # a pass as the first move
        await self.ask(b"0")
        await self.ask(b"3553e0")                   # (a,a), the opponent's start, not covered
        await self.ask(b"0")
        await self.ask(b"35aae0")                   # the opponent's first move, legal
        pos = self._position()
        for kind in ("tile_used", "occupied", "off_board", "edge", "no_corner"):
            code = illegal_code(pos, kind, rng)
            assert code is not None, "no %s move found (seed %s)" % (kind, tb.seed())
            await self.ask(b"4" + code)
        # back-to-back requests, and `0` mid-game
        await send(self, b"40000" + b"40000" + b"9")
        await self.sb.wait_drained(3 * self.timeout_ps())
        # answers faster than the line drains them: more than the transmit queue holds
        await send(self, b"0" * 9)
        assert await self.sb.wait_drained(3 * self.timeout_ps()), "answers missing (seed %s)" % (
            tb.seed())
        assert await self.ask(b"0") == self.core.hello(self.cfg)
        await self.ask(b"2A")

    async def faults_on_the_line(self, rng):
        # bad bytes (and CR, LF) at every position of every message kind
        for prefix in PARTIALS:
            for junk in (BAD_AFTER[prefix], b"\r", b"\n"):
                await send_after(self, prefix, junk)
            await self.ask(b"40000")                 # the opponent passes
        # framing errors, breaks and glitches at every parser state
        for kind in (FRAMING_ERROR, BREAK, GLITCH):
            for prefix in PARTIALS:
                await send_after(self, prefix, bytes([rng.randrange(256)]), kind, bits=20)
                await send(self, b"\n")             # a glitch drops nothing: LF does
            await self.ask(b"40000")
        # stalls mid-message drop it; a short pause does not
        for prefix in PARTIALS[1:]:
            await send_after(self, prefix, b"", IDLE, bits=STALL_BITS + 8)
        await send(self, b"4")
        await send(self, b"", IDLE, bits=STALL_BITS // 4)
        await self.ask(b"0000")

    def _position(self):
        env = ConfigDB().get(None, "", "ENV")
        return env.predictor.session.position


def illegal_code(pos, kind, rng):
    """An opponent code illegal in `pos` for the reason `kind`, or None."""
    codes = [E.encode_move((x, y, t, r)) for x in range(0, 15) for y in range(0, 15)
             for t in range(21) for r in (0, 2)]
    rng.shuffle(codes)
    for code in codes:
        if illegal_kind(pos, code) == kind:
            return code
    return None


# -- tests -------------------------------------------------------------------------
class BlokusTest(CoreTest):
    core = BlokusCore()


@pyuvm.test()
class BlokusCorners(BlokusTest, CornersTest):
    """Every corner of the Blokus Duo protocol (CornerSeq)."""


@pyuvm.test()
class BlokusHostFast(BlokusTest, HostFastTest):
    """A game on (a,a) against the big-tiles player, the host 3 % fast."""


@pyuvm.test()
class BlokusHostSlow(BlokusTest, HostSlowTest):
    """A game on (a,a) against the big-tiles player, the host 3 % slow."""


@pyuvm.test()
class BlokusGames(BlokusTest):
    """Whole games: the core first and second, on (5,5) and (a,a), against
    random play, the first legal move and the golden search at another budget."""

    async def body(self):
        b = self.cfg.budget
        await self.game(True, "5", random_player(self.rng))
        await self.game(False, "A", search_player(b * 3 if b * 3 <= MAX_BUDGET else b // 3))
        await self.game(True, "A", first_legal_player())
        await self.game(False, "5", greedy_player(self.rng))


@pyuvm.test()
class BlokusCoreAll21(BlokusTest):
    """A game in which the core places all 21 tiles: the opponent places its
    first tile and then passes, which the rules allow. The seat is the first
    one whose game, planned on the golden session, ends that way."""

    async def body(self):
        b = self.cfg.budget
        for core_first, seat in ((False, "A"), (True, "5"), (True, "A"), (False, "5")):
            if planned_end(b, core_first, seat, passing_player()) == "core_all_21":
                break
        else:
            raise AssertionError("no all-21 game at budget %d (seed %s)" % (b, tb.seed()))
        end = await self.game(core_first, seat, passing_player())
        assert end == "core_all_21", "planned core_all_21, played %s (seed %s)" % (end, tb.seed())


def passing_player():
    """Its first legal move, then passes only."""
    def play(pos):
        return None if pos.first_done(OPP) else B.first_legal_move(pos, OPP)
    return play


@pyuvm.test()
class BlokusOpponentAll21(BlokusTest):
    """A game in which the opponent (the golden search at a large budget)
    places all 21 tiles against the core at a small budget: the first seat
    and opponent budget whose game, planned on the golden session, ends so."""

    async def body(self):
        b = self.cfg.budget
        for ob in (500, 2000, STRONG):
            for core_first, seat in ((True, "5"), (False, "5"), (False, "A"), (True, "A")):
                if planned_end(b, core_first, seat, search_player(ob)) == "opponent_all_21":
                    end = await self.game(core_first, seat, search_player(ob))
                    assert end == "opponent_all_21", "planned opponent_all_21, played %s " \
                        "(seed %s)" % (end, tb.seed())
                    return
        raise AssertionError("no opponent_all_21 game at budget %d (seed %s)" % (b, tb.seed()))


@pyuvm.test()
class BlokusDeep(BlokusTest):
    """Two games against the golden search at STRONG, which hems the core in:
    the core's budget runs out in every part of the deep search but phase 1
    (entering a frame, in a scan of leaves, in an inner frame's scan), and
    late in a game a search finishes every iteration up to MAX_DEPTH. Each
    of these searches is compared node for node, as every search is."""

    async def body(self):
        await self.game(True, "5", search_player(STRONG))
        await self.game(True, "A", search_player(STRONG))
        runs = self.env.predictor.searches
        stops = {r.stop for r in runs}
        missing = [s for s in STOPS if s != STOP_PHASE1 and s not in stops]
        finished = [r for r in runs if r.stop is None and r.depth == MAX_DEPTH]
        assert not missing and finished, "deep search not exercised: budget never ran out " \
            "at %s; %d searches finished depth %d (seed %s)" % (
                missing, len(finished), MAX_DEPTH, tb.seed())


@pyuvm.test()
class BlokusOneGame(BlokusTest):
    """One whole game against random play (for the real 50 MHz clock)."""

    async def body(self):
        await self.game(True, "5", random_player(self.rng))


class BlokusMctsTest(CoreTest):
    core = BlokusMctsCore()


@pyuvm.test()
class BlokusMctsSmoke(BlokusMctsTest):
    """The hello and the first exchanges of a game on the Monte-Carlo core."""

    async def body(self):
        await self.run_seq(SmokeSeq("smoke"))


@pyuvm.test()
class BlokusMctsCorners(BlokusMctsTest, CornersTest):
    """The engine's corners of the Blokus Duo protocol on the Monte-Carlo
    core (CornerSeq without the line's faults)."""


@pyuvm.test()
class BlokusMctsLineCorners(BlokusMctsTest):
    """Every corner of the protocol on the Monte-Carlo core, the line's
    faults at every parser state included (CornerSeq whole)."""

    async def body(self):
        await self.run_seq(CornerSeq("corners"))


@pyuvm.test()
class BlokusMctsGame(BlokusMctsTest):
    """A whole game on the Monte-Carlo core, second on (a,a) against the
    big-tiles player (a short game: it fills the board fast)."""

    async def body(self):
        await self.game(False, "A", greedy_player(self.rng))


@pyuvm.test()
class BlokusMctsGames(BlokusMctsTest):
    """Whole games on the Monte-Carlo core: first and second, on (5,5) and
    (a,a), against random play and the big-tiles player."""

    async def body(self):
        await self.game(True, "5", random_player(self.rng))
        await self.game(False, "A", greedy_player(self.rng))


OPENING_ANSWERS = 5
"""The core's answers in BlokusMctsOpening: at a budget of 40,000 cycles
each search there plays 6 to 10 playouts."""


@pyuvm.test()
class BlokusMctsOpening(BlokusMctsTest):
    """A game's opening on the Monte-Carlo core, the core first on (a,a)
    against random play, then the game over (`9`): at a budget that plays
    out a few descents a move, cheaper than whole games."""

    async def body(self):
        await self.game(True, "A", random_player(self.rng), answers=OPENING_ANSWERS)


class SmokeSeq(Exchange):
    """The hello and the first two moves of a game."""

    async def body(self):
        assert await self.ask(b"0") == self.core.hello(self.cfg)
        await self.ask(b"25")
        await self.ask(b"4aae0")


@pyuvm.test()
class BlokusSmoke(BlokusTest):
    """The first exchanges of a game: cheap enough for the real 50 MHz clock
    per commit, and short for the test that the scoreboard fails on a wrong
    byte (test_blokus.py)."""

    async def body(self):
        await self.run_seq(SmokeSeq("smoke"))
