"""Benchmarks on a Dask cluster (bench/common/cluster.py): the options, the
match harness on a local cluster of 2 workers (same games digest as a local
run; a worker killed mid-run; a worker on another commit refused), and no
Dask import without the options.

The cluster is started once for the module (a few seconds), with Dask's
queuing on, so that a worker holds only the game it plays: the killed
worker loses exactly one game, and the count of games started again is 1
on every run."""
import functools
import logging
import os
import subprocess
import sys

import pytest

from bench.blokus.strength import GAME as BLOKUS
from bench.common import cluster
from bench.common import match as M
from bench.score4.strength import GAME as SCORE4

ARGV = ["--games", "5", "--budget", "2000", "--opponents", "random,greedy", "--seed", "11",
        "--jobs", "1"]


@pytest.fixture(scope="module")
def scheduler():
    """The address of a local cluster of 2 single-thread worker processes."""
    dask = pytest.importorskip("dask")
    from distributed import LocalCluster

    with dask.config.set({"distributed.scheduler.worker-saturation": 1.0}):
        local = LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                             dashboard_address="127.0.0.1:0", silence_logs=50)
    # the scheduler runs in this process: its log records (a closed connection
    # with its traceback) would be formatted by pytest's log capture in the
    # scheduler's thread, and Python 3.11's traceback formatting (ast.parse)
    # must not run beside the proof's fingerprint (ast.parse) in this one
    names = ["distributed"] + [n for n in logging.root.manager.loggerDict
                               if n.startswith("distributed.")]
    levels = {n: logging.getLogger(n).level for n in names}
    for n in names:
        logging.getLogger(n).setLevel(logging.CRITICAL)
    yield local.scheduler_address
    local.close()
    for n, level in levels.items():
        logging.getLogger(n).setLevel(level)


@pytest.fixture(scope="module")
def local_run():
    """The games of ARGV played here, in this process: (records, digest)."""
    records, _ = M.run_games(M.parse_args(SCORE4, ARGV), show_progress=False)
    return records, M.games_digest(records, SCORE4.digest_separator)


@pytest.mark.parametrize("argv,message", [
    (["--cluster", "local:0"], "--cluster takes local:N"),
    (["--cluster", "4"], "--cluster takes local:N"),
    (["--scheduler", "my-host"], "--scheduler takes the scheduler's address"),
    (["--scheduler", "tcp://h:8786", "--cluster", "local:2"], "not both"),
])
def test_bad_cluster_options_are_one_line_errors(argv, message, capsys):
    with pytest.raises(SystemExit) as e:
        M.parse_args(SCORE4, argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_without_the_options_nothing_of_dask_is_imported(tmp_path):
    code = ("import sys; from bench.score4.strength import main; "
            "assert main(%r) == 0; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))"
            % (["--games", "1", "--budget", "100", "--opponents", "random", "--jobs", "1",
                "--seed", "1", "--out", str(tmp_path / "r.md")],))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=str(cluster.REPO))
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "[]"


def test_the_cluster_plays_the_same_games(scheduler, local_run, tmp_path):
    records, digest = local_run
    out = tmp_path / "report.md"
    assert M.main(SCORE4, ARGV + ["--scheduler", scheduler, "--out", str(out)]) == 0
    text = out.read_text()
    assert "`%s`" % digest in text                       # the games digest
    assert "Run on the Dask scheduler %s: 2 workers, 2 threads" % scheduler in text
    assert "0 game(s) started again" in text
    assert "--scheduler %s" % scheduler in text           # the command that replays it


def die_once(marker, target, match, opponent, number):
    """The game task, except that the first worker to start game ``target``
    dies there (its process exits mid-task)."""
    if (opponent, number) == target:
        try:
            os.close(os.open(marker, os.O_CREAT | os.O_EXCL))
        except FileExistsError:
            pass
        else:
            os._exit(1)
    return M._play_on_cluster(match, opponent, number)


def test_a_killed_worker_loses_no_game_and_counts_none_twice(scheduler, local_run, tmp_path,
                                                            monkeypatch):
    records, digest = local_run
    marker = tmp_path / "died"
    monkeypatch.setattr(M, "_play_on_cluster",
                        functools.partial(die_once, str(marker), ("greedy", 2)))
    match = M.parse_args(SCORE4, ARGV + ["--scheduler", scheduler])
    got, _ = M.run_games(match, show_progress=False)
    assert marker.exists()                                # a worker did die
    assert len(got) == len(records)
    assert M.games_digest(got, SCORE4.digest_separator) == digest
    assert M.tally(got) == M.tally(records)
    assert match.rescheduled == 1


def test_a_worker_on_another_commit_is_refused(scheduler, tmp_path, monkeypatch, capsys):
    # the run's commit is not the workers' (as when this machine moved on)
    monkeypatch.setattr(cluster, "checkout_commit", lambda: "0" * 40)
    out = tmp_path / "report.md"
    assert M.main(SCORE4, ARGV + ["--scheduler", scheduler, "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert err.startswith("error: worker ") and "the run was started at " + "0" * 40 in err
    assert "Traceback" not in err and not out.exists()


def test_pentobi_is_found_on_the_worker(tmp_path, monkeypatch):
    match = M.Match(BLOKUS, 100, 1, 1, 1, ["pentobi-5"], 2, None, "x.md", "")
    match.options = {"pentobi": "/client/pentobi-gtp", "levels": (5,), "pentobi_from_env": True}
    monkeypatch.delenv("PENTOBI_GTP", raising=False)
    with pytest.raises(cluster.WorkerRefused, match="cannot play Pentobi: .*PENTOBI_GTP"):
        BLOKUS.localise(match)
    program = tmp_path / "pentobi-gtp"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    monkeypatch.setenv("PENTOBI_GTP", str(program))
    BLOKUS.localise(match)
    assert match.options["pentobi"] == str(program)      # this worker's, not the client's
    match.options = dict(match.options, pentobi_from_env=False, pentobi="/nowhere/pentobi-gtp")
    with pytest.raises(cluster.WorkerRefused, match="/nowhere/pentobi-gtp is not found"):
        BLOKUS.localise(match)


def test_a_proof_on_the_cluster_records_the_counts_of_a_local_one(scheduler, tmp_path,
                                                                  monkeypatch, capsys):
    from bench.common import proof_run
    from bench.reversi import mirror

    counts = {}
    for where, spec in (("here", None), ("cluster", ("scheduler", scheduler))):
        monkeypatch.setattr(mirror.MIRROR, "proof_dir", tmp_path / where)
        counts[where] = proof_run.prove(mirror.MIRROR, "bench.reversi.test_mirror", 25, 5,
                                        jobs=1, spec=spec, show_progress=False)
        status = mirror.proof_status()
        assert (status["random_positions"], status["seed"]) == (25, 5)
        assert status["positions"] == sum(c["positions"] for c in counts[where].values())
    assert counts["cluster"] == counts["here"]
    assert sorted(counts["here"]) == list(range(6))
    assert counts["here"][0]["positions"] == 5                # 25 positions: chunk 0 has one more
    assert "0 chunk(s) started again" in capsys.readouterr().err
