"""Unit bench of hdl/blokus/topk.py: verif/units/blokus_topk/tb_blokus_topk.py."""
from verif.units.common import run_unit


def test_blokus_topk():
    run_unit("blokus_topk")
