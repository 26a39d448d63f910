"""make formal: run the formal proofs and say what each showed.

    python -m verif.formal                 # every proof, both tasks (make formal)
    python -m verif.formal --quick         # skip the covers that look a frame deep
    python -m verif.formal uart_rx byte_fifo
    python -m verif.formal --list

Each proof runs in build/formal/<proof>/; the summary goes to the terminal and
to build/formal/summary.md. Exit status 0 only if every task passed. A failing
task prints the properties that failed and the path of its counterexample VCD.
"""
import argparse
import shutil
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed

from tqdm import tqdm

from verif.formal import proofs as P


def _parser():
    ap = argparse.ArgumentParser(
        prog="python -m verif.formal",
        description="Prove the serial path and the checkers of the cores with SymbiYosys "
                    "(k-induction, and covers that show each proof is not vacuous).")
    ap.add_argument("names", nargs="*", metavar="PROOF",
                    help="proofs to run (default: all; --list names them)")
    ap.add_argument("--list", action="store_true", help="list the proofs and what each shows")
    ap.add_argument("--quick", action="store_true",
                    help="only the tasks make sim runs (no deep covers, no evaluation proof)")
    ap.add_argument("--jobs", type=int, default=2, metavar="N",
                    help="tasks run at once (default 2)")
    ap.add_argument("--timeout", type=int, default=900, metavar="S",
                    help="seconds one task may take (default 900)")
    return ap


def _summary(outcomes, elapsed):
    rows = ["| proof | task | status | seconds |", "|---|---|---|---|"]
    for o in outcomes:
        rows.append("| %s | %s | %s | %.1f |" % (o.proof, o.task, o.status, o.seconds))
    passed = sum(o.passed for o in outcomes)
    rows.append("")
    rows.append("%d of %d tasks passed in %.0f s." % (passed, len(outcomes), elapsed))
    return "\n".join(rows) + "\n"


def main(argv=None):
    args = _parser().parse_args(argv)
    if args.jobs < 1 or args.timeout < 1:
        print("error: --jobs and --timeout must be at least 1", file=sys.stderr)
        return 2
    try:
        chosen = P.by_name(args.names)
    except ValueError as exc:
        print("error: %s" % exc, file=sys.stderr)
        return 2
    if args.list:
        for p in chosen:
            quick = "" if len(p.sim_tasks) == 2 else " (make sim: %s)" % (
                " and ".join(p.sim_tasks) or "none")
            print("%-16s %s%s" % (p.name, p.claim, quick))
        return 0
    try:
        env = P.tool_env()
    except RuntimeError as exc:
        print("error: %s" % exc, file=sys.stderr)
        return 2

    started = time.monotonic()
    # lay every proof out first (Verilog from the cache), then run the tasks
    jobs = []
    for proof in chosen:
        work = P.formal_root() / proof.name
        shutil.rmtree(work, ignore_errors=True)
        sby = P.write_sby(proof, work)
        jobs += [(proof, sby, task) for task in P.tasks_of(proof, deep=not args.quick)]
    # the tasks make sim leaves out take minutes, the rest seconds: start the
    # long ones first, so the short ones fill the other workers meanwhile
    jobs.sort(key=lambda job: job[2] in job[0].sim_tasks)
    outcomes = []
    with ThreadPoolExecutor(max_workers=args.jobs) as pool, \
            tqdm(total=len(jobs), unit="task", desc="formal") as bar:
        futures = [pool.submit(P.run_checked, proof, sby, task, env, args.timeout)
                   for proof, sby, task in jobs]
        for future in as_completed(futures):
            outcome = future.result()
            outcomes.append(outcome)
            bar.update()
            bar.write("\n".join(outcome.describe()))
    order = {(p.name, t): i for i, (p, _, t) in enumerate(jobs)}
    outcomes.sort(key=lambda o: order[(o.proof, o.task)])
    text = _summary(outcomes, time.monotonic() - started)
    root = P.formal_root()
    root.mkdir(parents=True, exist_ok=True)
    (root / "summary.md").write_text("# Formal proofs\n\n" + text)
    print()
    print(text, end="")
    print("summary: %s" % (root / "summary.md"))
    return 0 if all(o.passed for o in outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
