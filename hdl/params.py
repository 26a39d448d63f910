"""Build-time parameters shared by every hardware unit.

`clk_hz` and `baud` become a clocks-per-bit divisor here, once; every block
takes the divisor, never the pair. Bad settings fail at build time with a
`ConfigError` that says what to change.
"""

MAX_BAUD_ERROR = 0.02      # the actual bit rate may differ from the asked one by 2 %
MIN_DIVISOR = 16           # clocks per bit: the receiver needs room to find mid-bit
STALL_BITS = 1024          # a partial message idle this many bit times is a stall


class ConfigError(ValueError):
    """A build parameter that cannot give working hardware."""


def uart_divisor(clk_hz, baud):
    """Clock cycles per bit for `clk_hz` and `baud`.

    Raises ConfigError when either is not a positive integer, when the divisor
    would be below MIN_DIVISOR, or when the rounded divisor misses `baud` by
    more than MAX_BAUD_ERROR.
    """
    for name, value in (("clk_hz", clk_hz), ("baud", baud)):
        if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
            raise ConfigError("%s must be a positive integer, got %r" % (name, value))
    divisor = int(round(clk_hz / baud))
    if divisor < MIN_DIVISOR:
        raise ConfigError(
            "clk_hz=%d is too slow for baud=%d: %d clocks per bit, at least %d "
            "needed (raise clk_hz to %d or lower baud)"
            % (clk_hz, baud, divisor, MIN_DIVISOR, MIN_DIVISOR * baud))
    actual = clk_hz / divisor
    error = abs(actual - baud) / baud
    if error > MAX_BAUD_ERROR:
        raise ConfigError(
            "clk_hz=%d cannot make baud=%d: the nearest divisor %d gives %.1f "
            "baud, %.2f%% off (at most %.0f%% allowed)"
            % (clk_hz, baud, divisor, actual, 100 * error, 100 * MAX_BAUD_ERROR))
    return divisor
