"""Unit bench of the Blokus engine's opponent's move check:
verif/units/blokus_move_check/tb_blokus_move_check.py."""
from verif.units.common import run_unit


def test_blokus_move_check():
    run_unit("blokus_move_check")
