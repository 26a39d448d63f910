"""Unit bench of hdl/popcount.py: verif/units/popcount/tb_popcount.py."""
from verif.units.common import run_unit


def test_popcount():
    run_unit("popcount")
