"""Functional coverage: per-run XML from cocotb-coverage, merged, rendered.

Every testbench run writes its coverage_db to the file named by
TB_COVERAGE_XML (set by simulation.runner) when its test ends. `make coverage`
then runs

    python -m verif.coverage [--sim-dir build/sim] [--out build/coverage] [--require-full]

which merges every `coverage.xml` below the sim folder with cocotb-coverage's
own `merge_coverage`, and writes `index.html` (every bin, missed ones marked)
and `summary.md` beside the merged XML. cocotb-coverage has no HTML output of
its own, so the rendering is ours.
"""
import argparse
import html
import os
import sys
import xml.etree.ElementTree as ET

from verif.tb import ENV_COVERAGE


def export():
    """Write this simulation's coverage so far to TB_COVERAGE_XML (if set)."""
    from cocotb_coverage.coverage import coverage_db

    path = os.environ.get(ENV_COVERAGE)
    if path:
        coverage_db.export_to_xml(filename=path)
    return path


def find_files(sim_dir):
    found = []
    for root, _, files in os.walk(sim_dir):
        if "coverage.xml" in files:
            found.append(os.path.join(root, "coverage.xml"))
    return sorted(found)


def merge(files, out_xml):
    from cocotb_coverage.coverage import merge_coverage

    os.makedirs(os.path.dirname(out_xml) or ".", exist_ok=True)
    merge_coverage(lambda *a: None, out_xml, *files)
    return out_xml


def coverpoints(xml_path):
    """[(abs_name, [(bin label, hits, at_least)])] for every coverpoint/cross."""
    tree = ET.parse(xml_path)
    out = []

    def walk(node):
        bins = [c for c in node if "bin" in c.attrib and "hits" in c.attrib]
        if bins:
            at_least = int(node.attrib.get("at_least", "1"))
            out.append((node.attrib["abs_name"],
                        [(b.attrib["bin"], int(b.attrib["hits"]), at_least) for b in bins]))
        for c in node:
            if "bin" not in c.attrib:
                walk(c)

    walk(tree.getroot())
    return out


def summarize(points):
    total = sum(len(bins) for _, bins in points)
    hit = sum(1 for _, bins in points for _, h, need in bins if h >= need)
    return hit, total


_CSS = """body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;margin-bottom:1.5em}
td,th{border:1px solid #999;padding:2px 8px;text-align:left}th{background:#eee}
.miss{background:#f8c0c0;font-weight:bold}.hit{background:#d8f0d8}h2{font-size:1.05em}"""


def render_html(points, path, sources):
    hit, total = summarize(points)
    rows = ["<!DOCTYPE html><html><head><meta charset='utf-8'><title>Functional coverage</title>",
            "<style>%s</style></head><body>" % _CSS,
            "<h1>Functional coverage: %d of %d bins hit (%.1f%%)</h1>"
            % (hit, total, 100.0 * hit / total if total else 0.0),
            "<p>Merged from %d run(s). Missed bins are <span class='miss'>red</span>.</p>"
            % len(sources)]
    for name, bins in points:
        ph = sum(1 for _, h, need in bins if h >= need)
        rows.append("<h2>%s: %d/%d</h2><table><tr><th>bin</th><th>hits</th></tr>"
                    % (html.escape(name), ph, len(bins)))
        for label, h, need in bins:
            cls = "hit" if h >= need else "miss"
            rows.append("<tr class='%s'><td>%s</td><td>%d%s</td></tr>"
                        % (cls, html.escape(label), h, "" if h >= need else " (MISSED)"))
        rows.append("</table>")
    rows.append("</body></html>")
    with open(path, "w") as f:
        f.write("\n".join(rows))


def render_markdown(points, path):
    hit, total = summarize(points)
    lines = ["# Functional coverage", "", "%d of %d bins hit." % (hit, total), "",
             "| coverpoint | hit | missed bins |", "|---|---|---|"]
    for name, bins in points:
        missed = [label for label, h, need in bins if h < need]
        lines.append("| %s | %d/%d | %s |" % (name, len(bins) - len(missed), len(bins),
                                              ", ".join(missed) or "-"))
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m verif.coverage",
                                description="Merge the testbenches' functional coverage and "
                                            "write an HTML and a Markdown report.")
    p.add_argument("--sim-dir", default=os.path.join("build", "sim"),
                   help="where the testbench runs wrote coverage.xml files (default build/sim)")
    p.add_argument("--out", default=os.path.join("build", "coverage"),
                   help="report folder (default build/coverage)")
    p.add_argument("--require-full", action="store_true",
                   help="exit 1 when any bin is missed")
    args = p.parse_args(argv)
    files = find_files(args.sim_dir)
    if not files:
        print("error: no coverage.xml under %s; run the testbenches first (make sim)"
              % args.sim_dir, file=sys.stderr)
        return 2
    os.makedirs(args.out, exist_ok=True)
    merged = merge(files, os.path.join(args.out, "merged.xml"))
    points = coverpoints(merged)
    render_html(points, os.path.join(args.out, "index.html"), files)
    render_markdown(points, os.path.join(args.out, "summary.md"))
    hit, total = summarize(points)
    print("coverage: %d of %d bins hit, from %d run(s); report: %s"
          % (hit, total, len(files), os.path.join(args.out, "index.html")))
    for name, bins in points:
        missed = [label for label, h, need in bins if h < need]
        if missed:
            print("  missed in %s: %s" % (name, ", ".join(missed)))
    return 1 if args.require_full and hit < total else 0


if __name__ == "__main__":
    sys.exit(main())
