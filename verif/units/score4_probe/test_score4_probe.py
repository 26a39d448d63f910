"""Unit bench of the Score-4 table's probe logic: verif/units/score4_probe/tb_score4_probe.py."""
from verif.units.common import run_unit


def test_score4_probe():
    run_unit("score4_probe")
