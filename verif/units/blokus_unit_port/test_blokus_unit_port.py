"""Unit bench of a playout unit's port to the tree unit:
verif/units/blokus_unit_port/tb_blokus_unit_port.py."""
from verif.units.common import run_unit


def test_blokus_unit_port():
    run_unit("blokus_unit_port")
