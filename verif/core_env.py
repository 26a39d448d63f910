"""The pyuvm environment of a game core's protocol testbench, for both cores.

Every host item the driver puts on the line goes, in order, through the
core's golden session (`SessionPredictor`, with verif.session_model.reply);
the scoreboard compares every answer byte for byte. Every search the golden
session runs is recorded; every search the core runs is read at the fall of
`busy` (`SearchMonitor`). At the end (`CoreEnv.check_phase`) every core
search must be within its cycle bound and equal the golden one, in order, on
the fields the game compares, and the core's error counters must equal the
session's; its glitch counter (n_glitch), which the session has no part in,
must equal the number of glitches the driver sent. The `seat` status output
must equal the session's seat at the end of every search and of the test.
Where the game's adapter says what they hold (`Core.last_tx`,
`Core.last_rx`), the `last_tx` output must hold each answer's move from
that answer on (read when the next search starts, and at the end), and
`last_rx` the request's last move while its search runs. An answer sent
without a search (`Core.last_tx_unsearched`: Score-4's pass on a full
board) sets what `last_tx` must hold until the next search.

What differs between the games comes from a `Core` adapter, one per game
(verif/score4/tb_score4.py, verif/blokus/tb_blokus.py): the golden session
and its settings, the golden search, the search fields compared, the cycle
bound per search, the error counters, the referee of a whole game and the
coverage it samples. A game's tests subclass `CoreTest` with its adapter.
"""
import random

import cocotb
from cocotb.triggers import FallingEdge, RisingEdge
from cocotb.utils import get_sim_time
from cocotb_coverage.coverage import CoverCross, CoverPoint
from pyuvm import (ConfigDB, uvm_analysis_port, uvm_component, uvm_env,
                   uvm_subscriber, uvm_test)

from verif import coverage, tb
from verif.scoreboard import ExchangeScoreboard, Expected
from verif.sequences import Exchange, send
from verif.session_model import reply
from verif.uart_agent import BREAK, BYTES, FRAMING_ERROR, GLITCH, IDLE, UartAgent

COUNTER_MAX = 255           # the error counters saturate there
REQUESTS_MODULUS = 65536    # the request counter wraps there
SIGNED_OUTPUTS = ("score",)
OUTSIDE = "outside"         # the parser state between messages
FAULTS = ("bad_char", "cr_lf", FRAMING_ERROR, BREAK, GLITCH, "stall")   # what can hit the parser


def coverpoint(name, bins):
    """A function that samples its one argument into the coverpoint `name`."""
    @CoverPoint(name, xf=lambda value: value, bins=list(bins))
    def sample(value):
        pass
    return sample


def fault_coverage(game, parser_states):
    """A function that samples (fault, parser state): each FAULTS kind crossed
    with the state it hits, in top.<game>.fault, .fault_state, .fault_x_state."""
    fault, state = "top.%s.fault" % game, "top.%s.fault_state" % game

    @CoverPoint(fault, xf=lambda f, s: f, bins=list(FAULTS))
    @CoverPoint(state, xf=lambda f, s: s, bins=list(parser_states))
    @CoverCross("top.%s.fault_x_state" % game, items=[fault, state],
                ign_bins=[("stall", OUTSIDE)])       # a pause between messages is no fault
    def sample(f, s):
        pass
    return sample


class Core:
    """What a game's testbench tells the environment; subclass it per game."""

    search_fields = ("nodes", "score")   # compared on every search (DUT outputs = result attributes)
    error_counters = (("n_bad", "bad_bytes"), ("n_frame", "framing_errors"),
                      ("n_illegal", "illegal_moves"))   # (DUT output, session attribute)
    stall_bits = None       # idle bit times the session counts as a stall
    pause_fault_bits = 0    # idle bit times mid-message the coverage counts as a "stall" fault
    timeout_searches = 1    # an answer may take this many worst-case searches ...
    timeout_bits = 40       # ... plus this many bit times
    game_over = b""         # what the host sends after a whole game
    cycles_over_busy = None  # the search's `cycles` minus the cycles the bench sees `busy`
                             # high, where `busy` is the search's own (else None: cycles
                             # may be at most one more than busy)
    new_game = b"0"         # what starts a game; the core answers hello() (b"": nothing)
    seats = ()              # the `seat` output's values by code (the top's SEATS); "none" is None

    def seat_code(self, session):
        """What the `seat` output must hold for the session's seat."""
        return self.seats.index("none" if session.seat is None else session.seat)

    def session(self, cfg, chooser):
        """The golden session of the configuration `cfg`, choosing with `chooser`."""
        raise NotImplementedError

    async def start(self, dut, cfg):
        """Start the clock, reset the core and start the models of what the
        core's pins drive besides the serial line (none here)."""
        await tb.start(dut, cfg)

    def check_models(self):
        """Fail if a model started by `start` saw the core break its rules."""

    def hello(self, cfg):
        """The core's answer to a new game."""
        raise NotImplementedError

    def reset_answer(self, cfg):
        """What the core sends by itself after the reset (b"": nothing)."""
        return b""

    def search(self, pos, budget):
        """The golden search (a SearchResult) of the position the session holds."""
        raise NotImplementedError

    def worst_case_cycles(self, nodes):
        """The most clock cycles a search of `nodes` nodes may take."""
        raise NotImplementedError

    def referee(self, *args, **kw):
        """The host's side of one whole game (request(), answer(data), end)."""
        raise NotImplementedError

    def host_speed_game(self, core_first, rng):
        """The arguments of `referee` for the game of the host-speed tests."""
        raise NotImplementedError

    def corner_sequence(self, name):
        """The sequence of every protocol corner of the game."""
        raise NotImplementedError

    def last_tx(self, pos, result):
        """What the `last_tx` output must hold once the answer of the golden
        search `result` on `pos` is sent (None: not checked)."""
        return None

    def last_rx(self, session):
        """What the `last_rx` output must hold while the search of the request
        the session is answering runs (None: not checked)."""
        return None

    def last_tx_unsearched(self, answer):
        """What the `last_tx` output holds once `answer`, sent without a
        search, is sent (None: the answer leaves it as it was)."""
        return None

    def decode_search(self, outputs):
        """The DUT's search outputs (ints) as the golden result's fields."""
        return outputs

    def answer_timeout_ps(self, cfg):
        """How long one answer may take."""
        searches = self.timeout_searches * (self.worst_case_cycles(cfg.budget) + 200)
        return searches * cfg.clk_period_ps + self.timeout_bits * cfg.bit_ps

    # coverage, sampled by the predictor and the game sequence
    def observe_item(self, session, item):
        """A host item, before the session hears it: a byte, or a fault
        crossed with the parser state it hits."""
        state = self.parser_state(session)
        if item.kind == BYTES:
            self.observe_byte(session, item.data[0], state)
        elif item.kind in (FRAMING_ERROR, BREAK, GLITCH):
            self.cover_fault(item.kind, state)
        elif item.kind == IDLE and state != OUTSIDE and item.bits >= self.pause_fault_bits:
            self.cover_fault("stall", state)

    def parser_state(self, session):
        """The session's partial message as a parser state name (OUTSIDE: none)."""
        raise NotImplementedError

    def observe_byte(self, session, b, state):
        """One byte from the host, in the parser state `state`."""

    def cover_fault(self, kind, state):
        """A fault of `kind` hit the parser in `state`."""

    def observe_answer(self, answer):
        """What the session answered to one host item."""

    def observe_search(self, pos, result):
        """A golden search and the position it ran on (coverage; checks of the golden model)."""

    def observe_game(self, referee):
        """A whole game, once it is over."""


def core_of(component):
    return ConfigDB().get(component, "", "CORE")


class SessionPredictor(uvm_subscriber):
    """Feeds host items to the golden session; publishes what the core must
    send. The session chooses its moves with the golden search, through
    `choose`, which records every search in `searches`."""

    def build_phase(self):
        self.ap = uvm_analysis_port("ap", self)
        self.core = core_of(self)
        self.searches = []            # golden SearchResult of every search, in order
        self.seats = []               # the seat code the core must show at each search's end
        self.last_tx = []             # last_tx once each search's answer is sent (Core.last_tx)
        self.last_rx = []             # last_rx while each search runs (Core.last_rx)
        self.session = self.core.session(ConfigDB().get(self, "", "CFG"), self.choose)
        self.n = 0
        self.glitches = 0             # glitch items sent: the core counts each in n_glitch

    async def run_phase(self):
        answer = self.core.reset_answer(ConfigDB().get(self, "", "CFG"))
        if answer:                              # sent unprompted after the reset
            self.ap.write(Expected("#0 reset", answer))

    def choose(self, pos, budget):
        result = self.core.search(pos, budget)
        self.core.observe_search(pos, result)
        self.searches.append(result)
        self.seats.append(self.core.seat_code(self.session))
        self.last_tx.append(self.core.last_tx(pos, result))
        self.last_rx.append(self.core.last_rx(self.session))
        return result.move

    def write(self, item):
        self.n += 1
        self.glitches += item.kind == GLITCH
        self.core.observe_item(self.session, item)
        searched = len(self.searches)
        answer = reply(self.session, item, self.core.stall_bits)
        self.core.observe_answer(answer)
        if answer and searched == len(self.searches) and self.searches:
            tx = self.core.last_tx_unsearched(answer)
            if tx is not None:                  # what the next search starts with
                self.last_tx[-1] = tx
        self.ap.write(Expected("#%d %s" % (self.n, item), answer))


def read_output(dut, name):
    value = getattr(dut, name).value
    return value.to_signed() if name in SIGNED_OUTPUTS else int(value)


class SearchMonitor(uvm_component):
    """Records the outputs of every search the core finishes (at the fall of
    `busy`), and `last_tx` and `last_rx` as it starts (at the rise): the
    previous answer's move, the request's last move."""

    def build_phase(self):
        self.results = []

    async def run_phase(self):
        dut = ConfigDB().get(self, "", "DUT")
        names = core_of(self).search_fields + ("cycles", "seat")
        period_ps = tb.TbConfig.from_env().clk_period_ps
        while True:
            await RisingEdge(dut.busy)
            rose_ps = get_sim_time("ps")
            before = {"last_tx_before": int(dut.last_tx.value), "last_rx": int(dut.last_rx.value)}
            await FallingEdge(dut.busy)
            busy = {"busy_cycles": round((get_sim_time("ps") - rose_ps) / period_ps)}
            self.results.append(dict({name: read_output(dut, name) for name in names}, **before,
                                     **busy))


class CoreEnv(uvm_env):
    def build_phase(self):
        self.core = core_of(self)
        self.agent = UartAgent("agent", self)
        self.predictor = SessionPredictor("predictor", self)
        self.scoreboard = ExchangeScoreboard("scoreboard", self)
        self.searches = SearchMonitor("searches", self)
        ConfigDB().set(None, "*", "SCOREBOARD", self.scoreboard)

    def connect_phase(self):
        self.agent.driver.ap.connect(self.predictor.analysis_export)
        self.predictor.ap.connect(self.scoreboard.expected_export)
        self.agent.monitor.ap.connect(self.scoreboard.actual_export)

    def check_phase(self):
        dut = ConfigDB().get(self, "", "DUT")
        self.check_bounds()
        self.check_searches()
        self.check_last_moves(dut)
        self.check_counters(dut)
        self.core.check_models()
        assert int(dut.n_overflow.value) == 0, "receive queue overflowed (seed %s)" % tb.seed()

    def check_bounds(self):
        for r in self.searches.results:
            bound = self.core.worst_case_cycles(r["nodes"])
            assert r["cycles"] <= bound, "search took %d cycles, bound %d for %d nodes (seed %s)" % (
                r["cycles"], bound, r["nodes"], tb.seed())
            # the count the bound was checked on against the testbench's own
            # count of the cycles `busy` was high: a core that miscounted
            # would pass the bound however long it searched
            exact = self.core.cycles_over_busy
            if exact is not None:
                assert r["cycles"] - r["busy_cycles"] == exact, (
                    "the search counted %d cycles; busy was high for %d, so it should count %d "
                    "(seed %s)" % (r["cycles"], r["busy_cycles"], r["busy_cycles"] + exact,
                                   tb.seed()))
            else:
                assert r["cycles"] <= r["busy_cycles"] + 1, (
                    "the search counted %d cycles, more than the %d that busy was high "
                    "(seed %s)" % (r["cycles"], r["busy_cycles"], tb.seed()))

    def check_searches(self):
        fields = self.core.search_fields
        golden = [{f: getattr(r, f) for f in fields} for r in self.predictor.searches]
        rtl = [self.core.decode_search({f: r[f] for f in fields}) for r in self.searches.results]
        for i, (g, r) in enumerate(zip(golden, rtl)):
            assert g == r, "search #%d: golden %r, RTL %r (seed %s)" % (i + 1, g, r, tb.seed())
        seats = [r["seat"] for r in self.searches.results]
        for i, (g, r) in enumerate(zip(self.predictor.seats, seats)):
            assert g == r, "search #%d: seat output %d, the session's seat is code %d (seed %s)" % (
                i + 1, r, g, tb.seed())
        assert len(golden) == len(rtl), "golden ran %d searches, RTL %d (seed %s)" % (
            len(golden), len(rtl), tb.seed())

    def check_last_moves(self, dut):
        """last_tx after each answer (read as the next search starts, the last
        at the end) and last_rx during each search, where the adapter says
        what they hold."""
        rtl = self.searches.results
        sent = [r["last_tx_before"] for r in rtl[1:]] + [int(dut.last_tx.value)] if rtl else []
        for i, (want, got) in enumerate(zip(self.predictor.last_tx, sent)):
            assert want is None or want == got, \
                "answer #%d: last_tx %#x, golden's answer %#x (seed %s)" % (
                    i + 1, got, want, tb.seed())
        for i, (want, r) in enumerate(zip(self.predictor.last_rx, rtl)):
            assert want is None or want == r["last_rx"], \
                "search #%d: last_rx %#x, the request's last move %#x (seed %s)" % (
                    i + 1, r["last_rx"], want, tb.seed())

    def check_counters(self, dut):
        s = self.predictor.session
        got = {name: int(getattr(dut, name).value) for name, _ in self.core.error_counters}
        want = {name: min(COUNTER_MAX, getattr(s, attr)) for name, attr in self.core.error_counters}
        got["n_requests"] = int(dut.n_requests.value)
        want["n_requests"] = s.requests % REQUESTS_MODULUS
        got["n_glitch"] = int(dut.n_glitch.value)          # the session ignores glitches
        want["n_glitch"] = min(COUNTER_MAX, self.predictor.glitches)
        got["seat"], want["seat"] = int(dut.seat.value), self.core.seat_code(s)
        assert got == want, "status counters: golden %r, RTL %r (seed %s)" % (want, got, tb.seed())


def plan(session, referee):
    """Play a whole game on the golden `session` alone (no simulator): how it ends."""
    session.feed(b"0")
    while True:
        request = referee.request()
        if request is None:
            return referee.end
        referee.answer(session.feed(request))


class GameSeq(Exchange):
    """One whole game on the core, refereed by `referee` (Core.referee)."""

    def __init__(self, name, referee):
        super().__init__(name)
        self.referee = referee

    async def body(self):
        if self.core.new_game:
            assert await self.ask(self.core.new_game) == self.core.hello(self.cfg)
        ref = self.referee
        while True:
            request = ref.request()
            if request is None:
                break
            ref.answer(await self.ask(request))
        if self.core.game_over:
            await send(self, self.core.game_over)
        self.core.observe_game(ref)
        self.result = ref.end


class CoreTest(uvm_test):
    """A test of a game core: its subclass names the `core` (a Core) and
    writes `body()`; `host_baud_scale` runs the host fast or slow."""

    core = None
    host_baud_scale = 1.0

    def build_phase(self):
        self.cfg = tb.TbConfig.from_env()
        settings = {"CFG": self.cfg, "DUT": cocotb.top, "CORE": self.core,
                    "host_baud_scale": self.host_baud_scale}
        for key, value in settings.items():
            ConfigDB().set(None, "*", key, value)
        self.env = CoreEnv("env", self)
        ConfigDB().set(None, "*", "ENV", self.env)

    async def run_phase(self):
        self.raise_objection()
        await self.core.start(cocotb.top, self.cfg)
        self.rng = random.Random(int(tb.seed()))
        await self.body()
        self.drop_objection()

    async def body(self):
        raise NotImplementedError

    def report_phase(self):
        coverage.export()

    async def run_seq(self, seq):
        """Run the sequence `seq` on the host's serial line; return it."""
        await seq.start(self.env.agent.seqr)
        return seq

    async def game(self, *args, **kw):
        """A whole game refereed by `core.referee(*args, **kw)`: how it ended."""
        seq = await self.run_seq(GameSeq("game", self.core.referee(*args, **kw)))
        return seq.result


# -- the tests every core has (a game's module binds them to its core) ---------
class CornersTest(CoreTest):
    """Every protocol corner: bad bytes, faults, stalls, illegal moves, back to back."""

    async def body(self):
        await self.run_seq(self.core.corner_sequence("corners"))


class HostSpeedTest(CoreTest):
    """A game with the host's baud `host_baud_scale` times the nominal."""

    core_first = True

    async def body(self):
        await self.game(*self.core.host_speed_game(self.core_first, self.rng))


class HostFastTest(HostSpeedTest):
    """A game, the core first, with the host 3 % fast."""

    host_baud_scale, core_first = 1.03, True


class HostSlowTest(HostSpeedTest):
    """A game, the core second, with the host 3 % slow."""

    host_baud_scale, core_first = 0.97, False
