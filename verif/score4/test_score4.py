"""Score-4 regression: the search engine unit, and the core's protocol testbench
(32 clocks per bit) at budget 300 and at budget 1. Budget 1 plays the games and
protocol corners only: its games never reach a full-board draw."""
import pytest

from verif import runner


def test_search_engine():
    runner.run("score4_search", "verif.score4.tb_search")


@pytest.mark.parametrize("config,tests", [
    ("score4_fast", None),
    ("score4_budget1", ["Score4Games", "Score4Corners"]),
])
def test_core(config, tests):
    runner.run(config, "verif.score4.tb_score4", testcase=tests)
