"""Unit bench of hdl/blokus/unit_queue.py: verif/units/blokus_unit_queue/tb_blokus_unit_queue.py."""
