"""A mirror's proof as a command: ``python -m bench.<game>.mirror --prove N``.

The proof is the game's ``bench/<game>/test_mirror.py``: its ``check_chunk(seed,
n, chunk)`` checks one chunk of a run of N random positions (AssertionError at
the first difference) and returns the chunk's counts; pytest runs the chunks as
test items (``MIRROR_POSITIONS=N pytest -n 2 ...``). This command runs the same
chunks, in ``--jobs`` processes here or one Dask task a chunk on a cluster
(``--scheduler ADDRESS`` / ``--cluster local:N``: ``bench.common.cluster``),
and records each chunk that passed in the proof ledger on this machine, as
the test does: same seed, same chunks, same counts, wherever they ran.
"""
import contextlib
import importlib
import io
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

from . import cluster
from .mirror import MirrorBuildError, proof_run_id


def add_options(ap):
    ap.add_argument("--prove", type=int, metavar="N",
                    help="run the proof on N random positions (as MIRROR_POSITIONS=N pytest "
                         "bench/<game>/test_mirror.py) and record it; 10000 is the full proof")
    ap.add_argument("--seed", type=int, default=None,
                    help="with --prove: the proof's seed (default: $SEED, else random; printed)")
    ap.add_argument("--jobs", type=int, default=2,
                    help="with --prove: chunks checked at once on this machine (default 2)")
    cluster.add_options(ap, "chunk of proof positions")


def check_options(args):
    """The cluster asked for; ValueError for a bad option."""
    spec = cluster.spec_of(args)
    if args.prove is None:
        if spec is not None or args.seed is not None:
            raise ValueError("--seed, --scheduler and --cluster go with --prove N")
        return None
    if args.prove < 1:
        raise ValueError("--prove takes a number of positions >= 1, not %d" % args.prove)
    if args.jobs < 1:
        raise ValueError("--jobs must be >= 1")
    return spec


def check_chunk(module, seed, n, chunk):
    """One chunk, here: (chunk, its counts). What the test prints of each
    chunk (for pytest's log) is not shown: the progress bar counts."""
    test = importlib.import_module(module)
    with contextlib.redirect_stdout(io.StringIO()):
        return chunk, test.check_chunk(seed, n, chunk)


def check_chunk_on_worker(module, seed, n, chunk):
    """One chunk as a Dask task: the worker must build the mirror."""
    test = importlib.import_module(module)
    try:
        test.mirror.load()
    except MirrorBuildError as e:
        raise cluster.WorkerRefused("%s cannot build the mirror: %s" % (cluster.where(), e))
    return chunk, test.check_chunk(seed, n, chunk)


def prove(mirror, module, n, seed, jobs=1, spec=None, show_progress=True):
    """Check every chunk of a run of ``n`` positions of the proof test
    ``module`` and record each in ``mirror``'s ledger. Returns {chunk:
    counts}; ValueError naming the chunk when one fails (nothing of the run
    is then complete)."""
    from tqdm import tqdm

    test = importlib.import_module(module)
    chunks = test.CHUNKS
    mirror.load()                                   # built once here, before the workers
    print("proof of the %s mirror: seed %d, %d positions, %d chunks (replay: --seed %d)"
          % (mirror.title, seed, n, chunks, seed), file=sys.stderr)
    tasks = [(module, seed, n, chunk) for chunk in range(chunks)]
    done, t0 = {}, time.time()
    bar = tqdm(total=chunks, unit="chunk", file=sys.stderr, disable=not show_progress)
    executor = pool = None
    try:
        if spec is not None:
            executor = cluster.Executor(spec, "%s-proof" % mirror.title.lower()).__enter__()
            print("on %s" % executor.describe(), file=sys.stderr)
            results = executor.map_unordered(check_chunk_on_worker, tasks,
                                             label=lambda task: "chunk %d" % task[3])
        elif jobs == 1:
            results = (check_chunk(*task) for task in tasks)
        else:
            pool = ProcessPoolExecutor(jobs)
            results = (f.result() for f in as_completed([pool.submit(check_chunk, *task)
                                                         for task in tasks]))
        for chunk, counts in results:
            mirror.record_proof_chunk(proof_run_id(seed, n, chunks), chunk, chunks, seed=seed,
                                      planned=n, **counts)
            done[chunk] = counts
            bar.set_postfix(positions=sum(c["positions"] for c in done.values()),
                            refresh=False)
            bar.update(1)
    except AssertionError as e:
        raise ValueError("the %s mirror differs from golden (seed %d, %d positions): %s"
                         % (mirror.title, seed, n, str(e).split("\n")[0])) from None
    finally:
        bar.close()
        if pool is not None:
            pool.shutdown(cancel_futures=True)
        if executor is not None:
            rescheduled = executor.rescheduled
            executor.close()
    print("proof recorded: %d positions, %d searches in %.0f s%s" % (
        sum(c["positions"] for c in done.values()), sum(c["searches"] for c in done.values()),
        time.time() - t0, "" if spec is None else
        "; %d chunk(s) started again after their worker was lost" % rescheduled),
        file=sys.stderr)
    return done


def command(mirror, module, add_game_options, measure_game):
    """(add_options, measure) for ``bench.common.mirror.command_line``: the
    game's own options and measurement, then ``--prove``."""
    def add(ap):
        add_game_options(ap)
        add_options(ap)

    def measure(args):
        spec = check_options(args)
        measure_game(args)
        if args.prove is not None:
            from simulation.seed import run_seed
            seed = run_seed() if args.seed is None else args.seed
            try:
                prove(mirror, module, args.prove, seed, args.jobs, spec)
            except cluster.ClusterError as e:
                raise ValueError(str(e)) from None
            print("proof:", mirror.proof_status())
    return add, measure
