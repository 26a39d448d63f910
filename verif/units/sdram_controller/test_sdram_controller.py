"""Unit bench of hdl/sdram_controller.py: verif/units/sdram_controller/tb_sdram_controller.py."""
from verif.units.common import run_unit


def test_sdram_controller():
    run_unit("sdram_controller")
