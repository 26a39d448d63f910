"""bench/score4/warm_table.py: a tiny run writes its W-D-L and depth tables;
bad options stop with a message (bench/score4/study.py checks them)."""
import re

import pytest

from bench.score4 import warm_table


def test_tiny_run_writes_its_tables(tmp_path):
    out = tmp_path / "w.md"
    assert warm_table.main(["--games", "2", "--budget", "3000", "--seed", "7", "--jobs", "1",
                            "--out", str(out)]) == 0
    text = out.read_text()
    both = re.search(r"\| \*\*both\*\* \| 2 \| (\d+) \| (\d+) \| (\d+) \|", text)
    assert both and sum(map(int, both.groups())) == 2, text
    assert re.search(r"\| warm \| [\d.]+ \(\d+\) \|", text), text
    assert "--seed 7" in text


@pytest.mark.parametrize("argv", [["--games", "3"], ["--budget", "0"], ["--jobs", "0"]])
def test_bad_options_stop_with_a_message(argv, capsys):
    with pytest.raises(SystemExit) as e:
        warm_table.main(argv)
    assert e.value.code == 2
    assert "error:" in capsys.readouterr().err
