"""Fresh port signals for blokus_top and blokus_de2 (a new set per conversion)."""
from myhdl import ResetSignal, Signal, intbv

from hdl.blokus.search import NODE_BITS, SCORE_MAX, SCORE_MIN


def top_signals():
    """clk, rst, uart_rx, uart_tx and the status outputs, in blokus_top's order."""
    b = lambda n: Signal(intbv(0)[n:])
    return (Signal(bool(0)), ResetSignal(0, active=1, isasync=False), Signal(bool(1)),
            Signal(bool(1)), Signal(bool(0)), b(2), b(16), b(16), b(8), b(8), b(8), b(8),
            b(8), b(16), b(8), b(NODE_BITS), Signal(intbv(0, min=SCORE_MIN, max=SCORE_MAX)),
            b(32))


def de2_signals():
    """CLOCK_50, KEY, SW, UART_RXD, UART_TXD, LEDR, LEDG, HEX0..HEX7 for blokus_de2."""
    b = lambda n, v=0: Signal(intbv(v)[n:])
    return ((Signal(bool(0)), b(4, 0xF), b(3), Signal(bool(1)), Signal(bool(1)), b(18), b(9))
            + tuple(b(7) for _ in range(8)))
