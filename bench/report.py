"""Assemble bench/results/<core>.md from the parts the benchmarks wrote.

    python -m bench.report score4

Each benchmark writes bench/results/<core>-<part>.md; this puts them in one
file under a header that names the commit they were measured on, without
the parts' charts (each part's page has them).
"""
import os
import re
import subprocess
import sys

PARTS = ("speed", "strength", "size")
# the charts bench/charts.py attaches to each part: every block says the same
# line, so the assembled page would say it once a part (the docs test refuses a
# repeated paragraph); the parts keep their charts
CHARTS = re.compile(r"\n*<!-- charts -->.*?<!-- /charts -->\n*", re.S)


def without_charts(text):
    """`text` without its charts blocks."""
    return CHARTS.sub("\n\n", text)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1 or argv[0] in ("-h", "--help"):
        print("usage: python -m bench.report CORE   (assembles bench/results/CORE.md)")
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    core = argv[0]
    results = os.path.join("bench", "results")
    found = [os.path.join(results, "%s-%s.md" % (core, part)) for part in PARTS]
    found = [f for f in found if os.path.exists(f)]
    if not found:
        print("error: no %s/%s-*.md yet; run make bench-%s" % (results, core, core), file=sys.stderr)
        return 2
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True).stdout.strip() or "unknown"
    except OSError:
        commit = "unknown"
    text = ["# %s benchmarks" % core, "",
            "Assembled on commit %s from %s (each written by its own step of "
            "`make bench-%s`, which runs them all)." % (
                commit, ", ".join(os.path.basename(f) for f in found), core), ""]
    for part in PARTS:
        f = os.path.join(results, "%s-%s.md" % (core, part))
        if f in found:
            text.append(without_charts(open(f).read()).rstrip() + "\n")
        else:
            text.append("## %s\n\nNot run yet (no %s).\n" % (part.capitalize(), f))
    out = os.path.join(results, core + ".md")
    with open(out, "w") as fh:
        fh.write("\n".join(text))
    print("wrote %s" % out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
