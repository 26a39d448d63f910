"""Where a mutation run reads and writes: the repository, the work folder
(build/mutation/, or --work), the run's record and the survivors' notes.
``use_work_root`` moves the work folder for this process; the other modules
read these names from here at the time they use them."""
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
WORK_ROOT = REPO / "build" / "mutation"
RESULTS_JSON = WORK_ROOT / "results.json"    # every finished mutant, rewritten as they finish
RUN_RECORD = REPO / "bench" / "results" / "mutation_run.json"   # the last whole run: what
                               # its report is made of (committed with it; --rerun reads it)
RUN_JSON = RUN_RECORD          # where a run writes its record (--work: in that folder)
DEFAULT_OUT = "bench/results/mutation.md"
NOTES = REPO / "bench" / "mutation_notes.json"


def use_work_root(path):
    """Put this process's folders (baselines, mutants, results.json) under
    `path` instead of build/mutation/."""
    global WORK_ROOT, RESULTS_JSON, RUN_JSON
    WORK_ROOT, RESULTS_JSON, RUN_JSON = path, path / RESULTS_JSON.name, path / RUN_JSON.name


def use_record(path):
    """--record: the run's record is `path` (written by a whole run, read by
    --rerun and --rewrite-report)."""
    global RUN_RECORD, RUN_JSON
    RUN_RECORD = RUN_JSON = path
