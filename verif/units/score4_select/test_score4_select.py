"""Unit bench of hdl/score4/select.py: verif/units/score4_select/tb_score4_select.py."""
from verif.units.common import run_unit


def test_score4_select():
    run_unit("score4_select")
