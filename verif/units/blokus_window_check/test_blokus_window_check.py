"""Unit bench of a move checked on the ring board's window: verif/units/blokus_window_check/tb_blokus_window_check.py."""
from verif.units.common import run_unit


def test_blokus_window_check():
    run_unit("blokus_window_check")
