"""Unit bench of an expansion's scan: verif/units/blokus_expand_scan/tb_blokus_expand_scan.py."""
from verif.units.common import run_unit


def test_blokus_expand_scan():
    run_unit("blokus_expand_scan")
