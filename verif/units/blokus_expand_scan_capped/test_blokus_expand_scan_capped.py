"""Unit bench of the capped expansion scan: verif/units/blokus_expand_scan_capped/tb_blokus_expand_scan_capped.py."""
from verif.units.common import run_unit


def test_blokus_expand_scan_capped():
    run_unit("blokus_expand_scan_capped")
