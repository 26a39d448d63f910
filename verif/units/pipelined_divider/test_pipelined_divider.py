"""Unit bench of the pipelined divider: verif/units/pipelined_divider/tb_pipelined_divider.py."""
from verif.units.common import run_unit


def test_pipelined_divider():
    run_unit("pipelined_divider")
