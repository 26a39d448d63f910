"""cocotb + pyuvm testbench of the Score-4 core (score4_top).

The environment is verif.core_env's: every host item goes through the golden
Session, every answer is compared byte for byte, every search the core runs
is compared, in order, with the golden session's and its cycle count must be
within hdl.score4.worst_case_cycles(nodes), and the error counters are
compared at the end. This module gives it the Score-4 `Score4Core` (nodes,
depth, reason and score compared; `last_tx` each answer's two digits and
`last_rx` each searched request's, as nibbles; the coverage it samples),
the host's referee of a game, and the tests.
"""
import random

from cocotb_coverage.coverage import CoverPoint
import pyuvm

from golden.score4 import Session
from golden.score4.board import EMPTY, has_four
from golden.score4.encoding import post_to_text, text_to_post
from golden.score4.search import search
from hdl.score4 import worst_case_cycles
from hdl.score4.search import REASONS
from hdl.score4.top import SEATS
from verif import tb
from verif.core_env import (OUTSIDE, Core, CornersTest, CoreTest, HostFastTest, HostSlowTest,
                             coverpoint, fault_coverage, plan)
from verif.score4.table_game import TABLE_GAME
from verif.sequences import Exchange, send, send_after
from verif.uart_agent import BREAK, FRAMING_ERROR, GLITCH, IDLE

ZERO = ord("0")
NO_STALL = 10 ** 9        # Score-4 has no stall rule: no idle time counts as one
PARSER_STATES = (OUTSIDE, "after_A", "after_digit")
ENDS = ("core_wins", "core_loses", "draw_full", "full_after_win", "both_pass")
SEARCH_REASONS = tuple(r for r in REASONS if r != "full")   # a full board is answered unsearched


def parser_state(s):
    return OUTSIDE if not s.in_message else ("after_A" if not s._msg else "after_digit")


# -- functional coverage ---------------------------------------------------------
cover_message = coverpoint("top.score4.message", [
    "new_game", "request_first", "request_move", "request_pass", "answer_move", "answer_pass"])
cover_fault = fault_coverage("score4", PARSER_STATES)
cover_illegal = coverpoint("top.score4.illegal", ["full_post", "zero_mixed"])


@CoverPoint("top.score4.game_end", xf=lambda end, seat: end, bins=list(ENDS))
@CoverPoint("top.score4.seat", xf=lambda end, seat: seat, bins=["first", "second"])
def cover_game(end, seat):
    pass


cover_pass = coverpoint("top.score4.opponent_pass", ["opening", "middle", "full_board"])
cover_reason = coverpoint("top.score4.search_reason", SEARCH_REASONS)


def cover_request(s, digits):
    """Coverage of a complete request `digits` (before the session has it)."""
    if digits == b"00":
        cover_message("request_first" if s.seat is None else "request_pass")
        return
    cover_message("request_move")
    if b"0" in digits:
        cover_illegal("zero_mixed")
    elif not s.position.can_play(text_to_post(digits)):
        cover_illegal("full_post")


def cover_byte(s, b, state):
    """Coverage of one received byte `b` in the parser state `state`."""
    if b in b"\r\n":
        cover_fault("cr_lf", state)
    elif not (b in b"0A" or (state != "outside" and b in b"1234")):
        cover_fault("bad_char", state)
    if state == "after_digit" and b in b"01234":
        cover_request(s, bytes([s._msg[0] + 48, b]))
    if state == OUTSIDE and b == 48:
        cover_message("new_game")


# -- the adapter -------------------------------------------------------------------
def digits_word(digits):
    """Two answer or request digits (bytes 0..4) as `last_tx` / `last_rx`
    hold them: the first in the high nibble, the second in the low."""
    return (digits[0] - ZERO) << 4 | (digits[1] - ZERO)


class Score4Core(Core):
    """The Score-4 core to verif.core_env: the golden Session and search; every
    search's nodes, depth, reason and score (when it searched) compared;
    `last_tx` and `last_rx` as digits_word."""

    search_fields = ("nodes", "depth", "reason", "score")
    cycles_over_busy = 1         # measured: one more than busy, on every search
    seats = SEATS
    stall_bits = NO_STALL          # and any pause mid-message counts as a "stall" fault
    request = 0                    # the last complete request's digits_word (observe_byte)

    def session(self, cfg, chooser):
        self.request = 0                             # last_rx's reset value
        return Session(budget=cfg.budget, chooser=chooser)

    def last_tx(self, pos, result):
        """The answer's two digits (a searched position always has a move)."""
        return digits_word(post_to_text(result.move))

    def last_tx_unsearched(self, answer):
        """The pass on a full board: 00; the hello R00 leaves last_tx alone."""
        return digits_word(answer) if len(answer) == 2 else None

    def last_rx(self, session):
        """The digits of the request being answered, legal or not."""
        return self.request

    def observe_byte(self, s, b, state):
        if state == "after_digit" and b in b"01234":        # the byte completes a request
            self.request = s._msg[0] << 4 | (b - ZERO)
        cover_byte(s, b, state)

    def hello(self, cfg):
        return b"R00"

    def search(self, pos, budget):
        return search(pos, budget)

    def worst_case_cycles(self, nodes):
        return worst_case_cycles(nodes)

    def referee(self, core_first, opponent, **kw):
        return GameReferee(core_first, opponent, **kw)

    def host_speed_game(self, core_first, rng):
        return (core_first, random_player(rng))

    def corner_sequence(self, name):
        return CornerSeq(name)

    def decode_search(self, outputs):
        reason = REASONS[outputs["reason"]]
        return dict(outputs, reason=reason, score=outputs["score"] if reason == "search" else None)

    parser_state = staticmethod(parser_state)
    cover_fault = staticmethod(cover_fault)

    def observe_answer(self, answer):
        if len(answer) == 2:
            cover_message("answer_pass" if answer == b"00" else "answer_move")

    def observe_search(self, pos, result):
        cover_reason(result.reason)

    def observe_game(self, referee):
        for when in referee.passes:
            cover_pass(when)
        cover_game(referee.end, referee.seat)


# -- players and the host's referee -------------------------------------------------
def random_player(rng):
    def play(pos):
        free = [p for p in range(16) if pos.can_play(p)]
        return rng.choice(free) if free else None
    return play


def search_player(budget):
    return lambda pos: search(pos, budget).move


class GameReferee:
    """The host's side of one game, independent of who answers: `request()`
    gives the next request (None once the game is over), `answer(bytes)` takes
    the core's answer. The opponent's moves come from `opponent(position seen
    by the opponent)`; it passes at the request numbers in `pass_at`. The game
    ends at a win (or plays on to a full board with `play_on`) or when the core
    answers 00 (a full board)."""

    def __init__(self, core_first, opponent, play_on=False, pass_at=()):
        self.opponent, self.play_on, self.pass_at = opponent, play_on, set(pass_at)
        self.seat = "first" if core_first else "second"
        self.pos = EMPTY            # seen by the opponent: mine = the opponent's beads
        self.won = None
        self.end = None
        self.n = 0
        self.passes = []
        self.opp_text = b"00" if core_first else None

    def full(self):
        return all(not self.pos.can_play(p) for p in range(16))

    def request(self):
        if self.end:
            return None
        if self.opp_text is None:
            if self.full():
                self.opp_text = b"00"
                self.passes.append("full_board")
            elif self.n in self.pass_at:
                self.opp_text = b"00"
                self.passes.append("opening" if self.n == 0 else "middle")
            else:
                p = self.opponent(self.pos)
                self.pos = self.pos.play_mine(p)
                self.opp_text = post_to_text(p)
                if self.won is None and has_four(self.pos.mine):
                    self.won = "core_loses"
        return b"A" + self.opp_text

    def answer(self, data):
        assert len(data) == 2, "answer %r (seed %s)" % (data, tb.seed())
        self.n += 1
        if data == b"00":                # the core has no move: the board is full
            if self.won:
                self.end = "full_after_win"
            else:
                self.end = "both_pass" if self.opp_text == b"00" else "draw_full"
            return
        self.pos = self.pos.play_theirs(text_to_post(data))
        if self.won is None and has_four(self.pos.theirs):
            self.won = "core_wins"
        if self.won and not self.play_on:
            self.end = self.won
        self.opp_text = None


def opening_player(seed, moves, budget):
    """Random for its first `moves` moves, then the golden search at `budget`."""
    def factory():
        rng = random.Random(seed)
        count = [0]

        def play(pos):
            count[0] += 1
            if count[0] <= moves:
                return rng.choice([p for p in range(16) if pos.can_play(p)])
            return search(pos, budget).move
        return play
    return factory


def opponent_for(key, budget):
    """The opponent numbered `key`: 2 to 9 random moves, then the golden search."""
    return opening_player(key, 2 + key % 8, budget)


# Opponents (keys of opponent_for) whose games against the core at budget 300
# end as named; found with find_game, kept so that a run need not search.
KNOWN_GAMES = {(300, True, "draw_full"): [35, 130], (300, False, "both_pass"): [81, 82]}


def find_game(core_first, budget, want, tries=60, seed=0):
    """An opponent (factory) whose game against the core ends in `want`,
    found by planning games against the golden session: the known keys
    first, then `tries` others; None if none."""
    keys = KNOWN_GAMES.get((budget, core_first, want), []) + [seed * 1000 + k for k in range(tries)]
    for key in keys:
        factory = opponent_for(key, budget)
        if plan(Session(budget=budget), GameReferee(core_first, factory())) == want:
            return factory
    return None


# TABLE_GAME: a game (the core first) whose searches at budget 300 cut off on
# table entries of every bound (verif/score4/table_game.py says how it is
# checked and found).


class CornerSeq(Exchange):
    """Every protocol corner of score4.md, each answered as the golden session
    says; then TABLE_GAME."""

    async def body(self):
        rng = random.Random(int(tb.seed()) + 1)
        await self.ask(b"0")
        # 20 new games back to back: 60 answer bytes for 20 sent, so the
        # transmit queue (TX_DEPTH) fills and each R00 waits for room while
        # the next 0 is already queued: an answer must not start before the
        # last one is in the queue
        await send(self, b"0" * 20)
        drained = await self.sb.wait_drained(2 * 80 * 10 * self.cfg.bit_ps)   # 80 frames, twice
        assert drained, "20 new games back to back: not every R00 came (seed %s)" % tb.seed()
        await self.ask(b"A00")                       # first request: the core moves first
        await self.ask(b"A00")                       # later: the opponent passed
        # garbage and CR/LF between messages and inside them, at every parser state
        for junk in (b"\r", b"\n", b"x", b"7", b"R", b"\xff", b"\x00"):
            await send(self, junk)
            await send(self, b"A")
            await send(self, junk)                   # drops the partial "A"
            await send(self, b"A1")
            await send(self, junk)                   # drops "A1"
        # 0 mid-message is a digit; A restarts a message
        await self.ask(b"A10")                       # illegal: one digit zero
        await self.ask(b"A03")
        await self.ask(b"AA22")
        # faults at every parser state
        for kind in (FRAMING_ERROR, BREAK, GLITCH):
            for prefix in (b"", b"A", b"A2"):
                await send_after(self, prefix, bytes([rng.randrange(256)]), kind, bits=20)
                await self.ask(b"A" + rng.choice([b"12", b"21", b"33", b"44"]))
        # stalls mid-message change nothing in Score-4: the message completes
        for prefix, rest in ((b"A", b"31"), (b"A3", b"2"), (b"", b"A42")):
            await send_after(self, prefix, b"", IDLE, bits=300)
            await self.ask(rest)
        # a full post, then back-to-back requests without waiting
        for _ in range(5):
            await self.ask(b"A11")
        await send(self, b"A22A23A24")
        await self.sb.wait_drained(3 * self.timeout_ps())
        # 0 mid-game starts a new game; then one as the second player
        assert await self.ask(b"0") == self.core.hello(self.cfg)
        await self.ask(b"A44")
        # a game whose first request is illegal (one digit zero): the seat is
        # still taken by it, 'second' (the `seat` output is compared)
        assert await self.ask(b"0") == self.core.hello(self.cfg)
        await self.ask(b"A30")
        await self.ask(b"A21")
        # a game whose searches cut off on table entries of every bound
        assert await self.ask(b"0") == self.core.hello(self.cfg)
        for request in TABLE_GAME:
            await self.ask(request.encode())


class BookExitSeq(Exchange):
    """One game per bead count where a game can leave the opening book (an
    opponent's pass, or the book's end): the book's answers, then the first
    search, each compared with golden's session (golden.score4.book.first_exits)."""

    async def body(self):
        from golden.score4.book import first_exits

        games = first_exits()
        assert 1 in games and max(games) > 4, games
        for beads, (seat, replies) in sorted(games.items()):
            assert await self.ask(b"0") == self.core.hello(self.cfg)
            requests = ([b"A00"] if seat == "first" else []) + [
                b"A00" if p is None else b"A" + post_to_text(p) for p in replies]
            for request in requests:
                await self.ask(request)


# -- tests -------------------------------------------------------------------------
class Score4Test(CoreTest):
    core = Score4Core()


@pyuvm.test()
class Score4Corners(Score4Test, CornersTest):
    """Every corner of the Score-4 protocol (CornerSeq)."""


@pyuvm.test()
class Score4BookExits(Score4Test):
    """Games that leave the opening book at every bead count where one can
    (BookExitSeq): every answer before from the book, the first search after."""

    async def body(self):
        await self.run_seq(BookExitSeq("book_exits"))


@pyuvm.test()
class Score4HostFast(Score4Test, HostFastTest):
    """A game against random play, the host 3 % fast."""


@pyuvm.test()
class Score4HostSlow(Score4Test, HostSlowTest):
    """A game against random play, the host 3 % slow."""


@pyuvm.test()
class Score4Games(Score4Test):
    """Whole games, the core first and second, against random play and the
    golden search at other budgets, some played on to a full board."""

    async def body(self):
        b = self.cfg.budget
        await self.game(True, random_player(self.rng))
        await self.game(False, random_player(self.rng), pass_at={0, 3})
        await self.game(False, search_player(max(1, b * 4)))
        await self.game(True, search_player(max(1, b // 4)), play_on=True)
        # one opponent pass makes the core fill the last cell: it then sees A00 on a full board
        await self.game(True, random_player(self.rng), play_on=True, pass_at={3})


@pyuvm.test()
class Score4Draws(Score4Test):
    """Full-board draws, found by planning games against the golden session:
    with the core first the opponent fills the board (draw_full); with the
    core second the core does, and the game ends with both passing."""

    async def body(self):
        seed = int(tb.seed())
        for core_first, want in ((True, "draw_full"), (False, "both_pass")):
            factory = find_game(core_first, self.cfg.budget, want, seed=seed)
            assert factory is not None, "no %s game found in the tries (seed %s)" % (want, seed)
            end = await self.game(core_first, factory())
            assert end == want, "planned %s, played %s (seed %s)" % (want, end, seed)


@pyuvm.test()
class Score4OneGame(Score4Test):
    """One whole game against random play (for the real 50 MHz clock)."""

    async def body(self):
        await self.game(True, random_player(self.rng))


class FloodSeq(Exchange):
    """While the core thinks: hundreds of bad bytes, then requests back to
    back. Nothing may be lost: the golden session hears every byte."""

    async def body(self):
        rng = random.Random(int(tb.seed()) + 2)
        await self.ask(b"0")
        junk = bytes(rng.choice(b"xyzR56789\r\n\xff\x00") for _ in range(200))
        await send(self, b"A00" + junk + b"A11A12" + junk[:50] + b"A21")
        ok = await self.sb.wait_drained(4 * self.timeout_ps())
        assert ok, "answers missing after the flood (seed %s)" % tb.seed()
        # answers faster than the line drains them: more than the transmit queue holds
        await send(self, b"0" * 9)
        ok = await self.sb.wait_drained(4 * self.timeout_ps())
        assert ok, "answers missing after nine new games (seed %s)" % tb.seed()


@pyuvm.test()
class Score4Flood(Score4Test):
    """Garbage floods and queued requests while the core is thinking."""

    async def body(self):
        await self.run_seq(FloodSeq("flood"))
