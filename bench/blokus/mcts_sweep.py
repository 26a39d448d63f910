"""The issue-25 sweep: settings of the MCTS study played against Pentobi, one table.

    python -m bench.blokus.mcts_sweep --plan PLAN.json [--games 200] [--seed S]
        [--jobs 2] [--pentobi PATH] [--records DIR] [--only LABEL,...]
        [--out bench/results/blokus-mcts-sweep.md]

PLAN.json is a list of settings, each {"label": ..., "budget": playouts,
"knobs": {name: value}, "why": one line}, and optionally "seed", "games" and
"level" of its own (``bench/blokus/mcts_sweep_plan.json`` is the project's).
Each setting not yet played is played by ``bench.blokus.mcts_strength``
(``--games`` games against Pentobi level 5, paired openings, the same
``--seed`` for every setting without a seed of its own, so those meet the
same openings and Pentobi seeds), its games written to
``DIR/<label>.jsonl`` (default build/bench/blokus/mcts-sweep/); a setting whose
records are there with as many games is not played again. Then the table of
every setting of the plan with records is written: games, W-D-L, score and
mean margin with their standard errors, playouts and playout plies a move.
"""
import argparse
import json
import subprocess
import sys
from pathlib import Path

from bench.common import report_file
from . import mcts
from . import mcts_strength

DEFAULT_RECORDS = "build/bench/blokus/mcts-sweep"
DEFAULT_OUT = "bench/results/blokus-mcts-sweep.md"


def load_plan(path):
    """The plan's settings; ValueError saying what is wrong."""
    try:
        plan = json.loads(Path(path).read_text())
    except OSError as e:
        raise ValueError("cannot read %s: %s" % (path, e.strerror)) from None
    except json.JSONDecodeError as e:
        raise ValueError("%s is not JSON: %s" % (path, e)) from None
    if not isinstance(plan, list) or not plan:
        raise ValueError("%s: a plan is a non-empty list of settings" % path)
    labels = set()
    for i, s in enumerate(plan):
        if not isinstance(s, dict) or not isinstance(s.get("label"), str) or not s["label"]:
            raise ValueError("%s: setting %d has no label" % (path, i))
        if s["label"] in labels:
            raise ValueError("%s: label %r twice" % (path, s["label"]))
        labels.add(s["label"])
        if not isinstance(s.get("budget"), int) or s["budget"] < 1:
            raise ValueError("%s: %s: budget must be a positive integer" % (path, s["label"]))
        for key, low in (("seed", 0), ("games", 2), ("level", 1)):
            if key in s and (not isinstance(s[key], int) or s[key] < low):
                raise ValueError("%s: %s: %s must be an integer >= %d" % (path, s["label"], key, low))
        if s.get("games", 2) % 2:
            raise ValueError("%s: %s: games must be even (paired openings)" % (path, s["label"]))
        for name, value in s.get("knobs", {}).items():
            mcts.parse_knob("%s=%s" % (name, value))          # ValueError naming the knobs
    return plan


def read_records(path):
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def play(setting, args, records_path):
    cmd = [sys.executable, "-m", "bench.blokus.mcts_strength",
           "--games", str(setting.get("games", args.games)),
           "--seed", str(setting.get("seed", args.seed)), "--jobs", str(args.jobs),
           "--levels", str(setting.get("level", 5)),
           "--budget", str(setting["budget"]), "--label", setting["label"],
           "--games-out", str(records_path),
           "--out", str(records_path.with_suffix(".md"))]
    if args.pentobi:
        cmd += ["--pentobi", args.pentobi]
    for name, value in setting.get("knobs", {}).items():
        cmd += ["--knob", "%s=%s" % (name, value)]
    print("playing %s ..." % setting["label"], file=sys.stderr, flush=True)
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL)
    if proc.returncode != 0:
        raise RuntimeError("%s failed (exit %d): %s" % (setting["label"], proc.returncode,
                                                         " ".join(cmd)))


def table(plan, records_dir, seed):
    out = ["# Blokus MCTS study: the sweep", "",
           "Each row: `bench/blokus/mcts.c` with the knobs named (the rest at "
           "`bench.blokus.mcts.Params` defaults) at the playouts a move given (at most, "
           "when a cycle budget `cycles` stops it first: then the mean playouts a move is "
           "given too), against the Pentobi level named (`--nobook`, one thread), openings "
           "paired (every opening played with the study first and second), every setting "
           "of a seed on the same openings and Pentobi seeds (the sweep's seed is %d). "
           "+- : one standard error. Margin: Pentobi's squares left minus the study's."
           % seed, "",
           "| setting | playouts | knobs | level | seed | games | W-D-L | score | mean margin | "
           "plies a playout | s/move | why |",
           "|---|---:|---|---:|---:|---:|---|---:|---:|---:|---:|---|"]
    for s in plan:
        records = read_records(records_dir / (s["label"] + ".jsonl"))
        if not records:
            continue
        f = mcts_strength.summary(records, records[0]["opponent"])
        knobs = ", ".join("%s=%s" % kv for kv in s.get("knobs", {}).items()) or "-"
        playouts = "%d" % s["budget"]
        if s.get("knobs", {}).get("cycles"):
            playouts = "%.0f (mean)" % f["playouts"]
        out.append("| %s | %s | %s | %d | %d | %d | %d-%d-%d | %.1f %% +- %.1f | %+.2f +- %.2f "
                   "| %.1f | %.3f | %s |"
                   % (s["label"], playouts, knobs, s.get("level", 5),
                      s.get("seed", seed), f["games"], f["wins"], f["draws"],
                      f["losses"], f["score"], f["score_se"], f["margin"], f["margin_se"],
                      f["plies_per_playout"], f["seconds"], s.get("why", "")))
    defaults = ", ".join("`%s=%s`" % kv for kv in mcts.Params()._asdict().items()
                         if kv[0] != "playouts")
    out += ["", "Defaults: %s." % defaults]
    return "\n".join(out) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m bench.blokus.mcts_sweep",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--plan", required=True, help="the settings (JSON list)")
    ap.add_argument("--games", type=int, default=200, help="games a setting (default 200)")
    ap.add_argument("--seed", type=int, default=25, help="the sweep's seed (default 25)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--pentobi", metavar="PATH", help="pentobi-gtp (default $PENTOBI_GTP)")
    ap.add_argument("--records", default=DEFAULT_RECORDS, help="folder of the games")
    ap.add_argument("--only", help="comma-separated labels to play (default: all)")
    ap.add_argument("--table-only", action="store_true",
                    help="play nothing: write the table of the records there are")
    ap.add_argument("--out", default=DEFAULT_OUT)
    args = ap.parse_args(argv)
    try:
        plan = load_plan(args.plan)
    except ValueError as e:
        ap.error(str(e))
    if args.games < 2 or args.games % 2:
        ap.error("--games must be even (paired openings), at least 2")
    only = None if args.only is None else set(args.only.split(","))
    if only is not None and only - {s["label"] for s in plan}:
        ap.error("--only: no setting %s in the plan" % ",".join(sorted(only - {s["label"] for s in plan})))
    why = report_file.unwritable(args.out)
    if why:
        ap.error("cannot write %s: %s" % (args.out, why))
    records_dir = Path(args.records)
    records_dir.mkdir(parents=True, exist_ok=True)
    if not args.table_only:
        for s in plan:
            if only is not None and s["label"] not in only:
                continue
            path = records_dir / (s["label"] + ".jsonl")
            if len(read_records(path)) == s.get("games", args.games):
                continue
            try:
                play(s, args, path)
            except RuntimeError as e:
                print("error: %s" % e, file=sys.stderr)
                return 2
            except KeyboardInterrupt:
                print("interrupted", file=sys.stderr)
                return 130
    text = table(plan, records_dir, args.seed)
    report_file.write(Path(args.out), text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
