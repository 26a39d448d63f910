"""Unit bench of the expansion's prior heuristic: verif/units/blokus_prior_score/tb_blokus_prior_score.py."""
from verif.units.common import run_unit


def test_blokus_prior_score():
    run_unit("blokus_prior_score")
