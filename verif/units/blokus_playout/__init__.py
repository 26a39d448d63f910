"""Unit bench of hdl/blokus/playout.py: verif/units/blokus_playout/tb_blokus_playout.py."""
