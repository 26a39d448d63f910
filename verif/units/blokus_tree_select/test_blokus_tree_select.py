"""Unit bench of hdl/blokus/tree_select.py: verif/units/blokus_tree_select/tb_blokus_tree_select.py."""
from verif.units.common import run_unit


def test_blokus_tree_select():
    run_unit("blokus_tree_select")
