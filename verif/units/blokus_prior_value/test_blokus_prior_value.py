"""Unit bench of a new child's prior value: verif/units/blokus_prior_value/tb_blokus_prior_value.py."""
from verif.units.common import run_unit


def test_blokus_prior_value():
    run_unit("blokus_prior_value")
