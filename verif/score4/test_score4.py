"""Score-4 regression: the search engine unit against the golden search."""
from verif import runner


def test_search_engine():
    runner.run("score4_search", "verif.score4.tb_search")
