"""Unit bench of the Blokus search's frames: verif/units/blokus_ply_stack/tb_blokus_ply_stack.py."""
from verif.units.common import run_unit


def test_blokus_ply_stack():
    run_unit("blokus_ply_stack")
