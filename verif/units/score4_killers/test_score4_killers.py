"""Unit bench of the Score-4 killer registers: verif/units/score4_killers/tb_score4_killers.py."""
from verif.units.common import run_unit


def test_score4_killers():
    run_unit("score4_killers")
