"""Unit bench of the tree's summary of a child: verif/units/blokus_child_summary/tb_blokus_child_summary.py."""
from verif.units.common import run_unit


def test_blokus_child_summary():
    run_unit("blokus_child_summary")
