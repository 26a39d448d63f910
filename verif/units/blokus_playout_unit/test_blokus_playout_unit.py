"""Unit bench of a playout unit with its scans: verif/units/blokus_playout_unit/tb_blokus_playout_unit.py."""
from verif.units.common import run_unit


def test_blokus_playout_unit():
    run_unit("blokus_playout_unit")
