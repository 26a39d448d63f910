"""Unit bench of hdl/lowest_one.py: verif/units/lowest_one/tb_lowest_one.py."""
from verif.units.common import run_unit


def test_lowest_one():
    run_unit("lowest_one")
