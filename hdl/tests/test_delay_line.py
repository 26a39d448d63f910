"""hdl/delay_line.py's settings: checked when the block is built."""
import pytest
from myhdl import Signal, intbv

from hdl.delay_line import MIN_CYCLES, delay_line, depth_for


def _ports(width_in=8, width_out=8):
    from myhdl import ResetSignal
    return (Signal(bool(0)), ResetSignal(0, active=1, isasync=False),
            Signal(intbv(0)[width_in:]), Signal(intbv(0)[width_out:]))


def test_too_short_a_delay_says_what_to_use():
    with pytest.raises(ValueError, match=r"cycles = 2, at least 3 .*hdl\.register"):
        delay_line(*_ports(), cycles=MIN_CYCLES - 1)


def test_ports_of_different_widths_are_refused():
    with pytest.raises(ValueError, match="data_out has 9 bits, data_in 8"):
        delay_line(*_ports(8, 9), cycles=5)


@pytest.mark.parametrize("cycles, depth", [(3, 4), (5, 4), (6, 8), (9, 8), (10, 16), (19, 32)])
def test_the_ram_holds_every_word_in_flight(cycles, depth):
    # the read runs cycles - 2 words behind the write, never on the word written
    assert depth_for(cycles) == depth
    assert cycles - 2 < depth
