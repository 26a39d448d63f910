"""Unit bench of hdl/delay_line.py: verif/units/delay_line/tb_delay_line.py."""
from verif.units.common import run_unit


def test_delay_line():
    run_unit("delay_line")
