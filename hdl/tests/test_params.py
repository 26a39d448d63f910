"""Build-time parameter checks: clk_hz/baud become a divisor, or a clear error."""
import pytest

from hdl.params import MAX_BAUD_ERROR, MIN_DIVISOR, ConfigError, uart_divisor


@pytest.mark.parametrize("clk,baud,div", [
    (50000000, 9600, 5208), (50000000, 115200, 434), (32 * 115200, 115200, 32),
    (MIN_DIVISOR * 9600, 9600, MIN_DIVISOR)])
def test_divisor(clk, baud, div):
    assert uart_divisor(clk, baud) == div


def test_divisor_error_within_limit():
    div = uart_divisor(50000000, 115200)
    assert abs(50000000 / div - 115200) / 115200 < MAX_BAUD_ERROR


def test_too_few_clocks_per_bit():
    with pytest.raises(ConfigError, match="too slow.*at least 16"):
        uart_divisor(MIN_DIVISOR * 9600 - 9600, 9600)


def test_baud_error_over_2_percent():
    # 17.5 clocks per bit: 17 or 18 are both about 3 % off
    with pytest.raises(ConfigError, match="off"):
        uart_divisor(175, 10)


@pytest.mark.parametrize("clk,baud", [(0, 9600), (50000000, -1), (50e6, 9600), (True, 9600), ("50M", 9600)])
def test_not_positive_integers(clk, baud):
    with pytest.raises(ConfigError, match="positive integer"):
        uart_divisor(clk, baud)
