"""The games' adapters around the shared code: no import cycle in bench/, and
the mirrors' command lines."""
import ast
import subprocess
import sys

import pytest

from bench.common.mirror import REPO


def bench_imports():
    """{module: {bench modules it imports anywhere, function bodies included}}
    for every non-test module of bench/."""
    graph = {}
    for path in sorted((REPO / "bench").rglob("*.py")):
        if path.name.startswith("test_"):
            continue
        parts = path.relative_to(REPO).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        package = ".".join(parts[:-1])
        targets = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join(up + ([base] if base else []))
                names = [base] + ["%s.%s" % (base, a.name) for a in node.names]
            else:
                continue
            targets.update(n for n in names if n.startswith("bench."))
        graph[module] = targets
    return {m: {t for t in ts if t in graph and t != m} for m, ts in graph.items()}


def cycle(graph):
    """One import cycle as a list of modules, or None."""
    state = {}

    def visit(m, stack):
        state[m] = "open"
        for t in sorted(graph[m]):
            if state.get(t) == "open":
                return stack[stack.index(t):] + [t]
            if t not in state:
                found = visit(t, stack + [t])
                if found:
                    return found
        state[m] = "done"
        return None
    for m in sorted(graph):
        if m not in state:
            found = visit(m, [m])
            if found:
                return found
    return None


def test_no_import_cycle_in_bench():
    graph = bench_imports()
    assert "bench.blokus.mirror_positions" in graph["bench.blokus.mirror"]
    assert cycle(graph) is None, " -> ".join(cycle(graph))
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


def _run(*args):
    return subprocess.run([sys.executable, "-m"] + list(args), cwd=str(REPO),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True, timeout=300)


def test_blokus_mirror_command_line():
    p = _run("bench.blokus.mirror", "--find-big", "1", "--top", "2")
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert lines[0].startswith("library: ") and lines[1].startswith("proof: ")
    assert len(lines) == 4 and all(line.startswith("    (") for line in lines[2:])
    p = _run("bench.blokus.mirror", "--repeat", "0", "--speed")
    assert p.returncode == 2 and "error: --repeat" in p.stderr and "Traceback" not in p.stderr


@pytest.mark.parametrize("budget", ["0", "300000000"])
def test_score4_mirror_command_line_refuses_a_bad_budget(budget):
    p = _run("bench.score4.mirror", "--speed", budget)
    assert p.returncode == 2 and "error:" in p.stderr and "Traceback" not in p.stderr


def test_score4_mirror_command_line_times_a_search():
    p = _run("bench.score4.mirror", "--speed", "20000")
    assert p.returncode == 0, p.stderr
    assert "empty    budget      20000: move" in p.stdout and "midgame" in p.stdout
