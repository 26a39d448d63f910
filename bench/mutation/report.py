"""The report: killed / survived per core and per block, the survivors and
the verdicts on them (bench/mutation_notes.json)."""
import json
import subprocess
from datetime import datetime, timezone
from pathlib import Path

from . import paths
from .runner import timeout_for


def write_report(run, out, beside=()):
    """Write the report of `run` (as run.json holds it) with the current notes;
    `beside`: [(record path, run)] of other draws, whose per-core rates it
    shows next to this run's."""
    from bench.common.report_file import write

    from bench import charts

    write(out, report(run, load_notes(), beside))
    charts.attach(out)          # the kill rate per block, drawn from the run record
    print("wrote %s" % out)
    return 0


VERDICTS = ("killed", "fixed", "equivalent", "open")
# killed: by a part of make sim as it stood when the draw ran (a test the
#   suites leave out: a deeper budget, another class, a proof);
# fixed: by a test written after the draw, for this survivor (it counts after
#   the survivors, not in the rate make sim had);
# equivalent: no input tells it from the design (left out of every rate);
# open: a real gap, left with its reason


def survivor_key(result):
    """What identifies a survivor across runs: its block, its fault and the
    text of the (first) line it changes."""
    return (result["block"], result["description"], result["original"][0].strip())


def note_of(notes, result, default=(None, None)):
    """The (verdict, note) of a survivor: the note that also names its mutated
    line (`mutated`), else the one for its block, fault and original line."""
    key = survivor_key(result)
    mutated = key + (result["edits"][0][1].strip(),)
    return notes.get(mutated, notes.get(key, default))


def load_notes(path=paths.NOTES):
    """The verdicts on examined survivors (bench/mutation_notes.json): a list
    of {block, fault, line, verdict: killed | equivalent | open, note}, as
    {survivor_key: (verdict, note)}. A line with the same fault at two places
    (two `<` in one condition) gives two survivors one key: their notes also
    hold `mutated`, the changed line, and are keyed by it too (note_of)."""
    if not Path(path).exists():
        return {}
    try:
        entries = json.loads(Path(path).read_text())
        notes = {(e["block"], e["fault"], e["line"]) + ((e["mutated"],) if "mutated" in e else ()):
                 (e["verdict"], e["note"]) for e in entries}
    except (ValueError, KeyError, TypeError) as exc:
        raise RuntimeError("%s is not a list of {block, fault, line, verdict, note}: %s"
                           % (path, exc)) from None
    bad = sorted({v for v, _ in notes.values()} - set(VERDICTS))
    if bad:
        raise RuntimeError("%s: verdicts must be one of %s, not %s"
                           % (path, ", ".join(VERDICTS), ", ".join(bad)))
    return notes


def tally(results):
    """Counts of a list of results: killed (by a failure), timeout, survived,
    invalid, scored (all but invalid) and the killed share of the scored."""
    count = {s: sum(r["status"] == s for r in results)
             for s in ("killed", "killed (timeout)", "survived", "invalid")}
    scored = len(results) - count["invalid"]
    killed = count["killed"] + count["killed (timeout)"]
    return dict(count, scored=scored, total_killed=killed,
                percent=100.0 * killed / scored if scored else None)


def _relative(path):
    try:
        return str(Path(path).resolve().relative_to(paths.REPO))
    except ValueError:
        return str(path)


def _percent(value):
    return "-" if value is None else "%.1f %%" % value


def now_and_commit():
    """The time (UTC, to the minute) and the short commit of the work tree."""
    now = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=paths.REPO,
                                capture_output=True, text=True).stdout.strip() or "unknown"
    except OSError:
        commit = "unknown"
    return now, commit


def adjusted_results(results, notes, fixed=True):
    """The results after the survivors: a survivor with the verdict
    equivalent left out, one with the verdict killed (and, with `fixed`,
    fixed) counted killed."""
    kills = ("killed", "fixed") if fixed else ("killed",)
    adjusted = []
    for r in results:
        verdict = note_of(notes, r)[0] if r["status"] == "survived" else None
        if verdict == "equivalent":
            continue
        adjusted.append(dict(r, status="killed") if verdict in kills else r)
    return adjusted


def core_rates(run, notes):
    """{core: (tally as run, tally of make sim as it stood, tally after the
    survivors, survivors not examined or open)} of the cores the run has
    results in."""
    rates = {}
    stood = adjusted_results(run["results"], notes, fixed=False)
    after = adjusted_results(run["results"], notes)
    for core, core_blocks in sorted(run["cores"].items()):
        mine = [r for r in run["results"] if r["block"] in core_blocks]
        if mine:
            left = sum(r["status"] == "survived" for r in after if r["block"] in core_blocks)
            rates[core] = (tally(mine), tally([r for r in stood if r["block"] in core_blocks]),
                           tally([r for r in after if r["block"] in core_blocks]), left)
    return rates


RATES_TEXT = ("*Run*: killed by the suites, of the mutants scored, as measured. *Make sim as "
              "it stood*: also counting the survivors that a part of make sim the suites "
              "leave out kills (verdict killed), and leaving out the equivalent ones. *After the "
              "survivors*: also counting those killed by a test written for them after the draw "
              "(verdict fixed). An open or unexamined survivor counts as a survivor in all three.")


def draws_table(draws, notes):
    """The per-core rates of several draws, one row a draw and core: `draws` is
    [(name, run)]."""
    out = ["| draw | seed | core | mutants scored | run | make sim as it stood | "
           "after the survivors | survivors not examined or open |",
           "|---|---|---|---|---|---|---|---|"]
    for name, run in draws:
        for core, (t, stood, after, left) in core_rates(run, notes).items():
            out.append("| %s | %d | %s | %d | %s | **%s** | %s | %d |" % (
                name, run["seed"], core, t["scored"], _percent(t["percent"]),
                _percent(stood["percent"]), _percent(after["percent"]), left))
    return out


def report(run, notes, beside=()):
    """The Markdown report of a run (the dict run.json holds) with the
    survivors' verdicts `notes` (load_notes), and the per-core rates of the
    draws `beside` ([(record path, run)]) next to its own."""
    results, candidates, cores = run["results"], run["candidates"], run["cores"]
    blocks = sorted({r["block"] for r in results} | set(candidates))
    now, commit = now_and_commit()
    out = ["# Mutation run", "",
           "How many single RTL faults the regression catches (issue 15; how to run and read "
           "this: [docs/mutation.md](../../docs/mutation.md)).", "",
           "- date: %s, on commit %s (with the work tree's changes)"
           % (run.get("date", now), run.get("commit", commit)),
           "- seed: %d" % run["seed"],
           "- command: `%s`" % run["command"],
           "- run time: %.0f min (baselines included), at most %d mutants per block "
           "(all of a block's candidates when it has fewer)" % (run["seconds"] / 60,
                                                                  run["per_block"])]
    if run.get("cluster"):
        out.append("- ran on %s, one Dask task a mutant (baselines on the machine that ran the "
                   "command); %d mutant(s) started again after their worker was lost"
                   % (run["cluster"], run.get("rescheduled", 0)))
    name = Path(paths.RUN_JSON).name
    out.append("- the run's record: [%s](%s) (what this report is made of; `--rerun` and "
               "`--rewrite-report` read it)" % (_relative(paths.RUN_JSON), name))
    out += ["- " + line for line in run.get("notes", ())]         # a run made of parts
    if run.get("date", now) != now:
        out.append("- this report: written %s on commit %s from the run's record "
                   "(%s) with the verdicts of bench/mutation_notes.json as they were then"
                   % (now, commit, _relative(paths.RUN_JSON)))
    out.append("")

    out += ["## The rate", "", RATES_TEXT, ""]
    out += draws_table([("this one", run)] + [("`%s`" % name, other)
                                               for name, other in beside], notes)
    out.append("")

    out += ["## Suites", "",
            "A mutant of a block with a unit bench runs that bench (its pytest folder); a "
            "mutant of a core's own logic runs the core suite below. A suite is killed at three "
            "times its baseline time (at least 60 s).", "",
            "| suite | baseline | timeout |", "|---|---|---|"]
    for name, base in sorted(run["baselines"].items()):
        out.append("| `%s` | %.0f s | %.0f s |" % (name, base, timeout_for(base)))
    out.append("")

    rates = core_rates(run, notes)
    out += ["## Per core", "",
            "A core counts every block its Verilog holds; the three rates are those of "
            "*The rate* above.", "",
            "| core | killed | killed (timeout) | survived | scored | not compiled | run | "
            "make sim as it stood | after the survivors |",
            "|---|---|---|---|---|---|---|---|---|"]
    for core, (t, stood, after, _) in rates.items():
        out.append("| %s | %d | %d | %d | %d | %d | %s | %s | %s |" % (
            core, t["killed"], t["killed (timeout)"], t["survived"], t["scored"], t["invalid"],
            _percent(t["percent"]), _percent(stood["percent"]), _percent(after["percent"])))
    out.append("")

    out += ["## Per block", "",
            "| block | cores | candidates | killed | killed (timeout) | survived | not compiled "
            "| killed % |", "|---|---|---|---|---|---|---|---|"]
    for block in blocks:
        t = tally([r for r in results if r["block"] == block])
        in_cores = ", ".join(c for c, bl in sorted(cores.items()) if block in bl)
        out.append("| %s | %s | %d | %d | %d | %d | %d | %s |" % (
            block, in_cores, candidates.get(block, 0), t["killed"], t["killed (timeout)"],
            t["survived"], t["invalid"], _percent(t["percent"])))
    out.append("")

    survivors = [r for r in results if r["status"] == "survived"]
    out += ["## Survivors", ""]
    if not survivors:
        out += ["None.", ""]
    for r in survivors:
        verdict, note = note_of(notes, r, (None, "not examined yet"))
        out += ["### %s" % r["id"], "",
                "- where: `%s:%d` (%s)" % (r["file"], r["line"], r["block"]),
                "- fault: %s (%s)" % (r["description"], r["kind"]),
                "- line: `%s`" % r["original"][0].strip(),
                "- mutant: `%s`%s" % (r["edits"][0][1].strip(),
                                      " and %d more lines alike" % (len(r["edits"]) - 1)
                                      if len(r["edits"]) > 1 else ""),
                "- verdict: %s" % ("**%s**: %s" % (verdict, note) if verdict else note)]
        out += ["- not run on: %s (its lines are not found in that build)"
                % ", ".join("`%s`" % name for name in r["skipped"])] if r.get("skipped") else []
        out.append("")
    return "\n".join(out)
