"""Reversi regression: the search engine alone (verif/reversi/tb_search.py) and
the player core's protocol testbench (verif/reversi/tb_reversi.py, 32 clocks
per bit, budget 300)."""
from hdl import build
from simulation import runner


def test_search_engine():
    runner.run_config(build.make_config("reversi_search"), "verif.reversi.tb_search",
                      "reversi_search")


def test_core():
    runner.run("reversi_fast", "verif.reversi.tb_reversi",
               testcase=["ReversiCorners", "ReversiPositions", "ReversiGames", "ReversiHostFast",
                         "ReversiHostSlow"])


def test_de2_board():
    runner.run("reversi_fast", "verif.reversi.tb_de2", toplevel="reversi_de2")
