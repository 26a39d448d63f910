"""Unit bench of the Score-4 search's move generation: verif/units/score4_next_move/tb_score4_next_move.py."""
from verif.units.common import run_unit


def test_score4_next_move():
    run_unit("score4_next_move")
