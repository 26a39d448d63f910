"""The mutation run's pure parts (bench/mutation/): reading generated
Verilog, the faults of a line, sampling, the command line's refusals. No
simulation: these run in seconds in `make sim`."""
import json
import random
import sys

import pytest

from bench.mutation import cli, faults, games, paths, report, runner, suites, verilog

BLOCKS = {"serial_front_end", "byte_fifo", "score4_search", "score4_checker", "decoder",
          "_above", "score4_line_term"}
UNITS = {"byte_fifo"}

# a module as MyHDL writes one: a clocked block whose sensitivity list spans
# lines, a combinational block, assigns whose names carry instance paths
VERILOG = """\
module t (clk, rst, q);
reg [2:0] serial_front_end0_byte_fifo0_wr;
reg [7:0] mem [0:4-1];
reg flag;
reg [3:0] comb_out;

always @(posedge clk) begin: serial_front_end0_byte_fifo0_seq
    if (rst == 1) begin
        serial_front_end0_byte_fifo0_wr <= 0;
        flag <= 0;
        mem[0] <= 0;
    end
    else begin
        serial_front_end0_byte_fifo0_wr <= ((serial_front_end0_byte_fifo0_wr + 1) % (2 * 4));
        mem[serial_front_end0_byte_fifo0_wr[2-1:0]] <= 8'd7;
        flag <= (!flag);
    end
end

always @(score4_search0_a,
        score4_search0_b) begin: score4_search0_score4_checker0_lookup
    case (score4_search0_a)
        2'b01: comb_out = 4'h9;
        default: comb_out = 0;
    endcase
end

assign q = (serial_front_end0_byte_fifo0_wr == score4_search0_decoder0_x);
assign score4_search0_y = score4_search0_decoder0_x;
endmodule
"""


def scan():
    return faults.scan_verilog(VERILOG, BLOCKS, UNITS, "t")


def test_instance_path_splits_names_into_blocks():
    assert faults.instance_path("serial_front_end0_byte_fifo0_wr", BLOCKS) == \
        ["serial_front_end", "byte_fifo"]
    assert faults.instance_path("score4_search0_score4_checker0_score4_line_term12_lookup", BLOCKS) == \
        ["score4_search", "score4_checker", "score4_line_term"]
    assert faults.instance_path("score4_search0__above16_bit", BLOCKS) == ["score4_search", "_above"]
    assert faults.instance_path("control", BLOCKS) == []
    assert faults.instance_path("byte_fifo_wr", BLOCKS) == []     # no counter: a signal, not an instance


def test_block_of_names_the_unit_or_the_game_block():
    assert faults.block_of(["serial_front_end", "byte_fifo"], UNITS, "t") == "byte_fifo"
    assert faults.block_of(["score4_search", "score4_checker", "score4_line_term"], UNITS, "t") == \
        "score4_search/score4_checker"
    assert faults.block_of(["score4_search", "decoder"], UNITS, "t") == "score4_search"
    assert faults.block_of(["score4_search", "_above"], UNITS, "t") == "score4_search"
    assert faults.block_of([], UNITS, "t") == "t"


def test_scan_finds_sites_blocks_and_registers():
    sites, registers = scan()
    by_text = {s.text.strip(): s for s in sites}
    assert by_text["flag <= (!flag);"].block == "byte_fifo"
    assert by_text["flag <= (!flag);"].clocked
    # the header over two lines is read whole; its label gives the block
    assert by_text["2'b01: comb_out = 4'h9;"].block == "score4_search/score4_checker"
    assert not by_text["2'b01: comb_out = 4'h9;"].clocked
    # an assign belongs to the deepest instance its names carry
    assert by_text["assign q = (serial_front_end0_byte_fifo0_wr == score4_search0_decoder0_x);"] \
        .block == "byte_fifo"
    assert by_text["assign score4_search0_y = score4_search0_decoder0_x;"].block == "score4_search"
    # registers: plain regs assigned in clocked blocks, with their width and
    # first assignment; not the array (mem[0] <= 0), not the combinational
    # block's reg
    assert registers == {"serial_front_end0_byte_fifo0_wr": (3, 9), "flag": (1, 10)}
    lines = VERILOG.split("\n")
    assert all(lines[s.line - 1] == s.text for s in sites)


@pytest.mark.parametrize("literal,delta,expected", [
    ("7", 1, "8"), ("0", -1, None), ("3'b001", 1, "3'b010"), ("3'b111", 1, None),
    ("8'hff", -1, "8'hfe"), ("28'd300", -1, "28'd299"), ("'b1", -1, "'b0"),
    ("4'sd3", 1, "4'sd4"),
])
def test_shift_literal_keeps_base_and_width(literal, delta, expected):
    assert faults.shift_literal(literal, delta) == expected


def fault_set(text):
    return {(kind, new) for kind, _, new in faults.line_faults(text)}


def test_faults_of_an_assignment_change_its_value_only():
    got = fault_set("    x[3] <= (a + 1);")
    assert got == {("arithmetic swapped", "    x[3] <= (a - 1);"),
                   ("constant +1", "    x[3] <= (a + 2);"),
                   ("constant -1", "    x[3] <= (a + 0);")}


def test_faults_of_a_condition():
    got = fault_set("        else if ((a <= b)) begin")
    assert got == {("condition negated", "        else if (!((a <= b))) begin"),
                   ("comparison boundary", "        else if ((a < b)) begin")}


def test_no_fault_in_constant_slices_or_unary_operators():
    # 5-1 is a slice's constant; -x and &x are unary: none is an operator fault
    got = fault_set("    y = (w[5-1:0] & (-x) & (&z));")
    assert {k for k, _ in got} == {"bitwise swapped", "constant +1", "constant -1"}
    assert ("bitwise swapped", "    y = (w[5-1:0] | (-x) & (&z));") in got
    assert ("bitwise swapped", "    y = (w[5-1:0] & (-x) | (&z));") in got
    assert len([k for k, _ in got if k == "bitwise swapped"]) == 2


def test_case_labels_and_lines_without_expressions():
    assert fault_set("            3'b001: begin") == {("constant +1", "            3'b010: begin"),
                                                    ("constant -1", "            3'b000: begin")}
    assert fault_set("        end") == set()
    assert fault_set("    else begin") == set()


def test_stuck_register_bit_edits_every_assignment():
    sites, registers = scan()
    mutants = faults.candidate_mutants(sites, registers, {"byte_fifo"}, random.Random(0))["byte_fifo"]
    stuck = [m for m in mutants if m.kind == "register bit stuck"]
    wr = [m for m in stuck if m.description.startswith("serial_front_end0_byte_fifo0_wr[")]
    assert [m.description[-1] for m in wr] == ["0", "1"]
    assert [line for line, _ in wr[0].edits] == [9, 14]     # reset and next value
    bit = wr[0].description.split("[")[1].split("]")[0]
    assert wr[1].edits[0][1] == ("        serial_front_end0_byte_fifo0_wr <= 0; "
                                 "serial_front_end0_byte_fifo0_wr[%s] <= 1'b1;" % bit)
    one_bit = [m for m in stuck if m.description.startswith("flag ")]
    assert one_bit[0].edits[1][1] == "        flag <= (!flag); flag <= 1'b0;"
    # only the blocks asked for
    assert "score4_search/score4_checker" not in \
        faults.candidate_mutants(sites, registers, {"byte_fifo"}, random.Random(0))


def test_apply_mutant_changes_only_its_lines():
    sites, registers = scan()
    mutant = faults.candidate_mutants(sites, registers, {"byte_fifo"}, random.Random(0))["byte_fifo"][0]
    before, after = VERILOG.split("\n"), faults.apply_mutant(VERILOG, mutant).split("\n")
    changed = [k + 1 for k in range(len(before)) if before[k] != after[k]]
    assert changed == [line for line, _ in mutant.edits]


def test_sample_is_seeded_per_block_and_takes_kinds_in_turn():
    candidates = [faults.Mutant(None, "b", "constant +1", n, "c%d" % n, ()) for n in range(50)]
    candidates += [faults.Mutant(None, "b", "logic swapped", 100 + n, "l%d" % n, ()) for n in range(2)]
    first = faults.sample_block("b", candidates, 6, seed=7)
    assert first == faults.sample_block("b", candidates, 6, seed=7)
    assert first != faults.sample_block("b", candidates, 6, seed=8)
    assert [m.id for m in first] == ["b#%d" % n for n in range(1, 7)]
    assert sum(m.kind == "logic swapped" for m in first) == 2      # not drowned by constants
    assert len(faults.sample_block("b", candidates, 500, seed=7)) == len(candidates)


def test_tally_leaves_uncompiled_mutants_out_of_the_score():
    results = [{"status": s} for s in ("killed", "killed (timeout)", "survived", "invalid")]
    t = report.tally(results)
    assert (t["scored"], t["total_killed"]) == (3, 2)
    assert t["percent"] == pytest.approx(200.0 / 3)


def test_notes_refuse_an_unknown_verdict(tmp_path):
    path = tmp_path / "notes.json"
    path.write_text(json.dumps([{"block": "b", "fault": "f", "line": "l", "verdict": "maybe",
                                 "note": "n"}]))
    with pytest.raises(RuntimeError, match="verdicts must be one of"):
        report.load_notes(path)
    path.write_text(json.dumps([{"block": "b", "fault": "f", "line": "l", "verdict": "equivalent",
                                 "note": "n"}]))
    assert report.load_notes(path) == {("b", "f", "l"): ("equivalent", "n")}


def test_a_note_naming_the_mutated_line_tells_two_faults_of_one_line_apart(tmp_path):
    """Two `<` in one line, each made `<=`: one key (block, fault, line); the
    note that names the mutated line wins, the general one is the fallback."""
    line = "if ((a < b) && (c < d)) begin"
    first = {"block": "b", "fault": "< -> <=", "line": line, "verdict": "fixed", "note": "a"}
    second = dict(first, mutated="if ((a < b) && (c <= d)) begin", verdict="equivalent", note="c")
    path = tmp_path / "notes.json"
    path.write_text(json.dumps([first, second]))
    notes = report.load_notes(path)
    survivor = lambda new: {"block": "b", "description": "< -> <=", "original": [line],
                            "edits": [[1, new]], "status": "survived"}
    assert report.note_of(notes, survivor("if ((a <= b) && (c < d)) begin")) == ("fixed", "a")
    assert report.note_of(notes, survivor("if ((a < b) && (c <= d)) begin")) == ("equivalent", "c")
    assert report.note_of({}, survivor(line), "none") == "none"


def test_unknown_block_is_refused_with_the_known_ones():
    layout = {"score4": ("score4_fast", None, {"byte_fifo": True, "score4_top": False})}
    assert suites.choose_blocks("score4", layout, ["byte_fifo"]) == ["byte_fifo", "score4_top"]
    with pytest.raises(suites.UsageError, match="unknown block 'fifo'; known: byte_fifo, score4_top"):
        suites.choose_blocks("fifo", layout, ["byte_fifo"])


def no_run(args):
    """Stands in for the run: a check that lets bad input through fails here."""
    raise AssertionError("bad input reached the run: %s" % args)


@pytest.mark.parametrize("argv,message", [
    (["--per-block", "0"], "--per-block must be 1 or more"),
    (["--jobs", "0"], "--jobs must be between 1 and 8"),
    (["--seed", "-3"], "--seed must be between"),
])
def test_bad_arguments_are_one_line_errors(argv, message, capsys, monkeypatch):
    monkeypatch.setattr(cli, "_main", no_run)
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and message in err and "Traceback" not in err


def test_unwritable_report_is_refused_before_the_run(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(cli, "_main", no_run)
    assert cli.main(["--out", str(tmp_path)]) == 2
    assert "cannot write the report" in capsys.readouterr().err


def test_a_mutant_moves_to_another_configuration_only_where_its_lines_agree(tmp_path):
    sites, registers = scan()
    mutant = [m for m in faults.candidate_mutants(sites, registers, {"byte_fifo"}, random.Random(0))
              ["byte_fifo"] if m.kind == "arithmetic swapped"][0]
    ours = tmp_path / "fast.v"
    ours.write_text(VERILOG)
    other = tmp_path / "deep.v"
    other.write_text(VERILOG.replace("2'b01: comb_out = 4'h9;", "2'b01: comb_out = 4'h8;"))
    assert verilog.mapped_mutant(mutant, ours, other) == \
        faults.apply_mutant(other.read_text(), mutant)                  # only a constant elsewhere
    line = mutant.edits[0][0]
    lines = VERILOG.split("\n")
    lines[line - 1] = lines[line - 1].replace("+ 1", "+ 2")
    other.write_text("\n".join(lines))
    assert verilog.mapped_mutant(mutant, ours, other) is None            # its own line differs


def test_suite_option_goes_with_only_or_rerun(capsys, monkeypatch):
    monkeypatch.setattr(cli, "_main", no_run)
    assert cli.main(["--suite", "blokus_deep:BlokusDeep"]) == 2
    assert "--suite goes with --only or --rerun" in capsys.readouterr().err
    assert cli.main(["--only", "a#1", "--rerun", "a#1"]) == 2
    assert "give one of them" in capsys.readouterr().err


CORE_TEXT = """\
always @(posedge clk) begin: eng0_cnt0_step
    if (rst == 1) begin
        eng0_cnt0_n <= 0;
    end
    else begin
        if ((eng0_go && (eng0_cnt0_n != 255))) begin
            eng0_cnt0_n <= (eng0_cnt0_n + 1);
        end
    end
end

always @(posedge clk) begin: eng0_cnt1_step
    if (rst == 1) begin
        eng0_cnt1_n <= 0;
    end
end

assign eng0_cnt0_full = (eng0_cnt0_n == 255);
"""
UNIT_TEXT = """\
module eng (clk, rst, go);
always @(posedge clk) begin: cnt1_step
    if (rst == 1) begin
        cnt1_n <= 0;
    end
end

assign cnt0_full = (cnt0_n == 255);

always @(posedge clk) begin: cnt0_step
    if (rst == 1) begin
        cnt0_n <= 0;
    end
    else begin
        if ((go && (cnt0_n != 255))) begin
            cnt0_n <= (cnt0_n + 1);
        end
    end
end
endmodule
"""


def test_a_core_mutant_moves_to_its_blocks_own_build_by_label_place_and_text():
    lines = CORE_TEXT.split("\n")
    negated = faults.Mutant("eng/cnt#1", "eng/cnt", "comparison negated", 2, "== -> !=",
                       ((2, "    if (rst != 1) begin"),))
    mapped = verilog.map_by_text(negated, CORE_TEXT, UNIT_TEXT, ("eng0_",))
    out = mapped.split("\n")
    assert out[10] == "    if (rst != 1) begin"                  # cnt0's reset, not cnt1's
    assert [k for k, (a, b) in enumerate(zip(out, UNIT_TEXT.split("\n"))) if a != b] == [10]
    plus = faults.Mutant("eng/cnt#2", "eng/cnt", "constant +1", 6, "255 -> 256",
                    ((6, lines[5].replace("255", "256")),))
    assert "if ((go && (cnt0_n != 256))) begin" in \
        verilog.map_by_text(plus, CORE_TEXT, UNIT_TEXT, ("eng0_",)).split("\n")[14]
    assign = faults.Mutant("eng/cnt#3", "eng/cnt", "constant -1", 18, "255 -> 254",
                      ((18, "assign eng0_cnt0_full = (eng0_cnt0_n == 254);"),))
    assert "assign cnt0_full = (cnt0_n == 254);" in \
        verilog.map_by_text(assign, CORE_TEXT, UNIT_TEXT, ("eng0_",))
    # a line the other build does not hold at that place, or without the prefixes: not moved
    assert verilog.map_by_text(negated, CORE_TEXT, UNIT_TEXT.replace("cnt0_step", "cnt9_step"),
                         ("eng0_",)) is None
    assert verilog.map_by_text(plus, CORE_TEXT, UNIT_TEXT, ()) is None


def test_inner_prefixes_find_the_path_in_front_of_a_deeper_unit():
    line = ("assign blokus_eval_pipeline0_blokus_reach0_popcount0__bucket67_cout = "
            "(blokus_eval_pipeline0_blokus_reach0_popcount0__bucket58_vout[0] & x);")
    assert runner.inner_prefixes(line, "popcount") == [("blokus_eval_pipeline0_blokus_reach0_",)]
    assert runner.inner_prefixes(line, "lowest_one") == []
    unit = line.replace("blokus_eval_pipeline0_blokus_reach0_", "")
    assert verilog.map_by_text(
        faults.Mutant("b#1", "b", "k", 1, "& -> |", ((1, line.replace("& x", "| x")),)),
        line, unit, runner.inner_prefixes(line, "popcount")[0]) == unit.replace("& x", "| x")


def test_instance_prefixes_try_none_then_the_path_deepest_first():
    assert runner.instance_prefixes("blokus_search/blokus_board", "blokus_board") == \
        [(), ("blokus_search0_blokus_board0_", "blokus_search0_")]
    assert runner.instance_prefixes("score4_search/score4_zobrist", "score4_search") == \
        [(), ("score4_search0_",)]
    assert runner.instance_prefixes("score4/serial_front_end", "serial_front_end") == \
        [(), ("serial_front_end0_",)]
    assert runner.instance_prefixes("score4_search", "score4_search") == [(), ("score4_search0_",)]


def test_rerun_names_only_mutants_of_the_recorded_run(tmp_path, capsys, monkeypatch):
    record = tmp_path / "run.json"
    record.write_text(json.dumps({"seed": 5, "results": [result(1, "byte_fifo", "survived")]}))
    monkeypatch.setattr(paths, "RUN_RECORD", record)
    assert cli.main(["--rerun", "byte_fifo#7"]) == 2
    err = capsys.readouterr().err
    assert "no mutant byte_fifo#7" in err and "byte_fifo#1" in err and "Traceback" not in err
    monkeypatch.setattr(paths, "RUN_RECORD", tmp_path / "none.json")
    assert cli.main(["--rerun", "byte_fifo#1"]) == 2
    assert "run the mutation run first" in capsys.readouterr().err


def test_suite_specs_are_checked_against_units_configurations_and_tests():
    layout = {"score4": ("score4_fast", None, {"score4_search": False,
                                              "score4_search/score4_zobrist": False,
                                              "score4_top": False, "byte_fifo": True})}
    units = ["byte_fifo", "serial_front_end"]
    unit, = suites.extra_suites(["unit:serial_front_end"], ["score4_top"], layout, units)
    assert unit.top == "serial_front_end" and unit.config is None
    sub, = suites.extra_suites(["score4_search:table_cases"], ["score4_search/score4_zobrist"],
                          layout, units)
    assert sub.top == "score4_search" and sub.config == "score4_search"
    proof, = suites.extra_suites(["formal:score4_checker"], ["score4_search/score4_checker"], layout,
                            units)
    assert proof.top == "score4_checker" and proof.name == "formal:score4_checker"
    assert proof.argv[-1] == "score4_checker" and "--quick" in proof.argv
    for spec, blocks, message in (
            ("formal:nothing", ["score4_top"], "no proof"),
            ("unit:nothing", ["score4_top"], "no unit bench"),
            ("nowhere:X", ["score4_top"], "no configuration"),
            ("score4_search:table_cases", ["score4_top"], "does not hold block score4_top"),
            ("score4_search:no_such_test", ["score4_search"], "missing: no_such_test"),
            ("uart_fast:x", ["score4_top"], "has no testbench here")):
        with pytest.raises(suites.UsageError, match=message):
            suites.extra_suites([spec], blocks, layout, units)


def result(n, block, status, line="x <= (a + 1);"):
    return {"id": "%s#%d" % (block, n), "block": block, "status": status,
            "kind": "arithmetic swapped",
            "description": "+ -> -", "line": 10 + n, "file": "build/t.v",
            "original": ["    " + line], "edits": [[10 + n, "    x <= (a - 1);"]], "by": None}


def test_report_counts_per_core_and_applies_the_verdicts():
    results = ([result(n, "byte_fifo", "killed") for n in range(1, 7)]
               + [result(7, "byte_fifo", "killed (timeout)"), result(8, "byte_fifo", "invalid")]
               + [result(9, "byte_fifo", "survived", "gap <= (a + 1);"),
                  result(10, "score4_top", "survived", "same <= (a + 1);"),
                  result(11, "score4_top", "survived", "open <= (a + 1);"),
                  result(12, "score4_top", "survived", "new <= (a + 1);")])
    run = {"seed": 5, "command": "python -m bench.mutation --seed 5", "seconds": 600,
           "per_block": 11, "candidates": {"byte_fifo": 50, "score4_top": 9},
           "baselines": {"verif/units/byte_fifo": 4.0},
           "cores": {"score4": ["byte_fifo", "score4_top"], "blokus": ["byte_fifo"]},
           "results": results}
    notes = {("byte_fifo", "+ -> -", "gap <= (a + 1);"): ("killed", "killed by BlokusDeep"),
             ("score4_top", "+ -> -", "same <= (a + 1);"): ("equivalent", "never read"),
             ("score4_top", "+ -> -", "new <= (a + 1);"): ("fixed", "killed by new test t")}
    text = report.report(run, notes)
    # score4: 7 killed of 11 scored as run; as make sim stood 8 of 10 (one equivalent
    # left out, the one a new test kills still a survivor); after: 9 of 10
    assert "| score4 | 6 | 1 | 4 | 11 | 1 | 63.6 % | 80.0 % | 90.0 % |" in text
    assert "| blokus | 6 | 1 | 1 | 8 | 1 | 87.5 % | 100.0 % | 100.0 % |" in text
    assert "| this one | 5 | score4 | 11 | 63.6 % | **80.0 %** | 90.0 % | 1 |" in text
    assert "| byte_fifo | blokus, score4 | 50 | 6 | 1 | 1 | 1 | 87.5 % |" in text
    assert "**fixed**: killed by new test t" in text
    assert "**equivalent**: never read" in text
    assert "- verdict: not examined yet" in text                        # the third survivor
    assert "seed: 5" in text and "`verif/units/byte_fifo` | 4 s | 60 s" in text



def draw(seed, statuses):
    """A whole run's record with one byte_fifo result of each status given."""
    return {"seed": seed, "command": "python -m bench.mutation --seed %d" % seed, "seconds": 60,
            "date": "2026-01-01 00:00 UTC",
            "per_block": 6, "candidates": {"byte_fifo": 50},
            "baselines": {"verif/units/byte_fifo": 4.0}, "cores": {"score4": ["byte_fifo"]},
            "results": [result(n, "byte_fifo", s, "r%d <= (a + 1);" % n)
                        for n, s in enumerate(statuses, 1)]}


def test_a_second_draw_is_reported_beside_the_first(tmp_path, capsys, monkeypatch):
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    first.write_text(json.dumps(draw(11, ["killed"] * 3 + ["survived"])))
    second.write_text(json.dumps(draw(22, ["killed"] * 9 + ["survived"])))
    monkeypatch.setattr(paths, "NOTES", tmp_path / "no_notes.json")
    out = tmp_path / "first.md"
    assert cli.main(["--rewrite-report", "--record", str(first), "--beside", str(second),
                     "--out", str(out)]) == 0
    text = out.read_text()
    assert "| this one | 11 | score4 | 4 | 75.0 % | **75.0 %** | 75.0 % | 1 |" in text
    assert "second.json` | 22 | score4 | 10 | 90.0 % | **90.0 %** | 90.0 % | 1 |" in text
    assert "from the run's record (%s)" % first in text
    for argv, message in ((["--rewrite-report", "--record", str(first), "--beside",
                            str(tmp_path / "none.json")], "no such record"),
                          (["--only", "byte_fifo#1", "--beside", str(second)],
                           "--beside goes with a whole run")):
        assert cli.main(argv + ["--out", str(out)]) == 2
        err = capsys.readouterr().err
        assert message in err and "Traceback" not in err
    (tmp_path / "bad.json").write_text("[1, 2]")
    assert cli.main(["--rewrite-report", "--record", str(tmp_path / "bad.json"),
                     "--out", str(out)]) == 2
    assert "is not a mutation run's record" in capsys.readouterr().err


SMALL = """\
module m (clk, a, q);
input clk;
input [3:0] a;
output [3:0] q;
reg [3:0] q;

always @(posedge clk) begin: m_seq
    q <= (a + 1);
end
endmodule
"""
# a stand-in suite: fails when the Verilog it is given (SIM_VERILOG_OVERRIDE)
# subtracts, passes otherwise; no simulator, so that the test is quick
FAKE_SUITE = ("import json, os, sys; over = json.loads(os.environ['SIM_VERILOG_OVERRIDE']); "
              "path, = [p for files in over.values() for p in files.values()]; "
              "sys.exit(1 if ' - ' in open(path).read() else 0)")


def test_mutants_on_a_local_cluster_get_the_verdicts_they_get_here(tmp_path, monkeypatch):
    pytest.importorskip("distributed")
    from bench.common import cluster

    source = tmp_path / "m.v"
    source.write_text(SMALL)
    mutants = [faults.Mutant("m#%d" % n, "m", kind, 8, kind, ((8, "    q <= %s;" % new),))
               for n, (kind, new) in enumerate([("arithmetic swapped", "(a - 1)"),
                                                ("constant +1", "(a + 2)"),
                                                ("negation dropped", "(a + )"),
                                                ("constant -1", "(a + 0)")], 1)]
    suite = suites.Suite("fake", [sys.executable, "-c", FAKE_SUITE], None, "m")
    jobs = [(m, source, "m", "lbl", [suite]) for m in mutants]
    baselines = {"fake": (1.0, tmp_path)}
    verdicts = {}
    for where, spec in (("here", None), ("cluster", ("local", 2))):
        monkeypatch.setattr(paths, "WORK_ROOT", tmp_path / where)
        monkeypatch.setattr(paths, "RESULTS_JSON", tmp_path / where / "results.json")
        (tmp_path / where).mkdir()
        info = {}
        results = runner._run_all(jobs, baselines, 7, 1, spec, info)
        verdicts[where] = [dict(r, seconds=None) for r in results]
        assert json.loads((tmp_path / where / "results.json").read_text()) == \
            json.loads(json.dumps(results))                 # each mutant once, as it finished
    assert [r["status"] for r in verdicts["here"]] == ["killed", "survived", "invalid",
                                                       "survived"]
    assert verdicts["cluster"] == verdicts["here"]
    assert info["cluster"].startswith("a local Dask cluster: 2 workers") and \
        info["rescheduled"] == 0
    assert cluster.checkout_commit() is not None


REVERSI_LAYOUT = {"reversi": ("reversi_fast", None, {
    "reversi_top": False, "reversi/rom": False, "reversi_search": False,
    "reversi_search/reversi_evaluate": False, "reversi_search/reversi_order": False,
    "reversi_parser": True, "reversi_rules": True, "byte_fifo": True})}
REVERSI_UNITS = ["byte_fifo", "reversi_parser", "reversi_rules"]


def test_reversi_blocks_are_listed_with_their_suites(capsys):
    """--blocks reversi: every block of the core; --list: the units run their
    benches, the search's blocks tb_search and then the core's suite, the
    core's own logic the core's suite."""
    blocks = suites.choose_blocks("reversi", REVERSI_LAYOUT, REVERSI_UNITS)
    assert blocks == sorted(REVERSI_LAYOUT["reversi"][2])
    assert cli._list(blocks, REVERSI_LAYOUT, REVERSI_UNITS) == 0
    listed = {line.split()[0]: line.split("suites: ")[1]
              for line in capsys.readouterr().out.splitlines()}
    core = "reversi_fast ReversiCorners, reversi_fast ReversiCells"
    search = "reversi_search search_matches_golden,passes_and_ends"
    assert listed == {"reversi_top": core, "reversi/rom": core, "reversi_search": search + ", " + core,
                      "reversi_search/reversi_evaluate": search + ", " + core,
                      "reversi_search/reversi_order": search + ", " + core,
                      "reversi_parser": "verif/units/reversi_parser",
                      "reversi_rules": "verif/units/reversi_rules",
                      "byte_fifo": "verif/units/byte_fifo"}
    first, *_ = suites.suites_of("reversi_search/reversi_order", REVERSI_LAYOUT, REVERSI_UNITS)
    assert first.top == "reversi_search" and first.config == "reversi_search" and first.optional


def test_reversi_rule_blocks_in_the_core_belong_to_their_unit():
    """The reversi_rules unit bench tests reversi_moves and reversi_flips: in
    the core (inside the search) their sites are the unit's, drawn from the
    unit's build; the search's other game blocks are blocks of their own."""
    units = {"reversi_rules", "lowest_one"}
    assert faults.block_of(["reversi_search", "reversi_moves", "_direction"], units, "reversi_top") \
        == "reversi_rules"
    assert faults.block_of(["reversi_search", "reversi_flips"], units, "reversi_top") == \
        "reversi_rules"
    assert faults.block_of(["reversi_rules", "reversi_moves"], units, "reversi_rules") == \
        "reversi_rules"
    assert faults.block_of(["reversi_search", "reversi_evaluate", "rom"], units, "reversi_top") == \
        "reversi_search/reversi_evaluate"


def test_every_game_names_configurations_and_tests_that_exist():
    from hdl import configs

    for core, game in games.GAMES.items():
        for config, module, tests in game.suites + ([(game.search.block, game.search.module,
                                                      game.search.tests)] if game.search else []):
            unit = configs.CONFIGS[config].unit
            assert unit in (core, game.search and game.search.block), (core, config)
            source = (paths.REPO / (module.replace(".", "/") + ".py")).read_text()
            assert all("class %s(" % t in source or "async def %s(" % t in source
                       for t in tests), (core, module, tests)


def test_a_default_suite_of_another_build_is_skipped_where_the_lines_are_not_found(
        tmp_path, monkeypatch):
    """A search mutant whose lines the search's own build does not hold skips
    tb_search (its verdict is the core suite's); named with --suite, that
    build reports it "not run on"."""
    source = tmp_path / "core.v"
    source.write_text(CORE_TEXT)
    other = tmp_path / "eng.v"
    other.write_text(UNIT_TEXT.replace("cnt0_step", "cnt9_step"))
    mutant = faults.Mutant("eng/cnt#1", "eng/cnt", "comparison negated", 2, "== -> !=",
                           ((2, "    if (rst != 1) begin"),))
    ran = []
    monkeypatch.setattr(runner, "compiles", lambda path, top: True)
    monkeypatch.setattr(runner, "run_suite",
                        lambda suite, *a, **k: ran.append(suite.name) or ("pass", 1.0, ""))
    own = suites.Suite("eng tb", ["python"], "eng", "eng", True)
    core = suites.Suite("core Corners", ["python"], "core_fast", "core_top")
    args = ("core_top", "core_fast", None, {"eng tb": 60, "core Corners": 60}, 1,
            {"eng tb": ("eng", other)}, tmp_path / "work")
    result = runner.run_mutant(mutant, source, args[0], args[1], [own, core], *args[3:])
    assert result["status"] == "survived" and result["skipped"] == ["eng tb"]
    assert ran == ["core Corners"]
    result = runner.run_mutant(mutant, source, args[0], args[1], [own._replace(optional=False)],
                               *args[3:])
    assert result["status"] == "not run on eng"
