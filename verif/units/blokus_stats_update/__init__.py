"""Unit bench of hdl/blokus/stats_update.py: verif/units/blokus_stats_update/tb_blokus_stats_update.py."""
