"""Unit bench of the Score-4 search's COMB step: verif/units/score4_combine/tb_score4_combine.py."""
from verif.units.common import run_unit


def test_score4_combine():
    run_unit("score4_combine")
