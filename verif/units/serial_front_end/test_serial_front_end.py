"""Unit bench of hdl/serial_front_end.py (with the Score-4 parser, as
hdl/units.py builds it) at the smallest divisor there is (16 clocks per bit):
verif/units/serial_front_end/tb_serial_front_end.py."""
from verif.units.common import run_unit


def test_serial_front_end():
    run_unit("serial_front_end", divisor=16, baud=9600)
