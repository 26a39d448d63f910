"""Unit bench of hdl/popcount.py with no register: verif/units/popcount_tiles/tb_popcount_tiles.py."""
from verif.units.common import run_unit


def test_popcount_tiles():
    run_unit("popcount_tiles")
