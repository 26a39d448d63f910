"""Unit bench of hdl/blokus/mcts_search.py: verif/units/blokus_mcts_search/tb_blokus_mcts_search.py."""
