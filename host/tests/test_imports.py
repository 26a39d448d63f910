"""The host tools' modules import each other without a cycle (host.bridge and
host.players share host.cores, below both), and host.cores imports no
other host module."""
import ast
from pathlib import Path

HOST = Path(__file__).resolve().parents[1]


def _host_imports(path):
    """The modules of host/ (top level, not host.reversi or tests) `path` imports."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "host":
                found.update(a.name for a in node.names)
            elif node.module.startswith("host."):
                found.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            found.update(a.name.split(".")[1] for a in node.names
                         if a.name.startswith("host.") and a.name.count(".") >= 1)
    return {m for m in found if (HOST / (m + ".py")).is_file()}


def test_no_import_cycle_between_host_modules():
    graph = {p.stem: _host_imports(p) for p in HOST.glob("*.py") if p.stem != "__init__"}
    assert graph["cores"] == set()
    assert "players" not in graph["bridge"] and "bridge" not in graph["players"]

    def visit(module, path):
        assert module not in path, "import cycle: %s" % " -> ".join(path + [module])
        for other in graph.get(module, ()):
            visit(other, path + [module])
    for module in graph:
        visit(module, [])
