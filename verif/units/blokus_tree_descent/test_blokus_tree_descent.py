"""Unit bench of hdl/blokus/tree_descent.py: verif/units/blokus_tree_descent/tb_blokus_tree_descent.py."""
from verif.units.common import run_unit


def test_blokus_tree_descent():
    run_unit("blokus_tree_descent")
