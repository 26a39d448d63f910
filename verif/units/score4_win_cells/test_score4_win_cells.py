"""Unit bench of the cells where a bead would win: verif/units/score4_win_cells/tb_score4_win_cells.py."""
from verif.units.common import run_unit


def test_score4_win_cells():
    run_unit("score4_win_cells")
