"""Unit bench of the Score-4 search's frame stack: verif/units/score4_frame_stack/tb_score4_frame_stack.py."""
from verif.units.common import run_unit


def test_score4_frame_stack():
    run_unit("score4_frame_stack")
