"""Unit bench of hdl/blokus/tree_unit.py: verif/units/blokus_tree_unit/tb_blokus_tree_unit.py."""
from verif.units.common import run_unit


def test_blokus_tree_unit():
    run_unit("blokus_tree_unit")
