"""Unit bench of hdl/blokus/tree_expand.py: verif/units/blokus_tree_expand/tb_blokus_tree_expand.py."""
from verif.units.common import run_unit


def test_blokus_tree_expand():
    run_unit("blokus_tree_expand")
