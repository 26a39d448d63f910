"""Unit bench of hdl/reversi/moves.py and flips.py: verif/units/reversi_rules/tb_reversi_rules.py."""
from verif.units.common import run_unit


def test_reversi_rules():
    run_unit("reversi_rules")
