"""verif.coverage: per-run XML merged, every bin shown, missed ones marked."""
import subprocess
import sys

from verif import coverage

_RUN = """
import sys
from cocotb_coverage.coverage import CoverPoint, coverage_db

@CoverPoint("top.selftest.kind", xf=lambda k: k, bins=["a", "b", "c"])
def sample(k):
    pass

for k in sys.argv[2]:
    sample(k)
coverage_db.export_to_xml(filename=sys.argv[1])
"""


def _run_file(tmp_path, name, kinds):
    """One simulated run in its own process: sample `kinds`, export the XML."""
    d = tmp_path / "sim" / name
    d.mkdir(parents=True)
    subprocess.run([sys.executable, "-c", _RUN, str(d / "coverage.xml"), "".join(kinds)],
                   check=True)


def test_missed_bin_is_marked_and_require_full_fails(tmp_path):
    _run_file(tmp_path, "run1", ["a"])
    _run_file(tmp_path, "run2", ["b", "b"])
    out = tmp_path / "cov"
    rc = coverage.main(["--sim-dir", str(tmp_path / "sim"), "--out", str(out), "--require-full"])
    assert rc == 1
    page = (out / "index.html").read_text()
    assert "top.selftest.kind: 2/3" in page
    assert "<td>c</td><td>0 (MISSED)</td>" in page
    assert "<td>b</td><td>2</td>" in page and "<td>a</td><td>1</td>" in page
    assert "| top.selftest.kind | 2/3 | c |" in (out / "summary.md").read_text()


def test_all_bins_hit_passes(tmp_path):
    _run_file(tmp_path, "run1", ["a", "b"])
    _run_file(tmp_path, "run2", ["c"])
    rc = coverage.main(["--sim-dir", str(tmp_path / "sim"), "--out", str(tmp_path / "cov"),
                        "--require-full"])
    assert rc == 0


def test_no_runs_is_a_clear_error(tmp_path, capsys):
    rc = coverage.main(["--sim-dir", str(tmp_path / "nothing")])
    assert rc == 2
    assert "run the testbenches first" in capsys.readouterr().err
