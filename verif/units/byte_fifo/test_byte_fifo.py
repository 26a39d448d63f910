"""Unit bench of hdl/byte_fifo.py: verif/units/byte_fifo/tb_byte_fifo.py."""
from verif.units.common import run_unit


def test_byte_fifo():
    run_unit("byte_fifo")
