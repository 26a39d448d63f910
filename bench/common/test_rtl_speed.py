"""The options both RTL speed benchmarks share, checked before any simulation."""
import pytest

from bench.blokus import speed as blokus_speed
from bench.common.rtl_speed import parse_budgets
from bench.score4 import speed as score4_speed


@pytest.mark.parametrize("speed, argv, message", [
    (score4_speed, ["--budgets", "1000,0"], "--budgets takes integers in 1..268435455"),
    (score4_speed, ["--default-runs", "-1"], "--default-runs must be at least 0"),
    (score4_speed, ["--positions", "0"], "--positions must be at least 1"),
    (blokus_speed, ["--budgets", "x"], "--budgets takes integers in 1..33554431"),
    (blokus_speed, ["--budgets", "5,33554432"], "--budgets takes integers in 1..33554431"),
    (blokus_speed, ["--games", "0"], "--games must be at least 1"),
    (blokus_speed, ["--default-runs", "-1"], "--default-runs must be at least 0"),
    (blokus_speed, ["--out", "/proc/version/x.md"], "cannot write /proc/version/x.md"),
])
def test_bad_options_stop_before_the_simulation(speed, argv, message, capsys):
    with pytest.raises(SystemExit) as e:
        speed.parse_args(argv)
    assert e.value.code == 2 and message in capsys.readouterr().err


def test_budgets():
    assert parse_budgets("1, 10,,100", 100) == [1, 10, 100]
    for bad in ("", "0", "101", "1,x"):
        with pytest.raises(ValueError, match="integers in 1..100"):
            parse_budgets(bad, 100)


def test_the_default_budget_is_measured_apart(tmp_path):
    args = blokus_speed.parse_args(["--budgets", "10,1,10", "--out", str(tmp_path / "s.md")])
    assert args.budgets == [1, 10] and args.default_runs == 4


def test_the_default_budget_is_not_a_budget_of_every_position(capsys):
    with pytest.raises(SystemExit) as e:
        blokus_speed.parse_args(["--budgets", "1,%d" % blokus_speed.DEFAULT_BUDGET])
    assert e.value.code == 2 and "--default-runs" in capsys.readouterr().err
