"""Unit bench of hdl/uart_tx.py (verif/units/uart_tx/tb_uart_tx.py) at the
smallest divisor there is (16 clocks per bit) and at an odd one (27)."""
import pytest

from verif.units.common import run_unit


@pytest.mark.parametrize("divisor", [16, 27])
def test_uart_tx(divisor):
    run_unit("uart_tx", divisor=divisor)
