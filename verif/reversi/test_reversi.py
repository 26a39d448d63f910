"""Reversi regression: the search engine (verif/reversi/tb_search.py)."""
from hdl import build
from simulation import runner


def test_search_engine():
    runner.run_config(build.make_config("reversi_search"), "verif.reversi.tb_search",
                      "reversi_search")
