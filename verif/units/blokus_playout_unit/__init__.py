"""Unit bench of hdl/blokus/playout_unit.py: verif/units/blokus_playout_unit/tb_blokus_playout_unit.py."""
