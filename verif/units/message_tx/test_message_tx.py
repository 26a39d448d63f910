"""Unit bench of hdl/message_tx.py (verif/units/message_tx/tb_message_tx.py)
at the smallest divisor there is (16 clocks per bit)."""
from verif.units.common import run_unit


def test_message_tx():
    run_unit("message_tx", divisor=16)
