"""Unit bench of hdl/uart_rx.py (verif/units/uart_rx/tb_uart_rx.py) at the
smallest divisor there is (16 clocks per bit) and at an odd one (27, whose
half bit rounds down)."""
import pytest

from verif.units.common import run_unit


@pytest.mark.parametrize("divisor", [16, 27])
def test_uart_rx(divisor):
    run_unit("uart_rx", divisor=divisor)
