"""Unit bench of the root's words cleared: verif/units/blokus_root_clear/tb_blokus_root_clear.py."""
from verif.units.common import run_unit


def test_blokus_root_clear():
    run_unit("blokus_root_clear")
