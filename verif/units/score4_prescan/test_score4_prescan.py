"""Unit bench of the Score-4 search's pre-scan: verif/units/score4_prescan/tb_score4_prescan.py."""
from verif.units.common import run_unit


def test_score4_prescan():
    run_unit("score4_prescan")
