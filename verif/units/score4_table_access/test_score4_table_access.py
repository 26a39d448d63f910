"""Unit bench of the Score-4 search's table use: verif/units/score4_table_access/tb_score4_table_access.py."""
from verif.units.common import run_unit


def test_score4_table_access():
    run_unit("score4_table_access")
