"""Unit bench of hdl/reversi/evaluate.py: verif/units/reversi_evaluate/tb_reversi_evaluate.py."""
from verif.units.common import run_unit


def test_reversi_evaluate():
    run_unit("reversi_evaluate")
