"""hdl.build: the command line, determinism, and lint-clean Verilog."""
import filecmp
import json
import os
import shutil
import subprocess
import sys

import pytest

from hdl import build, configs
from hdl.blokus.mcts_engine import mcts_worst_case_cycles

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def cli(*args):
    return subprocess.run([sys.executable, "-m", "hdl.build"] + list(args), cwd=REPO,
                          capture_output=True, text=True)


def test_print_config_is_json_and_writes_nothing(tmp_path):
    out = tmp_path / "v"
    r = cli("--core", "uart_echo", "--baud", "9600", "--out", str(out), "--print-config")
    assert r.returncode == 0, r.stderr
    cfg = json.loads(r.stdout)
    assert cfg["divisor"] == 5208 and cfg["clk_hz"] == 50000000 and cfg["baud"] == 9600
    assert not out.exists()


@pytest.mark.parametrize("args,message", [
    (["--core", "uart_echo", "--clk-hz", "1000000", "--baud", "115200"], "too slow"),
    (["--core", "uart_echo", "--budget", "5"], "takes no --budget"),
    (["--config", "no_such_config"], "unknown configuration"),
    (["--core", "blokus", "--team", "a b"], "two ASCII letters or digits"),
    (["--core", "blokus", "--budget", "0"], "budget must be in 1..33554431"),
    (["--core", "blokus_mcts", "--budget", "0"], "budget must be in 1..67108863"),
    (["--core", "score4", "--team", "AB"], "blokus core only"),
    (["--core", "uart_echo", "--out", "/proc/nope"], "cannot write into --out /proc/nope"),
    (["--core", "uart_echo", "--out", "README.md"], "--out README.md is a file, not a folder"),
])
def test_bad_settings_give_one_clear_line(args, message):
    r = cli(*args)
    assert r.returncode == 2
    assert message in r.stderr and "Traceback" not in r.stderr


def test_unknown_core_is_one_line_that_points_to_the_list():
    r = cli("--core", "tetris")
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("error: unknown unit 'tetris'")
    assert "--list" in r.stderr and "score4_search" not in r.stderr   # no unit catalogue


def test_list_names_every_unit_once_cores_first():
    r = cli("--list")
    assert r.returncode == 0, r.stderr
    names = r.stdout.split()
    assert sorted(names) == sorted(build.UNITS) and tuple(names[:len(build.CORES)]) == build.CORES


def test_list_into_a_reader_that_stops_early_gives_no_traceback():
    """`--list | head`: the reader closes the pipe before the list is
    written (here at once, while the command still imports)."""
    proc = subprocess.Popen([sys.executable, "-m", "hdl.build", "--list"], cwd=REPO,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 0 and "Traceback" not in err, err


def test_blokus_mcts_print_config_has_its_bound():
    """The Monte-Carlo core's budget is in cycles, its bound the engine's."""
    r = cli("--core", "blokus_mcts", "--print-config")
    assert r.returncode == 0, r.stderr
    cfg = json.loads(r.stdout)
    assert cfg["worst_case_cycles"] == mcts_worst_case_cycles(cfg["budget"]), cfg
    assert cfg["worst_case_seconds"] <= 0.8 and cfg["team"] == "01", cfg


def test_blokus_print_config_has_team_budget_and_bound():
    r = cli("--core", "blokus", "--team", "Zq", "--print-config")
    assert r.returncode == 0, r.stderr
    cfg = json.loads(r.stdout)
    assert cfg["team"] == "Zq" and cfg["baud"] == 115200 and cfg["budget"] == 19999741
    assert cfg["worst_case_seconds"] <= 0.8 * cfg["time_limit_seconds"]


def test_help_lists_every_option():
    r = cli("--help")
    assert r.returncode == 0
    for opt in ("--core", "--clk-hz", "--baud", "--budget", "--team", "--out", "--print-config"):
        assert opt in r.stdout


def test_import_writes_nothing(tmp_path):
    code = "import hdl, hdl.build, hdl.uart_rx, hdl.uart_tx, hdl.uart_echo, hdl.byte_fifo"
    r = subprocess.run([sys.executable, "-c", code], cwd=str(tmp_path), capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert os.listdir(str(tmp_path)) == []


def one_config_per_unit():
    """{unit: configuration name}: the unit's `_fast` configuration where it
    has one (the one the testbenches simulate), else its first by name."""
    chosen = {}
    for name, cfg in sorted(configs.CONFIGS.items()):
        if cfg.unit not in chosen or name.endswith("_fast"):
            chosen[cfg.unit] = name
    return chosen


@pytest.fixture(scope="module")
def verilog(tmp_path_factory):
    """One named configuration of every unit (the units' Verilog differs between
    configurations only in constants), through the conversion cache: the
    testbenches convert the same configurations, so under pytest -n the cores
    are converted once for both (about two minutes of CPU saved)."""
    out = {}
    for unit, name in sorted(one_config_per_unit().items()):
        d = tmp_path_factory.mktemp(name)
        out[name], _ = build.convert_cached(configs.get(name), str(d))
    return out


def test_one_config_per_unit_prefers_the_simulated_one():
    chosen = one_config_per_unit()
    assert sorted(chosen) == sorted({cfg.unit for cfg in configs.CONFIGS.values()})
    assert chosen["blokus"] == "blokus_fast" and chosen["uart_echo"] == "uart_fast"


def test_deterministic_and_no_date(verilog, tmp_path):
    """A fresh conversion in this process equals the one the cache holds (made
    by this fixture or by a testbench in another process)."""
    name = one_config_per_unit()["blokus"]
    again = build.convert(configs.get(name), str(tmp_path))
    cached = {os.path.basename(p): p for p in verilog[name]}
    assert sorted(cached) == sorted(os.path.basename(p) for p in again)
    for b in again:
        a = cached[os.path.basename(b)]
        assert filecmp.cmp(a, b, shallow=False), "two conversions of %s differ" % name
        text = open(a).read()
        assert "Generated by MyHDL" not in text and "Date:" not in text


def test_quick_frame_records_change_no_byte(verilog, tmp_path):
    """build._convert_here names MyHDL's blocks from cheap frame records
    (_quick_frame_records); MyHDL's own inspect.stack() must give the same
    Verilog. In a child process: MyHDL keeps the names it gave in a global."""
    name = one_config_per_unit()["reversi_search"]
    code = ("import sys; from hdl import build, configs; "
            "build._convert_here(configs.get(sys.argv[1]), sys.argv[2], quick=False)")
    r = subprocess.run([sys.executable, "-c", code, name, str(tmp_path)], cwd=REPO,
                       env=dict(os.environ, PYTHONHASHSEED="0"), capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    for path in verilog[name]:
        slow = tmp_path / os.path.basename(path)
        assert filecmp.cmp(path, str(slow), shallow=False), \
            "%s: MyHDL's own frame records give other Verilog" % os.path.basename(path)


def test_iverilog_2005_clean(verilog, tmp_path):
    for name, paths in verilog.items():
        for path in paths:
            r = subprocess.run(["iverilog", "-g2005", "-Wall", "-o", str(tmp_path / "a.out"), path],
                               capture_output=True, text=True)
            assert r.returncode == 0 and not r.stderr.strip(), "%s: %s" % (path, r.stderr)


def lint(path):
    return subprocess.run(["verilator", "--lint-only", "-Wall", path], capture_output=True,
                          text=True)


def test_verilator_lint_clean(verilog):
    for name, paths in verilog.items():
        if configs.get(name).unit in build.LINT_DEBT:
            continue
        for path in paths:
            r = lint(path)
            assert r.returncode == 0 and not r.stderr.strip(), "%s: %s" % (path, r.stderr)


def test_lint_debt_does_not_grow(verilog):
    """The units of hdl.build.LINT_DEBT have at most their recorded warnings
    (and some: a unit that became clean must leave the table). The DE2 top
    level is linted: it holds the whole core (CORE_top inside it)."""
    for name, paths in verilog.items():
        unit = configs.get(name).unit
        if unit not in build.LINT_DEBT:
            continue
        whole = [p for p in paths if p.endswith("_de2.v")] or paths
        warnings = sum(lint(path).stderr.count("%Warning-") for path in whole)
        assert 0 < warnings <= build.LINT_DEBT[unit], (
            "%s: %d Verilator -Wall warnings, the table allows %d%s" % (
                name, warnings, build.LINT_DEBT[unit],
                " (it is clean: take it out of LINT_DEBT)" if warnings == 0 else ""))


def test_failed_conversion_leaves_no_file(tmp_path, monkeypatch):
    def broken(cfg):
        raise RuntimeError("boom")
    monkeypatch.setitem(build.UNITS, "uart_echo", (broken, 115200, False))
    monkeypatch.setenv("PYTHONHASHSEED", "0")
    with pytest.raises(RuntimeError):
        build.convert(configs.get("uart_fast"), str(tmp_path / "out"))
    assert not (tmp_path / "out").exists() or os.listdir(str(tmp_path / "out")) == []


def test_conversion_cache_converts_once_per_input(tmp_path, monkeypatch):
    """convert_cached converts on the first call, copies on the next, and keys
    the cache by the configuration (and the sources: source_key)."""
    monkeypatch.setattr(build, "CACHE_ROOT", str(tmp_path / "cache"))
    cfg = configs.get("uart_fast")
    first, fresh1 = build.convert_cached(cfg, str(tmp_path / "a"))
    again, fresh2 = build.convert_cached(cfg, str(tmp_path / "b"))
    assert (fresh1, fresh2) == (True, False)
    assert [os.path.basename(p) for p in first] == [os.path.basename(p) for p in again]
    for a, b in zip(first, again):
        assert filecmp.cmp(a, b, shallow=False)
    other = configs.get("uart_9600_50m")
    assert build.source_key(other) != build.source_key(cfg)
    _, fresh3 = build.convert_cached(other, str(tmp_path / "c"))
    assert fresh3, "another configuration must not come from the first one's cache entry"


def test_source_key_follows_the_sources(tmp_path, monkeypatch):
    cfg = configs.get("uart_fast")
    key = build.source_key(cfg)
    fake = tmp_path / "repo"
    for folder in ("hdl", "golden"):
        shutil.copytree(os.path.join(REPO, folder), str(fake / folder),
                        ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(build, "REPO", str(fake))
    assert build.source_key(cfg) == key
    with open(str(fake / "hdl" / "uart_tx.py"), "a") as fh:
        fh.write("# changed\n")
    assert build.source_key(cfg) != key
    key2 = build.source_key(cfg)
    # a table the RTL is built from: the opening book's ROM (a new book once
    # left the last book's Verilog in the cache)
    with open(str(fake / "golden" / "score4" / "book.json"), "a") as fh:
        fh.write("\n")
    assert build.source_key(cfg) != key2
