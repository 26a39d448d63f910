"""Blokus Duo regression: the core's protocol testbench (32 clocks per bit) at
budget 2 and at budget 1, a thinking configuration (budget 40) for games, a
game at budget 150 whose late moves reach phase 2 of the search (finished,
cut, or ended by the budget inside it), games at the default budget (every
search runs in full), one whole game at the real 50 MHz / 115200
configuration, and the DE2 top."""
import pytest

from simulation import runner


@pytest.mark.parametrize("config,tests", [
    ("blokus_full", ["BlokusGames", "BlokusCoreAll21"]),      # the longest: first
    ("blokus_fast", ["BlokusGames", "BlokusCorners", "BlokusOpponentAll21",
                     "BlokusHostFast", "BlokusHostSlow"]),
    ("blokus_budget1", ["BlokusGames", "BlokusCorners"]),
    ("blokus_think", ["BlokusGames"]),
    ("blokus_deep", ["BlokusDeep"]),
])
def test_core(config, tests):
    runner.run(config, "verif.blokus.tb_blokus", testcase=tests)


def test_de2_board():
    runner.run("blokus_fast", "verif.blokus.tb_de2", toplevel="blokus_de2")


def test_core_real_clock():
    """One whole game at 50 MHz and 115200 baud (about 600 k cycles, ~30 s)."""
    runner.run("blokus_50m", "verif.blokus.tb_blokus", testcase=["BlokusOneGame"])
