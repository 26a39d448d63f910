"""Unit bench of the Score-4 search's step w: verif/units/score4_win_now/tb_score4_win_now.py."""
from verif.units.common import run_unit


def test_score4_win_now():
    run_unit("score4_win_now")
