"""bench.report: the assembled page holds every part once, and no part's charts."""
import os

from bench import report


def test_assembled_page_has_the_parts_without_their_charts(tmp_path, monkeypatch):
    results = tmp_path / "bench" / "results"
    results.mkdir(parents=True)
    chart = ("<!-- charts -->\n\nCharts of the tables above.\n\n![x](x.png)\n\n"
             "<!-- /charts -->\n")
    (results / "demo-speed.md").write_text("## Speed\n\n| a |\n\n" + chart)
    (results / "demo-size.md").write_text("## Size\n\n| b |\n\n" + chart + "\nafter\n")
    monkeypatch.chdir(tmp_path)
    assert report.main(["demo"]) == 0
    page = (results / "demo.md").read_text()
    assert "## Speed" in page and "## Size" in page and "after" in page
    assert "Charts of the tables above" not in page and "<!-- charts -->" not in page
    assert "## Strength\n\nNot run yet" in page
    assert "Charts of the tables above" in (results / "demo-speed.md").read_text()


def test_no_parts_is_an_error(tmp_path, monkeypatch, capsys):
    os.makedirs(tmp_path / "bench" / "results")
    monkeypatch.chdir(tmp_path)
    assert report.main(["nothing"]) == 2
    assert "error: no" in capsys.readouterr().err
