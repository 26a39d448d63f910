"""Unit bench of the Blokus search's kept-move RAM:
verif/units/blokus_kept_store/tb_blokus_kept_store.py."""
from verif.units.common import run_unit


def test_blokus_kept_store():
    run_unit("blokus_kept_store")
