"""Score-4 speed benchmark on the RTL: cycles per move and per node.

    python -m bench.score4.speed [--budgets 1000,10000,100000,1000000]
                                 [--positions 24] [--default-runs 2]
                                 [--out bench/results/score4-speed.md]

Runs the search engine RTL (Verilator --binary, bench/score4/rtl_search.py)
on a fixed set of positions from real games (bench/score4/positions.py) at
each budget, checks every result against the golden search (the compiled
mirror for budgets the Python model is too slow for, when it is available),
and writes a Markdown table: cycles per move (median, worst), cycles per node,
nodes per second at 50 MHz, and the worst-case answer time. Then the default
budget: the bound FIXED_CYCLES + CYCLES_PER_NODE * budget and real runs of the
RTL at that budget on the positions that search longest.
"""
import argparse
import os
import statistics
import sys

from bench.common.rtl_speed import CLK_HZ, check_options, simulate, write_report
from bench.score4 import mirror
from bench.score4.positions import positions
from golden.score4.board import Position
from golden.score4.search import DEFAULT_BUDGET, MAX_BUDGET, search
from hdl.score4 import CYCLES_PER_NODE, FIXED_CYCLES, worst_case_cycles

PYTHON_CHECK_LIMIT = 200000     # nodes per position the Python model checks in reasonable time


def reference(mine, theirs, budget):
    """The golden result, from the Python model or, for large budgets, the mirror."""
    if budget <= PYTHON_CHECK_LIMIT:
        r = search(Position(mine, theirs), budget)
        return "golden", (r.move, r.nodes, r.depth)
    try:
        m = mirror.search(mine, theirs, budget)
    except mirror.MirrorBuildError:                 # no C compiler: left unchecked
        return None, None
    return "mirror", (m[0], m[1], m[2])


def check(jobs, results):
    checked = {"golden": 0, "mirror": 0}
    for (mine, theirs, budget), r in zip(jobs, results):
        how, want = reference(mine, theirs, budget)
        if how is None:
            continue
        got = (r["move"] if r["reason"] != "full" else None, r["nodes"], r["depth"])
        if got != want:
            raise SystemExit("error: RTL and %s disagree for mine=%#x theirs=%#x budget=%d: %r vs %r"
                             % (how, mine, theirs, budget, got, want))
        checked[how] += 1
    return checked


def run(jobs, label):
    from bench.score4.rtl_search import run_jobs
    return simulate(run_jobs, jobs, label, "move")


def checked_text(checked):
    return ", ".join("%d %s" % (v, k) for k, v in checked.items() if v)


def parse_args(argv):
    p = argparse.ArgumentParser(prog="python -m bench.score4.speed", description=__doc__.split("\n\n")[0])
    p.add_argument("--budgets", default="1000,10000,100000,1000000",
                   help="comma-separated budgets (default 1000,10000,100000,1000000)")
    p.add_argument("--positions", type=int, default=24, help="positions from real games (default 24)")
    p.add_argument("--default-runs", type=int, default=2,
                   help="RTL runs at the default budget (about 4 minutes each; 0 skips)")
    p.add_argument("--out", default=os.path.join("bench", "results", "score4-speed.md"))
    args = p.parse_args(argv)
    check_options(p, args, MAX_BUDGET, {"positions": 1, "default_runs": 0})
    return args


def budget_rows(pos, budgets):
    """One table row per budget: the RTL on every position, checked."""
    rows = []
    for budget in budgets:
        jobs = [(q.mine, q.theirs, budget) for q in pos]
        res = run(jobs, "budget %d" % budget)
        checked = check(jobs, res)
        cycles = [r["cycles"] for r in res]
        nodes = [r["nodes"] for r in res]
        cpn = [r["cycles"] / float(r["nodes"]) for r in res if r["nodes"] >= 100]
        mean_cpn = sum(r["cycles"] for r in res) / float(max(1, sum(nodes)))
        rows.append("| %d | %d | %d | %d | %.3f | %.3f | %.1f | %.4f s | %s |" % (
            budget, statistics.median(cycles), max(cycles), statistics.median(nodes), mean_cpn,
            max(cpn) if cpn else float("nan"), CLK_HZ / mean_cpn / 1e6, max(cycles) / float(CLK_HZ),
            checked_text(checked) or "none"))
    return rows


def default_budget_runs(pos, runs):
    """The table of ``runs`` RTL runs at the default budget."""
    picks = pos[len(pos) // 3: len(pos) // 3 + runs]
    jobs = [(q.mine, q.theirs, DEFAULT_BUDGET) for q in picks]
    res = run(jobs, "default budget")
    checked = check(jobs, res)
    lines = ["", "| run | nodes | depth | cycles | at 50 MHz | cycles/node | simulated in |",
             "|---|---|---|---|---|---|---|"]
    for i, r in enumerate(res):
        lines.append("| %d | %d | %d | %d | %.3f s | %.3f | %.0f s |" % (
            i + 1, r["nodes"], r["depth"], r["cycles"], r["cycles"] / float(CLK_HZ),
            r["cycles"] / float(max(1, r["nodes"])), r["wall_s"]))
    lines.append("")
    lines.append("Checked against: %s." % (checked_text(checked)
                                         or "nothing (no compiled mirror available)"))
    return lines


def main(argv=None):
    args = parse_args(argv)
    pos = positions(args.positions)
    lines = ["## Speed (RTL, Verilator)", "",
             "%d positions from real games (bench/score4/positions.py); every result checked "
             "equal to the golden search (move, nodes, depth). 50 MHz clock." % len(pos), "",
             "| budget | cycles/move median | cycles/move worst | nodes/move median | "
             "cycles/node mean | cycles/node worst | M nodes/s at 50 MHz | worst answer at 50 MHz | checked |",
             "|---|---|---|---|---|---|---|---|---|"]
    lines += budget_rows(pos, args.budgets)
    lines += ["", "Bound: one search of n nodes takes at most %d + %d n cycles "
              "(hdl/score4/__init__.py), checked on every search of the testbenches." % (
                  FIXED_CYCLES, CYCLES_PER_NODE),
              "", "### Default budget", "",
              "Default budget %d nodes: bound %d cycles = %.3f s at 50 MHz (limit 10 s, target 8 s)."
              % (DEFAULT_BUDGET, worst_case_cycles(DEFAULT_BUDGET),
                 worst_case_cycles(DEFAULT_BUDGET) / float(CLK_HZ))]
    if args.default_runs > 0:
        lines += default_budget_runs(pos, args.default_runs)
    write_report(args.out, lines)
    return 0


if __name__ == "__main__":
    sys.exit(main())
