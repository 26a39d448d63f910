"""Charts beside the benchmark reports: PNG and SVG next to each report in
``bench/results/``, linked from it, drawn from the report's own tables.

    python -m bench.charts [REPORT ...]      (default: every report in bench/results/)

Every chart is drawn from the numbers its report prints, never typed again:
the benchmark writers (``bench.common.match.main`` for the strength runs,
``bench.common.rtl_speed.write_report`` for the speed runs) call
``attach(report)`` right after they write the report, and this command does
the same for the committed reports, so a chart and its table cannot differ.
The mutation chart is drawn from the run's record (``mutation_run.json``)
named by the report (``mutation_chart``).

``attach`` picks the charts by what the report holds (one function a kind of
report), writes ``<name>.png``, ``<name>.svg`` and ``<name>.json`` (the values
plotted, for tests and for anyone who wants the numbers) and appends (or
replaces) a short block at the end of the report that shows and links them,
between ``<!-- charts -->`` and ``<!-- /charts -->``.

The charts:

* Blokus strength against Pentobi: score and Elo per Pentobi level, each
  with its 95 % range (the report's Wilson interval), the levels' ratings
  and the fit over all levels;
* Reversi strength: score per opponent with its 95 % range, and the Elo
  difference to each opponent with its range;
* Score-4 strength: score per opponent and seat; against an engine also the
  depth reached per game phase by both sides, and over every engine report
  in the folder the score per seat and time control
  (``score4-strength-time-controls``);
* speed (Score-4, Blokus): cycles per move (median and worst) per budget,
  and nodes per second;
* mutation: killed / survived per block, with the kill rate.

matplotlib is the ``bench`` extra's (``pip install -e '.[bench]'``; ``make
setup`` installs it); without it ``attach`` writes no chart and says so.
"""
import argparse
import json
import re
import sys
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results"
BEGIN = "<!-- charts -->"
END = "<!-- /charts -->"
FORMATS = ("png", "svg")
Z95 = 1.96


class ChartError(Exception):
    """A report or record a chart cannot be drawn from; one line."""


# ------------------------------------------------------------------ reading reports
def strip_block(text):
    """The report without its charts block (and the blank lines before it)."""
    i = text.find(BEGIN)
    if i < 0:
        return text
    j = text.find(END, i)
    rest = "" if j < 0 else text[j + len(END):].lstrip("\n")
    return text[:i].rstrip("\n") + "\n" + (("\n" + rest) if rest else "")


def _cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def tables(text):
    """Every Markdown table of ``text``: a list of (heading, columns, rows),
    heading the last ``#`` line above it, rows lists of cell strings."""
    out, heading, lines = [], "", text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("#"):
            heading = line.lstrip("#").strip()
        if (line.startswith("|") and i + 1 < len(lines)
                and re.match(r"^\|(\s*:?-+:?\s*\|)+\s*$", lines[i + 1])):
            cols = _cells(line)
            rows = []
            i += 2
            while i < len(lines) and lines[i].startswith("|"):
                rows.append(_cells(lines[i]))
                i += 1
            out.append((heading, cols, rows))
            continue
        i += 1
    return out


def find_table(text, *columns):
    """The first table whose columns start with ``columns`` (as dicts per row)."""
    for heading, cols, rows in tables(text):
        if tuple(cols[:len(columns)]) == columns:
            return [dict(zip(cols, r)) for r in rows]
    return None


def plain(cell):
    """A cell without Markdown emphasis and code marks."""
    return cell.replace("**", "").replace("`", "").strip()


def number(cell):
    """The first number of a cell ('14.0 %' -> 14.0, '+39.37' -> 39.37, '1.2 k' -> 1.2)."""
    m = re.search(r"[-+]?\d+(?:\.\d+)?", plain(cell))
    if m is None:
        raise ChartError("no number in table cell %r" % cell)
    return float(m.group(0))


def wdl(cell):
    """'12-4-84' -> (12, 4, 84)."""
    m = re.match(r"^(\d+)-(\d+)-(\d+)$", plain(cell))
    if m is None:
        raise ChartError("not a W-D-L cell: %r" % cell)
    return tuple(int(g) for g in m.groups())


def wilson(score, n, z=Z95):
    """The 95 % Wilson interval (low, high) of a score fraction over n games
    (the same interval the strength reports give their Elo ranges from)."""
    from bench.blokus.external_engine import wilson as _wilson
    return _wilson(score, n, z)


def score_range(w, d, losses):
    """(score %, low %, high %) of a W-D-L, the range the 95 % Wilson interval."""
    n = w + d + losses
    s = (w + 0.5 * d) / n
    low, high = wilson(s, n)
    return 100.0 * s, 100.0 * low, 100.0 * high


# ------------------------------------------------------------------------ drawing
def _pyplot():
    try:
        import matplotlib
    except ImportError:
        raise ChartError("matplotlib is not installed: pip install -e '.[bench]' "
                         "(make setup installs it)") from None
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "bench-charts"      # the same SVG for the same data
    import matplotlib.pyplot as plt
    return plt


def _save(fig, out_dir, name, data):
    """Write the figure as PNG and SVG and its values as JSON; the paths."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for fmt in FORMATS:
        path = out_dir / ("%s.%s" % (name, fmt))
        fig.savefig(str(path), format=fmt, dpi=110, bbox_inches="tight",
                    metadata={"Date": None} if fmt == "svg" else {"Software": None})
        paths.append(path)
    side = out_dir / ("%s.json" % name)
    side.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    import matplotlib.pyplot as plt
    plt.close(fig)
    return paths + [side]


def _errorbar(ax, xs, values, lows, highs, **kw):
    """Points with their ranges; an open end (None) is drawn as an arrow."""
    lo = [v - l if l is not None else 0 for v, l in zip(values, lows)]
    hi = [h - v if h is not None else 0 for v, h in zip(values, highs)]
    line = ax.errorbar(xs, values, yerr=[lo, hi], fmt="o", capsize=4, **kw)
    for x, v, l, h in zip(xs, values, lows, highs):
        if l is None:
            ax.annotate("", xy=(x, v - 150), xytext=(x, v),
                        arrowprops=dict(arrowstyle="->", color=line[0].get_color()),
                        annotation_clip=False)
        if h is None:
            ax.annotate("", xy=(x, v + 150), xytext=(x, v),
                        arrowprops=dict(arrowstyle="->", color=line[0].get_color()),
                        annotation_clip=False)
    return line


def _score_axis(ax):
    ax.set_ylim(0, 105)
    ax.axhline(50, color="0.7", lw=0.8, ls=":")
    ax.set_ylabel("score %  (wins + draws / 2)")
    ax.grid(axis="y", alpha=0.3)


# ------------------------------------------------------- Blokus strength (Pentobi)
def blokus_strength_chart(text, out_dir, name):
    """Score and Elo per Pentobi level with their 95 % ranges (the
    report's "Against Pentobi" table)."""
    rows = find_table(text, "Pentobi level", "level's rating", "games", "W-D-L", "score",
                      "mirror's Elo", "95 % range")
    if not rows:
        raise ChartError("no 'Against Pentobi' table")
    levels, ratings, scores, s_low, s_high, elos, e_low, e_high = ([] for _ in range(8))
    for r in rows:
        w, d, losses = wdl(r["W-D-L"])
        s, lo, hi = score_range(w, d, losses)
        if abs(s - number(r["score"])) > 0.05:
            raise ChartError("level %s: W-D-L %s does not give its score %s"
                             % (r["Pentobi level"], r["W-D-L"], r["score"]))
        levels.append(int(number(r["Pentobi level"])))
        ratings.append(number(r["level's rating"]))
        scores.append(s)
        s_low.append(lo)
        s_high.append(hi)
        elos.append(number(r["mirror's Elo"]))
        ends = [e.strip() for e in plain(r["95 % range"]).split(" to ")]
        e_low.append(None if ends[0] == "-inf" else float(ends[0]))
        e_high.append(None if ends[1] == "inf" else float(ends[1]))
    m = re.search(r"Mirror's Elo over all levels \(maximum likelihood\): (\d+)", text)
    fit = float(m.group(1)) if m else None
    plt = _pyplot()
    fig, (a, b) = plt.subplots(1, 2, figsize=(10, 4))
    _errorbar(a, levels, scores, s_low, s_high, color="C0")
    for x, s, r in zip(levels, scores, rows):
        a.annotate("%.0f %%\n%s" % (s, plain(r["W-D-L"])), (x, s), textcoords="offset points",
                   xytext=(8, 0), fontsize=8, va="center")
    _score_axis(a)
    a.set_xticks(levels)
    a.set_xlabel("Pentobi level")
    a.set_title("score against Pentobi (95 % range)")
    _errorbar(b, levels, elos, e_low, e_high, color="C1", label="mirror's Elo (95 % range)")
    b.plot(levels, ratings, "s--", color="0.5", label="the level's rating")
    if fit is not None:
        b.axhline(fit, color="C1", ls=":", label="fit over all levels: %.0f" % fit)
    b.set_xticks(levels)
    b.set_xlabel("Pentobi level")
    b.set_ylabel("Elo (Pentobi's scale)")
    b.set_title("Elo per level")
    b.grid(alpha=0.3)
    b.legend(fontsize=8, loc="upper left")
    fig.suptitle("Blokus Duo: the core's search (compiled mirror) against Pentobi")
    fig.tight_layout()
    data = {"chart": name, "levels": levels, "score": scores, "score_low": s_low,
            "score_high": s_high, "elo": elos, "elo_low": e_low, "elo_high": e_high,
            "rating": ratings, "fit": fit}
    return _save(fig, out_dir, name, data)


# ------------------------------------------------------------------ Reversi strength
def reversi_strength_chart(text, out_dir, name):
    """Score per opponent (both colours) with its 95 % range, and the Elo
    difference to each opponent (400 log10(s / (1 - s))) with its range."""
    rows = find_table(text, "opponent", "mirror plays", "games", "W-D-L", "score")
    if not rows:
        raise ChartError("no results table (opponent, mirror plays, games, W-D-L, score)")
    from bench.blokus.external_engine import elo_from_score
    names, scores, lows, highs, elos, e_low, e_high, bounds = ([] for _ in range(8))
    by_colour = {}
    for r in rows:
        opp, plays = plain(r["opponent"]), plain(r["mirror plays"])
        w, d, losses = wdl(r["W-D-L"])
        if plays != "both":
            by_colour.setdefault(plays, {})[opp] = score_range(w, d, losses)[0]
            continue
        s, lo, hi = score_range(w, d, losses)
        est = elo_from_score(0.0, w, d, losses)
        names.append(opp)
        scores.append(s)
        lows.append(lo)
        highs.append(hi)
        elos.append(est["elo"])
        e_low.append(est["low"])
        e_high.append(est["high"])
        bounds.append(est["bound"])
    plt = _pyplot()
    fig, (a, b) = plt.subplots(1, 2, figsize=(11, 4))
    xs = list(range(len(names)))
    _errorbar(a, xs, scores, lows, highs, color="C0", label="both colours (95 % range)")
    for k, (colour, marker) in enumerate((("Black", "^"), ("White", "v"))):
        pts = [(x, by_colour.get(colour, {}).get(n)) for x, n in zip(xs, names)]
        pts = [(x, v) for x, v in pts if v is not None]
        if pts:
            a.plot([x + 0.15 * (2 * k - 1) for x, _ in pts], [v for _, v in pts], marker,
                   color="0.45", ms=5, ls="none", label="as %s" % colour)
    _score_axis(a)
    a.set_xticks(xs, names, rotation=30, ha="right")
    a.set_title("score per opponent")
    a.legend(fontsize=8, loc="lower left")
    _errorbar(b, xs, elos, e_low, e_high, color="C1")
    for x, e, bound in zip(xs, elos, bounds):
        if bound:
            b.annotate(bound, (x, e), textcoords="offset points", xytext=(6, 0), fontsize=8)
    b.axhline(0, color="0.7", lw=0.8, ls=":")
    b.set_xticks(xs, names, rotation=30, ha="right")
    b.set_ylabel("Elo difference to the opponent")
    b.set_title("Elo difference (95 % range; >= / <= a bound)")
    b.grid(axis="y", alpha=0.3)
    fig.suptitle("Reversi 8 x 8: the core's search (compiled mirror) per opponent")
    fig.tight_layout()
    data = {"chart": name, "opponents": names, "score": scores, "score_low": lows,
            "score_high": highs, "by_colour": by_colour, "elo": elos, "elo_low": e_low,
            "elo_high": e_high, "elo_bound": bounds}
    return _save(fig, out_dir, name, data)


# ------------------------------------------------------------------ Score-4 strength
def time_control(text):
    """Seconds a move of the engine opponent ('--time 3' in its command), or None."""
    m = re.search(r"`engine` opponent \| `[^`]*--time (\d+(?:\.\d+)?)", text)
    return float(m.group(1)) if m else None


def score4_results(text):
    """{opponent: {seat: (score, low, high, W-D-L)}} of a Score-4 strength report."""
    rows = find_table(text, "opponent", "mirror plays", "games", "wins", "draws", "losses")
    if not rows:
        raise ChartError("no results table (opponent, mirror plays, games, wins, draws, losses)")
    out = {}
    for r in rows:
        w, d, losses = (int(number(r[k])) for k in ("wins", "draws", "losses"))
        out.setdefault(plain(r["opponent"]), {})[plain(r["mirror plays"])] = \
            score_range(w, d, losses) + ("%d-%d-%d" % (w, d, losses),)
    return out


SEATS = ("first", "second", "both")


def _seat_bars(ax, groups, results):
    """Bars per group (x) and seat, each with its 95 % range; the values."""
    width = 0.26
    plotted = {}
    for k, seat in enumerate(SEATS):
        xs, vals, lo, hi = [], [], [], []
        for x, g in enumerate(groups):
            v = results[g].get(seat)
            if v is None:
                continue
            xs.append(x + (k - 1) * width)
            vals.append(v[0])
            lo.append(v[0] - v[1])
            hi.append(v[2] - v[0])
            plotted.setdefault(seat, {})[g] = v[0]
        bars = ax.bar(xs, vals, width, yerr=[lo, hi], capsize=3, label="mirror moves %s" % seat
                      if seat != "both" else "both", color=("C0", "C2", "0.55")[k])
        for rect, g in zip(bars, [g for g in groups if results[g].get(seat)]):
            ax.annotate(results[g][seat][3], (rect.get_x() + rect.get_width() / 2, 2),
                        ha="center", fontsize=7, rotation=90, color="white")
    ax.set_xticks(range(len(groups)), groups)
    _score_axis(ax)
    ax.legend(fontsize=8, loc="lower right")
    return plotted


def score4_strength_chart(text, out_dir, name):
    """Score per opponent and seat (the mirror first, second, both) with the
    95 % range of each."""
    results = score4_results(text)
    groups = list(results)
    tc = time_control(text)
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(max(5, 2.2 * len(groups) + 2), 4))
    plotted = _seat_bars(ax, groups, results)
    ax.set_title("Score-4: the core's search (compiled mirror) per opponent and seat%s"
                 % ("" if tc is None else "\nengine at %g s a move" % tc))
    fig.tight_layout()
    return _save(fig, out_dir, name, {"chart": name, "time_control": tc, "score": plotted})


def score4_depth_chart(text, out_dir, name):
    """Depth reached per game phase by both sides (the report's "Depths
    reached against" table, both seats): average bars, maximum marks."""
    rows = find_table(text, "mirror plays", "mirror depth", "mirror avg s", "mirror max s",
                      "engine depth")
    if not rows:
        raise ChartError("no 'Depths reached' table")
    m = re.search(r"per game phase \(([^)]*)\)", text)
    phases = [p.strip() for p in m.group(1).split(",")] if m else None
    row = next((r for r in rows if plain(r["mirror plays"]) == "both"), rows[-1])

    def cells(cell):
        """([average], [maximum]) per phase; NaN where the report has '-' (a
        side that reported no depth in that phase, e.g. an engine that does
        not say its depth)."""
        avg, most = [], []
        for part in (p.strip() for p in plain(cell).split("/")):
            m = re.fullmatch(r"([\d.]+)\s*\(([\d.]+)\)", part)
            if m:
                avg.append(float(m.group(1)))
                most.append(float(m.group(2)))
            elif part in ("-", ""):
                avg.append(float("nan"))
                most.append(float("nan"))
            else:
                raise ChartError("a depth cell reads %r, not 'AVERAGE (MAXIMUM)' or '-'" % part)
        return avg, most

    sides = {"mirror": cells(row["mirror depth"]), "engine": cells(row["engine depth"])}
    known = [v for _, most in sides.values() for v in most if v == v]
    if not known:
        raise ChartError("no depth in the 'Depths reached' table")
    phases = phases or ["phase %d" % (i + 1) for i in range(len(sides["mirror"][0]))]
    tc = time_control(text)
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 4))
    width = 0.38
    for k, (side, (avg, most)) in enumerate(sides.items()):
        xs = [i + (k - 0.5) * width for i in range(len(phases))]
        ax.bar(xs, avg, width, color=("C0", "C3")[k], label="%s: average" % side)
        ax.plot(xs, most, "_", ms=18, mew=2, color=("C0", "C3")[k], label="%s: maximum" % side)
        for x, v in zip(xs, avg):
            if v == v:                          # not NaN
                ax.annotate("%.1f" % v, (x, v / 2), ha="center", color="white", fontsize=8)
    ax.set_xticks(range(len(phases)), phases)
    ax.set_ylabel("completed depth (plies)")
    ax.grid(axis="y", alpha=0.3)
    ax.legend(fontsize=8, ncol=2, loc="upper right")
    ax.set_ylim(0, max(known) * 1.25)
    ax.set_title("Score-4: depth reached per game phase, both sides%s"
                 % ("" if tc is None else " (engine at %g s a move)" % tc))
    fig.tight_layout()
    data = {"chart": name, "phases": phases, "time_control": tc,
            "depth": {s: {"average": [v if v == v else None for v in a],     # NaN: null
                          "maximum": [v if v == v else None for v in m]}
                      for s, (a, m) in sides.items()}}
    return _save(fig, out_dir, name, data)


def score4_time_controls_chart(reports, out_dir, name="score4-strength-time-controls"):
    """Score per seat and time control, over the Score-4 reports against an
    engine (``reports``: paths); none when fewer than one has a time control."""
    runs = {}
    for path in reports:
        text = strip_block(Path(path).read_text())
        tc = time_control(text)
        if tc is None:
            continue
        res = score4_results(text).get("engine")
        if res:
            runs["%g s a move" % tc] = (tc, res, Path(path).name)
    if not runs:
        return []
    groups = sorted(runs, key=lambda g: runs[g][0])
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(2.2 * len(groups) + 3, 4))
    plotted = _seat_bars(ax, groups, {g: runs[g][1] for g in groups})
    ax.set_xlabel("the engine's time control (our core: its own node budget)")
    ax.set_title("Score-4: the core's search against the engine, per seat and time control")
    fig.tight_layout()
    data = {"chart": name, "score": plotted, "reports": {g: runs[g][2] for g in groups}}
    return _save(fig, out_dir, name, data)


# ------------------------------------------------------------------------------ speed
def speed_chart(text, out_dir, name):
    """Cycles per move (median and worst) per budget, and nodes per second."""
    blokus = "### Cycles per answer" in text
    if blokus:
        rows = find_table(text, "budget", "searches", "nodes median / worst")
        points = [(int(number(r["budget"])), number(r["cycles median"]),
                   number(r["cycles worst"])) for r in rows
                  if re.match(r"^\d", plain(r["budget"]))]
        rates = [(plain(r["searches"]), number(r["nodes/s at 50 MHz"]))
                 for r in find_table(text, "searches", "nodes/s at 50 MHz")]
        title = "Blokus Duo RTL (Verilator, 50 MHz clock)"
    else:
        rows = find_table(text, "budget", "cycles/move median", "cycles/move worst")
        if not rows:
            raise ChartError("no speed table (budget, cycles/move median, cycles/move worst)")
        points = [(int(number(r["budget"])), number(r["cycles/move median"]),
                   number(r["cycles/move worst"])) for r in rows]
        rates = [("budget %s" % plain(r["budget"]), number(r["M nodes/s at 50 MHz"]))
                 for r in rows]
        title = "Score-4 RTL (Verilator, 50 MHz clock)"
    plt = _pyplot()
    fig, (a, b) = plt.subplots(1, 2, figsize=(11, 4))
    budgets = [p[0] for p in points]
    a.loglog(budgets, [p[1] for p in points], "o-", label="median over the positions")
    a.loglog(budgets, [p[2] for p in points], "s--", label="worst position")
    a.set_xlabel("node budget")
    a.set_ylabel("cycles per move")
    a.set_title("cycles per move")
    a.grid(which="both", alpha=0.3)
    a.legend(fontsize=8)
    labels = [r[0] for r in rates]
    bars = b.bar(range(len(rates)), [r[1] for r in rates], color="C2")
    for rect, r in zip(bars, rates):
        b.annotate("%.1f M" % r[1], (rect.get_x() + rect.get_width() / 2, rect.get_height()),
                   ha="center", va="bottom", fontsize=8)
    b.set_xticks(range(len(rates)), labels, rotation=15, ha="right", fontsize=8)
    b.set_ylabel("M nodes per second")
    b.set_title("nodes per second")
    b.grid(axis="y", alpha=0.3)
    fig.suptitle(title)
    fig.tight_layout()
    data = {"chart": name, "budget": budgets, "cycles_median": [p[1] for p in points],
            "cycles_worst": [p[2] for p in points], "rates": dict(rates)}
    return _save(fig, out_dir, name, data)


# ---------------------------------------------------------------------------- mutation
KILLED = ("killed", "killed (timeout)")


def mutation_counts(record):
    """{block: {status: count}} of a mutation run's record, blocks in order."""
    counts = {}
    for r in record.get("results", []):
        counts.setdefault(r["block"], {}).setdefault(r["status"], 0)
        counts[r["block"]][r["status"]] += 1
    return dict(sorted(counts.items()))


def mutation_chart(record_path, out_dir, name="mutation"):
    """Killed / survived mutants per block and the kill rate (killed over
    scored: killed, killed by timeout, survived), from the run's record
    (``bench/results/mutation_run.json``). Returns the paths written."""
    try:
        record = json.loads(Path(record_path).read_text())
    except OSError as e:
        raise ChartError("cannot read %s: %s" % (record_path, e.strerror)) from None
    except ValueError as e:
        raise ChartError("%s is not JSON (%s)" % (record_path, e)) from None
    if not isinstance(record, dict) or not isinstance(record.get("results"), list):
        raise ChartError("%s is not a mutation run's record (no results list)" % record_path)
    counts = mutation_counts(record)
    if not counts:
        raise ChartError("%s holds no mutants" % record_path)
    blocks = list(counts)
    killed = [counts[b].get("killed", 0) for b in blocks]
    timeout = [counts[b].get("killed (timeout)", 0) for b in blocks]
    survived = [counts[b].get("survived", 0) for b in blocks]
    rate = [100.0 * (k + t) / (k + t + s) if k + t + s else None
            for k, t, s in zip(killed, timeout, survived)]
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(9, 0.28 * len(blocks) + 1.5))
    ys = list(range(len(blocks)))[::-1]
    ax.barh(ys, killed, color="C2", label="killed")
    ax.barh(ys, timeout, left=killed, color="C8", label="killed (timeout)")
    ax.barh(ys, survived, left=[k + t for k, t in zip(killed, timeout)], color="C3",
            label="survived")
    for y, k, t, s, r in zip(ys, killed, timeout, survived, rate):
        if r is not None:
            ax.annotate("%.0f %%" % r, (k + t + s, y), xytext=(4, 0), textcoords="offset points",
                        va="center", fontsize=8)
    ax.set_yticks(ys, blocks, fontsize=8)
    ax.set_xlabel("mutants (a sample of each block's candidates); the kill rate at the right")
    ax.set_xlim(0, max(k + t + s for k, t, s in zip(killed, timeout, survived)) + 1.5)
    ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.06 - 1.2 / len(blocks)),
              ncol=3)
    ax.set_title("Mutation run %s (seed %s): single faults per block, as run"
                 % (record.get("date", "?"), record.get("seed", "?")))
    fig.tight_layout()
    data = {"chart": name, "record": Path(record_path).name, "blocks": blocks,
            "killed": killed, "killed_timeout": timeout, "survived": survived,
            "kill_rate": rate}
    return _save(fig, out_dir, name, data)


# ------------------------------------------------------------------- reports -> charts
def charts_for(path, text):
    """The chart writers of the report at ``path`` (text without its block):
    a list of (name, function(out_dir) -> paths)."""
    stem = path.stem
    first = text.lstrip().splitlines()[0] if text.strip() else ""
    out = []
    if first.startswith("# Mutation run"):
        m = re.search(r"\(([^()]*mutation_run[^()]*\.json)\)", text)
        record = path.parent / (Path(m.group(1)).name if m else "mutation_run.json")
        out.append((stem, lambda d: mutation_chart(record, d, stem)))
    elif first.startswith("# Reversi strength benchmark"):
        out.append((stem, lambda d: reversi_strength_chart(text, d, stem)))
    elif first.startswith("# Score-4 strength benchmark"):
        out.append((stem, lambda d: score4_strength_chart(text, d, stem)))
        if "## Depths reached against" in text:
            out.append((stem + "-depth", lambda d: score4_depth_chart(text, d, stem + "-depth")))
        if time_control(text) is not None:
            name = "score4-strength-time-controls"
            out.append((name, lambda d: score4_time_controls_chart(
                sorted(path.parent.glob("score4-strength*.md")), d, name)))
    elif first.startswith("## Strength (compiled mirror") and "## Against Pentobi" in text:
        out.append((stem, lambda d: blokus_strength_chart(text, d, stem)))
    elif first.startswith("## Speed (RTL"):
        out.append((stem, lambda d: speed_chart(text, d, stem)))
    return out


def block_text(names):
    """The charts block of a report that shows ``names`` (PNG, next to it)."""
    lines = [BEGIN, "",
             "Charts of the tables above (drawn from this report by `bench/charts.py`; "
             "`python -m bench.charts` draws them again):", ""]
    for n in names:
        lines.append("![%s](%s.png)  " % (n, n))
        lines.append("[%s.png](%s.png), [SVG](%s.svg), [values](%s.json)" % (n, n, n, n))
        lines.append("")
    lines.append(END)
    return "\n".join(lines) + "\n"


def attach(report, out=None):
    """Draw the charts of the report at ``report`` next to it and link them
    from it (the block at its end, replaced when there). Returns the paths
    written ([] for a report without charts). A chart that cannot be drawn
    (no matplotlib, a table it cannot read) is reported on ``out`` (default
    standard error) as one line and leaves the report as it is: the tables
    are the result, the charts an aid."""
    out = out or sys.stderr
    path = Path(report)
    try:
        text = strip_block(path.read_text())
        written, names = [], []
        for name, draw in charts_for(path, text):
            paths = draw(path.parent)
            if paths:
                written += paths
                names.append(name)
    except (ChartError, OSError) as e:
        out.write("charts of %s not drawn: %s\n" % (path, getattr(e, "strerror", None) or e))
        return []
    except (ValueError, KeyError, IndexError, TypeError) as e:
        # a table the chart code misreads: the benchmark's result (the report) stands;
        # say it in one line, for a bug report, instead of failing the run after hours
        out.write("charts of %s not drawn (a bug in bench/charts.py, please report): %s: %s\n"
                  % (path, type(e).__name__, e))
        return []
    if names:
        path.write_text(text.rstrip("\n") + "\n\n" + block_text(names))
        out.write("charts: %s\n" % ", ".join(str(p) for p in written if p.suffix == ".png"))
    return written


def _parser():
    p = argparse.ArgumentParser(
        prog="python -m bench.charts",
        description="Draw the charts of benchmark reports (PNG, SVG and the plotted values as "
                    "JSON, next to each report) from the reports' own tables, and link them "
                    "from the reports.")
    p.add_argument("reports", nargs="*", metavar="REPORT",
                   help="report files (default: every bench/results/*.md that has charts)")
    return p


def main(argv=None):
    args = _parser().parse_args(argv)
    reports = [Path(r) for r in args.reports] or sorted(RESULTS.glob("*.md"))
    for r in reports:
        if not r.is_file():
            print("error: no report %s (give bench/results/*.md files)" % r, file=sys.stderr)
            return 2
    try:
        _pyplot()
    except ChartError as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    failed = 0
    for r in reports:
        text = strip_block(r.read_text())
        if not charts_for(r, text):
            if args.reports:
                print("%s: no charts for this kind of report" % r, file=sys.stderr)
            continue
        if not attach(r):
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
