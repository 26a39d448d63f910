"""Unit bench of hdl/blokus/window_check.py: verif/units/blokus_window_check/tb_blokus_window_check.py."""
