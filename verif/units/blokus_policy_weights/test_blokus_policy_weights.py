"""Unit bench of a playout step's weight sums: verif/units/blokus_policy_weights/tb_blokus_policy_weights.py."""
from verif.units.common import run_unit


def test_blokus_policy_weights():
    run_unit("blokus_policy_weights")
