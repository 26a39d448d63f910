"""The golden model runs anywhere: its modules import only the standard
library and each other, its tests add only pytest and hypothesis, and the
whole golden test suite is collected in a Python where cocotb, pyuvm and
MyHDL cannot be imported (the root conftest included)."""
import ast
import os
import re
import subprocess
import sys

GOLDEN = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPO = os.path.dirname(GOLDEN)
TEST_DEPS = {"pytest", "hypothesis"}
FORBIDDEN = ("cocotb", "cocotb_tools", "cocotbext", "cocotb_coverage", "pyuvm", "myhdl")


def _imports(path):
    tree = ast.parse(open(path).read(), path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name.split(".")[0], node.lineno
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            yield node.module.split(".")[0], node.lineno


def _python_files(folder):
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = [d for d in dirnames if d != "__pycache__"]
        for name in filenames:
            if name.endswith(".py"):
                yield os.path.join(dirpath, name)


def test_golden_imports_only_the_standard_library():
    bad = []
    for path in _python_files(GOLDEN):
        allowed = set(sys.stdlib_module_names) | {"golden"}
        if os.sep + "tests" + os.sep in path:
            allowed |= TEST_DEPS
        bad += ["%s:%d imports %s" % (os.path.relpath(path, REPO), line, mod)
                for mod, line in _imports(path) if mod not in allowed]
    assert not bad, "\n".join(bad)


BLOCKER = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in %r:
            raise ImportError("%%s is not installed here (golden must not need it)" %% name)
sys.meta_path.insert(0, Block())
import pytest
sys.exit(pytest.main(["golden/tests", "--collect-only", "-q", "-p", "no:cacheprovider"]))
""" % (FORBIDDEN,)


def test_golden_tests_collect_without_cocotb_or_myhdl():
    r = subprocess.run([sys.executable, "-c", BLOCKER], cwd=REPO, capture_output=True, text=True,
                       env=dict(os.environ, PYTEST_DISABLE_PLUGIN_AUTOLOAD="1"))
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    last = r.stdout.strip().splitlines()[-1]
    assert re.match(r"^\d+ tests collected in ", last) and "error" not in last, r.stdout[-2000:]
