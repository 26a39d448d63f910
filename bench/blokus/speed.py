"""Blokus Duo speed benchmark on the RTL: clock cycles of move generation, of a
move at several budgets, and per node (one move evaluated).

    python -m bench.blokus.speed [--positions 64] [--games 24] [--seed 2026]
                                 [--budgets 1,10,100,17836]
                                 [--out bench/results/blokus-speed.md]

Runs the search engine RTL (hdl.blokus.search.blokus_search, Verilator
--binary, bench/blokus/rtl_search.py) on positions from seeded games between
golden players (bench/blokus/positions.py; the largest positions of the games
are always included) at each budget, checks every answer (move, nodes, score)
equal to golden.blokus.search.search and every cycle count within
hdl.blokus.worst_case_cycles(nodes), and writes a Markdown report. All times
are at the DE2's 50 MHz clock.
"""
import argparse
import os
import statistics
import sys
import time

from tqdm import tqdm

from golden.blokus.board import ME, OPP
from golden.blokus.search import DEFAULT_BUDGET, MAX_BUDGET, candidates, mobility, search
from hdl.blokus import (CYCLES_PER_NODE, FIXED_CYCLES, PLACE, SCAN, TARGET_S, TIME_LIMIT_S,
                        worst_case_cycles)

CLK_HZ = 50000000
TARGET_MOVEGEN_S = 1e-3
TARGET_NODES_PER_S = 5e6


def us(cycles):
    return "%.2f us" % (cycles * 1e6 / CLK_HZ)


def ms(cycles):
    return "%.3f ms" % (cycles * 1e3 / CLK_HZ)


def met(ok):
    return "**met**" if ok else "**not met**"


def parse_budgets(text):
    budgets = [int(b) for b in text.split(",") if b.strip()]
    if not budgets or min(budgets) < 1 or max(budgets) > MAX_BUDGET:
        raise ValueError
    return budgets


def golden_results(recs, budgets, bar):
    """golden search per (position, budget), and per position the placements
    each candidate's counting pass finds (own + opponent mobility after it)."""
    want, placements = {}, []
    for i, rec in enumerate(recs):
        for b in budgets:
            want[i, b] = search(rec.position, b)
            bar.update(1)
        total = 0
        for m in candidates(rec.position):
            after = rec.position.copy()
            after.apply(ME, m)
            total += mobility(after, ME) + mobility(after, OPP)
        placements.append(total)
    return want, placements


def check(recs, budgets, results, want):
    """SystemExit on the first difference between RTL and golden."""
    for (i, b), r in zip(jobs_index(recs, budgets), results):
        g = want[i, b]
        got = (r["move"], r["nodes"], r["score"])
        exp = (g.move, g.nodes, g.score)
        where = "%s ply %d (%d moves), budget %d" % (recs[i].game, recs[i].ply, recs[i].moves, b)
        if got != exp:
            raise SystemExit("error: RTL and golden disagree at %s:\n  RTL    (move, nodes, score) "
                             "= %r\n  golden (move, nodes, score) = %r\n%r"
                             % (where, got, exp, recs[i].position))
        if r["cycles"] > worst_case_cycles(r["nodes"]):
            raise SystemExit("error: %s took %d cycles, over the bound worst_case_cycles(%d) = %d"
                             % (where, r["cycles"], r["nodes"], worst_case_cycles(r["nodes"])))


def jobs_index(recs, budgets):
    return [(i, b) for b in budgets for i in range(len(recs))]


def stats(values):
    return statistics.median(values), max(values)


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m bench.blokus.speed",
                                description=__doc__.split("\n\n")[0])
    p.add_argument("--positions", type=int, default=64,
                   help="positions measured (default 64; a quarter are the largest of the games)")
    p.add_argument("--games", type=int, default=24,
                   help="seeded games the positions come from (default 24)")
    p.add_argument("--seed", type=int, default=2026, help="seed of the games (default 2026)")
    p.add_argument("--budgets", default="1,10,100,%d" % DEFAULT_BUDGET,
                   help="comma-separated budgets (default 1,10,100,%d)" % DEFAULT_BUDGET)
    p.add_argument("--out", default=os.path.join("bench", "results", "blokus-speed.md"),
                   help="report file (default bench/results/blokus-speed.md)")
    args = p.parse_args(argv)
    try:
        budgets = parse_budgets(args.budgets)
    except ValueError:
        p.error("--budgets takes integers in 1..%d separated by commas, e.g. 1,10,100"
                % MAX_BUDGET)
    if DEFAULT_BUDGET not in budgets:
        budgets.append(DEFAULT_BUDGET)
    if args.positions < 1:
        p.error("--positions must be at least 1")
    if args.games < 1:
        p.error("--games must be at least 1")

    from bench.blokus.positions import pool, select
    from bench.blokus.rtl_search import run_jobs

    t_start = time.time()
    bar = tqdm(total=args.games, desc="games", unit="game", file=sys.stderr)
    records = pool(args.games, args.seed, progress=lambda g: bar.update(1))
    bar.close()
    recs = select(records, args.positions)
    if not recs:
        raise SystemExit("error: the games gave no position with a legal move")
    largest = max(r.moves for r in records)

    index = jobs_index(recs, budgets)
    jobs = [(recs[i].position, recs[i].opp_moves, b) for i, b in index]
    bar = tqdm(total=len(jobs), desc="RTL (Verilator)", unit="search", file=sys.stderr)
    print("building the RTL harness (MyHDL conversion + verilator, cached) ...", file=sys.stderr)
    try:
        results = run_jobs(jobs, progress=lambda r: bar.update(1))
    except (RuntimeError, ValueError) as exc:
        raise SystemExit("error: %s" % exc)
    bar.close()
    sim_s = sum(r["wall_s"] for r in results)
    sim_cycles = sum(r["cycles"] for r in results)

    bar = tqdm(total=len(jobs), desc="golden check", unit="search", file=sys.stderr)
    want, placements = golden_results(recs, budgets, bar)
    bar.close()
    check(recs, budgets, results, want)

    by = {(i, b): r for (i, b), r in zip(index, results)}
    full = [by[i, DEFAULT_BUDGET] for i in range(len(recs))]
    moves = [r.moves for r in recs]
    med_moves = statistics.median(moves)

    L = []
    L += ["## Speed (RTL, Verilator)", "",
          "The search engine RTL (`hdl/blokus/search.py`, converted by MyHDL) under "
          "`verilator --binary` (`bench/blokus/rtl_search.py`), clock cycles counted by the "
          "engine's own `cycles` output; every time below is at the DE2's 50 MHz clock. "
          "%d searches on %d positions, every answer checked equal to "
          "`golden.blokus.search.search` (move, nodes, score) and every cycle count checked "
          "within `hdl.blokus.worst_case_cycles(nodes)`: **no mismatch**. "
          "Simulated %d cycles in %.0f s (%.0f k cycles/s)."
          % (len(jobs), len(recs), sim_cycles, sim_s, sim_cycles / max(sim_s, 1e-9) / 1e3), ""]

    L += ["### Positions", "",
          "From %d seeded games (seed %d) between golden players: the core's search at budgets "
          "1, 10, 100, 1000 and %d, `greedy` (a random move of the biggest tile it can place) "
          "and `random`, the first move of each side random (`bench/blokus/positions.py`). "
          "The %d largest positions of the games (most legal moves for the side to move) and "
          "%d spread over the plies. Legal moves of the side to move: min %d, median %d, "
          "max %d (the largest in all %d positions of the games: %d)."
          % (args.games, args.seed, DEFAULT_BUDGET, max(1, len(recs) // 4),
             len(recs) - max(1, len(recs) // 4), min(moves), med_moves, max(moves),
             len(records), largest), "",
          "How a position is loaded: `CMD_NEW(seat)`, then the board's own squares and used "
          "tiles written into the engine's `occ_me` / `used_me` registers by the testbench "
          "(a bench-only shortcut: the board's earlier moves came from other players, and "
          "only `CMD_SEARCH` applies a board move), then every opponent move of the game "
          "through `CMD_OPP` (each must be accepted as legal), then the measured `CMD_SEARCH`.", ""]

    # -- move generation
    passes = [r for r in results if r["nodes"]]
    pmin = min(r["pass_min"] for r in passes)
    pmax = max(r["pass_max"] for r in passes)
    pmed = statistics.median(r["c_count"] / r["nodes"] for r in passes)
    root_full = [r["c_root"] for r in full]
    b1 = [by[i, 1]["cycles"] for i in range(len(recs))] if 1 in budgets else []
    pl_per_pass = sum(placements) / float(sum(r["nodes"] for r in full))
    big_i = max(range(len(recs)), key=lambda i: recs[i].moves)
    L += ["### Move generation", "",
          "The engine generates placements by streaming a player's forbidden and anchor maps "
          "through a 5 x 5 window, all 91 shapes tested per step, one step a cycle, %d steps "
          "a board. Two measures, both on the RTL:" % SCAN, "",
          "* **Counting pass** (`LOAD`, `COUNT`, `DRAIN`, timed by the testbench from the "
          "engine's state): one pass generates and counts **both players' complete legal-move "
          "lists** of the position after a candidate (the mobility terms of the score). Over "
          "all %d passes of all searches: min %d, median %d, worst %d cycles = **%s** worst, "
          "whatever the position (it does not depend on the number of moves: %.0f placements "
          "per pass on average at the default budget; the positions go up to %d moves to move)."
          % (sum(r["nodes"] for r in passes), pmin, pmed, pmax, us(pmax),
             pl_per_pass, max(moves)),
          "* **Scans** (`ROOT_LOAD`, `ROOT_POS`, `PREP`, `PICK`): the legal moves of the side "
          "to move in scan order, 3 cycles a window step plus one `PICK` per move taken; a "
          "search scans the board's moves (phase 1), then the opponent's replies to each of "
          "the 8 kept candidates (phase 2). All scans of one search at the default budget: "
          "median %d, worst %d cycles = **%s** worst (the position with %d moves: %d cycles)." % (statistics.median(root_full), max(root_full), us(max(root_full)),
                                  recs[big_i].moves, full[big_i]["c_root"])]
    if b1:
        L += ["* **Budget 1** (the first candidate found, evaluated and answered; the root scan "
              "stops at the first legal move): median %d, worst %d cycles = %s worst."
              % (statistics.median(b1), max(b1), us(max(b1)))]
    worst_gen = max(pmax, max(root_full))
    L += ["", "Target: move generation < 1 ms: %s (worst %s)." % (
        met(worst_gen / CLK_HZ < TARGET_MOVEGEN_S), us(worst_gen)), ""]

    # -- per budget
    L += ["### Cycles per move", "",
          "| budget | nodes median | cycles median | cycles worst | worst at 50 MHz | "
          "bound for worst's nodes | cycles/node median | cycles/node worst |",
          "|---|---|---|---|---|---|---|---|"]
    for b in budgets:
        rs = [by[i, b] for i in range(len(recs))]
        cyc = [r["cycles"] for r in rs]
        w = max(rs, key=lambda r: r["cycles"])
        cpn = [r["cycles"] / float(r["nodes"]) for r in rs if r["nodes"]]
        L.append("| %d%s | %d | %d | %d | %s | %d | %.1f | %.1f |" % (
            b, " (default)" if b == DEFAULT_BUDGET else "", statistics.median(r["nodes"] for r in rs),
            statistics.median(cyc), max(cyc), ms(max(cyc)), worst_case_cycles(w["nodes"]),
            statistics.median(cpn), max(cpn)))
    L += ["", "Cycles per node here are whole searches divided by their nodes: they include the "
          "search's fixed part (the root scan, the answer's placement), so they are highest at "
          "small budgets and on positions with few legal moves (the worst ones are positions "
          "with a handful of moves).", ""]

    # -- per node
    tot_c = sum(r["cycles"] for r in full)
    tot_n = sum(r["nodes"] for r in full)
    node_c = [(r["c_place"] + r["c_count"] + r["c_score"]) / float(r["nodes"]) for r in full]
    mean_cpn = tot_c / float(tot_n)
    nps = CLK_HZ / mean_cpn
    tot_pl = sum(placements)
    pps = tot_pl / (tot_c / float(CLK_HZ))
    L += ["### Per node (one move evaluated) at the default budget", "",
          "| measure | value |", "|---|---|",
          "| cycles per node, whole searches (sum of cycles / sum of nodes) | %.1f |" % mean_cpn,
          "| cycles per node, whole search, median / worst over positions | %.1f / %.1f |" % stats(
              [r["cycles"] / float(r["nodes"]) for r in full]),
          "| cycles per node in the node's own states (place + count + score), median / worst "
          "| %.1f / %.1f |" % stats(node_c),
          "| bound per node (`CYCLES_PER_NODE`) | %d |" % CYCLES_PER_NODE,
          "| **nodes (moves evaluated) per second at 50 MHz** | **%.0f k** |" % (nps / 1e3),
          "| placements generated per node (both players' complete lists after the candidate; "
          "mean) | %.0f |" % (tot_pl / float(tot_n)),
          "| **legal placements generated and counted per second at 50 MHz** (whole searches) "
          "| **%.1f M** |" % (pps / 1e6),
          "| ... per counting pass alone (mean placements / %d cycles) | %.1f M |"
          % (pmax, pl_per_pass / (pmax / float(CLK_HZ)) / 1e6),
          "", "Where the default-budget searches spend their cycles (all positions): root scan "
          "%.1f %%, placing the candidate (`PLACE`, up to %d shifts) %.1f %%, counting passes "
          "%.1f %%, scoring %.1f %%, answer %.2f %%."
          % tuple([100.0 * sum(r[k] for r in full) / tot_c for k in ("c_root",)] + [PLACE] +
                  [100.0 * sum(r[k] for r in full) / tot_c for k in ("c_place", "c_count",
                                                                     "c_score", "c_other")]),
          "", "Target: >= 5 M nodes/s: %s (%.0f k nodes/s, %.1f %% of the target: a node is "
          "one full counting pass of %d window steps)." % (
              met(nps >= TARGET_NODES_PER_S), nps / 1e3, 100 * nps / TARGET_NODES_PER_S, SCAN), ""]

    # -- default budget
    wi = max(range(len(recs)), key=lambda i: full[i]["cycles"])
    wr = full[wi]
    bound = worst_case_cycles(DEFAULT_BUDGET)
    L += ["### Default budget", "",
          "Default budget %d nodes (`golden.blokus.search.DEFAULT_BUDGET`: the largest whose "
          "bound fits %.1f s at 50 MHz; real searches spend far fewer)." % (DEFAULT_BUDGET,
                                                                            TARGET_S), "",
          "| | cycles | at 50 MHz |", "|---|---|---|",
          "| measured median over the %d positions | %d | %s |" % (
              len(recs), statistics.median(r["cycles"] for r in full),
              ms(statistics.median(r["cycles"] for r in full))),
          "| **measured worst**: %s ply %d, %d legal moves, %d nodes (simulated in %.1f s) "
          "| %d | **%s** |" % (recs[wi].game, recs[wi].ply, recs[wi].moves, wr["nodes"],
                               wr["wall_s"], wr["cycles"], ms(wr["cycles"])),
          "| bound for that search, `worst_case_cycles(%d)` | %d | %s |" % (
              wr["nodes"], worst_case_cycles(wr["nodes"]), ms(worst_case_cycles(wr["nodes"]))),
          "| **analytic bound** `worst_case_cycles(%d)` = %d + %d x %d (any position) "
          "| %d | **%s** |" % (DEFAULT_BUDGET, FIXED_CYCLES, CYCLES_PER_NODE,
                                           DEFAULT_BUDGET, bound, ms(bound)),
          "", "Target: default worst case <= %.1f s (limit %.0f s): %s (measured %s, bound %s)."
          % (TARGET_S, TIME_LIMIT_S, met(bound / float(CLK_HZ) <= TARGET_S), ms(wr["cycles"]),
             ms(bound)), ""]

    L += ["### Against the targets", "",
          "| target | measured | |", "|---|---|---|",
          "| move generation < 1 ms | %s worst (counting pass, both players' full lists), %s "
          "worst (root scan) | %s |" % (us(pmax), us(max(root_full)),
                                        met(worst_gen / CLK_HZ < TARGET_MOVEGEN_S)),
          "| >= 5 M nodes/s | %.0f k nodes/s (%.1f M placements/s) | %s |"
          % (nps / 1e3, pps / 1e6, met(nps >= TARGET_NODES_PER_S)),
          "| default worst case <= %.1f s | %s measured, %s bound | %s |"
          % (TARGET_S, ms(wr["cycles"]), ms(bound), met(bound / float(CLK_HZ) <= TARGET_S)),
          "", "Run: `python -m bench.blokus.speed --positions %d --games %d --seed %d "
          "--budgets %s` (%.0f s)." % (args.positions, args.games, args.seed,
                                       ",".join(str(b) for b in budgets), time.time() - t_start)]

    os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
    with open(args.out, "w") as f:
        f.write("\n".join(L) + "\n")
    print("wrote %s" % args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
