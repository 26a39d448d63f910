"""Unit bench of hdl/blokus/policy_weights.py: verif/units/blokus_policy_weights/tb_blokus_policy_weights.py."""
