"""cocotb + pyuvm testbench of the Blokus Duo core (blokus_top).

Everything the host sends goes, item by item, through the golden Session
(verif.session_model.reply); the scoreboard compares every answer byte for
byte. Every move the golden session answers is checked legal by the rules
model (golden.blokus.board), apart from the search that chose it. Every
search the core runs is compared, in order, with the golden one's (nodes,
score), and its cycle count must be within hdl.blokus.worst_case_cycles(nodes).
At the end the core's error counters must equal the session's.
"""
import random

import cocotb
from cocotb.triggers import FallingEdge, RisingEdge
from cocotb_coverage.coverage import CoverCross, CoverPoint
import pyuvm
from pyuvm import (ConfigDB, uvm_analysis_port, uvm_component, uvm_env,
                   uvm_subscriber, uvm_test)

from golden.blokus import Session
from golden.blokus import board as B
from golden.blokus import encoding as E
from golden.blokus.search import DEFAULT_BUDGET, MAX_BUDGET, search
from hdl.blokus import worst_case_cycles
from hdl.params import STALL_BITS
from verif import coverage, tb
from verif.scoreboard import ExchangeScoreboard, Expected
from verif.sequences import Exchange as BaseExchange, send
from verif.session_model import reply
from verif.uart_agent import BREAK, BYTES, FRAMING_ERROR, GLITCH, IDLE, UartAgent

ME, OPP = B.ME, B.OPP
FAULTS = ("bad_char", "cr_lf", FRAMING_ERROR, BREAK, GLITCH, "stall")
# where a message stands when a fault hits it: its opcode and how many bytes came
PARSER_STATES = ("outside", "2", "3", "3X", "3X+1", "3X+2", "3X+3", "4", "4+1", "4+2", "4+3")
ENDS = ("both_pass", "core_all_21", "opponent_all_21")
ILLEGAL = ("tile_used", "occupied", "off_board", "edge", "no_corner", "no_start",
           "first_pass", "no_game")


def parser_state(s):
    """The golden session's partial message as a PARSER_STATES name."""
    m = bytes(s._msg)
    if not m:
        return "outside"
    if m[:1] == b"3" and len(m) >= 2:
        return "3X" + ("" if len(m) == 2 else "+%d" % (len(m) - 2))
    return m[:1].decode() + ("" if len(m) == 1 else "+%d" % (len(m) - 1))


# -- functional coverage ---------------------------------------------------------
@CoverPoint("top.blokus.message", xf=lambda kind: kind,
            bins=["new_match", "first_5", "first_A", "second_5", "second_A", "move",
                  "opponent_pass", "game_over", "answer_move", "answer_pass"])
def cover_message(kind):
    pass


@CoverPoint("top.blokus.fault", xf=lambda fault, state: fault, bins=list(FAULTS))
@CoverPoint("top.blokus.fault_state", xf=lambda fault, state: state, bins=list(PARSER_STATES))
@CoverCross("top.blokus.fault_x_state", items=["top.blokus.fault", "top.blokus.fault_state"],
            ign_bins=[("stall", "outside")])       # a pause between messages is no fault
def cover_fault(fault, state):
    pass


@CoverPoint("top.blokus.illegal", xf=lambda kind: kind, bins=list(ILLEGAL))
def cover_illegal(kind):
    pass


@CoverPoint("top.blokus.game_end", xf=lambda end: end, bins=list(ENDS))
def cover_end(end):
    pass


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


# -- predictor ---------------------------------------------------------------------
class BlokusPredictor(uvm_subscriber):
    """Feeds host items to the golden Session; publishes what the core must send.
    The session's chooser is the golden search, wrapped so that every move it
    gives is checked by the rules model before it is answered."""

    def build_phase(self):
        self.ap = uvm_analysis_port("ap", self)
        cfg = ConfigDB().get(self, "", "CFG")
        self.searches = []            # golden SearchResult of every search, in order
        self.session = Session(budget=cfg.budget, team=cfg.team, chooser=self._choose)
        self.n = 0

    def _choose(self, pos, budget):
        r = search(pos.copy(), budget)
        if r.move is None:
            assert not B.legal_moves(pos, ME), "golden passed with a legal move"
        else:
            why = B.check(pos, ME, r.move)
            assert why is None, "golden chose the illegal %r: %s" % (r.move, why)
            cover_placed(r.move[2], r.move[3])
        self.searches.append(r)
        return r.move

    def write(self, item):
        s = self.session
        self.n += 1
        state = parser_state(s)
        if item.kind == BYTES:
            b = item.data[0]
            msg = bytes(s._msg)
            if b in b"\r\n":
                cover_fault("cr_lf", state)
            elif not msg:
                if b not in b"02349":
                    cover_fault("bad_char", state)
                elif b == ord("0"):
                    cover_message("new_match")
                elif b == ord("9"):
                    cover_message("game_over")
            else:
                op = msg[:1]
                if op == b"4" or len(msg) >= 2:
                    ok = E.code_byte_ok(msg[2 if op == b"3" else 1:], b)
                else:
                    ok = b in b"5A"
                if not ok:
                    cover_fault("bad_char", state)
                elif len(msg) + 1 == {b"2": 2, b"3": 6, b"4": 5}[op]:
                    self._complete(s, msg + bytes([b]))
        elif item.kind in (FRAMING_ERROR, BREAK, GLITCH):
            cover_fault(item.kind, state)
        elif item.kind == IDLE and state != "outside" and item.bits >= STALL_BITS:
            cover_fault("stall", state)
        answer = reply(s, item, STALL_BITS)
        if len(answer) == 4:
            cover_message("answer_pass" if answer == b"0000" else "answer_move")
        self.ap.write(Expected("#%d %s" % (self.n, item), answer))

    def _complete(self, s, whole):
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


class SearchMonitor(uvm_component):
    """Records every search the core finishes (at the fall of `busy`)."""

    def build_phase(self):
        self.results = []

    async def run_phase(self):
        dut = ConfigDB().get(self, "", "DUT")
        while True:
            await RisingEdge(dut.busy)
            await FallingEdge(dut.busy)
            self.results.append({"nodes": int(dut.nodes.value),
                                 "score": dut.score.value.to_signed(),
                                 "cycles": int(dut.cycles.value)})


class BlokusEnv(uvm_env):
    def build_phase(self):
        self.agent = UartAgent("agent", self)
        self.predictor = BlokusPredictor("predictor", self)
        self.scoreboard = ExchangeScoreboard("scoreboard", self)
        self.searches = SearchMonitor("searches", self)
        ConfigDB().set(None, "*", "SCOREBOARD", self.scoreboard)

    def connect_phase(self):
        self.agent.driver.ap.connect(self.predictor.analysis_export)
        self.predictor.ap.connect(self.scoreboard.expected_export)
        self.agent.monitor.ap.connect(self.scoreboard.actual_export)

    def check_phase(self):
        golden = [{"nodes": r.nodes, "score": r.score} for r in self.predictor.searches]
        rtl = []
        for r in self.searches.results:
            bound = worst_case_cycles(r["nodes"])
            assert r["cycles"] <= bound, "search took %d cycles, bound %d for %d nodes (seed %s)" % (
                r["cycles"], bound, r["nodes"], tb.seed())
            rtl.append({"nodes": r["nodes"], "score": r["score"]})
        for i, (g, r) in enumerate(zip(golden, rtl)):
            assert g == r, "search #%d: golden %r, RTL %r (seed %s)" % (i + 1, g, r, tb.seed())
        assert len(golden) == len(rtl), "golden ran %d searches, RTL %d (seed %s)" % (
            len(golden), len(rtl), tb.seed())
        dut = ConfigDB().get(self, "", "DUT")
        s = self.predictor.session
        got = {"bad": int(dut.n_bad.value), "frame": int(dut.n_frame.value),
               "stall": int(dut.n_stall.value), "illegal": int(dut.n_illegal.value),
               "requests": int(dut.n_requests.value)}
        want = {"bad": min(255, s.bad_bytes), "frame": min(255, s.framing_errors),
                "stall": min(255, s.stalls), "illegal": min(255, s.illegal_moves),
                "requests": s.requests % 65536}
        assert got == want, "status counters: golden %r, RTL %r (seed %s)" % (want, got, tb.seed())
        assert int(dut.n_overflow.value) == 0, "receive queue overflowed"


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
    gives the next message (None once the game is over), `answer(bytes)` takes
    the core's answer and checks it by the rules. The opponent's moves come
    from `opponent(host position)` (None: pass)."""

    def __init__(self, core_first, seat, opponent):
        self.core_first, self.seat, self.opponent = core_first, seat, opponent
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
        if self.end:
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


def plan(core_first, seat, opponent, budget):
    """Play the game against the golden session (no simulator): its end."""
    s = Session(budget=budget)
    ref = GameReferee(core_first, seat, opponent)
    s.feed(b"0")
    while True:
        req = ref.request()
        if req is None:
            return ref.end
        ref.answer(s.feed(req))


# -- sequences ---------------------------------------------------------------------
class Exchange(BaseExchange):
    """Send a message and wait for the core's complete answer."""

    def timeout_ps(self):
        return (2 * worst_case_cycles(self.cfg.budget) + 400) * self.cfg.clk_period_ps \
            + 200 * self.cfg.bit_ps


class GameSeq(Exchange):
    """One whole game on the core, refereed by GameReferee."""

    def __init__(self, name, core_first, seat, opponent):
        super().__init__(name)
        self.referee = GameReferee(core_first, seat, opponent)

    async def body(self):
        assert await self.ask(b"0") == b"1" + self.cfg.team.encode()
        ref = self.referee
        cover_seat(ref.seat, ref.core_first)
        while True:
            req = ref.request()
            if req is None:
                break
            ref.answer(await self.ask(req))
        await send(self, b"9")
        cover_end(ref.end)
        self.result = ref.end


# Partial messages at every position of every message kind (PARSER_STATES).
PARTIALS = (b"", b"2", b"3", b"3A", b"3A5", b"3A53", b"3A53e", b"4", b"4a", b"4a8", b"4a8e")
BAD_AFTER = {b"": b"x", b"2": b"a", b"3": b"5"[:0] + b"B", b"3A": b"f", b"3A5": b"g",
             b"3A53": b"v", b"3A53e": b"8", b"4": b"F", b"4a": b"\xff", b"4a8": b"0",
             b"4a8e": b"9"}


class CornerSeq(Exchange):
    """Every protocol corner of blokus-duo.md, each answered as the golden session says."""

    async def body(self):
        rng = random.Random(int(tb.seed()) + 1)
        team = self.cfg.team.encode()
        # `4` before any game, `9` and `0`, then the worked example: board 2's side
        await self.ask(b"4a8e0")
        await self.ask(b"9")
        assert await self.ask(b"0") == b"1" + team
        await self.ask(b"3A53e0")
        # ... and board 1's: its answers differ from the example's, so the
        # example's later codes are whatever they are in the core's position
        await self.ask(b"0")
        await self.ask(b"25")
        for code in (b"a8e0", b"94j0", b"71b3"):
            await self.ask(b"4" + code)
        # bad bytes (and CR, LF) at every position of every message kind
        for prefix in PARTIALS:
            for junk in (BAD_AFTER[prefix], b"\r", b"\n"):
                if prefix:
                    await send(self, prefix)
                await send(self, junk)
            await self.ask(b"40000")                 # the opponent passes
        # framing errors, breaks and glitches at every parser state
        for kind in (FRAMING_ERROR, BREAK, GLITCH):
            for prefix in PARTIALS:
                if prefix:
                    await send(self, prefix)
                await send(self, bytes([rng.randrange(256)]), kind, bits=20)
                await send(self, b"\n")             # a glitch drops nothing: LF does
            await self.ask(b"40000")
        # stalls mid-message drop it; a short pause does not
        for prefix in PARTIALS[1:]:
            await send(self, prefix)
            await send(self, b"", IDLE, bits=STALL_BITS + 8)
        await send(self, b"4")
        await send(self, b"", IDLE, bits=STALL_BITS // 4)
        await self.ask(b"0000")
        # illegal opponent moves of every kind the host checks
        await self.ask(b"0")
        await self.ask(b"3A0000")                   # a pass as the first move
        await self.ask(b"0")
        await self.ask(b"3553e0")                   # (a,a), the opponent's start, not covered
        await self.ask(b"0")
        await self.ask(b"35aae0")                   # the opponent's first move, legal
        pos = self.sb and self._position()
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
        assert await self.ask(b"0") == b"1" + team
        await self.ask(b"2A")

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
class BlokusTestBase(uvm_test):
    host_baud_scale = 1.0

    def build_phase(self):
        self.cfg = tb.TbConfig.from_env()
        ConfigDB().set(None, "*", "CFG", self.cfg)
        ConfigDB().set(None, "*", "DUT", cocotb.top)
        ConfigDB().set(None, "*", "host_baud_scale", self.host_baud_scale)
        self.env = BlokusEnv("env", self)
        ConfigDB().set(None, "*", "ENV", self.env)

    async def run_phase(self):
        self.raise_objection()
        await tb.start(cocotb.top, self.cfg)
        self.rng = random.Random(int(tb.seed()))
        await self.body()
        self.drop_objection()

    def report_phase(self):
        coverage.export()

    async def game(self, core_first, seat, opponent):
        seq = GameSeq("game", core_first, seat, opponent)
        await seq.start(self.env.agent.seqr)
        return seq.result


@pyuvm.test()
class BlokusGames(BlokusTestBase):
    """Whole games: the core first and second, on (5,5) and (a,a), against
    random play, the first legal move and the golden search at another budget."""

    async def body(self):
        b = self.cfg.budget
        await self.game(True, "5", random_player(self.rng))
        await self.game(False, "A", search_player(b * 3 if b * 3 <= MAX_BUDGET else b // 3))
        await self.game(True, "A", first_legal_player())
        await self.game(False, "5", greedy_player(self.rng))


@pyuvm.test()
class BlokusCoreAll21(BlokusTestBase):
    """A game in which the core places all 21 tiles: the opponent places its
    first tile and then passes, which the rules allow. The seat is the first
    one whose game, planned on the golden session, ends that way."""

    async def body(self):
        b = self.cfg.budget
        for core_first, seat in ((False, "A"), (True, "5"), (True, "A"), (False, "5")):
            if plan(core_first, seat, passing_player(), b) == "core_all_21":
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
class BlokusOpponentAll21(BlokusTestBase):
    """A game in which the opponent (the golden search at a large budget)
    places all 21 tiles against the core at a small budget: the first seat
    and opponent budget whose game, planned on the golden session, ends so."""

    async def body(self):
        b = self.cfg.budget
        for ob in (500, 2000, DEFAULT_BUDGET):
            for core_first, seat in ((True, "5"), (False, "5"), (False, "A"), (True, "A")):
                if plan(core_first, seat, search_player(ob), b) == "opponent_all_21":
                    end = await self.game(core_first, seat, search_player(ob))
                    assert end == "opponent_all_21", "planned opponent_all_21, played %s " \
                        "(seed %s)" % (end, tb.seed())
                    return
        raise AssertionError("no opponent_all_21 game at budget %d (seed %s)" % (b, tb.seed()))


@pyuvm.test()
class BlokusDeep(BlokusTestBase):
    """A game against the golden search at its default budget, which hems the
    core in: late in the game the core's budget covers phase 2, completed
    (and cut by alpha-beta) or ended by the budget inside it."""

    async def body(self):
        await self.game(True, "5", search_player(DEFAULT_BUDGET))
        runs = self.env.predictor.searches
        full = [r for r in runs if r.moves < r.nodes < self.cfg.budget]
        inside = [r for r in runs if r.nodes == self.cfg.budget and r.moves < r.nodes]
        assert full and inside, "phase 2 not exercised: %d finished, %d cut by the budget " \
            "(seed %s)" % (len(full), len(inside), tb.seed())


@pyuvm.test()
class BlokusCorners(BlokusTestBase):
    """Every protocol corner: bad bytes, faults, stalls, illegal moves, back to back."""

    async def body(self):
        await CornerSeq("corners").start(self.env.agent.seqr)


@pyuvm.test()
class BlokusHostFast(BlokusTestBase):
    """A game with the host 3 % fast."""

    host_baud_scale = 1.03

    async def body(self):
        await self.game(True, "A", greedy_player(self.rng))


@pyuvm.test()
class BlokusHostSlow(BlokusTestBase):
    """A game with the host 3 % slow."""

    host_baud_scale = 0.97

    async def body(self):
        await self.game(False, "A", greedy_player(self.rng))


@pyuvm.test()
class BlokusOneGame(BlokusTestBase):
    """One whole game against random play (for the real 50 MHz clock)."""

    async def body(self):
        await self.game(True, "5", random_player(self.rng))


@pyuvm.test()
class BlokusSmoke(BlokusTestBase):
    """The first exchanges of a game (a quick check while developing)."""

    async def body(self):
        seq = SmokeSeq("smoke")
        await seq.start(self.env.agent.seqr)


class SmokeSeq(Exchange):
    async def body(self):
        assert await self.ask(b"0") == b"1" + self.cfg.team.encode()
        await self.ask(b"25")
        await self.ask(b"4aae0")
