"""The runner: baselines, one mutant against its suites, and every mutant of
a run, on this machine (--jobs threads) or one Dask task a mutant
(--scheduler / --cluster: bench.common.cluster)."""
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from . import paths
from .faults import apply_mutant, candidate_mutants, sample_block, scan_verilog
from .suites import CORE_TOPS, FORMAL_SUITE, scan_core, suites_of
from .verilog import _VERILOG_LOCK, built_verilog, config_verilog, map_by_text, mapped_mutant


NICE = 10                      # simulations run at this niceness: the machine is shared


def run_suite(suite, work, seed, timeout, override=None):
    """Run one suite in `work` (its SIM_BUILD_ROOT) at niceness NICE; returns
    ("pass" | "fail" | "timeout", seconds, log tail). A timeout kills the
    suite's whole process group."""
    env = dict(os.environ, SEED=str(seed), SIM_BUILD_ROOT=str(work),
               SIM_VERILOG_OVERRIDE=json.dumps(override or {}))
    work.mkdir(parents=True, exist_ok=True)
    start = time.time()
    with open(work / "log.txt", "w") as log:
        # this process's Python (a worker's may live elsewhere than the run's)
        argv = [sys.executable] + list(suite.argv[1:])
        proc = subprocess.Popen(["nice", "-n", str(NICE)] + argv, cwd=paths.REPO, env=env,
                                stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            code = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            code = None
    seconds = time.time() - start
    tail = (work / "log.txt").read_text(errors="replace")[-3000:]
    return ("timeout" if code is None else "pass" if code == 0 else "fail"), seconds, tail


def failure_line(log_tail):
    """The line of a failed suite's log that says why (the first assertion or
    error), so that results.json shows each kill was a test failing."""
    for line in log_tail.splitlines():
        if re.search(r"(Assertion|Runtime|Value|Key|Index|Type)Error|FAIL|mismatch", line):
            return line.strip()[:300]
    return log_tail.strip().splitlines()[-1][:300] if log_tail.strip() else ""


def compiles(path, top):
    """True when Icarus compiles the file with `top` as its top level."""
    proc = subprocess.run(["nice", "-n", str(NICE), "iverilog", "-g2012", "-o", os.devnull,
                           "-s", top, str(path)], capture_output=True, text=True)
    return proc.returncode == 0


def run_baselines(suites, seed, jobs):
    """Each suite once, unmutated: {suite name: seconds}; a UsageError-like
    RuntimeError when one fails (the regression itself is broken)."""
    from tqdm import tqdm

    times = {}

    def one(suite):
        work = paths.WORK_ROOT / "baseline" / suite.name.replace("/", "_").replace(" ", "_")
        shutil.rmtree(work, ignore_errors=True)
        status, seconds, tail = run_suite(suite, work, seed, timeout=3600)
        if status != "pass":
            raise RuntimeError("the unmutated baseline of %s did not pass (log: %s):\n%s"
                               % (suite.name, work / "log.txt", tail[-1500:]))
        return suite.name, seconds, work

    with ThreadPoolExecutor(jobs) as pool, tqdm(total=len(suites), desc="baselines",
                                                  unit="suite") as bar:
        for name, seconds, work in pool.map(one, suites):
            times[name] = (seconds, work)
            bar.update()
    return times


def timeout_for(baseline_seconds):
    """A suite's time limit under a mutant: three times its baseline, at least 60 s."""
    return max(60.0, 3 * baseline_seconds)


def suite_verilog(suite, baselines):
    """The build a suite runs that is not the mutant's own: (label, Verilog
    path): a configuration's from the conversion cache, a unit bench's from
    its baseline."""
    if suite.config is not None:
        return suite.config, config_verilog(suite.config, suite.top)
    if suite.name.startswith(FORMAL_SUITE):
        from verif.formal import proofs

        proof = proofs.by_name([suite.name[len(FORMAL_SUITE):]])[0]
        with _VERILOG_LOCK:
            path = proofs.block_verilog(proof, paths.WORK_ROOT / "formal-verilog" / proof.name)
        return proofs.override_label(proof), path
    return built_verilog(baselines[suite.name][1], suite.top)


def instance_prefixes(block, top):
    """The name prefixes a core block's lines carry that the build whose top
    is `top` (the block or one it lies in) does not, to try in turn: none (a
    unit built in a wrapper that keeps the core's names), then the instance
    path down to `top`, deepest first (blokus_search0_blokus_board0_, then
    blokus_search0_ for the signals the search hands the board's ports)."""
    path = block.split("/")
    if path[0] in CORE_TOPS:                     # score4/serial_front_end: the core's own
        path = path[1:]
    depth = path.index(top) + 1 if top in path else len(path)
    return [(), tuple("".join(p + "0_" for p in path[:k]) for k in range(depth, 0, -1))]


def inner_prefixes(line, top):
    """For a build of `top` inside a wrapper (which keeps the names from
    `top`'s instance on, `popcount0__bucket67_cout`): the instance path in
    front of `top`0_ in the mutated line's names, which instance_prefixes
    cannot know when `top` lies deeper inside the block than its own blocks
    (blokus_eval_pipeline0_blokus_reach0_ before popcount0_); [] when the
    line names no such instance."""
    found = re.search(r"\b((?:[A-Za-z]\w*?0_)+)%s0_" % re.escape(top), line)
    return [(found.group(1),)] if found else []


def other_build(suite, top, label):
    """True when `suite` runs another build than the mutant's own (`top` in
    configuration `label`): another configuration, or the block's own build."""
    return suite.top != top or suite.config not in (None, label)


def mutant_folder(work_root, mutant):
    return work_root / mutant.id.replace("/", "_").replace("#", "_")


def run_mutant(mutant, source, top, label, suites, timeouts, seed, builds, work_root,
               file=None):
    """Run one mutant; returns its result dict. `source`: the Verilog file it
    is made of; `timeouts`: {suite name: seconds}; `builds`: {suite name:
    (label, Verilog path)} of the suites that run another build
    (``other_build``); `file`: the source as the report names it."""
    work = mutant_folder(work_root, mutant)
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    mutated = work / source.name
    mutated.write_text(apply_mutant(source.read_text(), mutant))
    result = dict(mutant._asdict(), file=file or os.path.relpath(source, paths.REPO), top=top,
                  label=label,
                  original=[source.read_text().split("\n")[line - 1] for line, _ in mutant.edits])
    start = time.time()
    if not compiles(mutated, top):
        result.update(status="invalid", by=None)
    else:
        result.update(status="survived", by=None)
        for suite in suites:
            run_label, run_file, run_name = label, mutated, source.name
            if other_build(suite, top, label):
                run_label, other = builds[suite.name]
                if suite.top == top:               # another configuration of the same module
                    text = mapped_mutant(mutant, source, other)
                else:                              # a build of the mutated block on its own
                    text = next((t for t in (map_by_text(mutant, source.read_text(),
                                                         other.read_text(), prefix)
                                             for prefix in instance_prefixes(mutant.block,
                                                                             suite.top)
                                             + inner_prefixes(result["original"][0], suite.top))
                                 if t is not None), None)
                run_name, run_file = other.name, work / ("%s_%s" % (run_label, other.name))
                if text is not None:
                    run_file.write_text(text)
                if text is None or not compiles(run_file, suite.top):
                    if suite.optional:             # a default suite of another build
                        result.setdefault("skipped", []).append(suite.name)
                        continue
                    result.update(status="not run on " + run_label, by=suite.name)
                    break
            status, seconds, tail = run_suite(
                suite, work / "run", seed, timeouts[suite.name],
                override={run_label: {run_name: str(run_file)}})
            if status != "pass":
                result.update(status="killed" if status == "fail" else "killed (timeout)",
                              by=suite.name, evidence=failure_line(tail))
                break
    result["seconds"] = round(time.time() - start, 1)
    if result["status"] != "survived":
        shutil.rmtree(work, ignore_errors=True)       # a survivor's mutant file is kept
    else:
        shutil.rmtree(work / "run", ignore_errors=True)
    return result


def mutants_for(blocks, layout, units, block_names, baselines, per_block, seed):
    """The sampled mutants of each block with where they apply:
    [(mutant, source file, top module, label, suites)] and the number of
    candidates per block."""
    jobs, candidates_per_block = [], {}
    by_source = {}
    for block in blocks:
        if block in units and "verif/units/" + block not in baselines:
            continue                 # not run (--only names other blocks' mutants)
        if block in units:
            seconds, work = baselines["verif/units/" + block]
            label, path = built_verilog(work, block)
            source = (path, block, label, (block,))
        else:
            core = next(c for c, (_, _, bl) in layout.items() if block in bl)
            label, path = layout[core][0], layout[core][1]
            source = (path, CORE_TOPS[core], label, ())
        by_source.setdefault(source, []).append(block)
    for (path, top, label, outer), source_blocks in by_source.items():
        if outer:
            sites, registers = scan_verilog(path.read_text(), block_names, units, top, outer)
        else:
            core = next(c for c, t in CORE_TOPS.items() if t == top)
            sites, registers = scan_core(core, path, block_names, units)
        rng = random.Random("%d:%s:registers" % (seed, top))
        candidates = candidate_mutants(sites, registers, set(source_blocks), rng)
        for block in source_blocks:
            candidates_per_block[block] = len(candidates.get(block, []))
            suites = suites_of(block, layout, units)
            for mutant in sample_block(block, candidates.get(block, []), per_block, seed):
                jobs.append((mutant, path, top, label, suites))
    return jobs, candidates_per_block


def _run_all(jobs, baselines, seed, n_jobs, spec=None, info=None):
    """Every mutant, with a progress bar (killed / survived so far): `n_jobs`
    at once here, or one Dask task a mutant on the cluster `spec`
    (``bench.common.cluster.spec_of``); results in job order. `info` (a
    dict), when given, gets the cluster's description and how many mutants
    were started again after their worker was lost."""
    from tqdm import tqdm

    results = [None] * len(jobs)
    lock = threading.Lock()
    timeouts = {name: timeout_for(seconds) for name, (seconds, _) in baselines.items()}
    runs = []
    for mutant, source, top, label, suites in jobs:
        builds = {s.name: suite_verilog(s, baselines) for s in suites
                  if other_build(s, top, label)}
        runs.append((mutant, source, top, label, suites, builds))
    count = {"killed": 0, "survived": 0, "other": 0}

    def done(index, result, bar):
        with lock:
            results[index] = result
            paths.RESULTS_JSON.write_text(json.dumps([r for r in results if r], indent=1))
            status = result["status"]
            count["killed" if status.startswith("killed") else
                  "survived" if status == "survived" else "other"] += 1
            bar.set_postfix_str("killed %d, survived %d, other %d; %s %s" % (
                count["killed"], count["survived"], count["other"], result["id"], status))
            bar.update()

    with tqdm(total=len(jobs), desc="mutants", unit="mutant") as bar:
        if spec is None:
            def one(index):
                mutant, source, top, label, suites, builds = runs[index]
                done(index, run_mutant(mutant, source, top, label, suites, timeouts, seed,
                                       builds, paths.WORK_ROOT), bar)
            with ThreadPoolExecutor(n_jobs) as pool:
                list(pool.map(one, range(len(jobs))))
        else:
            from bench.common import cluster

            texts = {}

            def text(path):
                if path not in texts:
                    texts[path] = path.read_text()
                return texts[path]

            tasks = [(index, mutant, source.name, text(source),
                      os.path.relpath(source, paths.REPO), top, label, suites, timeouts,
                      {name: (lab, path.name, text(path)) for name, (lab, path) in builds.items()},
                      seed, _portable(paths.WORK_ROOT))
                     for index, (mutant, source, top, label, suites, builds) in enumerate(runs)]
            with cluster.Executor(spec, "mutant") as executor:
                if info is not None:
                    info["cluster"] = executor.describe()
                for index, result in executor.map_unordered(
                        mutant_task, tasks, label=lambda task: "mutant %s" % task[1].id):
                    done(index, result, bar)
                if info is not None:
                    info["rescheduled"] = executor.rescheduled
    return results


def _portable(path):
    """A work folder as a worker finds it: relative to the checkout when inside."""
    try:
        return str(path.relative_to(paths.REPO))
    except ValueError:
        return str(path)


def mutant_task(index, mutant, source_name, source_text, file, top, label, suites, timeouts,
                builds, seed, work_root):
    """A Dask task: one mutant, on a worker, from the texts the run sent (the
    Verilog it is made of and the other builds its suites run): (index,
    result). The worker's checkout (the commit is checked before) runs the
    suites; Icarus must be there."""
    from bench.common import cluster

    missing = [tool for tool in ("iverilog", "nice") if shutil.which(tool) is None]
    if missing:
        raise cluster.WorkerRefused("%s has no %s: run make setup there"
                                    % (cluster.where(), " or ".join(missing)))
    root = paths.REPO / work_root                # an absolute work_root stays itself
    inputs = root / "inputs" / mutant_folder(root, mutant).name
    shutil.rmtree(inputs, ignore_errors=True)
    inputs.mkdir(parents=True)
    source = inputs / source_name
    source.write_text(source_text)
    files = {}
    for name, (lab, other_name, other_text) in builds.items():
        files[name] = (lab, inputs / lab / other_name)
        files[name][1].parent.mkdir(parents=True, exist_ok=True)
        files[name][1].write_text(other_text)
    try:
        return index, run_mutant(mutant, source, top, label, suites, timeouts, seed, files,
                                 root, file=file)
    finally:
        shutil.rmtree(inputs, ignore_errors=True)
