"""Unit bench of hdl/blokus/parser.py: verif/units/blokus_parser/tb_blokus_parser.py."""
from verif.units.common import run_unit


def test_blokus_parser():
    run_unit("blokus_parser")
