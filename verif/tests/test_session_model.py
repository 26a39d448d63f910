"""verif.session_model: host items on the line -> the golden session's answer."""
import pytest

from golden.blokus import Session as BlokusSession
from golden.score4 import Session as Score4Session
from verif.session_model import reply
from verif.uart_agent import BREAK, BYTES, FRAMING_ERROR, GLITCH, IDLE, UartItem

STALL = 1024
SMALL = 2         # nodes a Blokus answer may spend here (its default takes minutes in CPython)


def item(kind, data=b"", bits=0):
    return UartItem("t", kind, data, bits=bits)


def test_bytes_are_fed():
    s = Score4Session()
    assert reply(s, item(BYTES, b"0"), STALL) == b"R00"


@pytest.mark.parametrize("fault", [FRAMING_ERROR, BREAK])
def test_framing_error_and_break_drop_a_partial_message(fault):
    s = BlokusSession(budget=SMALL)
    assert reply(s, item(BYTES, b"0"), STALL) == b"101"      # default team code 01
    assert reply(s, item(BYTES, b"2"), STALL) == b""
    assert reply(s, item(fault, b"\x00", bits=30), STALL) == b""
    # the partial "2" is gone: "5" alone cannot start a message, so no answer
    assert reply(s, item(BYTES, b"5"), STALL) == b""
    assert s.framing_errors == 1


def test_glitch_is_invisible():
    s = BlokusSession(budget=SMALL)
    reply(s, item(BYTES, b"0"), STALL)
    reply(s, item(BYTES, b"2"), STALL)
    assert reply(s, item(GLITCH), STALL) == b""
    assert reply(s, item(BYTES, b"5"), STALL) != b""     # "2" + "5" still one message


def test_long_idle_is_a_stall_short_idle_is_not():
    s = BlokusSession(budget=SMALL)
    reply(s, item(BYTES, b"0"), STALL)
    reply(s, item(BYTES, b"2"), STALL)
    assert reply(s, item(IDLE, bits=STALL // 2), STALL) == b""
    assert reply(s, item(BYTES, b"5"), STALL) != b""
    reply(s, item(BYTES, b"4"), STALL)
    reply(s, item(IDLE, bits=STALL), STALL)
    assert s.stalls == 1


def test_idle_near_the_limit_is_refused():
    with pytest.raises(ValueError, match="too close to the stall limit"):
        reply(Score4Session(), item(IDLE, bits=STALL * 3 // 4), STALL)
