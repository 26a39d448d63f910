"""Unit bench of the Score-4 search's node: verif/units/score4_position/tb_score4_position.py."""
from verif.units.common import run_unit


def test_score4_position():
    run_unit("score4_position")
