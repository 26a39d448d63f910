"""Unit bench of a playout's draw of one move: verif/units/blokus_policy_draw/tb_blokus_policy_draw.py."""
from verif.units.common import run_unit


def test_blokus_policy_draw():
    run_unit("blokus_policy_draw")
