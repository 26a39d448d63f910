"""Unit bench of RAVE's test and weight: verif/units/blokus_rave_match/tb_blokus_rave_match.py."""
from verif.units.common import run_unit


def test_blokus_rave_match():
    run_unit("blokus_rave_match")
