"""Unit bench of hdl/blokus/explore.py: verif/units/blokus_explore/tb_blokus_explore.py."""
from verif.units.common import run_unit


def test_blokus_explore():
    run_unit("blokus_explore")
