"""Reversi regression: the search engine alone (verif/reversi/tb_search.py) and
the player core's protocol testbench (verif/reversi/tb_reversi.py, 32 clocks
per bit, budget 300)."""
from simulation import runner


def test_search_engine():
    runner.run("reversi_search", "verif.reversi.tb_search")


def test_core():
    runner.run("reversi_fast", "verif.reversi.tb_reversi",
               testcase=["ReversiCorners", "ReversiCells", "ReversiPositions", "ReversiGames", "ReversiHostFast",
                         "ReversiHostSlow"])


def test_core_of_a_smaller_build():
    """Built for boards up to 6 x 6 (max_size): it plays those and counts the
    larger ones unsupported, as golden's session with that max_size (the
    positions' sizes go to 8 x 8; the protocol's corners are the 8 x 8
    build's, in test_core)."""
    runner.run("reversi_max6", "verif.reversi.tb_reversi", testcase=["ReversiPositions"])


def test_de2_board():
    runner.run("reversi_fast", "verif.reversi.tb_de2", toplevel="reversi_de2")
