"""Unit bench of hdl/blokus/uct_score.py: verif/units/blokus_uct_score/tb_blokus_uct_score.py."""
