"""Unit bench of the Score-4 request parser, hdl/score4/parser.py.

Reference: the golden session (golden/score4/session.py) is the parser's
specification, so the model is that session with its request handler
replaced by a recorder: `score4_parser_model` feeds it the same bytes and
framing errors as the DUT and takes each complete request `Axy` it parses
as the event (x, y), each `0` it answers with R00 as a new game. Its
`bad_bytes` and `framing_errors` (saturated at 255) are the DUT's `n_bad`
and `n_frame`.

Checked (verif.units.common.ParserBench): every event the session parses
comes out once, in order, within two cycles of its last byte, with the right
word; nothing else comes out; the counters agree at the end.

Tests: random traffic (requests, new games, `A` restarts, garbage, CR/LF,
framing errors, bytes back to back and spaced); at each parser state, every
byte value and a framing error, each followed by a valid message that must
be accepted; the counters saturating at 255.
"""
import random

import cocotb

from golden.score4.encoding import NEW_GAME_REPLY
from golden.score4.session import Session
from hdl.score4.parser import EV_NEW_GAME
from verif.units.common import FRAMING_ERROR, ParserBench, SessionParserModel, spaced


def event_name(ev):
    """An event word as the model names it: new game, or request xy."""
    if ev == EV_NEW_GAME:
        return "new game"
    if ev < 64:
        return "request %d%d" % (ev >> 3, ev & 7)
    return "bad event word 0x%02x" % ev


class _RecordingSession(Session):
    """golden's session with complete requests recorded in `parsed`, not played."""

    def __init__(self):
        super().__init__(budget=1)
        self.parsed = []

    def _request(self, x, y):
        self.parsed.append("request %d%d" % (x, y))
        return b""


def score4_parser_model():
    """The events and counters golden's session gives for a parser schedule."""
    return SessionParserModel(_RecordingSession(), NEW_GAME_REPLY, "new game")


def random_request():
    return b"A" + bytes(random.choice(b"01234") for _ in range(2))


def random_chunk():
    """A piece of host traffic: mostly valid messages, some noise."""
    kind = random.choices(("request", "new game", "restart", "garbage", "crlf", "cut", "ferr"),
                          weights=(8, 2, 1, 2, 1, 1, 1))[0]
    if kind == "request":
        return list(random_request())
    if kind == "new game":
        return list(b"0")
    if kind == "restart":
        return list(b"A" + bytes(random.choice(b"01234") for _ in range(random.randint(0, 1)))
                    + random_request())
    if kind == "garbage":
        return [random.randrange(256) for _ in range(random.randint(1, 4))]
    if kind == "crlf":
        return list(b"\r\n")
    if kind == "cut":                  # a partial request, then something
        return list(random_request()[:random.randint(1, 2)]) + [random.randrange(256)]
    return [FRAMING_ERROR]


@cocotb.test()
async def random_traffic(dut):
    """Random host traffic, bytes back to back or up to three cycles apart
    (short enough that the counters stay below saturation)."""
    bench = ParserBench(dut, "score4_parser", decode=event_name)
    await bench.start()
    schedule = []
    for _ in range(400):
        schedule += spaced(random_chunk(), max_gap=random.choice((0, 3)))
    await bench.run(schedule, score4_parser_model(), "random traffic")


@cocotb.test()
@cocotb.parametrize(("state", [("outside", b""), ("after A", b"A"), ("after A3", b"A3")]))
async def every_byte_at_a_state(dut, state):
    """At one parser state (outside a message, after `A`, after `A` and a
    digit): each of the 256 byte values and a framing error, then a valid
    message (`A` + two digits, or `0`), which must be accepted."""
    name, prefix = state
    bench = ParserBench(dut, "score4_parser", decode=event_name)
    await bench.start()
    for entries in (range(128), list(range(128, 256)) + [FRAMING_ERROR]):   # counters below 255
        schedule = []
        for entry in entries:
            follow = random.choice((random_request(), b"0"))
            schedule += spaced(list(prefix) + [entry] + list(follow), max_gap=1)
        await bench.run(schedule, score4_parser_model(), "every byte " + name)


@cocotb.test()
async def counters_saturate(dut):
    """300 bad bytes and 300 framing errors: both counters stop at 255, and
    a request after them is still parsed."""
    bench = ParserBench(dut, "score4_parser", decode=event_name)
    await bench.start()
    noise = [random.choice(b"156789BZ\r\n\xff") for _ in range(300)] + [FRAMING_ERROR] * 300
    random.shuffle(noise)
    await bench.run(spaced(noise + list(random_request()), max_gap=1),
                    score4_parser_model(), "counters saturate")
