"""Blokus Duo speed benchmark on the RTL: clock cycles of move generation, of a
move at several budgets, and per node (one move evaluated).

    python -m bench.blokus.speed [--positions 64] [--games 24] [--seed 2026]
                                 [--budgets 1,10,100,1000,262143]
                                 [--out bench/results/blokus-speed.md]

Runs the search engine RTL (hdl.blokus.search.blokus_search, Verilator
--binary, bench/blokus/rtl_search.py) on positions from seeded games between
golden players (bench/blokus/positions.py; the largest positions of the games
are always included) at each budget, and checks every search: its answer
(move, nodes, score) equal to golden.blokus.search.search, its phase-1 nodes
equal to min(legal moves, budget), the testbench's split of its cycles by
engine state adding up to the engine's count, the nodes a phase-2 cut
discarded at most PIPE - 1 a cut, and its cycles within
hdl.blokus.worst_case_cycles(nodes). Any difference stops the run with an
error (exit status 1) and no report; else it writes a Markdown report. All
times are at the DE2's 50 MHz clock.
"""
import argparse
import os
import statistics
import sys
import time
from collections import namedtuple

from bench.common.rtl_speed import CLK_HZ, check_options, simulate, write_report
from golden.blokus.search import DEFAULT_BUDGET, MAX_BUDGET, TOP_K, search
from hdl.blokus import (CYCLES_PER_NODE, FIXED_CYCLES, PER_KEPT, SCAN, SCAN_CYCLES, TARGET_S,
                        TIME_LIMIT_S, largest_budget, worst_case_cycles)
from hdl.blokus.search import PIPE

TARGET_MOVEGEN_S = 1e-3
TARGET_NODES_PER_S = 5e6
BUDGETS = (1, 10, 100, 1000)
SPLIT = ("c_scan1", "c_scan2", "c_place", "c_p2", "c_other")
"""The testbench's cycle counters by engine state (bench/blokus/rtl_search.py)."""


def us(cycles):
    return "%.2f us" % (cycles * 1e6 / CLK_HZ)


def ms(cycles):
    return "%.3f ms" % (cycles * 1e3 / CLK_HZ)


def met(ok):
    return "**met**" if ok else "**not met**"


def golden_results(recs, budgets, bar):
    """The golden search per (position index, budget)."""
    want = {}
    for i, rec in enumerate(recs):
        for b in budgets:
            want[i, b] = search(rec.position, b)
            bar.update(1)
    return want


def check(recs, budgets, results, want):
    """SystemExit on the first difference between RTL and golden, or the first
    search whose counts break the engine's contract."""
    for (i, b), r in zip(jobs_index(recs, budgets), results):
        g = want[i, b]
        got = (r["move"], r["nodes"], r["score"])
        exp = (g.move, g.nodes, g.score)
        where = "%s ply %d (%d moves), budget %d" % (recs[i].game, recs[i].ply, recs[i].moves, b)
        if got != exp:
            raise SystemExit("error: RTL and golden disagree at %s:\n  RTL    (move, nodes, score) "
                             "= %r\n  golden (move, nodes, score) = %r\n%r"
                             % (where, got, exp, recs[i].position))
        split = sum(r[k] for k in SPLIT)
        if split != r["cycles"]:
            raise SystemExit("error: %s: the testbench's cycles by state add up to %d, the "
                             "engine counted %d (%r)" % (where, split, r["cycles"], r))
        if r["entered1"] != min(g.moves, b):
            raise SystemExit("error: %s: %d nodes entered the pipeline in phase 1, expected "
                             "min(%d legal moves, budget) = %d" % (where, r["entered1"], g.moves,
                                                                   min(g.moves, b)))
        if not r["nodes"] <= r["entered"] <= r["nodes"] + (PIPE - 1) * r["cuts"] \
                or r["cuts"] > TOP_K:
            raise SystemExit("error: %s: %d nodes entered the pipeline, %d counted, %d cuts "
                             "(a cut discards at most PIPE - 1 = %d, at most TOP_K = %d cuts)"
                             % (where, r["entered"], r["nodes"], r["cuts"], PIPE - 1, TOP_K))
        if r["cycles"] > worst_case_cycles(r["nodes"]):
            raise SystemExit("error: %s took %d cycles, over the bound worst_case_cycles(%d) = %d"
                             % (where, r["cycles"], r["nodes"], worst_case_cycles(r["nodes"])))


def jobs_index(recs, budgets):
    return [(i, b) for b in budgets for i in range(len(recs))]


def stats(values):
    return statistics.median(values), max(values)


def pct(part, whole):
    return 100.0 * part / whole


def parse_args(argv):
    p = argparse.ArgumentParser(prog="python -m bench.blokus.speed",
                                description=__doc__.split("\n\n")[0])
    p.add_argument("--positions", type=int, default=64,
                   help="positions measured (default 64; a quarter are the largest of the games)")
    p.add_argument("--games", type=int, default=24,
                   help="seeded games the positions come from (default 24)")
    p.add_argument("--seed", type=int, default=2026, help="seed of the games (default 2026)")
    default_budgets = ",".join(str(b) for b in BUDGETS + (DEFAULT_BUDGET,))
    p.add_argument("--budgets", default=default_budgets,
                   help="comma-separated budgets (default %s; the default budget is always "
                        "added)" % default_budgets)
    p.add_argument("--out", default=os.path.join("bench", "results", "blokus-speed.md"),
                   help="report file (default bench/results/blokus-speed.md)")
    args = p.parse_args(argv)
    check_options(p, args, MAX_BUDGET, {"positions": 1, "games": 1})
    if DEFAULT_BUDGET not in args.budgets:
        args.budgets.append(DEFAULT_BUDGET)
    return args


Run = namedtuple("Run", "records recs budgets results by full moves n_pos started")
Run.__doc__ = """What the RTL did: records (every position of the games), recs
(the positions measured), budgets, results (in jobs_index order), by ((position
index, budget) -> result), full (the default-budget results by position), moves
(legal moves by position), n_pos, started (time.time() at the start)."""


def measure(args):
    """Play the games, run the RTL on the chosen positions at every budget,
    check every search against golden: a Run."""
    from tqdm import tqdm

    from bench.blokus.positions import pool, select
    from bench.blokus.rtl_search import run_jobs

    started = time.time()
    bar = tqdm(total=args.games, desc="games", unit="game", file=sys.stderr)
    records = pool(args.games, args.seed, progress=lambda g: bar.update(1))
    bar.close()
    recs = select(records, args.positions)
    if not recs:
        raise SystemExit("error: the games gave no position with a legal move")
    index = jobs_index(recs, args.budgets)
    jobs = [(recs[i].position, recs[i].opp_moves, b) for i, b in index]
    print("building the RTL harness (MyHDL conversion + verilator, cached) ...", file=sys.stderr)
    results = simulate(run_jobs, jobs, "RTL (Verilator)", "search")
    bar = tqdm(total=len(jobs), desc="golden check", unit="search", file=sys.stderr)
    want = golden_results(recs, args.budgets, bar)
    bar.close()
    check(recs, args.budgets, results, want)
    by = {(i, b): r for (i, b), r in zip(index, results)}
    return Run(records, recs, args.budgets, results, by,
               [by[i, DEFAULT_BUDGET] for i in range(len(recs))], [r.moves for r in recs],
               len(recs), started)


def scan1_cycles(run):
    """Phase 1's scan (move generation) at the default budget, by position."""
    return [r["c_scan1"] for r in run.full]


def nodes_per_second(run):
    """(nodes per second at 50 MHz, mean cycles per node) over the default-budget searches."""
    mean_cpn = sum(r["cycles"] for r in run.full) / float(sum(r["nodes"] for r in run.full))
    return CLK_HZ / mean_cpn, mean_cpn


def slowest(run):
    """The index of the default-budget search that took the most cycles."""
    return max(range(run.n_pos), key=lambda i: run.full[i]["cycles"])


def summary_section(run):
    sim_s = sum(r["wall_s"] for r in run.results)
    sim_cycles = sum(r["cycles"] for r in run.results)
    return ["## Speed (RTL, Verilator)", "",
            "The search engine RTL (`hdl/blokus/search.py`, converted by MyHDL) under "
            "`verilator --binary` (`bench/blokus/rtl_search.py`), clock cycles counted by the "
            "engine's own `cycles` output and split by engine state by the testbench; every time "
            "below is at the DE2's 50 MHz clock. %d searches on %d positions at budgets %s, every "
            "answer checked equal to `golden.blokus.search.search` (move, nodes, score), every "
            "phase 1 checked to issue min(legal moves, budget) nodes, every cycle count checked "
            "within `hdl.blokus.worst_case_cycles(nodes)`: **no mismatch**. "
            "Simulated %d cycles in %.0f s (%.0f k cycles/s)."
            % (len(run.results), run.n_pos, ", ".join(str(b) for b in run.budgets), sim_cycles,
               sim_s, sim_cycles / max(sim_s, 1e-9) / 1e3), ""]


def positions_section(args, run):
    moves, n_pos = run.moves, run.n_pos
    return ["### Positions", "",
            "From %d seeded games (seed %d) between golden players: the core's search at budgets "
            "1, 10, 100, 1000 and %d, `greedy` (a random move of the biggest tile it can place) "
            "and `random`, the first move of each side random (`bench/blokus/positions.py`). "
            "The %d largest positions of the games (most legal moves for the side to move) and "
            "%d spread over the plies. Legal moves of the side to move: min %d, median %d, "
            "max %d (the largest in all %d positions of the games: %d)."
            % (args.games, args.seed, DEFAULT_BUDGET, max(1, n_pos // 4),
               n_pos - max(1, n_pos // 4), min(moves), statistics.median(moves), max(moves),
               len(run.records), max(r.moves for r in run.records)), "",
            "How a position is loaded: `CMD_NEW(seat)`, then the board's own squares and used "
            "tiles written into the engine's `occ_me` / `used_me` registers by the testbench "
            "(a bench-only shortcut: the board's earlier moves came from other players, and "
            "only `CMD_SEARCH` applies a board move), then every opponent move of the game "
            "through `CMD_OPP` (each must be accepted as legal), then the measured `CMD_SEARCH`.",
            ""]


def movegen_section(run):
    """Move generation: phase 1's scan at the default budget (every legal move issued)."""
    full, moves, n_pos, recs = run.full, run.moves, run.n_pos, run.recs
    scan1 = scan1_cycles(run)
    per_move = [r["c_scan1"] / float(m) for r, m in zip(full, moves)]
    extra = [r["c_scan1"] - CYCLES_PER_NODE * m for r, m in zip(full, moves)]
    wi = max(range(n_pos), key=lambda i: scan1[i])
    bi = max(range(n_pos), key=lambda i: (moves[i], -i))
    scans2 = sum(r["scans2"] for r in full)
    c_scan2 = sum(r["c_scan2"] for r in full)
    worst_gen = max(scan1)
    lines = ["### Move generation", "",
             "A scan streams the side to move's forbidden and anchor maps through a 5 x 5 window "
             "(`blokus_checker`: all 91 shapes tested at once), one window step a cycle, %d steps "
             "a board, and issues each legal move it finds into the evaluation pipeline, one "
             "every other cycle, in scan order (a step with k >= 1 legal moves takes 2 + 2k - 1 "
             "cycles at most: its lowest shape is registered); then the pipeline drains (%d "
             "stages). Phase 1's scan (`ROOT_LOAD`, `SCAN`, `BSTOP` with "
             "`phase2` clear, timed by the testbench from the engine's state) is the move "
             "generation of the side to move: at the default budget it generates and issues "
             "**all** its legal moves (the testbench counts the nodes entering the pipeline: "
             "equal to the legal moves in every position). Its cycles at the default budget:"
             % (SCAN, PIPE), "",
             "| phase-1 scan (move generation) | cycles | at 50 MHz |", "|---|---|---|",
             "| median over the %d positions (median %d legal moves) | %d | %s |"
             % (n_pos, statistics.median(moves), statistics.median(scan1),
                us(statistics.median(scan1))),
             "| **worst**: %s ply %d, %d legal moves | %d | **%s** |"
             % (recs[wi].game, recs[wi].ply, moves[wi], scan1[wi], us(scan1[wi])),
             "| the largest position (%d legal moves) | %d | %s |"
             % (moves[bi], scan1[bi], us(scan1[bi])),
             "| cycles per legal move, median / worst over positions (worst: fewest moves) "
             "| %.2f / %.2f | |" % stats(per_move),
             "| cycles per legal move, all positions (sum of cycles / sum of legal moves) "
             "| %.3f | |" % (sum(scan1) / float(sum(moves))),
             "| cycles besides %d per legal move (scan - %d x moves), min / max; `SCAN_CYCLES` = "
             "1 + 2 x %d + %d + 1 | %d / %d (bound %d) | |"
             % (CYCLES_PER_NODE, CYCLES_PER_NODE, SCAN, PIPE, min(extra), max(extra),
                SCAN_CYCLES), "",
             "Phase 2 scans the opponent's replies to each kept candidate the same way: %d such "
             "scans in the default-budget searches, %.0f cycles each on average (a scan that "
             "an alpha-beta cut ends stops early)." % (scans2, c_scan2 / float(max(scans2, 1)))]
    if 1 in run.budgets:
        b1 = [run.by[i, 1]["cycles"] for i in range(n_pos)]
        lines += ["", "Budget 1 (the first legal move in scan order, evaluated and answered: the "
                  "scan stops at the next legal move, if any): median %d, worst %d cycles = %s "
                  "worst, whole search." % (statistics.median(b1), max(b1), us(max(b1)))]
    lines += ["", "Target: move generation < 1 ms: %s (worst %s)." % (
        met(worst_gen / float(CLK_HZ) < TARGET_MOVEGEN_S), us(worst_gen)), ""]
    return lines


def budgets_section(run):
    """Cycles per move at each budget."""
    lines = ["### Cycles per move", "",
             "| budget | nodes median | nodes worst | cycles median | cycles worst | worst at "
             "50 MHz | bound for worst's nodes | cycles/node median | cycles/node worst |",
             "|---|---|---|---|---|---|---|---|---|"]
    for b in run.budgets:
        rs = [run.by[i, b] for i in range(run.n_pos)]
        cyc = [r["cycles"] for r in rs]
        w = max(rs, key=lambda r: r["cycles"])
        cpn = [r["cycles"] / float(r["nodes"]) for r in rs if r["nodes"]]
        lines.append("| %d%s | %d | %d | %d | %d | %s | %d | %.2f | %.2f |" % (
            b, " (default)" if b == DEFAULT_BUDGET else "",
            statistics.median(r["nodes"] for r in rs), max(r["nodes"] for r in rs),
            statistics.median(cyc), max(cyc), ms(max(cyc)), worst_case_cycles(w["nodes"]),
            statistics.median(cpn), max(cpn)))
    lines += ["", "Cycles per node here are whole searches divided by their nodes: they include "
              "each scan's %d window steps and drain, phase 2's bookkeeping and the answer's "
              "placement, so they are highest at small budgets and on positions with few legal "
              "moves. Searches spend far fewer nodes than the default budget (a full search "
              "evaluates every legal move, then the replies to at most %d of them)."
              % (SCAN, TOP_K), ""]
    return lines


def per_node_section(run):
    """Per node (one move evaluated) at the default budget."""
    full = run.full
    tot_c = sum(r["cycles"] for r in full)
    tot_n = sum(r["nodes"] for r in full)
    tot_e = sum(r["entered"] for r in full)
    tot_cuts = sum(r["cuts"] for r in full)
    nps, mean_cpn = nodes_per_second(run)
    disc = [r["entered"] - r["nodes"] for r in full]
    return ["### Per node (one move evaluated) at the default budget", "",
            "A node is issued into the %d-stage evaluation pipeline by the scan, at most one "
            "every other cycle (`CYCLES_PER_NODE` = %d): its shape shifted into place, the "
            "position after it registered as the maps' inputs, the board's and then (players "
            "swapped) the opponent's reach through the one `blokus_reach` unit on consecutive "
            "cycles, the score."
            % (PIPE, CYCLES_PER_NODE), "",
            "| measure | value |", "|---|---|",
            "| cycles per node, whole searches (sum of cycles / sum of nodes) | %.2f |" % mean_cpn,
            "| cycles per node, whole search, median / worst over positions | %.2f / %.2f |"
            % stats([r["cycles"] / float(r["nodes"]) for r in full]),
            "| **nodes (moves evaluated) per second at 50 MHz**, whole searches | **%.1f M** |"
            % (nps / 1e6),
            "| nodes per second while the scan issues (one every %d cycles) | %.0f M |"
            % (CYCLES_PER_NODE, CLK_HZ / 1e6 / CYCLES_PER_NODE),
            "| nodes entered the pipeline / counted (`nodes`) | %d / %d |" % (tot_e, tot_n),
            "| entered but discarded by alpha-beta cuts: total (%.1f %% of entered), per search "
            "median / worst; cuts | %d (%.1f %%), %d / %d; %d cuts |"
            % (pct(tot_e - tot_n, tot_e), tot_e - tot_n, pct(tot_e - tot_n, tot_e),
               statistics.median(disc), max(disc), tot_cuts),
            "| cycles that issue a node (entered / all cycles) | %.1f %% |" % pct(tot_e, tot_c), "",
            "Where the default-budget searches spend their cycles (all positions): phase-1 scan "
            "(the board's moves generated and evaluated) %.1f %%, phase-2 scans (the replies) "
            "%.1f %%, placements through the pipeline's shifters (`PW1` to `PW3`: each kept "
            "candidate examined, the answer) %.1f %%, phase-2 bookkeeping (`P2_*`, `ROOT_PREP`) %.1f %%, the "
            "rest (start, `FINISH`, `FIRST_*`, `APPLY_ME`) %.1f %%. Of the scans' cycles, %.1f %% "
            "issue a node; the rest are the cycle after each node (one enters every other "
            "cycle), `ROOT_LOAD`, window steps and pipeline drains."
            % (tuple(pct(sum(r[k] for r in full), tot_c) for k in SPLIT)
               + (pct(tot_e, sum(r["c_scan1"] + r["c_scan2"] for r in full)),)),
            "", "Target: >= 5 M nodes/s: %s (%.1f M nodes/s over whole searches, %.1f x the "
            "target)." % (met(nps >= TARGET_NODES_PER_S), nps / 1e6, nps / TARGET_NODES_PER_S),
            ""]


def default_budget_section(run):
    """The default budget: measured searches and the analytic bound."""
    full, recs = run.full, run.recs
    wi = slowest(run)
    wr = full[wi]
    bound = worst_case_cycles(DEFAULT_BUDGET)
    return ["### Default budget", "",
            "Default budget %d nodes (`golden.blokus.search.DEFAULT_BUDGET` = `MAX_BUDGET`, the "
            "18-bit node counter's limit; `hdl.blokus.largest_budget(50 MHz, %.1f s)` = %d: the "
            "counter, not the time, limits it). Real searches spend far fewer: at most %d nodes "
            "here." % (DEFAULT_BUDGET, TARGET_S, largest_budget(CLK_HZ, TARGET_S),
                       max(r["nodes"] for r in full)), "",
            "| | cycles | at 50 MHz |", "|---|---|---|",
            "| measured median over the %d positions | %d | %s |" % (
                run.n_pos, statistics.median(r["cycles"] for r in full),
                ms(statistics.median(r["cycles"] for r in full))),
            "| **measured worst**: %s ply %d, %d legal moves, %d nodes | %d | **%s** |"
            % (recs[wi].game, recs[wi].ply, recs[wi].moves, wr["nodes"], wr["cycles"],
               ms(wr["cycles"])),
            "| bound for that search, `worst_case_cycles(%d)` | %d | %s |" % (
                wr["nodes"], worst_case_cycles(wr["nodes"]), ms(worst_case_cycles(wr["nodes"]))),
            "| **analytic bound** `worst_case_cycles(%d)` = `FIXED_CYCLES` %d + %d x %d (any "
            "position) | %d | **%s** |" % (DEFAULT_BUDGET, FIXED_CYCLES, CYCLES_PER_NODE,
                                           DEFAULT_BUDGET, bound, ms(bound)), "",
            "`FIXED_CYCLES` = start + phase 1's scan besides its nodes (`SCAN_CYCLES` = %d) + "
            "%d kept candidates x `PER_KEPT` = %d + a budget stop's drain + the answer "
            "(`hdl/blokus/__init__.py`)." % (SCAN_CYCLES, TOP_K, PER_KEPT), "",
            "Target: default worst case <= %.1f s (limit %.0f s): %s (measured %s, bound %s)."
            % (TARGET_S, TIME_LIMIT_S, met(bound / float(CLK_HZ) <= TARGET_S), ms(wr["cycles"]),
               ms(bound)), ""]


def targets_section(args, run):
    """The three targets side by side, and the command that measured them."""
    scan1 = scan1_cycles(run)
    worst_gen = max(scan1)
    nps, mean_cpn = nodes_per_second(run)
    worst_cycles = run.full[slowest(run)]["cycles"]
    bound = worst_case_cycles(DEFAULT_BUDGET)
    return ["### Against the targets", "",
            "| target | measured | |", "|---|---|---|",
            "| move generation < 1 ms | %s worst, %s median (phase-1 scan: all legal moves of "
            "the side to move generated and issued; up to %d moves) | %s |"
            % (us(worst_gen), us(statistics.median(scan1)), max(run.moves),
               met(worst_gen / float(CLK_HZ) < TARGET_MOVEGEN_S)),
            "| >= 5 M nodes/s | %.1f M nodes/s (whole searches at the default budget; %.2f "
            "cycles/node) | %s |" % (nps / 1e6, mean_cpn, met(nps >= TARGET_NODES_PER_S)),
            "| default worst case <= %.1f s | %s measured, %s bound | %s |"
            % (TARGET_S, ms(worst_cycles), ms(bound), met(bound / float(CLK_HZ) <= TARGET_S)),
            "", "Run: `python -m bench.blokus.speed --positions %d --games %d --seed %d "
            "--budgets %s` (%.0f s)." % (args.positions, args.games, args.seed,
                                         ",".join(str(b) for b in run.budgets),
                                         time.time() - run.started)]


def main(argv=None):
    args = parse_args(argv)
    run = measure(args)
    lines = (summary_section(run) + positions_section(args, run) + movegen_section(run)
             + budgets_section(run) + per_node_section(run) + default_budget_section(run)
             + targets_section(args, run))
    write_report(args.out, lines)
    return 0


if __name__ == "__main__":
    sys.exit(main())
