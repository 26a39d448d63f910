"""Unit bench of hdl/blokus/local_cells.py: verif/units/blokus_local_cells/tb_blokus_local_cells.py."""
