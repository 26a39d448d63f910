"""What the tests of the netlist tools (synth.paths, synth.fit) share: hand-made
yosys JSON cells, whether yosys is here, and a run of a tool's command line."""
import os
import subprocess
import sys

from synth import estimate, report

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def have_yosys():
    try:
        estimate.yosys_binary()
    except (report.ToolError, RuntimeError):
        return False
    return True


def run_tool(module, *args):
    """`python -m module args` from the project's root, its output captured."""
    return subprocess.run([sys.executable, "-m", module] + list(args), cwd=REPO,
                          capture_output=True, text=True)


def cell(kind, **ports):
    """A netlist cell: ports given as (direction, [bits])."""
    return {"type": kind, "port_directions": {p: d for p, (d, _) in ports.items()},
            "connections": {p: b for p, (d, b) in ports.items()}}


def flip_flop(d, q):
    return cell("TRELLIS_FF", CLK=("input", [1]), DI=("input", [d]), Q=("output", [q]))


def check_verilog_or_netlist_cli(module, tmp_path):
    """The contract synth.paths and synth.fit share: help with the exit
    status, --verilog or --netlist (one), a missing file, a netlist that is
    no JSON or lacks the module: exit 2 with the reason, no traceback."""
    r = run_tool(module, "--help")
    assert r.returncode == 0 and "--netlist" in r.stdout and "Exit status" in r.stdout
    r = run_tool(module, "--top", "x")
    assert r.returncode == 2 and "either --verilog" in r.stderr
    r = run_tool(module, "--top", "x", "--verilog", str(tmp_path / "none.v"))
    assert r.returncode == 2 and "no Verilog file" in r.stderr and "Traceback" not in r.stderr
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    r = run_tool(module, "--top", "x", "--netlist", str(bad))
    assert r.returncode == 2 and "cannot read the netlist" in r.stderr
    bad.write_text('{"modules": {"y": {}}}')
    r = run_tool(module, "--top", "x", "--netlist", str(bad))
    assert r.returncode == 2 and "no module x" in r.stderr
    return bad
