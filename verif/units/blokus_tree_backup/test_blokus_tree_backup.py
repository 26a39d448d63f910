"""Unit bench of hdl/blokus/tree_backup.py: verif/units/blokus_tree_backup/tb_blokus_tree_backup.py."""
from verif.units.common import run_unit


def test_blokus_tree_backup():
    run_unit("blokus_tree_backup")
