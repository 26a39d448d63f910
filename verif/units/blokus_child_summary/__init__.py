"""Unit bench of hdl/blokus/child_summary.py: verif/units/blokus_child_summary/tb_blokus_child_summary.py."""
