"""The command line: python -m bench.mutation (options, checks, --only,
--rerun, --rewrite-report, --list)."""
import argparse
import json
import os
import sys
import time
from pathlib import Path

from bench.common import cluster

from . import paths
from .faults import Mutant, block_function_names
from .games import GAMES
from .report import now_and_commit, write_report
from .runner import _run_all, mutants_for, run_baselines
from .suites import (UsageError, choose_blocks, config_names, core_layout, extra_suites,
                     suites_of, unit_blocks, unit_suite)
from .verilog import built_verilog, config_verilog


DEFAULT_PER_BLOCK = 6


def _parser():
    p = argparse.ArgumentParser(
        prog="python -m bench.mutation",
        description="Inject single faults into the generated Verilog, run the part of the "
                    "regression that covers each faulty block, and report killed / survived "
                    "per block and per core (docs/mutation.md).")
    p.add_argument("--seed", type=int, help="the run's seed (default: $SEED, else random; printed)")
    p.add_argument("--per-block", type=int, default=DEFAULT_PER_BLOCK, metavar="N",
                   help="mutants drawn per block (default %d)" % DEFAULT_PER_BLOCK)
    p.add_argument("--blocks", metavar="A,B",
                   help="only these blocks, or every block of a core named %s "
                        "(default: all; --list shows them)" % " or ".join(GAMES))
    p.add_argument("--jobs", type=int, default=2, metavar="N",
                   help="mutants simulated at once (default 2)")
    p.add_argument("--out", default=paths.DEFAULT_OUT, metavar="FILE",
                   help="the report (default %s)" % paths.DEFAULT_OUT)
    p.add_argument("--work", metavar="DIR", type=Path,
                   help="where baselines, mutants, results.json and a whole run's record go "
                        "(default build/mutation; two runs at once need two)")
    p.add_argument("--only", metavar="ID,ID",
                   help="run only these mutants (ids from a report, e.g. 'byte_fifo#3'; "
                        "same seed and --per-block as that run); prints, writes no report")
    p.add_argument("--rerun", metavar="ID,ID",
                   help="run these mutants of the last whole run again, as its record "
                        "(--record) holds them (their Verilog must not have changed); prints, "
                        "writes no report")
    p.add_argument("--record", metavar="FILE", type=Path,
                   help="the run's record: where a whole run writes it and --rerun and "
                        "--rewrite-report read it (default %s; with --work, in that folder); "
                        "a second draw of record needs its own"
                        % os.path.relpath(paths.RUN_RECORD, paths.REPO))
    p.add_argument("--beside", metavar="FILE", type=Path, action="append", default=[],
                   help="the record of another draw (a whole run's --record): its per-core "
                        "rates are shown next to this run's in the report; repeatable")
    p.add_argument("--suite", action="append", metavar="SPEC",
                   help="with --only or --rerun: run the mutants on these suites instead of "
                        "their own: CONFIG:TEST,TEST (tests of another configuration of their "
                        "core, e.g. blokus_deep:BlokusDeep, or of a block's own build, e.g. "
                        "score4_search:table_cases) or unit:BLOCK (a unit bench whose build "
                        "holds the mutated lines, e.g. unit:serial_front_end); repeatable")
    p.add_argument("--rewrite-report", action="store_true",
                   help="write the last run's report again (from its record) with "
                        "the verdicts bench/mutation_notes.json holds now; runs nothing")
    p.add_argument("--list", action="store_true",
                   help="list the blocks, their cores and suites; run nothing")
    cluster.add_options(p, "mutant")
    return p


def _check_args(args):
    try:
        args.cluster_spec = cluster.spec_of(args)
    except ValueError as e:
        raise UsageError(str(e)) from None
    if args.per_block < 1:
        raise UsageError("--per-block must be 1 or more, not %d" % args.per_block)
    if not 1 <= args.jobs <= 8:
        raise UsageError("--jobs must be between 1 and 8, not %d" % args.jobs)
    if args.seed is not None and not 0 <= args.seed < 2 ** 31:
        raise UsageError("--seed must be between 0 and 2**31 - 1")
    if args.suite and not (args.only or args.rerun):
        raise UsageError("--suite goes with --only or --rerun (it re-checks chosen survivors)")
    if args.beside and (args.only or args.rerun or args.list):
        raise UsageError("--beside goes with a whole run or --rewrite-report (it adds other "
                         "draws to a report)")
    for record in args.beside:
        if not record.is_file():
            raise UsageError("--beside %s: no such record (a whole run's --record file)"
                             % record)
    if args.only and args.rerun:
        raise UsageError("--only draws the mutants again, --rerun reads them from the last "
                         "run: give one of them")
    if not (args.only or args.rerun or args.list) or args.rewrite_report:
        from bench.common.report_file import unwritable
        reason = unwritable(args.out)
        if reason:
            raise UsageError("cannot write the report --out %s: %s" % (args.out, reason))


def main(argv=None):
    args = _parser().parse_args(argv)
    try:
        _check_args(args)
        return _main(args)
    except UsageError as exc:
        print("error: %s" % exc, file=sys.stderr)
        return 2
    except cluster.WorkerRefused as exc:
        print("error: %s" % exc, file=sys.stderr)
        return 2
    except (RuntimeError, OSError) as exc:
        print("error: %s" % exc, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


def _main(args):
    from simulation.seed import run_seed

    if args.work:
        paths.use_work_root(args.work.resolve())
    if args.record:
        paths.use_record(args.record.resolve())
    beside = [(os.path.relpath(record.resolve(), paths.REPO), read_record(record))
              for record in args.beside]
    if args.rewrite_report:
        return rewrite_report(args.out, beside)
    if args.rerun:
        return rerun(args)
    if args.only or args.list:                  # never touches a run's files
        paths.use_work_root(paths.WORK_ROOT / ("only" if args.only else "list"))
    block_names = block_function_names()
    units = unit_blocks()
    layout = core_layout(block_names, units)
    blocks = choose_blocks(args.blocks, layout, units)
    if args.list:
        return _list(blocks, layout, units)
    if args.seed is not None:
        os.environ["SEED"] = str(args.seed)
    seed = run_seed()
    print("mutation run seed: %d (replay with --seed %d)" % (seed, seed), flush=True)
    started = time.time()
    wanted = {i.strip() for i in (args.only or "").split(",") if i.strip()}
    tested = sorted({i.rsplit("#", 1)[0] for i in wanted}) if wanted else blocks
    unknown = [b for b in tested if b not in blocks]
    if unknown:
        raise UsageError("--only names mutants of %s, not among the blocks chosen"
                         % ", ".join(unknown))
    extra = extra_suites(args.suite, tested, layout, units) if args.suite else None
    suites = {}
    for block in tested:
        for suite in extra or suites_of(block, layout, units):
            suites[suite.name] = suite
    baselines = run_baselines(list(suites.values()), seed, args.jobs)
    jobs, candidates = mutants_for(blocks, layout, units, block_names, baselines,
                                   args.per_block, seed)
    if extra:
        jobs = [job[:4] + (extra,) for job in jobs]
    if wanted:
        missing = wanted - {m.id for m, *_ in jobs}
        if missing:
            raise UsageError("no mutant %s in this run's sample (same --seed, --per-block "
                             "and --blocks as the run that listed it?)"
                             % ", ".join(sorted(missing)))
        jobs = [j for j in jobs if j[0].id in wanted]
    info = {}
    results = _run_all(jobs, baselines, seed, args.jobs, args.cluster_spec, info)
    if args.only:
        return print_outcomes(results)
    command = "python -m bench.mutation --seed %d --per-block %d%s --jobs %d --out %s" % (
        seed, args.per_block, " --blocks " + args.blocks if args.blocks else "", args.jobs,
        args.out)
    command += "".join(" " + o for o in cluster.option_text(args.cluster_spec))
    if args.record:
        command += " --record %s" % os.path.relpath(paths.RUN_JSON, paths.REPO)
    now, commit = now_and_commit()
    run = dict(seed=seed, command=command, seconds=round(time.time() - started), date=now,
               commit=commit,
               per_block=args.per_block, candidates=candidates,
               baselines={name: round(sec, 1) for name, (sec, _) in baselines.items()},
               cores={core: sorted(bl) for core, (_, _, bl) in layout.items()}, results=results,
               **info)
    paths.RUN_JSON.parent.mkdir(parents=True, exist_ok=True)
    paths.RUN_JSON.write_text(json.dumps(run, indent=1))
    return write_report(run, args.out, beside)


def read_record(path):
    """A run's record (the JSON a whole run writes), or a UsageError that says
    what is wrong with the file."""
    try:
        run = json.loads(Path(path).read_text())
        run["seed"], run["results"], run["cores"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise UsageError("%s is not a mutation run's record: %s" % (path, exc)) from None
    return run


def print_outcomes(results):
    for r in results:
        print("%s %s: %s%s%s" % (r["id"], r["description"], r["status"],
                                 " by " + r["by"] if r["by"] else "",
                                 " (%s)" % r["evidence"] if r.get("evidence") else ""))
    return 0


def rerun(args):
    """--rerun: mutants of the last whole run (paths.RUN_RECORD, or --record)
    run again, on --suite's suites or their own; the outcomes are printed."""
    from simulation.seed import run_seed

    if not paths.RUN_RECORD.exists():
        raise UsageError("no %s: run the mutation run first"
                         % os.path.relpath(paths.RUN_RECORD, paths.REPO))
    run = json.loads(paths.RUN_RECORD.read_text())
    by_id = {r["id"]: r for r in run["results"]}
    wanted = [i.strip() for i in args.rerun.split(",") if i.strip()]
    unknown = [i for i in wanted if i not in by_id]
    if unknown:
        raise UsageError("no mutant %s in %s; its survivors: %s" % (
            ", ".join(unknown), os.path.relpath(paths.RUN_RECORD, paths.REPO),
            ", ".join(r["id"] for r in run["results"] if r["status"] == "survived")))
    paths.use_work_root(paths.WORK_ROOT / "rerun")
    units = unit_blocks()
    layout = core_layout(block_function_names(), units)
    os.environ["SEED"] = str(args.seed if args.seed is not None else run["seed"])
    seed = run_seed()
    print("re-running %d mutant(s) of the run of seed %d with seed %d"
          % (len(wanted), run["seed"], seed), flush=True)
    chosen = [by_id[i] for i in wanted]
    extra = extra_suites(args.suite, sorted({r["block"] for r in chosen}), layout, units) \
        if args.suite else None
    suites = {}
    for r in chosen:
        for suite in extra or suites_of(r["block"], layout, units):
            suites[suite.name] = suite
    own_units = {r["top"] for r in chosen if r["label"] not in config_names()}
    for unit in own_units:                      # a unit mutant is made of its baseline's Verilog
        suites.setdefault(unit_suite(unit).name, unit_suite(unit))
    baselines = run_baselines(list(suites.values()), seed, args.jobs)
    jobs = []
    for r in chosen:
        if r["label"] in config_names():
            source = config_verilog(r["label"], r["top"])
        else:
            source = built_verilog(baselines[unit_suite(r["top"]).name][1], r["top"])[1]
        lines = source.read_text().split("\n")
        now = [lines[line - 1] if line <= len(lines) else None for line, _ in r["edits"]]
        if now != r["original"]:
            raise RuntimeError("%s: the Verilog changed since the run (%s line %d now reads %r, "
                               "the run mutated %r)" % (r["id"], source.name, r["line"],
                                                        now[0], r["original"][0]))
        mutant = Mutant(r["id"], r["block"], r["kind"], r["line"], r["description"],
                        tuple((line, text) for line, text in r["edits"]))
        jobs.append((mutant, source, r["top"], r["label"],
                     extra or suites_of(r["block"], layout, units)))
    return print_outcomes(_run_all(jobs, baselines, seed, args.jobs, args.cluster_spec))


def rewrite_report(out, beside=()):
    """--rewrite-report: the last run's report again, from its record, with the
    verdicts bench/mutation_notes.json holds now (and the draws `beside`)."""
    if not paths.RUN_JSON.exists():
        raise UsageError("no %s: run the mutation run first"
                         % os.path.relpath(paths.RUN_JSON, paths.REPO))
    return write_report(read_record(paths.RUN_JSON), out, beside)


def _list(blocks, layout, units):
    """--list: each block, the cores that hold it and the suites that cover it."""
    for block in blocks:
        suites = ", ".join(s.name for s in suites_of(block, layout, units))
        cores = ", ".join(c for c, (_, _, bl) in layout.items() if block in bl)
        print("%-36s cores: %-14s suites: %s" % (block, cores or "-", suites))
    return 0
