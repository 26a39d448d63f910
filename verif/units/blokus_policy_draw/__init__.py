"""Unit bench of hdl/blokus/policy_draw.py: verif/units/blokus_policy_draw/tb_blokus_policy_draw.py."""
