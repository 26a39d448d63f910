"""What both RTL speed benchmarks (``bench/<game>/speed.py``) do around the
simulation: the clock, the ``--budgets`` option, running the Verilator
harness with a progress bar, writing the report."""
import sys

from . import report_file

CLK_HZ = 50000000                   # the DE2's clock: every time is given at it


def parse_budgets(text, top):
    """The budgets of ``--budgets 1,10,100`` (ValueError unless all in 1..top)."""
    try:
        budgets = [int(b) for b in text.split(",") if b.strip()]
    except ValueError:
        budgets = []
    if not budgets or min(budgets) < 1 or max(budgets) > top:
        raise ValueError("--budgets takes integers in 1..%d separated by commas, e.g. "
                         "1,10,100" % top)
    return budgets


def simulate(run_jobs, jobs, label, unit):
    """``run_jobs(jobs, progress)`` of a game's ``rtl_search`` with a progress
    bar; SystemExit with a one-line error when the harness fails."""
    from tqdm import tqdm
    bar = tqdm(total=len(jobs), desc=label, unit=unit, file=sys.stderr)
    try:
        return run_jobs(jobs, progress=lambda r: bar.update(1))
    except (RuntimeError, ValueError) as exc:
        raise SystemExit("error: %s" % exc)
    finally:
        bar.close()


def check_options(parser, args, max_budget, minimum):
    """The options both speed benchmarks have, checked with ``parser.error``:
    ``args.budgets`` parsed into a list (``parse_budgets``), every option in
    ``minimum`` ({name: least value}) at least its value, the report
    ``args.out`` writable (before the simulation, which may take long)."""
    try:
        args.budgets = parse_budgets(args.budgets, max_budget)
    except ValueError as e:
        parser.error(str(e))
    for name, least in minimum.items():
        if getattr(args, name) < least:
            parser.error("--%s must be at least %d" % (name.replace("_", "-"), least))
    why = report_file.unwritable(args.out)
    if why is not None:
        parser.error("cannot write %s: %s" % (args.out, why))


def write_report(path, lines):
    """Write the report's lines to ``path``."""
    try:
        report_file.write(path, "\n".join(lines) + "\n")
        from bench import charts
        charts.attach(path)         # the report's charts next to it, linked from it
    except OSError as e:
        raise SystemExit("error: cannot write %s: %s" % (path, e.strerror))
    print("wrote %s" % path)
