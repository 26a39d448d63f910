"""make quartus: the written project puts every top-level port on its DE2 pin.

The checker (synth.quartus.check_project) reads the written Tcl and SDC back
and compares them with the ports of the generated Verilog and the DE2 pin
list; the mutation tests below show that it notices each kind of mistake.
"""
import contextlib
import io
import os
import re
import shutil
import subprocess
import sys
from unittest import mock

import pytest

from hdl import build
from synth import de2_pins, quartus
from synth.vports import file_ports, module_ports

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture(scope="module")
def projects(tmp_path_factory):
    """Every core's project, written by the command as `make quartus` runs it on a
    machine without Quartus: {core: folder}, and what the command printed."""
    out = tmp_path_factory.mktemp("quartus")
    text = io.StringIO()
    with mock.patch.object(quartus.shutil, "which", return_value=None), \
            contextlib.redirect_stdout(text):
        rc = quartus.main(["--out", str(out)])
    assert rc == 0, text.getvalue()
    return {core: str(out / core) for core in build.GAME_UNITS}, text.getvalue()


def _files(folder):
    top = quartus.top_name(os.path.basename(folder))
    return [os.path.join(folder, top + ext) for ext in (".v", ".tcl", ".sdc")]


def _copy(folder, tmp_path):
    dst = tmp_path / os.path.basename(folder)
    shutil.copytree(folder, str(dst))
    return str(dst)


def _edit(path, old, new, count=1):
    text = open(path).read()
    assert old in text, old
    with open(path, "w") as fh:
        fh.write(text.replace(old, new, count))


def test_every_core_has_a_project(projects):
    folders, printed = projects
    assert build.CORES, "no core to export"
    for core, folder in folders.items():
        for path in _files(folder):
            assert os.path.getsize(path) > 0, path
        top = quartus.top_name(core)
        # no Quartus here: the one command to run elsewhere is printed
        assert "quartus_sh -t %s.tcl" % top in printed


def test_checker_passes_the_written_projects(projects):
    for folder in projects[0].values():
        assert quartus.check_project(folder) == []


def test_every_port_bit_on_its_de2_pin_exactly_once(projects):
    """Independent of the checker: count the Tcl's assignments per port bit."""
    for core, folder in projects[0].items():
        v, tcl, _ = _files(folder)
        ports = file_ports(v, quartus.top_name(core))
        text = open(tcl).read()
        pins = re.findall(r"^set_location_assignment PIN_(\w+) -to \{?([\w\[\]]+?)\}?$", text, re.M)
        bits = [b for p in ports for b in p.bits()]
        assert sorted(b for _, b in pins) == sorted(bits)
        assert len({p for p, _ in pins}) == len(pins)
        for pin, bit in pins:
            assert pin == de2_pins.pin_of(bit)
        # the reset button, the clock and the serial pins are always there
        for bit, pin in (("CLOCK_50", "N2"), ("KEY[0]", "G26"), ("UART_RXD", "C25"),
                         ("UART_TXD", "B25")):
            assert (pin, bit) in pins


def test_generated_verilog_is_lint_clean(projects):
    """(The units of hdl.build.LINT_DEBT are held to their count by hdl/tests/test_build.py.)"""
    for core, folder in projects[0].items():
        if core in build.LINT_DEBT:
            continue
        v = _files(folder)[0]
        r = subprocess.run(["verilator", "--lint-only", "-Wall", v], capture_output=True, text=True)
        assert r.returncode == 0 and not r.stderr.strip(), r.stderr
        assert "lint_off" not in open(v).read()


@pytest.mark.parametrize("mutation,message", [
    # (file suffix, old text, new text), what the checker must say
    ((".tcl", "set_location_assignment PIN_G26 -to {KEY[0]}\n", ""), "KEY[0] has no pin"),
    ((".tcl", "PIN_N23 -to {KEY[1]}", "PIN_G26 -to {KEY[1]}"), "PIN_G26 is used 2 times"),
    ((".tcl", "PIN_B25 -to UART_TXD", "PIN_C25 -to UART_TXD"), "the DE2 has it on PIN_B25"),
    ((".tcl", "set_location_assignment PIN_N2 -to CLOCK_50\n",
      "set_location_assignment PIN_N2 -to CLOCK_50\nset_location_assignment PIN_D13 -to CLOCK_27\n"),
     "CLOCK_27 is assigned a pin but is no port"),
    ((".tcl", "set_location_assignment PIN_N2 -to CLOCK_50\n",
      "set_location_assignment PIN_N2 -to CLOCK_50\nset_location_assignment PIN_N2 -to CLOCK_50\n"),
     "CLOCK_50 is assigned 2 times"),
    ((".tcl", '"3.3-V LVTTL" -to UART_RXD', '"2.5 V" -to UART_RXD'), "UART_RXD: I/O standard"),
    ((".tcl", "DEVICE EP2C35F672C6", "DEVICE EP2C20F484C7"), "DEVICE is"),
    ((".tcl", '"AS INPUT TRI-STATED"', '"AS OUTPUT DRIVING GROUND"'), "RESERVE_ALL_UNUSED_PINS"),
    ((".sdc", "set_false_path -from [get_ports {UART_RXD}]\n", ""), "UART_RXD is not cut"),
    ((".sdc", "-period 20.000", "-period 10.000"), "create_clock"),
    # a port the DE2 does not have: the Verilog changes, the Tcl does not
    ((".v", "output [8:0] LEDG;", "output [9:0] LEDG;"), "LEDG[9]"),
])
def test_checker_finds_each_mistake(projects, tmp_path, mutation, message):
    suffix, old, new = mutation
    for core, folder in projects[0].items():
        copy = _copy(folder, tmp_path)
        _edit(os.path.join(copy, quartus.top_name(core) + suffix), old, new)
        problems = quartus.check_project(copy)
        assert any(message in p for p in problems), problems


@pytest.mark.parametrize("old,new,message", [
    ("set_input_delay -clock DRAM_CLK -max 7.000 [get_ports {DRAM_DQ[*]}]\n", "",
     "DRAM_DQ has no input max delay"),
    ("set_output_delay -clock DRAM_CLK -max 2.500", "set_output_delay -clock DRAM_CLK -max 1.000",
     "DRAM_ADDR: output max delay 1.000 ns, the data sheet needs at least 1.500"),
    ("set_input_delay -clock DRAM_CLK -min 2.500", "set_input_delay -clock DRAM_CLK -min 3.000",
     "DRAM_DQ: input min delay 3.000 ns, the data sheet needs at most 2.500"),
    ("set_false_path -to [get_ports {UART_TXD}]",
     "set_false_path -to [get_ports {UART_TXD}]\nset_false_path -to [get_ports {DRAM_ADDR[*]}]",
     "SDRAM pin DRAM_ADDR is cut as a false path"),
    (" -invert [get_ports {DRAM_CLK}]", " [get_ports {DRAM_CLK}]", "no generated clock on DRAM_CLK"),
])
def test_checker_finds_each_sdram_mistake(projects, tmp_path, old, new, message):
    """The Monte-Carlo core's project: its SDRAM pins timed against DRAM_CLK
    (synth.quartus.sdram_delays: the data sheet's times and the board's)."""
    folder = projects[0]["blokus_mcts"]
    sdc = open(os.path.join(folder, "blokus_mcts_de2.sdc")).read()
    d = quartus.sdram_delays()
    assert "-max %.3f" % d["out_max"] in sdc and "-min %.3f" % d["in_min"] in sdc, sdc
    copy = _copy(folder, tmp_path)
    _edit(os.path.join(copy, "blokus_mcts_de2.sdc"), old, new)
    problems = quartus.check_project(copy)
    assert any(message in p for p in problems), problems


def test_sdram_registers_go_into_the_io_cells(projects):
    tcl = open(os.path.join(projects[0]["blokus_mcts"], "blokus_mcts_de2.tcl")).read()
    for line in ("FAST_OUTPUT_REGISTER ON -to {DRAM_ADDR[*]}", "FAST_OUTPUT_REGISTER ON -to DRAM_CS_N",
                 "FAST_OUTPUT_ENABLE_REGISTER ON -to {DRAM_DQ[*]}",
                 "FAST_INPUT_REGISTER ON -to {DRAM_DQ[*]}"):
        assert "set_instance_assignment -name " + line in tcl, line
    assert "DRAM" not in open(os.path.join(projects[0]["blokus"], "blokus_de2.tcl")).read()


def test_port_reader_handles_both_header_styles():
    nonansi = "module m (a, b, c);\ninput a;\ninput signed [3:0] b;\noutput [0:0] c;\nendmodule\n"
    ansi = "module m (input a, input signed [3:0] b, output reg [0:0] c);\nendmodule\n"
    for text in (nonansi, ansi):
        ports = module_ports(text, "m")
        assert [(p.name, p.direction, p.width) for p in ports] == [
            ("a", "input", 1), ("b", "input", 4), ("c", "output", 1)]
        assert ports[1].bits() == ["b[0]", "b[1]", "b[2]", "b[3]"]
    with pytest.raises(ValueError, match="no module x"):
        module_ports(nonansi, "x")
    with pytest.raises(ValueError, match="no input/output declaration"):
        module_ports("module m (a);\nendmodule\n", "m")


def test_port_problems_refuse_what_the_de2_lacks():
    ports = module_ports("module t (CLOCK_50, KEY, GPIO, LEDG);\ninput CLOCK_50;\n"
                         "output [3:0] KEY;\ninput GPIO;\noutput [9:0] LEDG;\nendmodule\n", "t")
    text = "\n".join(quartus.port_problems(ports))
    assert "GPIO is not a DE2 signal" in text
    assert "KEY is an output but the DE2's KEY is an input" in text
    assert "LEDG[9]" in text


def test_de2_pin_table():
    every = [pin for _, pins in de2_pins.PINS.values() for pin in pins]
    assert len(every) == len(set(every)), "a DE2 pin appears twice in the table"
    widths = {name: len(pins) for name, (_, pins) in de2_pins.PINS.items()}
    sdram = {"DRAM_ADDR": 12, "DRAM_DQ": 16, "DRAM_BA_0": 1, "DRAM_BA_1": 1, "DRAM_LDQM": 1,
             "DRAM_UDQM": 1, "DRAM_WE_N": 1, "DRAM_CAS_N": 1, "DRAM_RAS_N": 1, "DRAM_CS_N": 1,
             "DRAM_CLK": 1, "DRAM_CKE": 1}             # (test_de2_pins.py checks their pins)
    assert widths == dict({"CLOCK_50": 1, "KEY": 4, "SW": 18, "UART_RXD": 1, "UART_TXD": 1,
                           "LEDR": 18, "LEDG": 9}, **{"HEX%d" % i: 7 for i in range(8)}, **sdram)
    assert all(re.match(r"^(A[A-F]|[A-HJ-NPR-Y])\d{1,2}$", p) for p in every), every
    # facts from Terasic's DE2 pin list
    assert de2_pins.PINS["HEX0"][1] == ("AF10", "AB12", "AC12", "AD11", "AE11", "V14", "V13")
    assert de2_pins.PINS["LEDG"][1][8] == "Y12" and de2_pins.PINS["LEDR"][1][17] == "AD12"
    assert de2_pins.PINS["SW"][1][17] == "V2" and de2_pins.PINS["KEY"][1][3] == "W26"
    with pytest.raises(KeyError):
        de2_pins.pin_of("KEY[4]")
    with pytest.raises(KeyError):
        de2_pins.pin_of("UART_TXD[0]")


def cli(*args):
    return subprocess.run([sys.executable, "-m", "synth.quartus"] + list(args), cwd=REPO,
                          capture_output=True, text=True)


def test_cli_help_and_bad_input(tmp_path):
    r = cli("--help")
    assert r.returncode == 0 and "--core" in r.stdout and "--check" in r.stdout
    r = cli("--core", "tetris")
    assert r.returncode == 2 and "invalid choice" in r.stderr and "Traceback" not in r.stderr
    r = cli("--check", str(tmp_path / "nowhere"))
    assert r.returncode == 2 and "no project folder" in r.stderr and "Traceback" not in r.stderr


def test_cli_check_fails_on_a_broken_project(projects, tmp_path):
    core, folder = sorted(projects[0].items())[0]
    copy = _copy(folder, tmp_path)
    r = cli("--check", copy)
    assert r.returncode == 0, r.stderr
    _edit(os.path.join(copy, quartus.top_name(core) + ".tcl"), "PIN_N23 -to {KEY[1]}", "PIN_G26 -to {KEY[1]}")
    r = cli("--check", copy)
    assert r.returncode == 1 and "PIN_G26 is used 2 times" in r.stderr and "Traceback" not in r.stderr


def test_team_and_budget_reach_the_board(tmp_path):
    """`make quartus TEAM=Zq BUDGET=2`: the project's own Verilog, simulated at
    the board's 50 MHz and 115200 baud, answers `0` with `1Zq` and shows Zq."""
    from simulation.runner import simulate

    r = subprocess.run(["make", "-s", "quartus", "TEAM=Zq", "BUDGET=2",
                        "PY=%s" % sys.executable, "QUARTUS_OUT=%s" % (tmp_path / "q")],
                       cwd=REPO, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    folder = tmp_path / "q" / "blokus"
    assert not (tmp_path / "q" / "score4").exists(), "TEAM alone builds the Blokus core only"
    assert "# Built with: team Zq, budget 2" in (folder / "blokus_de2.tcl").read_text()
    cfg = __import__("json").loads((folder / "config.json").read_text())
    assert (cfg["team"], cfg["budget"], cfg["clk_hz"]) == ("Zq", 2, 50000000)
    simulate([str(folder / "blokus_de2.v")], "blokus_de2", "synth.tests.tb_project",
             tmp_path / "sim", cfg)


def test_reversi_size_and_budget_reach_the_project(tmp_path):
    """`make quartus CORE=reversi MAX_SIZE=6 BUDGET=100`: the reversi project
    alone, built for boards up to 6 x 6 with that budget, and it says so."""
    r = subprocess.run(["make", "-s", "quartus", "CORE=reversi", "MAX_SIZE=6", "BUDGET=100",
                        "PY=%s" % sys.executable, "QUARTUS_OUT=%s" % (tmp_path / "q")],
                       cwd=REPO, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    assert sorted(os.listdir(tmp_path / "q")) == ["reversi"]
    folder = tmp_path / "q" / "reversi"
    cfg = __import__("json").loads((folder / "config.json").read_text())
    assert (cfg["max_size"], cfg["budget"], cfg["clk_hz"]) == (6, 100, 50000000)
    assert "# Built with: budget 100, max_size 6" in (folder / "reversi_de2.tcl").read_text()
    assert quartus.check_project(str(folder)) == []


@pytest.mark.parametrize("args,message", [
    (["--budget", "5"], "--budget needs one --core"),
    (["--core", "score4", "--max-size", "6"], "--max-size (MAX_SIZE) is the reversi core's"),
    (["--core", "reversi", "--max-size", "7"], "even board side from 4 to 16"),
    (["--core", "score4", "--team", "AB"], "score4 has none"),
    (["--core", "reversi", "--team", "AB"], "reversi has none"),
    (["--team", "A B"], "two ASCII letters or digits"),
    (["--core", "blokus", "--budget", "0"], "budget must be in"),
])
def test_team_and_budget_errors(tmp_path, args, message):
    r = subprocess.run([sys.executable, "-m", "synth.quartus", "--no-compile",
                        "--out", str(tmp_path)] + args, cwd=REPO, capture_output=True, text=True)
    assert r.returncode == 2 and message in r.stderr and "Traceback" not in r.stderr, r.stderr
