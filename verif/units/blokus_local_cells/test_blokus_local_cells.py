"""Unit bench of a playout's local cells: verif/units/blokus_local_cells/tb_blokus_local_cells.py."""
from verif.units.common import run_unit


def test_blokus_local_cells():
    run_unit("blokus_local_cells")
