"""Unit bench of hdl/reversi/parser.py: verif/units/reversi_parser/tb_reversi_parser.py."""
from verif.units.common import run_unit


def test_reversi_parser():
    run_unit("reversi_parser")
