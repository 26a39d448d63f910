"""Unit bench of hdl/blokus/unit_port.py: verif/units/blokus_unit_port/tb_blokus_unit_port.py."""
