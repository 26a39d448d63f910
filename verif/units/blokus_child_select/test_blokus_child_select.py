"""Unit bench of a node's child selection: verif/units/blokus_child_select/tb_blokus_child_select.py."""
from verif.units.common import run_unit


def test_blokus_child_select():
    run_unit("blokus_child_select")
