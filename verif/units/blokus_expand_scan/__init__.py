"""Unit bench of hdl/blokus/expand_scan.py: verif/units/blokus_expand_scan/tb_blokus_expand_scan.py."""
