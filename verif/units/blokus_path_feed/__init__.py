"""Unit bench of hdl/blokus/path_feed.py: verif/units/blokus_path_feed/tb_blokus_path_feed.py."""
