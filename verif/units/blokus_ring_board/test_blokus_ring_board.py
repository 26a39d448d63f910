"""Unit bench of the Monte-Carlo core's ring board: verif/units/blokus_ring_board/tb_blokus_ring_board.py."""
from verif.units.common import run_unit


def test_blokus_ring_board():
    run_unit("blokus_ring_board")
