"""Unit bench of hdl/blokus/board.py: verif/units/blokus_board/tb_blokus_board.py."""
from verif.units.common import run_unit


def test_blokus_board():
    run_unit("blokus_board")
