"""Unit bench of a tree node's statistics update: verif/units/blokus_stats_update/tb_blokus_stats_update.py."""
from verif.units.common import run_unit


def test_blokus_stats_update():
    run_unit("blokus_stats_update")
