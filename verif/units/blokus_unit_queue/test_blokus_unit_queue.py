"""Unit bench of the tree unit's service order: verif/units/blokus_unit_queue/tb_blokus_unit_queue.py."""
from verif.units.common import run_unit


def test_blokus_unit_queue():
    run_unit("blokus_unit_queue")
