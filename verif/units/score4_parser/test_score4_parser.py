"""Unit bench of hdl/score4/parser.py: verif/units/score4_parser/tb_score4_parser.py."""
from verif.units.common import run_unit


def test_score4_parser():
    run_unit("score4_parser")
