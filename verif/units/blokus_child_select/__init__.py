"""Unit bench of hdl/blokus/child_select.py: verif/units/blokus_child_select/tb_blokus_child_select.py."""
