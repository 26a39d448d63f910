"""Unit bench of hdl/blokus/root_clear.py: verif/units/blokus_root_clear/tb_blokus_root_clear.py."""
