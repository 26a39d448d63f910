"""UART regression: verif/uart/tb_uart.py on each UART configuration.

`uart_fast` (32 clocks per bit) carries most of the traffic; the two real
50 MHz configurations (9600 and 115200 baud, the two games' rates) run the
same tests with fewer bytes.
"""
import pytest

from simulation import runner


@pytest.mark.parametrize("config", ["uart_fast", "uart_115200_50m", "uart_9600_50m"])
def test_uart(config):
    runner.run(config, "verif.uart.tb_uart")
