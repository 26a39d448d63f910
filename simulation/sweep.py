"""The regression's random parts under many seeds (``make sim-seeds``).

    python -m simulation.sweep [--runs N | --seeds A,B,...] [--jobs J] [PATH ...]

A test that passes under one seed must pass under every seed. A run of
``make sim`` draws one seed (``simulation.seed``): every cocotb bench is
seeded with it (``simulation.runner`` passes it to cocotb, which seeds
``random``), and so is this sweep's hypothesis (``--hypothesis-seed``), so a
seed-dependent failure shows up in about one run in 1/p. This runs pytest on
PATH (default: the unit benches ``verif/units`` and the golden-model tests
``golden/tests``) once per seed, each run with ``SEED`` set, and prints a line
per seed, then the seeds that failed, with the tests that failed under each
and the command that replays them. Standard library only.

Exit status: 0 every seed passed, 1 a seed failed, 2 bad options.
"""
import argparse
import os
import random
import re
import subprocess
import sys
import time
from pathlib import Path

from simulation.seed import ENV_SEED

REPO = Path(__file__).resolve().parents[1]
DEFAULT_PATHS = ("verif/units", "golden/tests")
LOG_DIR = REPO / "build" / "sim-seeds"
FAILED_LINE = re.compile(r"^(?:FAILED|ERROR) (\S+)", re.M)
SUMMARY_LINE = re.compile(r"^=*\s*(\d+ (?:passed|failed|error|skipped).*? in [\d.]+s.*?)\s*=*$", re.M)


def parse_seeds(text):
    """'1,2,3' -> [1, 2, 3]; each a positive integer below 2**31."""
    seeds = []
    for part in text.split(","):
        part = part.strip()
        if not part.isdigit() or not 0 < int(part) < 2 ** 31:
            raise ValueError("%r is not a seed (a whole number from 1 to 2**31 - 1)" % part)
        seeds.append(int(part))
    return seeds


def draw_seeds(runs, rng=None):
    """`runs` distinct random seeds, as simulation.seed draws them."""
    rng = rng or random.SystemRandom()
    seeds = []
    while len(seeds) < runs:
        s = rng.randrange(1, 2 ** 31)
        if s not in seeds:
            seeds.append(s)
    return seeds


def pytest_command(paths, seed, jobs, python=sys.executable):
    """The pytest run of `paths` under `seed` (the environment sets SEED)."""
    cmd = [python, "-m", "pytest", "-q", "-p", "no:cacheprovider",
           "--hypothesis-seed=%d" % seed]
    if jobs > 0:
        cmd += ["-n", str(jobs)]
    return cmd + list(paths)


def failed_tests(output):
    """The node ids pytest's short summary (-ra) lists as FAILED or ERROR."""
    return sorted(set(FAILED_LINE.findall(output)))


def run_seed(paths, seed, jobs, log_dir):
    """Run pytest on `paths` under `seed`; (passed?, failed node ids, summary, log path)."""
    env = dict(os.environ, **{ENV_SEED: str(seed)})
    proc = subprocess.run(pytest_command(paths, seed, jobs), cwd=str(REPO), env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True)
    log = log_dir / ("seed-%d.log" % seed)
    log.write_text(proc.stdout)
    summary = SUMMARY_LINE.findall(proc.stdout)
    summary = summary[-1] if summary else "pytest exit status %d" % proc.returncode
    failed = failed_tests(proc.stdout)
    if proc.returncode != 0 and not failed:
        failed = ["(pytest exit status %d: see the log)" % proc.returncode]
    return proc.returncode == 0, failed, summary, log


def options():
    p = argparse.ArgumentParser(
        prog="python -m simulation.sweep",
        description="Run the unit benches and golden tests under many seeds and print "
                    "the seeds that failed (make sim-seeds).")
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="test folders or files to run (default: %s)" % " ".join(DEFAULT_PATHS))
    p.add_argument("--runs", "-N", type=int, default=20, metavar="N",
                   help="how many random seeds (default 20)")
    p.add_argument("--seeds", metavar="A,B,...",
                   help="these seeds instead of random ones (e.g. to replay failed ones)")
    p.add_argument("--jobs", "-j", type=int, default=2, metavar="J",
                   help="pytest-xdist workers per run (default 2; 0: no xdist)")
    p.add_argument("--log-dir", default=str(LOG_DIR), metavar="DIR",
                   help="where each seed's pytest output goes (default build/sim-seeds)")
    return p


def main(argv=None):
    parser = options()
    args = parser.parse_args(argv)
    try:
        if args.seeds:
            seeds = parse_seeds(args.seeds)
        elif args.runs < 1:
            raise ValueError("--runs must be 1 or more, not %d" % args.runs)
        else:
            seeds = draw_seeds(args.runs)
        if args.jobs < 0:
            raise ValueError("--jobs must be 0 or more, not %d" % args.jobs)
        paths = args.paths or list(DEFAULT_PATHS)
        missing = [p for p in paths if not (REPO / p.split("::")[0]).exists()]
        if missing:
            raise ValueError("no such test path: %s" % ", ".join(missing))
    except ValueError as e:
        parser.exit(2, "error: %s\n" % e)
    log_dir = Path(args.log_dir)
    log_dir.mkdir(parents=True, exist_ok=True)

    print("sim-seeds: %s under %d seed(s), logs in %s" % (" ".join(paths), len(seeds), log_dir))
    failures = {}
    start = time.time()
    for k, seed in enumerate(seeds, 1):
        t0 = time.time()
        ok, failed, summary, log = run_seed(paths, seed, args.jobs, log_dir)
        print("[%d/%d] seed %d: %s: %s (%.0f s)" % (k, len(seeds), seed, "ok" if ok else "FAILED",
                                                   summary, time.time() - t0), flush=True)
        if not ok:
            failures[seed] = (failed, log)
            for test in failed:
                print("    %s" % test, flush=True)
    print("sim-seeds: %d seed(s) in %.0f s, %d failed" % (len(seeds), time.time() - start,
                                                          len(failures)))
    if failures:
        print("failed seeds: %s" % ",".join(str(s) for s in failures))
        for seed, (failed, log) in failures.items():
            print("  seed %d: %s\n    replay: SEED=%d .venv/bin/python -m pytest %s "
                  "--hypothesis-seed=%d   (log: %s)"
                  % (seed, ", ".join(failed), seed, " ".join(paths), seed, log))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
