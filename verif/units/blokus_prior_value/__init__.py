"""Unit bench of hdl/blokus/prior_value.py: verif/units/blokus_prior_value/tb_blokus_prior_value.py."""
