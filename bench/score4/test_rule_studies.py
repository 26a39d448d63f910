"""bench/score4/replacement.py and win_step.py (study.rule_study): a tiny run
writes both tables; bad options stop with a message, not a traceback."""
import re

import pytest

from bench.score4 import replacement, win_step

STUDIES = [replacement, win_step]


@pytest.mark.parametrize("module", STUDIES, ids=lambda m: m.__name__.rsplit(".", 1)[1])
def test_tiny_run_writes_both_tables(module, tmp_path, capsys):
    out = tmp_path / "r.md"
    assert module.main(["--games", "2", "--budget", "3000", "--positions", "2",
                        "--seed", "7", "--jobs", "1", "--out", str(out)]) == 0
    text = out.read_text()
    for rule in module.RULES:
        assert re.search(r"\| %s \| 2 \| \d+\.\d\d \| \d+ \|" % rule, text), text
    both = re.search(r"\| \*\*both\*\* \| 2 \| (\d+)-(\d+)-(\d+) \|", text)
    assert both and sum(map(int, both.groups())) == 2, text
    assert "--seed 7" in text and "bench.score4.%s " % module.__name__.rsplit(".", 1)[1] in text


@pytest.mark.parametrize("module", STUDIES, ids=lambda m: m.__name__.rsplit(".", 1)[1])
@pytest.mark.parametrize("argv", [["--games", "3"], ["--games", "0"], ["--budget", "0"],
                                  ["--jobs", "0"], ["--positions", "0"]])
def test_bad_options_stop_with_a_message(module, argv, capsys):
    with pytest.raises(SystemExit) as e:
        module.main(argv)
    assert e.value.code == 2
    assert "error:" in capsys.readouterr().err
