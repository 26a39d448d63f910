"""Unit bench of hdl/blokus/tree_rave.py: verif/units/blokus_tree_rave/tb_blokus_tree_rave.py."""
from verif.units.common import run_unit


def test_blokus_tree_rave():
    run_unit("blokus_tree_rave")
