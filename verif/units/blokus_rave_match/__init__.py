"""Unit bench of hdl/blokus/rave_match.py: verif/units/blokus_rave_match/tb_blokus_rave_match.py."""
