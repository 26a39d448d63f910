"""Blokus Duo speed benchmark on the RTL: move generation, nodes per second,
depth reached and cycles per answer of the core's search.

    python -m bench.blokus.speed [--positions 64] [--games 8] [--seed 2026]
                                 [--budgets 1,1000,10000,100000] [--default-runs 4]
                                 [--out bench/results/blokus-speed.md]

The search (golden/blokus/search.py: iterative-deepening alpha-beta over the
TOP_K best moves at every ply, SCAN_NODES charged for every position
expanded) runs on the search engine RTL (hdl.blokus.search.blokus_search,
Verilator --binary, bench/blokus/rtl_search.py) on positions from seeded
games (bench/blokus/positions.py; the largest positions of the games are
always included):

* every position at each budget of ``--budgets`` and at its phase-1 budget
  M (its legal moves: phase 1 exactly, every legal move generated and
  evaluated, so that search's scan is the move generation);
* ``--default-runs`` positions at ``DEFAULT_BUDGET`` (20 M nodes, up to 40 M
  cycles: minutes each under Verilator): the largest position, the one
  whose search spends the most nodes (the budget runs out: the worst case),
  a mid-game, an endgame, then the next largest (``default_picks``).

Every RTL answer (move, score, nodes, depth) is checked equal to the C
mirror's (bench.blokus.mirror, proven equal to the golden search by
bench/blokus/test_mirror.py) and, for budgets up to GOLDEN_LIMIT, to the
golden search itself (CPython does 50-100 k nodes/s: golden cannot run the
default budget here); the testbench's split of its cycles by engine state
must add up to the engine's count, the nodes a leaf frame's cut discards
must be at most DISCARDED a cut, and the cycles within
hdl.blokus.worst_case_cycles(nodes). Any difference stops the run with an
error (exit status 1) and no report. The depth the search reaches at the
default budget is given for every position from the mirror (the RTL's
equal answers on the default runs show it is the core's). All times are at
the DE2's 50 MHz clock.
"""
import argparse
import os
import statistics
import sys
import time
from collections import namedtuple

from bench.common.rtl_speed import CLK_HZ, check_options, simulate, write_report
from golden.blokus.search import (DEFAULT_BUDGET, MAX_BUDGET, MAX_DEPTH, SCAN_NODES, TOP_K,
                                  search)
from hdl.blokus import (COPY_CYCLES, CYCLES_PER_NODE, DISCARDED, FIXED_CYCLES, PER_FRAME, SCAN,
                        SCAN_CYCLES, TARGET_S, TIME_LIMIT_S, largest_budget, worst_case_cycles)
from hdl.blokus.search import PIPE

TARGET_MOVEGEN_S = 1e-3
TARGET_NODES_PER_S = 5e6
BUDGETS = (1, 1000, 10000, 100000)
GOLDEN_LIMIT = 10000
"""Budgets up to this are also checked against the golden search (CPython)."""
ENDGAME_MOVES = 60
"""A position with fewer legal moves is an endgame (for the default runs' pick
and the depth table)."""
PHASE1 = "M"
"""The budget key of each position's phase-1 search (budget = its legal moves)."""
DEFAULT = "default"
"""The budget key of the default runs."""
SPLIT = ("c_scan1", "c_scan2", "c_place", "c_p2", "c_other")
"""The testbench's cycle counters by engine state (bench/blokus/rtl_search.py)."""
SPLIT_NAMES = ("keeping scans (phase 1 and inner frames: every reply scanned, the TOP_K best "
               "kept)", "leaf scans (the frames one ply above the iteration's depth)",
               "placements through the pipeline's shifters (`PW1` to `PW3`: a move onto and "
               "off the line, the answer)", "frame bookkeeping (`COPY`, `CHILD`, `TAKE`, "
               "`APPLY_PATH`, `RETURN`, `UNDO`, `UPDATE`, `CUTCHK`, `ITER_*`, `ROOT_PREP`)",
               "the rest (start, `FINISH*`, `APPLY_ME`)")


def us(cycles):
    return "%.2f us" % (cycles * 1e6 / CLK_HZ)


def ms(cycles):
    return "%.3f ms" % (cycles * 1e3 / CLK_HZ)


def sec(cycles):
    return "%.3f s" % (cycles / float(CLK_HZ))


def met(ok):
    return "**met**" if ok else "**not met**"


def stats(values):
    return statistics.median(values), max(values)


def pct(part, whole):
    return 100.0 * part / whole if whole else 0.0


def mega(per_s):
    return "%.1f M" % (per_s / 1e6)


def evaluations(r):
    """Moves evaluated by an RTL search: its nodes less SCAN_NODES a frame entered."""
    return r["nodes"] - SCAN_NODES * r["scans2"]


def parse_args(argv):
    p = argparse.ArgumentParser(prog="python -m bench.blokus.speed",
                                description=__doc__.split("\n\n")[0])
    p.add_argument("--positions", type=int, default=64,
                   help="positions measured (default 64; a quarter are the largest of the games)")
    p.add_argument("--games", type=int, default=8,
                   help="seeded games the positions come from (default 8; games with the "
                        "default-budget player take about a minute each in the C mirror)")
    p.add_argument("--seed", type=int, default=2026, help="seed of the games (default 2026)")
    default_budgets = ",".join(str(b) for b in BUDGETS)
    p.add_argument("--budgets", default=default_budgets,
                   help="comma-separated budgets run on every position (default %s; each "
                        "position's phase-1 budget is added; the default budget is "
                        "--default-runs')" % default_budgets)
    p.add_argument("--default-runs", type=int, default=4,
                   help="positions searched at the default budget on the RTL (default 4: the "
                        "largest, the longest search, a mid-game, an endgame; up to 5 minutes "
                        "each under Verilator)")
    p.add_argument("--out", default=os.path.join("bench", "results", "blokus-speed.md"),
                   help="report file (default bench/results/blokus-speed.md)")
    args = p.parse_args(argv)
    check_options(p, args, MAX_BUDGET, {"positions": 1, "games": 1, "default_runs": 0})
    if DEFAULT_BUDGET in args.budgets:
        p.error("--budgets: the default budget %d is measured by --default-runs"
                % DEFAULT_BUDGET)
    args.budgets = sorted(set(args.budgets))
    return args


Job = namedtuple("Job", "index key budget")
Job.__doc__ = """One RTL search: position index, budget key (a budget, PHASE1 or
DEFAULT) and the budget."""

Run = namedtuple("Run", "records recs budgets jobs results by full picks started")
Run.__doc__ = """What was measured: records (every position of the games), recs
(the positions measured), budgets (--budgets), jobs and results (the RTL's, in
order), by ((position index, budget key) -> (Job, RTL result, mirror result)),
full (the mirror's default-budget search of every position), picks (the
positions of the default runs), started (time.time() at the start)."""


def default_picks(recs, full, count):
    """The positions searched at the default budget on the RTL, in this order:
    the largest (most legal moves); the longest (the most nodes at the
    default budget: where the budget runs out, the worst case; ties to the
    larger position); a mid-game (the median size of the rest with
    ENDGAME_MOVES or more legal moves); an endgame (of those with fewer, the
    one whose search spends the most nodes); then the largest of the rest."""
    order = sorted(range(len(recs)), key=lambda i: (-recs[i].moves, i))
    picks = []

    def take(i):
        if i is not None and i not in picks and len(picks) < count:
            picks.append(i)

    if order:
        take(order[0])
        take(max(order, key=lambda i: (full[i].nodes, recs[i].moves, -i)))
    mid = [i for i in order if recs[i].moves >= ENDGAME_MOVES and i not in picks]
    take(mid[len(mid) // 2] if mid else None)
    end = [i for i in range(len(recs)) if recs[i].moves < ENDGAME_MOVES and i not in picks]
    take(max(end, key=lambda i: (full[i].nodes, -i)) if end else None)
    for i in order:
        take(i)
    return picks


def check(run):
    """SystemExit on the first RTL result that differs from the mirror (or
    from golden, at budgets up to GOLDEN_LIMIT), or whose counts break the
    engine's contract; the number of golden checks."""
    goldens = 0
    for job, r in zip(run.jobs, run.results):
        rec = run.recs[job.index]
        m = run.by[job.index, job.key][2]
        where = "%s ply %d (%d moves), budget %d" % (rec.game, rec.ply, rec.moves, job.budget)
        got = (r["move"], r["score"], r["nodes"], r["depth"])
        refs = [("mirror", m)]
        if job.budget <= GOLDEN_LIMIT:
            refs.append(("golden", search(rec.position, job.budget)))
            goldens += 1
        for name, ref in refs:
            exp = (ref.move, ref.score, ref.nodes, ref.depth)
            if got != exp:
                raise SystemExit("error: RTL and %s disagree at %s:\n  RTL    (move, score, "
                                 "nodes, depth) = %r\n  %-6s (move, score, nodes, depth) = "
                                 "%r\n%r" % (name, where, got, name, exp, rec.position))
        split = sum(r[k] for k in SPLIT)
        if split != r["cycles"]:
            raise SystemExit("error: %s: the testbench's cycles by state add up to %d, the "
                             "engine counted %d (%r)" % (where, split, r["cycles"], r))
        dropped = r["entered"] - evaluations(r)
        if not 0 <= dropped <= DISCARDED * r["cuts"]:
            raise SystemExit("error: %s: %d nodes entered the pipeline, %d evaluations counted "
                             "(%d nodes less %d x %d frames), %d leaf cuts (a cut discards at "
                             "most DISCARDED = %d)" % (where, r["entered"], evaluations(r),
                                                       r["nodes"], SCAN_NODES, r["scans2"],
                                                       r["cuts"], DISCARDED))
        if r["cycles"] > worst_case_cycles(r["nodes"]):
            raise SystemExit("error: %s took %d cycles, over the bound worst_case_cycles(%d) = %d"
                             % (where, r["cycles"], r["nodes"], worst_case_cycles(r["nodes"])))
    return goldens


def measure(args):
    """Play the games, search every position with the mirror at the default
    budget, run the RTL jobs, check them: a Run."""
    from tqdm import tqdm

    from bench.blokus import mirror
    from bench.blokus.positions import pool, select
    from bench.blokus.rtl_search import run_jobs

    started = time.time()
    bar = tqdm(total=args.games, desc="games (C mirror)", unit="game", file=sys.stderr)
    records = pool(args.games, args.seed, progress=lambda g: bar.update(1))
    bar.close()
    recs = select(records, args.positions)
    if not recs:
        raise SystemExit("error: the games gave no position with a legal move")
    full = []
    for rec in tqdm(recs, desc="default budget (C mirror)", unit="search", file=sys.stderr):
        full.append(mirror.search(rec.position, DEFAULT_BUDGET))
    picks = default_picks(recs, full, args.default_runs)
    jobs = []
    for key in [PHASE1] + list(args.budgets):
        for i, rec in enumerate(recs):
            jobs.append(Job(i, key, rec.moves if key == PHASE1 else key))
    jobs += [Job(i, DEFAULT, DEFAULT_BUDGET) for i in picks]
    print("building the RTL harness (MyHDL conversion + verilator, cached) ...", file=sys.stderr)
    results = simulate(run_jobs, [(recs[j.index].position, recs[j.index].opp_moves, j.budget)
                                  for j in jobs], "RTL (Verilator)", "search")
    by = {}
    for j, r in zip(jobs, results):
        m = full[j.index] if j.key == DEFAULT else mirror.search(recs[j.index].position, j.budget)
        by[j.index, j.key] = (j, r, m)
    run = Run(records, recs, list(args.budgets), jobs, results, by, full, picks, started)
    print("checking against the mirror and golden ...", file=sys.stderr)
    return run, check(run)


def rtl(run, key):
    """[(index, RTL result, mirror result)] of one budget key, by position."""
    return [(i, run.by[i, key][1], run.by[i, key][2]) for i in range(len(run.recs))
            if (i, key) in run.by]


def about(rec):
    return "%s ply %d, %d legal moves" % (rec.game, rec.ply, rec.moves)


def summary_section(run, goldens):
    sim_s = sum(r["wall_s"] for r in run.results)
    sim_cycles = sum(r["cycles"] for r in run.results)
    return ["## Speed (RTL, Verilator)", "",
            "The search engine RTL (`hdl/blokus/search.py`, converted by MyHDL) under "
            "`verilator --binary` (`bench/blokus/rtl_search.py`), clock cycles counted by the "
            "engine's own `cycles` output and split by engine state by the testbench; every "
            "time below is at the DE2's 50 MHz clock. The search: phase 1 evaluates every "
            "legal move and keeps the %d best, then iterations of depth 2 .. %d, alpha-beta "
            "over the %d best at every ply, %d nodes charged for each position expanded "
            "(`golden/blokus/search.py`). %d searches on %d positions: each at budgets %s and "
            "at its phase-1 budget (its legal moves), %d at the default budget %d. Every "
            "answer checked equal to the C mirror's (`bench.blokus.mirror`, proven equal to "
            "the golden search by `bench/blokus/test_mirror.py`: move, score, nodes, depth) "
            "and the %d at budgets up to %d also to `golden.blokus.search.search` itself; "
            "every cycle count checked within `hdl.blokus.worst_case_cycles(nodes)`, the "
            "testbench's split by state to add up to it and the nodes a leaf cut discards to "
            "be at most `DISCARDED` = %d a cut: **no mismatch**. Simulated %d cycles in %.0f s "
            "(%.0f k cycles/s)."
            % (TOP_K, MAX_DEPTH, TOP_K, SCAN_NODES, len(run.results), len(run.recs),
               ", ".join(str(b) for b in run.budgets), len(run.picks), DEFAULT_BUDGET, goldens,
               GOLDEN_LIMIT, DISCARDED, sim_cycles, sim_s, sim_cycles / max(sim_s, 1e-9) / 1e3),
            ""]


def positions_section(args, run):
    moves = [r.moves for r in run.recs]
    n_pos = len(run.recs)
    return ["### Positions", "",
            "From %d seeded game%s (seed %d) between golden players: the core's search at budgets "
            "1, 10, 100, 1000 and %d (played by the C mirror), `greedy` (a random move of the "
            "biggest tile it can place) and `random`, the first move of each side random "
            "(`bench/blokus/positions.py`). The %d largest positions of the games (most legal "
            "moves for the side to move) and %d spread over the plies. Legal moves of the side "
            "to move: min %d, median %d, max %d (the largest in all %d positions of the games: "
            "%d); %d endgames (fewer than %d legal moves)."
            % (args.games, "s" if args.games > 1 else "", args.seed, DEFAULT_BUDGET,
               max(1, n_pos // 4),
               n_pos - max(1, n_pos // 4), min(moves), statistics.median(moves), max(moves),
               len(run.records), max(r.moves for r in run.records),
               sum(m < ENDGAME_MOVES for m in moves), ENDGAME_MOVES), "",
            "How a position is loaded: `CMD_NEW(seat)`, then the board's own squares and used "
            "tiles written into the engine's `occ_me` / `used_me` registers by the testbench "
            "(a bench-only shortcut: the board's earlier moves came from other players, and "
            "only `CMD_SEARCH` applies a board move), then every opponent move of the game "
            "through `CMD_OPP` (each must be accepted as legal), then the measured `CMD_SEARCH`.",
            ""]


def movegen_section(run):
    """Move generation: each position's phase-1 search (budget = its legal moves)."""
    rows = rtl(run, PHASE1)
    recs = run.recs
    scan1 = [r["c_scan1"] for _, r, _ in rows]
    moves = [recs[i].moves for i, _, _ in rows]
    per_move = [s / float(m) for s, m in zip(scan1, moves)]
    extra = [s - CYCLES_PER_NODE * m for s, m in zip(scan1, moves)]
    wi = max(range(len(rows)), key=lambda k: scan1[k])
    bi = max(range(len(rows)), key=lambda k: (moves[k], -k))
    lines = ["### Move generation", "",
             "A scan streams the side to move's forbidden and anchor maps through a 5 x 5 window "
             "(`blokus_checker`: all 91 shapes tested at once), one window step a cycle, %d steps "
             "a board, and issues each legal move it finds into the evaluation pipeline, one "
             "every other cycle, in scan order (a step with k >= 1 legal moves takes 2 + 2k - 1 "
             "cycles at most: its lowest shape is registered); then the pipeline drains (%d "
             "stages). Phase 1's scan (`ROOT_LOAD`, `SCAN`, `BSTOP` at the root) is the move "
             "generation of the side to move: it generates and evaluates **all** its legal "
             "moves. It is measured by a search at the position's phase-1 budget (its legal "
             "moves M: phase 1 exactly, then the first expansion does not fit), whose scan "
             "cycles are phase 1's alone:" % (SCAN, PIPE), "",
             "| phase-1 scan (move generation) | cycles | at 50 MHz |", "|---|---|---|",
             "| median over the %d positions (median %d legal moves) | %d | %s |"
             % (len(rows), statistics.median(moves), statistics.median(scan1),
                us(statistics.median(scan1))),
             "| **worst**: %s | %d | **%s** |" % (about(recs[rows[wi][0]]), scan1[wi],
                                                 us(scan1[wi])),
             "| the largest position (%d legal moves) | %d | %s |"
             % (moves[bi], scan1[bi], us(scan1[bi])),
             "| cycles per legal move, median / worst over positions (worst: fewest moves) "
             "| %.2f / %.2f | |" % stats(per_move),
             "| cycles per legal move, all positions (sum of cycles / sum of legal moves) "
             "| %.3f | |" % (sum(scan1) / float(sum(moves))),
             "| cycles besides %d per legal move (scan - %d x moves), min / max; `SCAN_CYCLES` = "
             "1 + 2 x %d + %d + 1 | %d / %d (bound %d) | |"
             % (CYCLES_PER_NODE, CYCLES_PER_NODE, SCAN, PIPE, min(extra), max(extra),
                SCAN_CYCLES), ""]
    whole = [r["cycles"] for _, r, _ in rows]
    lines += ["The whole phase-1 search (start, scan, `COPY` of the %d kept, the answer): "
              "median %d, worst %d cycles = %s." % (TOP_K, statistics.median(whole), max(whole),
                                                   us(max(whole)))]
    if 1 in run.budgets:
        b1 = [r["cycles"] for _, r, _ in rtl(run, 1)]
        lines += ["", "Budget 1 (the first legal move in scan order, evaluated and answered: the "
                  "scan stops at the next legal move, if any): median %d, worst %d cycles = %s "
                  "worst, whole search." % (statistics.median(b1), max(b1), us(max(b1)))]
    worst_gen = max(scan1)
    lines += ["", "Target: move generation < 1 ms: %s (worst %s)." % (
        met(worst_gen / float(CLK_HZ) < TARGET_MOVEGEN_S), us(worst_gen)), ""]
    return lines


def budget_row(label, rows):
    nodes = [r["nodes"] for _, r, _ in rows]
    depth = [r["depth"] for _, r, _ in rows]
    cyc = [r["cycles"] for _, r, _ in rows]
    w = max(rows, key=lambda x: x[1]["cycles"])[1]
    cpn = [r["cycles"] / float(r["nodes"]) for _, r, _ in rows if r["nodes"]]
    return "| %s | %d | %d / %d | %d / %d | %d | %d | %s | %d | %.2f / %.2f |" % (
        label, len(rows), statistics.median(nodes), max(nodes), statistics.median(depth),
        min(depth), statistics.median(cyc), max(cyc), ms(max(cyc)),
        worst_case_cycles(w["nodes"]), statistics.median(cpn), max(cpn))


def budgets_section(run):
    """Cycles per answer at each budget."""
    lines = ["### Cycles per answer", "",
             "| budget | searches | nodes median / worst | depth median / least | cycles median "
             "| cycles worst | worst at 50 MHz | bound for worst's nodes | cycles/node median "
             "/ worst |", "|---|---|---|---|---|---|---|---|---|",
             budget_row("phase 1 (M, the legal moves)", rtl(run, PHASE1))]
    for b in run.budgets:
        lines.append(budget_row(str(b), rtl(run, b)))
    if run.picks:
        lines.append(budget_row("%d (default)" % DEFAULT_BUDGET, rtl(run, DEFAULT)))
    lines += ["", "Nodes count every evaluation and %d for every position expanded (a frame "
              "entered: its scan, placements and bookkeeping take at most `PER_FRAME` = %d "
              "cycles, within the %d cycles of its %d nodes), so a search's cycles stay within "
              "`worst_case_cycles(nodes)` = `FIXED_CYCLES` + %d x nodes whatever its mix. "
              "Depth: the deepest iteration finished (1: phase 1 only)."
              % (SCAN_NODES, PER_FRAME, CYCLES_PER_NODE * SCAN_NODES, SCAN_NODES,
                 CYCLES_PER_NODE), ""]
    return lines


def rates_section(run):
    """Nodes, evaluations and frames per second, and where the cycles go."""
    lines = ["### Nodes per second", "",
             "A node enters the %d-stage evaluation pipeline at most every other cycle "
             "(`CYCLES_PER_NODE` = %d): its shape shifted into place, the position after it "
             "registered as the maps' inputs, the mover's and then (players swapped) the "
             "other's reach through the one `blokus_reach` unit on consecutive cycles, the "
             "score. A search's nodes are its evaluations plus %d per frame entered; "
             "evaluations and frames per second are given apart." % (PIPE, CYCLES_PER_NODE,
                                                                     SCAN_NODES), "",
             "| searches | nodes/s at 50 MHz | evaluations/s | frames/s | cycles per node | "
             "nodes entered / evaluated; discarded by cuts; cuts |", "|---|---|---|---|---|---|"]
    groups = [("budget %d, all positions" % max(run.budgets), rtl(run, max(run.budgets)))]
    if run.picks:
        groups.append(("default budget, %d positions" % len(run.picks), rtl(run, DEFAULT)))
    for label, rows in groups:
        rs = [r for _, r, _ in rows]
        cyc = sum(r["cycles"] for r in rs)
        nodes = sum(r["nodes"] for r in rs)
        ev = sum(evaluations(r) for r in rs)
        ent = sum(r["entered"] for r in rs)
        lines.append("| %s | **%s** | %s | %.0f k | %.2f | %d / %d; %d (%.2f %%); %d |" % (
            label, mega(CLK_HZ * nodes / float(cyc)), mega(CLK_HZ * ev / float(cyc)),
            CLK_HZ * sum(r["scans2"] for r in rs) / float(cyc) / 1e3, cyc / float(nodes),
            ent, ev, ent - ev, pct(ent - ev, ent), sum(r["cuts"] for r in rs)))
    lines += ["", "| where the cycles go | " + " | ".join(lbl for lbl, _ in groups) + " |",
              "|---|" + "---|" * len(groups)]
    for key, name in zip(SPLIT, SPLIT_NAMES):
        cells = []
        for _, rows in groups:
            rs = [r for _, r, _ in rows]
            cells.append("%.1f %%" % pct(sum(r[key] for r in rs), sum(r["cycles"] for r in rs)))
        lines.append("| %s | %s |" % (name, " | ".join(cells)))
    if groups:
        rs = [r for _, r, _ in groups[-1][1]]
        scans = sum(r["c_scan1"] + r["c_scan2"] for r in rs)
        lines += ["", "Of the scans' cycles (%s), %.1f %% issue a node; the rest are the cycle "
                  "after each node (one enters every other cycle), `ROOT_LOAD`, window steps "
                  "without a legal move and pipeline drains." % (
                      groups[-1][0], pct(sum(r["entered"] for r in rs), scans))]
    nps = nodes_per_second(run)
    lines += ["", "Target: >= 5 M nodes/s: %s (%s nodes/s, %s; %.1f x the target)."
              % (met(nps[0] >= TARGET_NODES_PER_S), mega(nps[0]), nps[1],
                 nps[0] / TARGET_NODES_PER_S), ""]
    return lines


def nodes_per_second(run):
    """(nodes per second at 50 MHz, over which searches): the default runs',
    else the largest budget's."""
    if run.picks:
        rows, label = rtl(run, DEFAULT), "default-budget searches"
    else:
        b = max(run.budgets)
        rows, label = rtl(run, b), "searches at budget %d" % b
    cyc = sum(r["cycles"] for _, r, _ in rows)
    return CLK_HZ * sum(r["nodes"] for _, r, _ in rows) / float(max(cyc, 1)), label


def depth_groups(run):
    """[(label, [position index])]: all, the largest quarter, mid-game, endgame."""
    n = len(run.recs)
    largest = sorted(range(n), key=lambda i: (-run.recs[i].moves, i))[:max(1, n // 4)]
    return [("all %d positions" % n, list(range(n))),
            ("the %d largest (%d to %d legal moves)"
             % (len(largest), min(run.recs[i].moves for i in largest),
                max(run.recs[i].moves for i in largest)), largest),
            ("mid-game (%d+ legal moves, not the largest)" % ENDGAME_MOVES,
             [i for i in range(n) if run.recs[i].moves >= ENDGAME_MOVES and i not in largest]),
            ("endgames (fewer than %d legal moves)" % ENDGAME_MOVES,
             [i for i in range(n) if run.recs[i].moves < ENDGAME_MOVES and i not in largest])]


def depth_section(run):
    """Depth reached at the default budget, every position (mirror)."""
    lines = ["### Depth reached at the default budget", "",
             "The default-budget search of every position (%d nodes), by the C mirror (the "
             "RTL's answers are the mirror's on every search above, the default runs "
             "included), with the bound on its answer time `worst_case_cycles(nodes)`. "
             "Depth: the deepest iteration finished (%d: every iteration done, the search "
             "stopped before the budget ran out)." % (DEFAULT_BUDGET, MAX_DEPTH), "",
             "| positions | depth median | depth least | finished (depth %d) | nodes median "
             "| answer time bound median / worst |" % MAX_DEPTH, "|---|---|---|---|---|---|"]
    for label, idx in depth_groups(run):
        if not idx:
            continue
        fs = [run.full[i] for i in idx]
        bounds = [worst_case_cycles(f.nodes) for f in fs]
        lines.append("| %s | %s | %d | %d | %d | %s / %s |" % (
            label, "%g" % statistics.median(f.depth for f in fs), min(f.depth for f in fs),
            sum(f.stop is None for f in fs), statistics.median(f.nodes for f in fs),
            sec(statistics.median(bounds)), sec(max(bounds))))
    least = min(range(len(run.recs)), key=lambda i: (run.full[i].depth, -run.recs[i].moves))
    lines += ["", "Least depth: %s (depth %d, the budget ran out at `%s`)."
              % (about(run.recs[least]), run.full[least].depth, run.full[least].stop), ""]
    return lines


def default_section(run):
    """The default budget: the RTL's runs and the analytic bound."""
    bound = worst_case_cycles(DEFAULT_BUDGET)
    lines = ["### Default budget", "",
             "Default budget %d nodes (`golden.blokus.search.DEFAULT_BUDGET` = "
             "`hdl.blokus.largest_budget(50 MHz, %.1f s)` = %d: the largest budget whose "
             "bound fits %.1f s)." % (DEFAULT_BUDGET, TARGET_S, largest_budget(CLK_HZ, TARGET_S),
                                      TARGET_S), ""]
    rows = rtl(run, DEFAULT)
    if rows:
        lines += ["| position (RTL, Verilator) | nodes | depth | budget ran out | cycles | at 50 "
                  "MHz | bound for its nodes | simulated in |", "|---|---|---|---|---|---|---|---|"]
        for i, r, m in rows:
            lines.append("| %s | %d | %d | %s | %d | **%s** | %s | %.0f s |" % (
                about(run.recs[i]), r["nodes"], r["depth"], "`%s`" % m.stop if m.stop else "no",
                r["cycles"], sec(r["cycles"]), sec(worst_case_cycles(r["nodes"])), r["wall_s"]))
        lines.append("")
    else:
        lines += ["(No RTL run at the default budget: `--default-runs 0`.)", ""]
    lines += ["| | cycles | at 50 MHz |", "|---|---|---|"]
    if rows:
        wi, wr, _ = max(rows, key=lambda x: x[1]["cycles"])
        lines.append("| **measured worst** (%s) | %d | **%s** |" % (
            about(run.recs[wi]), wr["cycles"], sec(wr["cycles"])))
    lines += ["| **analytic bound** `worst_case_cycles(%d)` = `FIXED_CYCLES` %d + %d x %d "
              "(any position) | %d | **%s** |" % (DEFAULT_BUDGET, FIXED_CYCLES, CYCLES_PER_NODE,
                                                 DEFAULT_BUDGET, bound, sec(bound)), "",
              "`FIXED_CYCLES` = the start cycle, phase 1's scan besides its nodes "
              "(`SCAN_CYCLES` = %d) and `COPY` (%d), 3 per iteration (`ITER_START`, the root's "
              "last `CHILD`, `ITER_END`), a `CHILD`, `CHILD_WAIT`, `TAKE` that find no budget, "
              "a budget stop's drain (`BSTOP`) and the answer (`FINISH*`, its placement, "
              "`APPLY_ME`); "
              "each frame entered is charged %d nodes = %d cycles, covering its `PER_FRAME` = "
              "%d (`hdl/blokus/__init__.py`)." % (SCAN_CYCLES, COPY_CYCLES, SCAN_NODES,
                                                  CYCLES_PER_NODE * SCAN_NODES, PER_FRAME), "",
              "Target: default worst case <= %.1f s (limit %.0f s): %s (bound %s%s)."
              % (TARGET_S, TIME_LIMIT_S, met(bound / float(CLK_HZ) <= TARGET_S), sec(bound),
                 ", measured %s" % sec(max(r["cycles"] for _, r, _ in rows)) if rows else ""),
              ""]
    return lines


def targets_section(args, run):
    """The targets side by side, the headline figures, and the command."""
    scan1 = [r["c_scan1"] for _, r, _ in rtl(run, PHASE1)]
    nps, label = nodes_per_second(run)
    bound = worst_case_cycles(DEFAULT_BUDGET)
    depths = [f.depth for f in run.full]
    rows = rtl(run, DEFAULT)
    measured = ("%s measured (worst of %d RTL runs), " % (
        sec(max(r["cycles"] for _, r, _ in rows)), len(rows))) if rows else ""
    return ["### Against the targets", "",
            "| target | measured | |", "|---|---|---|",
            "| move generation < 1 ms | %s worst, %s median (phase-1 scan: all legal moves of "
            "the side to move generated and evaluated; up to %d moves) | %s |"
            % (us(max(scan1)), us(statistics.median(scan1)), max(r.moves for r in run.recs),
               met(max(scan1) / float(CLK_HZ) < TARGET_MOVEGEN_S)),
            "| >= 5 M nodes/s | %s nodes/s (%s) | %s |"
            % (mega(nps), label, met(nps >= TARGET_NODES_PER_S)),
            "| default worst case <= %.1f s | %s%s bound | %s |"
            % (TARGET_S, measured, sec(bound), met(bound / float(CLK_HZ) <= TARGET_S)),
            "| (depth at the default budget) | median %g, least %d over %d positions "
            "(C mirror) | |" % (statistics.median(depths), min(depths), len(depths)),
            "", "Run: `python -m bench.blokus.speed --positions %d --games %d --seed %d "
            "--budgets %s --default-runs %d` (%.0f s)."
            % (args.positions, args.games, args.seed, ",".join(str(b) for b in run.budgets),
               args.default_runs, time.time() - run.started)]


def main(argv=None):
    args = parse_args(argv)
    run, goldens = measure(args)
    lines = (summary_section(run, goldens) + positions_section(args, run) + movegen_section(run)
             + budgets_section(run) + rates_section(run) + depth_section(run)
             + default_section(run) + targets_section(args, run))
    write_report(args.out, lines)
    return 0


if __name__ == "__main__":
    sys.exit(main())
