"""Long benchmark runs on many machines: the ``--scheduler`` / ``--cluster``
options and a Dask distributed executor.

    --scheduler tcp://HOST:8786     a running Dask scheduler (dask scheduler),
                                    with dask worker processes started in a
                                    checkout of this repository on each machine
    --cluster local:N               N worker processes on this machine, started
                                    for the run (the same code path, one machine)

Without either a command runs as before (its own process or thread pool) and
Dask is not imported. With one, every unit of work (one game, one chunk of
proof positions, one mutant) is one Dask task, submitted through
``Executor.map_unordered``, which yields each task's result once, in the
order they finish; the caller counts them (progress bar, W-D-L), so where
and in which order tasks ran changes nothing the reports count.

What a worker needs, checked by every task before it runs (``WorkerRefused``
when one is missing: the run stops with that one-line message, and nothing
is counted for the task):

* this repository checked out **at the commit the run was started from**
  (``checkout_commit``: the commit, and a hash of any uncommitted change to
  tracked files), installed with ``make setup`` (which installs Dask);
* what the command builds or calls there: the compiled mirror (built at the
  first task, as locally: gcc must be there), Icarus for mutants, and external
  engines by path on the worker (``PENTOBI_GTP`` is read on the worker).

A worker that dies mid-task (its process killed, its machine gone) has its
task started again on another worker by the scheduler (Dask reschedules the
tasks of a lost worker up to ``distributed.scheduler.allowed-failures``
times, 3 by default; a task that kills that many workers fails the run with
``KilledWorker``). ``Executor.rescheduled`` counts those tasks; a task's
result is taken once, from the attempt that finished.
"""
import functools
import hashlib
import importlib.util
import re
import socket
import subprocess
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
LOCAL = re.compile(r"^local:(\d+)$")
ADDRESS = re.compile(r"^(?:(tcp|tls|ws|wss|inproc)://)?[\w.\-\[\]:]+:\d+$")
MAX_LOCAL_WORKERS = 64
CONNECT_SECONDS = 20            # to reach the scheduler
WORKERS_SECONDS = 60            # for a first worker to join it
INSTALL_HINT = ("Dask is not installed: run make setup (it installs the 'cluster' extra of "
                "pyproject.toml: pip install -e '.[cluster]')")


class ClusterError(RuntimeError):
    """The cluster cannot run the work: no scheduler, no worker, a task failed."""


class WorkerRefused(ClusterError):
    """A worker lacks what the task needs (another commit, no mirror, no engine)."""


# ------------------------------------------------------------- the options

def add_options(ap, unit):
    """``--scheduler`` and ``--cluster`` on the argparse parser ``ap``;
    ``unit`` names one task in the help ("game", "mutant")."""
    ap.add_argument("--scheduler", metavar="ADDRESS",
                    help="run every %s as a task on the Dask scheduler at ADDRESS "
                         "(tcp://HOST:8786; started with dask scheduler, its workers with "
                         "dask worker in a checkout of this commit on each machine: "
                         "docs/benchmarks.md)" % unit)
    ap.add_argument("--cluster", metavar="local:N",
                    help="run every %s as a task on a Dask cluster of N worker processes "
                         "(one thread each) started on this machine for the run" % unit)


def spec_of(args):
    """The cluster a parsed command line asks for: None (run as before),
    ("local", N) or ("scheduler", ADDRESS); ValueError with a one-line
    message for a bad value or both options. Imports no Dask."""
    scheduler, local = getattr(args, "scheduler", None), getattr(args, "cluster", None)
    if scheduler is None and local is None:
        return None
    if scheduler is not None and local is not None:
        raise ValueError("give --scheduler ADDRESS or --cluster local:N, not both")
    if local is not None:
        m = LOCAL.match(local.strip())
        if not m or not 1 <= int(m.group(1)) <= MAX_LOCAL_WORKERS:
            raise ValueError("--cluster takes local:N, N workers from 1 to %d (e.g. local:2), "
                             "not %r" % (MAX_LOCAL_WORKERS, local))
        spec = ("local", int(m.group(1)))
    else:
        if not ADDRESS.match(scheduler.strip()):
            raise ValueError("--scheduler takes the scheduler's address, e.g. "
                             "tcp://192.168.1.10:8786, not %r" % scheduler)
        spec = ("scheduler", scheduler.strip())
    if importlib.util.find_spec("distributed") is None:
        raise ValueError(INSTALL_HINT)
    return spec


def option_text(spec):
    """The option that asks for ``spec`` again (for a replay command line)."""
    if spec is None:
        return []
    return ["--cluster", "local:%d" % spec[1]] if spec[0] == "local" else \
        ["--scheduler", spec[1]]


# --------------------------------------------------- what a worker must have

@functools.lru_cache(maxsize=1)
def checkout_commit(repo=REPO):
    """The commit of the checkout this process runs from, with ``+<hash>``
    when tracked files differ from it (uncommitted changes), or ``None``
    when it is not a git checkout."""
    def git(*argv):
        return subprocess.run(["git", "-C", str(repo)] + list(argv), capture_output=True,
                              check=True).stdout
    try:
        head = git("rev-parse", "HEAD").decode().strip()
        diff = git("diff", "HEAD", "--no-ext-diff", "--binary")
    except (OSError, subprocess.CalledProcessError):
        return None
    return head + ("+" + hashlib.sha256(diff).hexdigest()[:12] if diff else "")


def where():
    """This worker, for messages: its host and Dask address."""
    try:
        from distributed import get_worker
        return "worker %s (%s)" % (socket.gethostname(), get_worker().address)
    except (ImportError, ValueError):
        return "worker %s" % socket.gethostname()


def check_commit(commit):
    """WorkerRefused unless this worker's checkout is at ``commit``."""
    mine = checkout_commit()
    if mine != commit:
        raise WorkerRefused(
            "%s runs the checkout %s at commit %s, the run was started at %s: check out "
            "that commit there (git fetch && git checkout %s; make setup) and restart "
            "its dask worker" % (where(), REPO, mine or "(not a git checkout)", commit,
                                 commit.split("+")[0]))


def run_task(commit, function, args):
    """What a worker runs for one task: the commit check, then ``function(*args)``."""
    check_commit(commit)
    return function(*args)


# ----------------------------------------------------------------- executor

def _rescheduled(keys, dask_scheduler=None):
    """On the scheduler: how many of ``keys`` were on a worker that died."""
    tasks = dask_scheduler.tasks
    return sum(1 for k in keys if k in tasks and tasks[k].suspicious)


class Executor:
    """A Dask client for one run: ``with Executor(spec) as ex:``; then
    ``map_unordered``, ``describe()``, ``rescheduled``, ``threads``."""

    def __init__(self, spec, name="bench"):
        self.spec = spec
        self.name = name
        self.run_id = uuid.uuid4().hex[:8]
        self.cluster = self.client = None
        self.rescheduled = 0
        self.commit = None

    def __enter__(self):
        import dask
        from distributed import Client, LocalCluster

        self.commit = checkout_commit()
        if self.commit is None:
            raise ClusterError("%s is not a git checkout: a Dask run needs the commit its "
                               "workers must be at" % REPO)
        try:
            if self.spec[0] == "local":
                # a lost worker reschedules only the task it was running
                with dask.config.set({"distributed.scheduler.worker-saturation": 1.0}):
                    self.cluster = LocalCluster(n_workers=self.spec[1], threads_per_worker=1,
                                                processes=True, dashboard_address="127.0.0.1:0",
                                                silence_logs=50)
                self.client = Client(self.cluster)
            else:
                self.client = Client(self.spec[1], timeout=CONNECT_SECONDS)
        except (OSError, TimeoutError) as e:
            self.close()
            raise ClusterError("cannot reach the Dask scheduler at %s: %s (is dask scheduler "
                               "running there?)" % (self.spec[1], e)) from None
        try:
            self.client.wait_for_workers(1, timeout=WORKERS_SECONDS)
        except TimeoutError:
            self.close()
            raise ClusterError("no Dask worker joined the scheduler at %s within %d s (start "
                               ".venv/bin/dask worker %s in a checkout on each machine)"
                               % (self.spec[1], WORKERS_SECONDS, self.spec[1])) from None
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        if self.client is not None:
            self.client.close()
        if self.cluster is not None:
            self.cluster.close()
        self.client = self.cluster = None

    def workers(self):
        """{address: (host, threads)} of the workers now."""
        info = self.client.scheduler_info(n_workers=-1)["workers"]
        return {a: (w.get("host", a), w["nthreads"]) for a, w in info.items()}

    @property
    def threads(self):
        return sum(t for _, t in self.workers().values())

    def describe(self):
        """The cluster in one line, for reports: kind, workers, threads, hosts."""
        workers = self.workers()
        hosts = {}
        for host, threads in workers.values():
            hosts[host] = hosts.get(host, 0) + threads
        where = ("a local Dask cluster" if self.spec[0] == "local"
                 else "the Dask scheduler %s" % self.spec[1])
        return "%s: %d workers, %d threads (%s)" % (
            where, len(workers), sum(t for _, t in workers.values()),
            ", ".join("%s: %d" % h for h in sorted(hosts.items())))

    def map_unordered(self, function, tasks, label=repr):
        """``function(*task)`` for every task, on the workers: yields each
        result once as it finishes. A task that fails stops the run: the
        others are cancelled and its exception is raised here (a
        ``WorkerRefused`` as it came; ``KilledWorker`` as a ClusterError).
        ``label(task)`` names a task in messages. The tasks' keys share one
        prefix (``name``), so that the scheduler queues them (a worker
        holds only the tasks it runs, and a lost worker loses only those)."""
        from distributed import as_completed
        from distributed.scheduler import KilledWorker

        futures = {}
        for n, task in enumerate(tasks):
            key = "%s-%s-%d" % (self.name, self.run_id, n)
            futures[self.client.submit(run_task, self.commit, function, tuple(task), key=key,
                                       pure=False)] = task
        keys = [f.key for f in futures]
        try:
            for future in as_completed(list(futures)):
                try:
                    result = future.result()
                except KilledWorker as e:
                    raise ClusterError("%s: every worker that ran it died (%s)"
                                       % (label(futures[future]), e)) from None
                yield result
            self.rescheduled = self.client.run_on_scheduler(_rescheduled, keys)
        finally:
            for future in futures:
                future.cancel()

    def run_everywhere(self, function, *args):
        """``function(*args)`` once on every worker (e.g. end a run's engines)."""
        try:
            self.client.run(function, *args)
        except (OSError, TimeoutError):
            pass

