"""Unit bench of a playout unit's path feed: verif/units/blokus_path_feed/tb_blokus_path_feed.py."""
from verif.units.common import run_unit


def test_blokus_path_feed():
    run_unit("blokus_path_feed")
