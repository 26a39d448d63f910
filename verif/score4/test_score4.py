"""Score-4 regression: the search engine unit, and the core's protocol testbench
(32 clocks per bit) at budget 300 and at budget 1. Budget 1 plays the games
only (the protocol's corners are the same at every budget): its games never
reach a full-board draw."""
import pytest

from simulation import runner


def test_search_engine():
    runner.run("score4_search", "verif.score4.tb_search")


@pytest.mark.parametrize("config,tests", [
    ("score4_fast", ["Score4Games", "Score4Draws", "Score4Corners", "Score4HostFast",
                     "Score4HostSlow", "Score4BookExits"]),
    ("score4_budget1", ["Score4Games"]),
    ("score4_think", ["Score4Flood"]),
])
def test_core(config, tests):
    runner.run(config, "verif.score4.tb_score4", testcase=tests)


def test_de2_board():
    runner.run("score4_fast", "verif.score4.tb_de2", toplevel="score4_de2")


@pytest.mark.slow
def test_core_real_clock():
    """One whole game at 50 MHz and 9600 baud (about 5 M cycles): make sim-long."""
    runner.run("score4_50m", "verif.score4.tb_score4", testcase=["Score4OneGame"])


@pytest.mark.slow
def test_search_engine_every_book_position():
    """Every position of the opening book (1,007, all images) answered by the
    search engine as golden answers it (about 5 minutes): make sim-long."""
    runner.run("score4_search", "verif.score4.tb_search", testcase=["book_roots"],
               extra_env={"SCORE4_BOOK_ALL": "1"})

