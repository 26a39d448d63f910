"""Unit bench of a playout unit: verif/units/blokus_playout/tb_blokus_playout.py."""
from verif.units.common import run_unit


def test_blokus_playout():
    run_unit("blokus_playout")
