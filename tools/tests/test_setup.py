"""make setup names the Python it needs instead of failing inside pip."""
import os
import shutil
import stat
import subprocess

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_old_python_is_refused_with_what_to_do(tmp_path):
    (tmp_path / "tools").mkdir()
    shutil.copy(os.path.join(REPO, "tools", "setup.sh"), str(tmp_path / "tools" / "setup.sh"))
    fake = tmp_path / "python3.9"
    fake.write_text('#!/bin/sh\ncase "$*" in\n  *version_info*) exit 1;;\n'
                    '  *python_version*) echo 3.9.18;;\nesac\n')
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    r = subprocess.run(["bash", str(tmp_path / "tools" / "setup.sh")], cwd=str(tmp_path),
                       env=dict(os.environ, PYTHON=str(fake)), capture_output=True, text=True)
    assert r.returncode == 1, r.stderr
    assert "is Python 3.9.18; the pinned packages need Python 3.10 or newer" in r.stderr
    assert "PYTHON=python3.11 make setup" in r.stderr
    assert not (tmp_path / ".venv").exists()
