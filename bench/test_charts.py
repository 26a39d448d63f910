"""The benchmark charts: drawn from small reports and records, the files
written and linked, and the plotted values those of the tables (read back
from the matplotlib figures and from the values file beside each chart)."""
import json

import pytest

pytest.importorskip("matplotlib", reason="matplotlib (the bench extra) is not installed: "
                                         "make setup installs it")

from bench import charts                                    # noqa: E402
from bench.common import rtl_speed                          # noqa: E402

BLOKUS = """## Strength (compiled mirror at the default budget)

| opponent | games | wins | draws | losses | score |
|---|---:|---:|---:|---:|---:|
| pentobi-3 | 10 | 6 | 2 | 2 | 70.0 % |

## Against Pentobi

| Pentobi level | level's rating | games | W-D-L | score | mirror's Elo | 95 % range | mean margin (squares) | Pentobi s/move avg / max |
|---:|---:|---:|---|---:|---:|---|---:|---:|
| 3 | 1378 | 10 | 6-2-2 | 70.0 % | 1525 | 1297 to 1760 | +1.00 | 0.1 / 0.2 |
| 7 | 2134 | 10 | 0-0-10 | 0.0 % | <= 1623 | -inf to 2010 | -20.00 | 0.5 / 0.9 |

**Mirror's Elo over all levels (maximum likelihood): 1500.**
"""

REVERSI = """# Reversi strength benchmark

| opponent | mirror plays | games | W-D-L | score | mean disc margin |
|---|---|---:|---|---:|---:|
| random | Black | 2 | 2-0-0 | 100.0 % | +50.0 |
| random | White | 2 | 1-1-0 | 75.0 % | +40.0 |
| **random** | both | 4 | 3-1-0 | 87.5 % | +45.0 |
| nboard-d4 | Black | 2 | 0-0-2 | 0.0 % | -9.0 |
| nboard-d4 | White | 2 | 1-0-1 | 50.0 % | -1.0 |
| **nboard-d4** | both | 4 | 1-0-3 | 25.0 % | -5.0 |
"""

SCORE4 = """# Score-4 strength benchmark

| setting | value |
|---|---|
| `engine` opponent | `/x/t11-gtp --time 3`, after 2 random opening plies |

## Results (the mirror's wins, draws, losses)

| opponent | mirror plays | games | wins | draws | losses | score | avg plies |
|---|---|---:|---:|---:|---:|---:|---:|
| engine | first | 4 | 1 | 1 | 2 | 37.5 % | 55.0 |
| engine | second | 4 | 3 | 0 | 1 | 75.0 % | 55.2 |
| **engine** | both | 8 | 4 | 1 | 3 | 56.2 % | 55.1 |

## Depths reached against `engine`

Average (maximum) completed depth per game phase (plies 1-20, plies 21-40, plies 41-64), over ...

| mirror plays | mirror depth | mirror avg s | mirror max s | engine depth | engine avg s | engine avg nodes | engine moves not searched |
|---|---|---:|---:|---|---:|---:|---:|
| first | 11.0 (12) / 13.0 (20) / 10.5 (21) | 1.98 | 5.32 | 11.3 (18) / 13.6 (22) / 8.8 (20) | 1.86 | 8 | 2 of 5 |
| **both** | 11.1 (13) / 13.1 (23) / 11.0 (21) | 1.92 | 5.32 | 11.3 (18) / 13.4 (24) / 9.5 (22) | 1.83 | 8 | 6 of 10 |
"""

SPEED = ["## Speed (RTL, Verilator)", "",
         "| budget | cycles/move median | cycles/move worst | nodes/move median | "
         "cycles/node mean | cycles/node worst | M nodes/s at 50 MHz | worst answer at 50 MHz "
         "| checked |",
         "|---|---|---|---|---|---|---|---|---|",
         "| 1000 | 7511 | 7949 | 1000 | 8.039 | 35.386 | 6.2 | 0.0002 s | 24 golden |",
         "| 10000 | 39016 | 43498 | 10000 | 4.029 | 35.386 | 12.4 | 0.0009 s | 24 golden |"]


@pytest.fixture
def figures(monkeypatch):
    """The figures the charts draw, kept for reading back."""
    kept = {}
    save = charts._save

    def keep(fig, out_dir, name, data):
        kept[name] = fig
        return save(fig, out_dir, name, data)

    monkeypatch.setattr(charts, "_save", keep)
    return kept


def _attach(tmp_path, name, text):
    report = tmp_path / name
    report.write_text(text)
    written = charts.attach(report)
    for p in written:
        assert p.stat().st_size > 0, p
    return report, written


def _values(tmp_path, name):
    return json.loads((tmp_path / (name + ".json")).read_text())


def test_blokus_strength_chart_plots_the_table(tmp_path, figures):
    report, written = _attach(tmp_path, "blokus-strength.md", BLOKUS)
    assert {p.name for p in written} == {"blokus-strength.png", "blokus-strength.svg",
                                         "blokus-strength.json"}
    v = _values(tmp_path, "blokus-strength")
    assert v["levels"] == [3, 7]
    assert v["score"] == [70.0, 0.0]
    assert v["elo"] == [1525, 1623]
    assert v["elo_low"] == [1297, None] and v["elo_high"] == [1760, 2010]
    assert v["rating"] == [1378, 2134] and v["fit"] == 1500
    # the figure itself: the score and Elo points are the table's
    score_ax, elo_ax = figures["blokus-strength"].axes
    assert list(score_ax.lines[0].get_ydata()) == [70.0, 0.0]
    assert list(elo_ax.lines[0].get_ydata()) == [1525, 1623]
    # linked from the report, once, however often it is drawn
    text = report.read_text()
    assert "![blokus-strength](blokus-strength.png)" in text
    charts.attach(report)
    assert report.read_text() == text
    assert text.count(charts.BEGIN) == 1 and text.startswith(BLOKUS.rstrip("\n"))


def test_reversi_strength_chart(tmp_path, figures):
    _attach(tmp_path, "reversi-strength.md", REVERSI)
    v = _values(tmp_path, "reversi-strength")
    assert v["opponents"] == ["random", "nboard-d4"]
    assert v["score"] == [87.5, 25.0]
    assert v["by_colour"] == {"Black": {"random": 100.0, "nboard-d4": 0.0},
                              "White": {"random": 75.0, "nboard-d4": 50.0}}
    assert v["elo"][1] == pytest.approx(400 * __import__("math").log10(0.25 / 0.75))
    assert list(figures["reversi-strength"].axes[0].lines[0].get_ydata()) == [87.5, 25.0]


def test_score4_charts_per_seat_phase_and_time_control(tmp_path, figures):
    _attach(tmp_path, "score4-strength-engine.md", SCORE4)
    v = _values(tmp_path, "score4-strength-engine")
    assert v["time_control"] == 3
    assert v["score"] == {"first": {"engine": 37.5}, "second": {"engine": 75.0},
                          "both": {"engine": 56.25}}
    bars = [r.get_height() for r in figures["score4-strength-engine"].axes[0].patches]
    assert bars == [37.5, 75.0, 56.25]
    d = _values(tmp_path, "score4-strength-engine-depth")
    assert d["phases"] == ["plies 1-20", "plies 21-40", "plies 41-64"]
    assert d["depth"]["mirror"] == {"average": [11.1, 13.1, 11.0], "maximum": [13, 23, 21]}
    assert d["depth"]["engine"] == {"average": [11.3, 13.4, 9.5], "maximum": [18, 24, 22]}
    t = _values(tmp_path, "score4-strength-time-controls")
    assert t["score"]["both"] == {"3 s a move": 56.25}


def test_speed_chart_from_the_speed_writer(tmp_path, figures):
    # the speed benchmarks' own writer draws the chart next to the report
    rtl_speed.write_report(str(tmp_path / "score4-speed.md"), SPEED)
    v = _values(tmp_path, "score4-speed")
    assert v["budget"] == [1000, 10000]
    assert v["cycles_median"] == [7511, 39016] and v["cycles_worst"] == [7949, 43498]
    assert v["rates"] == {"budget 1000": 6.2, "budget 10000": 12.4}
    cycles = figures["score4-speed"].axes[0]
    assert list(cycles.lines[0].get_ydata()) == [7511, 39016]
    assert (tmp_path / "score4-speed.png").stat().st_size > 0
    assert "(score4-speed.png)" in (tmp_path / "score4-speed.md").read_text()


def test_mutation_chart_from_the_record(tmp_path, figures):
    record = {"date": "d", "seed": 1, "results": [
        {"block": "uart_rx", "status": "killed"}, {"block": "uart_rx", "status": "survived"},
        {"block": "byte_fifo", "status": "killed (timeout)"},
        {"block": "byte_fifo", "status": "killed"}]}
    path = tmp_path / "run.json"
    path.write_text(json.dumps(record))
    written = charts.mutation_chart(path, tmp_path / "out")
    assert all(p.stat().st_size > 0 for p in written)
    v = _values(tmp_path / "out", "mutation")
    assert v["blocks"] == ["byte_fifo", "uart_rx"]
    assert v["killed"] == [1, 1] and v["killed_timeout"] == [1, 0] and v["survived"] == [0, 1]
    assert v["kill_rate"] == [100.0, 50.0]
    killed_bars = [r.get_width() for r in figures["mutation"].axes[0].patches][:2]
    assert killed_bars == [1, 1]


def test_unreadable_table_is_one_line_and_leaves_the_report(tmp_path, capsys):
    text = BLOKUS.replace("6-2-2", "6-2-3")            # W-D-L no longer gives the score
    report = tmp_path / "blokus-strength.md"
    report.write_text(text)
    assert charts.attach(report) == []
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "does not give its score" in err
    assert report.read_text() == text


def test_command_line_errors(tmp_path, capsys):
    assert charts.main([str(tmp_path / "missing.md")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: no report") and len(err.splitlines()) == 1


def test_committed_charts_are_drawn_from_the_committed_reports():
    # every committed chart's values file agrees with its report as it is now
    for report in sorted(charts.RESULTS.glob("*.md")):
        text = charts.strip_block(report.read_text())
        for name, _ in charts.charts_for(report, text):
            assert (charts.RESULTS / (name + ".png")).is_file(), name
            assert "(%s.png)" % name in report.read_text(), (report.name, name)


def test_strength_command_draws_the_chart_beside_its_report(tmp_path, monkeypatch):
    # the strength harness writes the report, then its chart next to it
    from bench.common import match
    from bench.reversi import strength
    monkeypatch.setattr(match, "run_games", lambda m: ([], 1.0))
    monkeypatch.setattr(strength.Reversi, "report", lambda self, records, m, wall: REVERSI)
    out = tmp_path / "reversi-strength.md"
    assert match.main(strength.GAME, ["--games", "2", "--opponents", "random", "--out", str(out)]) == 0
    assert _values(tmp_path, "reversi-strength")["score"] == [87.5, 25.0]
    assert "(reversi-strength.png)" in out.read_text()


def test_depth_chart_with_a_side_that_reports_no_depth(tmp_path):
    """An engine that does not say its depth ('-' in the report) leaves its
    bars out; the mirror's are drawn (a '-' once broke the strength command)."""
    from bench import charts
    text = ("Average (maximum) completed depth per game phase (plies 1-20, plies 21-40, "
            "plies 41-64), over ...\n\n"
            "| mirror plays | mirror depth | mirror avg s | mirror max s | engine depth |\n"
            "|---|---|---|---|---|\n"
            "| both | 9.5 (11) / 12.0 (14) / 10.0 (12) | 0.1 | 0.2 | - / - / - |\n")
    paths = charts.score4_depth_chart(text, tmp_path, "depth")
    data = json.loads((tmp_path / "depth.json").read_text())
    assert data["depth"]["mirror"] == {"average": [9.5, 12.0, 10.0], "maximum": [11, 14, 12]}
    assert data["depth"]["engine"] == {"average": [None] * 3, "maximum": [None] * 3}
    assert any(p.suffix == ".png" and p.stat().st_size > 0 for p in paths)
