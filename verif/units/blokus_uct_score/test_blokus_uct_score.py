"""Unit bench of a child's selection value: verif/units/blokus_uct_score/tb_blokus_uct_score.py."""
from verif.units.common import run_unit


def test_blokus_uct_score():
    run_unit("blokus_uct_score")
