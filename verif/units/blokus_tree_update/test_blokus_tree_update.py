"""Unit bench of hdl/blokus/tree_update.py: verif/units/blokus_tree_update/tb_blokus_tree_update.py."""
from verif.units.common import run_unit


def test_blokus_tree_update():
    run_unit("blokus_tree_update")
