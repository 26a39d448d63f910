"""The Score-4 default budget, the timing bound and the build's budget checks."""
import json
import subprocess
import sys

from golden.score4.search import DEFAULT_BUDGET, MAX_BUDGET
from hdl.configs import DEFAULT_CLK_HZ
from hdl.score4 import TARGET_S, largest_budget, worst_case_cycles


def test_default_budget_is_the_largest_within_the_target():
    assert DEFAULT_BUDGET == largest_budget(DEFAULT_CLK_HZ, TARGET_S)
    assert worst_case_cycles(DEFAULT_BUDGET) <= TARGET_S * DEFAULT_CLK_HZ
    assert worst_case_cycles(DEFAULT_BUDGET + 1) > TARGET_S * DEFAULT_CLK_HZ
    assert DEFAULT_BUDGET <= MAX_BUDGET


def build(*args):
    return subprocess.run([sys.executable, "-m", "hdl.build", "--core", "score4"] + list(args),
                          capture_output=True, text=True)


def test_print_config_reports_budget_and_worst_case():
    r = build("--print-config")
    assert r.returncode == 0, r.stderr
    cfg = json.loads(r.stdout)
    assert cfg["budget"] == DEFAULT_BUDGET and cfg["baud"] == 9600
    assert cfg["worst_case_cycles"] == worst_case_cycles(DEFAULT_BUDGET)
    assert cfg["worst_case_seconds"] <= TARGET_S


def test_budget_out_of_range_is_refused():
    for bad in ("0", str(MAX_BUDGET + 1)):
        r = build("--budget", bad, "--print-config")
        assert r.returncode == 2 and "budget must be between 1 and" in r.stderr
        assert "Traceback" not in r.stderr


def test_budget_over_the_time_limit_warns():
    r = build("--budget", "5", "--clk-hz", "307200", "--print-config")
    assert r.returncode == 0 and "warning" not in r.stderr
    r = build("--budget", str(MAX_BUDGET), "--print-config")
    assert r.returncode == 0 and "over the 10 s limit" in r.stderr
