"""Unit bench of the children's hashes: verif/units/score4_child_hash/tb_score4_child_hash.py."""
from verif.units.common import run_unit


def test_score4_child_hash():
    run_unit("score4_child_hash")
