"""Unit bench of the Blokus Duo message parser, hdl/blokus/parser.py (stall
limit PARSER_STALL_CYCLES, as hdl/units.py builds it).

Reference: the golden session (golden/blokus/session.py) is the parser's
specification, so the model is that session with its message handler
replaced by a recorder: `blokus_parser_model` feeds it the same bytes and
framing errors as the DUT and takes each complete message it parses as an
event, each `0` it answers with its team code as a new match. Silence is the
session's `stall()` once no byte and no framing error has come for
PARSER_STALL_CYCLES + 1 cycles in a row (so a partial message survives a gap
of exactly PARSER_STALL_CYCLES idle cycles). Its `bad_bytes`,
`framing_errors` and `stalls` (saturated at 255) are the DUT's `n_bad`,
`n_frame` and `n_stall`.

An event is compared field by field as the event word defines them (kind;
the seat for `2` and `3`; pass or X, Y, tile, orientation for `3` and `4`);
the seat bit of a `4` event means nothing and is not compared.

Checked (verif.units.common.ParserBench): every message the session parses
comes out once, in order, within two cycles of its last byte; nothing else
comes out; the counters agree at the end.

Tests: random traffic (every message kind, pass codes and well-formed
illegal codes such as `00a0`, garbage, cut messages, framing errors, short
and long silences); at every position of every message kind, each byte
value and a framing error, then a valid message that must be accepted; the
stall limit to the cycle after each partial length; the counters saturating.
"""
import random

import cocotb

from golden.blokus.encoding import (ANSWER_TEAM, COORD_CHARS, OP_FIRST, OP_MOVE, OP_SECOND,
                                    ORIENT_CHARS, TILE_LETTERS, decode_move)
from golden.blokus.session import Session
from hdl.blokus.parser import EV_FIRST, EV_MATCH, EV_SECOND
from hdl.units import PARSER_STALL_CYCLES
from verif.units.common import FRAMING_ERROR, ParserBench, SessionParserModel, spaced

TEAM = "Tb"


def decode_event(ev):
    """An event word as the model names it: ("match",), ("first", seat),
    ("second", seat, move) or ("move", move); move is None for a pass, else
    (x, y, tile, orientation)."""
    kind = ev >> 18
    seat = "A" if (ev >> 17) & 1 else "5"
    move = None if (ev >> 16) & 1 else ((ev >> 12) & 15, (ev >> 8) & 15, (ev >> 3) & 31, ev & 7)
    if kind == EV_MATCH:
        return ("match",)
    if kind == EV_FIRST:
        return ("first", seat)
    if kind == EV_SECOND:
        return ("second", seat, move)
    return ("move", move)                  # EV_MOVE


def message_event(m):
    """The event of one complete message as golden's session parsed it."""
    if m[0] == OP_FIRST:
        return ("first", chr(m[1]))
    if m[0] == OP_SECOND:
        return ("second", chr(m[1]), decode_move(m[2:6]))
    assert m[0] == OP_MOVE
    return ("move", decode_move(m[1:5]))


class _RecordingSession(Session):
    """golden's session with complete messages recorded in `parsed`, not played."""

    def __init__(self):
        super().__init__(budget=1, team=TEAM)
        self.parsed = []

    def _message(self, m):
        self.parsed.append(message_event(m))
        return b""


def blokus_parser_model():
    """The events and counters golden's session gives for a parser schedule,
    silences included."""
    return SessionParserModel(_RecordingSession(), ANSWER_TEAM + TEAM.encode(), ("match",),
                              stall_cycles=PARSER_STALL_CYCLES)


def random_code():
    """A well-formed move code (legal on a board or not): mostly real moves,
    sometimes the pass 0000 or a '0'-coordinate code such as 00a0."""
    roll = random.random()
    if roll < 0.1:
        return b"0000"
    x, y = random.choice(COORD_CHARS[1:]), random.choice(COORD_CHARS[1:])
    if roll < 0.2:
        x, y = random.choice(((x, "0"), ("0", y), ("0", "0")))
    return (x + y + random.choice(TILE_LETTERS) + random.choice(ORIENT_CHARS)).encode()


def random_message():
    seat = random.choice(b"5A")
    return random.choice((b"0", b"9", bytes([OP_FIRST, seat]),
                          bytes([OP_SECOND, seat]) + random_code(),
                          bytes([OP_MOVE]) + random_code(), bytes([OP_MOVE]) + random_code()))


def random_chunk(stall_cycles):
    """A piece of host traffic as a schedule: mostly valid messages, some noise."""
    kind = random.choices(("message", "garbage", "cut", "ferr", "short silence", "long silence"),
                          weights=(10, 2, 2, 1, 1, 1))[0]
    gap = random.choice((0, 3))
    if kind == "message":
        return spaced(random_message(), gap)
    if kind == "garbage":
        return spaced([random.randrange(256) for _ in range(random.randint(1, 3))], gap)
    if kind == "cut":                  # a partial message, then a random byte or a framing error
        m = random_message()
        return spaced(m[:random.randint(0, len(m) - 1)], gap) + [
            random.choice((random.randrange(256), FRAMING_ERROR))]
    if kind == "ferr":
        return [FRAMING_ERROR]
    if kind == "short silence":
        return [None] * random.randint(1, stall_cycles // 2)
    return spaced(random_message()[:2], gap) + [None] * random.randint(stall_cycles + 1,
                                                                       2 * stall_cycles)


def new_bench(dut):
    return ParserBench(dut, "blokus_parser", decode=decode_event)


@cocotb.test()
async def random_traffic(dut):
    """Random host traffic: messages of every kind, garbage, cut messages,
    framing errors, silences shorter than half the stall limit and longer
    than it."""
    bench = new_bench(dut)
    await bench.start()
    schedule = []
    for _ in range(400):
        schedule += random_chunk(PARSER_STALL_CYCLES)
    await bench.run(schedule, blokus_parser_model(), "random traffic")


PREFIXES = (b"", b"2", b"3", b"3A", b"3A5", b"3A56", b"3A56c", b"4", b"40", b"400", b"4000")


@cocotb.test()
@cocotb.parametrize(prefix=PREFIXES)
async def every_byte_at_a_position(dut, prefix):
    """After one partial message (each position of each message kind, the
    pass code's included): each of the 256 byte values and a framing error,
    then a valid message, which must be accepted."""
    bench = new_bench(dut)
    await bench.start()
    for entries in (range(128), list(range(128, 256)) + [FRAMING_ERROR]):   # counters below 255
        schedule = []
        for entry in entries:
            follow = random.choice((b"2A", b"25", b"4" + random_code(), b"0"))
            schedule += spaced(list(prefix) + [entry] + list(follow), max_gap=1)
        await bench.run(schedule, blokus_parser_model(), "every byte after %r" % prefix)


@cocotb.test()
async def stall_limit(dut):
    """After every partial length of `3A56c3` and of `4` + a code, and
    outside a message: a gap of exactly the stall limit keeps the message, one
    cycle more drops it (counted once, the rest of its bytes read afresh);
    a long gap outside a message counts nothing."""
    bench = new_bench(dut)
    await bench.start()
    schedule = []
    for message in (b"3A56c3", b"4" + random_code()):
        for cut in range(len(message)):
            for gap in (PARSER_STALL_CYCLES - 1, PARSER_STALL_CYCLES, PARSER_STALL_CYCLES + 1,
                        3 * PARSER_STALL_CYCLES):
                schedule += (list(message[:cut]) + [None] * gap + list(message[cut:])
                             + [None] * 3 + [FRAMING_ERROR])       # the next case from scratch
    await bench.run(schedule, blokus_parser_model(), "stall limit")


@cocotb.test()
async def counters_saturate(dut):
    """300 bad bytes, 300 framing errors and 300 stalls: every counter stops
    at 255, and a message after them is still parsed."""
    bench = new_bench(dut)
    await bench.start()
    noise = ([[random.choice(b"15678BZ\r\n\xff")] for _ in range(300)] + [[FRAMING_ERROR]] * 300
             + [[ord("4")] + [None] * (PARSER_STALL_CYCLES + 1)] * 300)
    random.shuffle(noise)
    schedule = [entry for piece in noise for entry in piece] + list(b"25")
    await bench.run(schedule, blokus_parser_model(), "counters saturate")
