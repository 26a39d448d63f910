"""Unit bench of hdl/blokus/ring_board.py: verif/units/blokus_ring_board/tb_blokus_ring_board.py."""
