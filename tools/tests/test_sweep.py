"""make sim-seeds (simulation/sweep.py) names the seeds a seed-dependent test fails under."""
from simulation import sweep


def test_the_failing_seeds_are_named(tmp_path, capsys):
    (tmp_path / "test_seeded.py").write_text(
        "import os\n\ndef test_even_seeds_only():\n    assert int(os.environ['SEED']) % 2 == 0\n")
    status = sweep.main(["--seeds", "4,7,10", "--jobs", "0", "--log-dir",
                         str(tmp_path / "logs"), str(tmp_path / "test_seeded.py")])
    out = capsys.readouterr().out
    assert status == 1, out
    assert "failed seeds: 7" in out, out
    assert "seed 4: ok" in out and "seed 10: ok" in out, out
    assert "test_even_seeds_only" in out, out


def test_bad_options_are_one_error_line(capsys):
    for argv in (["--runs", "0"], ["--seeds", "x"], ["no/such/path"]):
        try:
            sweep.main(argv)
        except SystemExit as e:
            assert e.code == 2
        err = capsys.readouterr().err
        assert err.startswith("error: ") and err.count("\n") == 1, err
