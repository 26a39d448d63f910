"""Unit bench of hdl/blokus/prior_score.py: verif/units/blokus_prior_score/tb_blokus_prior_score.py."""
