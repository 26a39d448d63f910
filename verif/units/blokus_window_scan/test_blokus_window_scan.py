"""Unit bench of the Blokus move generator:
verif/units/blokus_window_scan/tb_blokus_window_scan.py."""
from verif.units.common import run_unit


def test_blokus_window_scan():
    run_unit("blokus_window_scan")
