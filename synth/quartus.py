"""Quartus II projects for the DE2: one folder per core, ready to compile.

    python -m synth.quartus [--core CORE ...] [--team XX] [--budget N] [--max-size N]
                            [--out build/quartus] [--no-compile]
    python -m synth.quartus --check DIR            # check a written project's pins

For every core (default: all of hdl.build.GAME_UNITS: score4, blokus,
reversi and blokus_mcts, the Monte-Carlo Blokus core) this writes
`OUT/<core>/`, built with the same --team, --budget and --max-size as
`python -m hdl.build` (the team code is the Blokus cores', and --team without
--core builds the blokus core alone; a budget needs one core, since the cores count
different nodes; --max-size, the largest Reversi board side the core plays,
is the reversi core's only, so it too builds that core alone):
    <core>_de2.v     the generated DE2 top level, self-contained (hdl.build)
    <core>_de2.tcl   creates the Quartus project (Cyclone II EP2C35F672C6, every
                     port bit on its DE2 pin as 3.3-V LVTTL, unused pins as
                     inputs tri-stated) and compiles it to output_files/<core>_de2.sof
    <core>_de2.sdc   the 50 MHz clock; buttons, switches and the serial input
                     cut as asynchronous, and the LED/display/serial outputs too;
                     a core with the SDRAM (blokus_mcts): its clock on DRAM_CLK
                     and its pins' delays against it (sdram_delays), the SDRAM's
                     registers put in the pins' I/O cells by the Tcl
    config.json      the configuration built (python -m hdl.build --print-config)
If `quartus_sh` is on PATH the project is compiled (quartus_sh -t <core>_de2.tcl);
otherwise the command to run on a machine with Quartus II 13.0 SP1 is printed.

The pins come from the ports of the generated Verilog (synth.vports) and
the DE2 pin list (synth.de2_pins): a new core needs no list of its own. The
checker (`check_project`) reads the written Tcl back and compares it with
both, independently of the writer.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from hdl import build
from hdl.params import ConfigError
from hdl.sdram_timing import T_AC_CL2_NS, T_IH_NS, T_IS_NS, T_OH_NS
from synth import de2_pins
from synth.vports import file_ports

DEFAULT_OUT = os.path.join("build", "quartus")
SDRAM_PREFIX, SDRAM_CLOCK = "DRAM_", "DRAM_CLK"
TEAM_CORES = ("blokus", "blokus_mcts")     # the cores built with a team code
QUARTUS_VERSION = "13.0 SP1"


def top_name(core):
    return core + "_de2"


def _q(bit):
    """A port bit as a Tcl word: braces keep [i] from being a command."""
    return "{%s}" % bit if "[" in bit else bit


def port_problems(ports):
    """Why these top-level ports cannot go on the DE2 (empty list: they can)."""
    problems = []
    for p in ports:
        if p.name not in de2_pins.PINS:
            problems.append("port %s is not a DE2 signal (known: %s)"
                            % (p.name, ", ".join(sorted(de2_pins.PINS))))
            continue
        if p.direction != de2_pins.direction_of(p.name):
            problems.append("port %s is an %s but the DE2's %s is an %s"
                            % (p.name, p.direction, p.name, de2_pins.direction_of(p.name)))
        for bit in p.bits():
            try:
                de2_pins.pin_of(bit)
            except KeyError as exc:
                problems.append(exc.args[0])
    if de2_pins.CLOCK not in [p.name for p in ports]:
        problems.append("the top level has no %s port" % de2_pins.CLOCK)
    return problems


def tcl_text(top, ports, verilog, sdc, settings=""):
    """The Tcl script that creates (and, unless told `create`, compiles) the project."""
    lines = [
        "# Quartus II %s project for %s on the Terasic DE2 (Cyclone II %s)." % (
            QUARTUS_VERSION, top, de2_pins.DEVICE),
        "# Written by `python -m synth.quartus` (make quartus): regenerate, do not edit.",
        "# Built with: %s" % (settings or "the defaults"),
        "#",
        "#   quartus_sh -t %s.tcl          create the project and compile it" % top,
        "#                                  (the bitstream: output_files/%s.sof)" % top,
        "#   quartus_sh -t %s.tcl create   only create the project (%s.qpf)" % (top, top),
        "",
        "load_package flow",
        "project_new %s -overwrite" % top,
        'set_global_assignment -name FAMILY "%s"' % de2_pins.FAMILY,
        "set_global_assignment -name DEVICE %s" % de2_pins.DEVICE,
        "set_global_assignment -name TOP_LEVEL_ENTITY %s" % top,
        "set_global_assignment -name VERILOG_FILE %s" % verilog,
        "set_global_assignment -name SDC_FILE %s" % sdc,
        "set_global_assignment -name PROJECT_OUTPUT_DIRECTORY output_files",
        'set_global_assignment -name RESERVE_ALL_UNUSED_PINS "AS INPUT TRI-STATED"',
        "",
        "# every port bit on its DE2 pin (Terasic's names), %s" % de2_pins.IO_STANDARD,
    ]
    for p in ports:
        for bit in p.bits():
            lines.append("set_location_assignment PIN_%s -to %s" % (de2_pins.pin_of(bit), _q(bit)))
            lines.append('set_instance_assignment -name IO_STANDARD "%s" -to %s'
                         % (de2_pins.IO_STANDARD, _q(bit)))
    sdram = sdram_ports(ports)
    if sdram:
        lines += ["", "# the SDRAM's registers in the pins' I/O cells, so that every pin's delay to the",
                  "# chip is the same as its clock's (hdl/sdram_pins.py)"]
        for p in sdram:
            lines.append("set_instance_assignment -name FAST_OUTPUT_REGISTER ON -to %s"
                         % _q(_word(p)))
            if p.direction == "inout":
                lines.append("set_instance_assignment -name FAST_OUTPUT_ENABLE_REGISTER ON -to %s"
                             % _q(_word(p)))
                lines.append("set_instance_assignment -name FAST_INPUT_REGISTER ON -to %s"
                             % _q(_word(p)))
    lines += [
        "",
        "export_assignments",
        'if {[lsearch -exact $quartus(args) "create"] < 0} {',
        "    execute_flow -compile",
        "}",
        "project_close",
        "",
    ]
    return "\n".join(lines)


def _word(p):
    """A port in a Tcl collection: NAME, or NAME[*] for a bus."""
    return "%s[*]" % p.name if p.msb is not None else p.name


def sdram_ports(ports):
    """The SDRAM's ports among these (DRAM_*), its clock DRAM_CLK left out."""
    return [p for p in ports if p.name.startswith(SDRAM_PREFIX) and p.name != SDRAM_CLOCK]


def sdram_delays():
    """The SDC's delays at the SDRAM's pins, ns, against its clock's rising edge:
    {"out_max", "out_min", "in_max", "in_min"}: the chip's setup and hold of
    its inputs and its read data's access and hold-out times
    (hdl/sdram_timing.py), widened by the board's allowance."""
    board = de2_pins.SDRAM_BOARD_NS
    return {"out_max": T_IS_NS + board, "out_min": -(T_IH_NS + board),
            "in_max": T_AC_CL2_NS + board, "in_min": T_OH_NS}


def sdc_text(ports):
    """Timing constraints: the 50 MHz clock, asynchronous board I/O cut; the
    SDRAM's pins, when the top level has them, timed against its clock."""
    ins = [p for p in ports if p.direction == "input" and p.name != de2_pins.CLOCK]
    sdram = sdram_ports(ports)
    outs = [p for p in ports if p.direction == "output" and p not in sdram
            and p.name != SDRAM_CLOCK]
    lines = [
        "# Timing of the DE2 top level. Written by `python -m synth.quartus`: do not edit.",
        "create_clock -name %s -period %.3f [get_ports {%s}]" % (
            de2_pins.CLOCK, de2_pins.CLOCK_PERIOD_NS, de2_pins.CLOCK),
    ]
    if sdram:
        d = sdram_delays()
        words = " ".join(_word(p) for p in sdram if p.direction in ("output", "inout"))
        data = " ".join(_word(p) for p in sdram if p.direction == "inout")
        lines += [
            "# the SDRAM's clock is CLOCK_50 inverted, out on %s (hdl/sdram_pins.py says why)"
            % SDRAM_CLOCK,
            "create_generated_clock -name %s -source [get_ports {%s}] -invert [get_ports {%s}]"
            % (SDRAM_CLOCK, de2_pins.CLOCK, SDRAM_CLOCK),
        ]
    lines += ["derive_clock_uncertainty"]
    if sdram:
        lines += [
            "# the chip takes commands, addresses and write data at its clock's rising edge:",
            "# set up %.1f ns before it and held %.1f ns after (its data sheet), with %.1f ns"
            % (T_IS_NS, T_IH_NS, de2_pins.SDRAM_BOARD_NS),
            "# for the board's traces",
            "set_output_delay -clock %s -max %.3f [get_ports {%s}]" % (SDRAM_CLOCK, d["out_max"], words),
            "set_output_delay -clock %s -min %.3f [get_ports {%s}]" % (SDRAM_CLOCK, d["out_min"], words),
            "# its read data: valid %.1f ns after its clock's edge at the latest (CAS latency 2),"
            % T_AC_CL2_NS,
            "# plus the traces; held %.1f ns after the next edge; taken at CLOCK_50's falling edge"
            % T_OH_NS,
            "set_input_delay -clock %s -max %.3f [get_ports {%s}]" % (SDRAM_CLOCK, d["in_max"], data),
            "set_input_delay -clock %s -min %.3f [get_ports {%s}]" % (SDRAM_CLOCK, d["in_min"], data),
        ]
    lines += [
        "# buttons, switches and the serial input are asynchronous to the clock",
        "# (each passes a synchroniser or feeds only slow status logic)",
    ]
    lines += ["set_false_path -from [get_ports {%s}]" % _word(p) for p in ins]
    lines += ["# LEDs, displays and the serial output have no timing relation to any clock"]
    lines += ["set_false_path -to [get_ports {%s}]" % _word(p) for p in outs]
    return "\n".join(lines) + "\n"


def write_project(core, out_root=DEFAULT_OUT, budget=None, team=None, max_size=None):
    """Generate `core`'s DE2 Verilog (with this budget, team code and, for
    reversi, largest board side; None: the defaults) and write its Quartus
    project; return the folder."""
    top = top_name(core)
    cfg = build.make_config(core, budget=budget, team=team, max_size=max_size)
    folder = os.path.join(out_root, core)
    tmp = tempfile.mkdtemp(prefix="quartus-")
    try:
        paths, _ = build.convert_cached(cfg, tmp, log=sys.stdout)
        src = [p for p in paths if os.path.basename(p) == top + ".v"]
        if not src:
            raise ConfigError("hdl.build wrote no %s.v for %s" % (top, core))
        ports = file_ports(src[0], top)
        problems = port_problems(ports)
        if problems:
            raise ConfigError("%s cannot go on the DE2: %s" % (top, "; ".join(problems)))
        os.makedirs(folder, exist_ok=True)
        shutil.copyfile(src[0], os.path.join(folder, top + ".v"))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    with open(os.path.join(folder, top + ".sdc"), "w") as fh:
        fh.write(sdc_text(ports))
    described = build.describe(cfg)
    with open(os.path.join(folder, "config.json"), "w") as fh:
        fh.write(json.dumps(described, sort_keys=True, indent=1) + "\n")
    settings = ", ".join("%s %s" % (k, described[k]) for k in ("team", "budget", "max_size")
                         if described.get(k) is not None)
    with open(os.path.join(folder, top + ".tcl"), "w") as fh:
        fh.write(tcl_text(top, ports, top + ".v", top + ".sdc", settings))
    return folder


# -- the checker: reads the written files back, independently of the writer

_LOC = re.compile(r"^\s*set_location_assignment\s+PIN_(\w+)\s+-to\s+\{?([\w\[\]]+?)\}?\s*$", re.M)
_STD = re.compile(r'^\s*set_instance_assignment\s+-name\s+IO_STANDARD\s+"([^"]+)"\s+-to\s+'
                  r"\{?([\w\[\]]+?)\}?\s*$", re.M)
_GLOBAL = re.compile(r'^\s*set_global_assignment\s+-name\s+(\w+)\s+"?([^"\n]*?)"?\s*$', re.M)


def check_tcl(tcl, ports):
    """Problems with a project Tcl for a top level with these ports (empty: none).

    Every port bit must be assigned exactly once, to its pin in the DE2 pin
    list, with the DE2's I/O standard; nothing else may be assigned; no pin
    may be used twice; the device, family and unused-pin setting must be the DE2's.
    """
    problems = []
    bits = [b for p in ports for b in p.bits()]
    locs = _LOC.findall(tcl)
    by_bit = {}
    for pin, bit in locs:
        by_bit.setdefault(bit, []).append(pin)
    by_pin = {}
    for pin, bit in locs:
        by_pin.setdefault(pin, []).append(bit)
    for bit in bits:
        pins = by_bit.get(bit, [])
        if not pins:
            problems.append("port bit %s has no pin" % bit)
            continue
        if len(pins) > 1:
            problems.append("port bit %s is assigned %d times (%s)" % (bit, len(pins), ", ".join(pins)))
        try:
            want = de2_pins.pin_of(bit)
        except KeyError as exc:
            problems.append(exc.args[0])
            continue
        if any(p != want for p in pins):
            problems.append("port bit %s is on PIN_%s, the DE2 has it on PIN_%s"
                            % (bit, "/".join(pins), want))
    for bit in sorted(set(by_bit) - set(bits)):
        problems.append("%s is assigned a pin but is no port of the top level" % bit)
    for pin, users in sorted(by_pin.items()):
        if len(users) > 1:
            problems.append("PIN_%s is used %d times (%s)" % (pin, len(users), ", ".join(users)))
    stds = {}
    for std, bit in _STD.findall(tcl):
        stds.setdefault(bit, []).append(std)
    for bit in bits:
        if stds.get(bit) != [de2_pins.IO_STANDARD]:
            problems.append("port bit %s: I/O standard %s, want %s once"
                            % (bit, stds.get(bit) or "not set", de2_pins.IO_STANDARD))
    glob = dict(_GLOBAL.findall(tcl))
    for name, want in (("FAMILY", de2_pins.FAMILY), ("DEVICE", de2_pins.DEVICE),
                       ("RESERVE_ALL_UNUSED_PINS", "AS INPUT TRI-STATED")):
        if glob.get(name) != want:
            problems.append("%s is %r, want %r" % (name, glob.get(name), want))
    return problems


def check_sdc(sdc, ports):
    """Problems with the .sdc (empty: none): the 20 ns clock, every other input
    cut, and the SDRAM's pins timed (_sdram_sdc_problems)."""
    problems = []
    m = re.search(r"create_clock\s.*-period\s+([\d.]+)\s+\[get_ports\s+\{?(\w+)\}?\]", sdc)
    if not m or m.group(2) != de2_pins.CLOCK or abs(float(m.group(1)) - de2_pins.CLOCK_PERIOD_NS) > 1e-9:
        problems.append("no create_clock of %.3f ns on %s" % (de2_pins.CLOCK_PERIOD_NS, de2_pins.CLOCK))
    cut = set(re.findall(r"set_false_path\s+-from\s+\[get_ports\s+\{(\w+)(?:\[\*\])?\}\]", sdc))
    for p in ports:
        if p.direction == "input" and p.name != de2_pins.CLOCK and p.name not in cut:
            problems.append("asynchronous input %s is not cut (set_false_path -from)" % p.name)
    return problems + _sdram_sdc_problems(sdc, ports, cut)


# the least each SDRAM delay may be (max) or the most (min), ns: the data sheet's
_SDRAM_BOUNDS = {("output", "max"): T_IS_NS, ("output", "min"): -T_IH_NS,
                 ("input", "max"): T_AC_CL2_NS, ("input", "min"): T_OH_NS}


def _sdram_sdc_problems(sdc, ports, cut):
    """The SDRAM's pins: its clock CLOCK_50 inverted on DRAM_CLK, every pin it
    reads (and the data bus both ways) delayed against that clock by at least
    the data sheet's times, none of them cut."""
    sdram = [p for p in ports if p.name.startswith(SDRAM_PREFIX)]
    if not sdram:
        return []
    problems = []
    if SDRAM_CLOCK not in [p.name for p in sdram]:
        return ["the SDRAM's pins are there but its clock %s is not" % SDRAM_CLOCK]
    gen = re.search(r"create_generated_clock\s+-name\s+(\w+)\s+-source\s+\[get_ports\s+\{(\w+)\}\]"
                    r"\s+-invert\s+\[get_ports\s+\{(\w+)\}\]", sdc)
    if not gen or gen.group(2) != de2_pins.CLOCK or gen.group(3) != SDRAM_CLOCK:
        return problems + ["no generated clock on %s (%s inverted)" % (SDRAM_CLOCK, de2_pins.CLOCK)]
    clock = gen.group(1)
    for kind, directions in (("output", ("output", "inout")), ("input", ("inout",))):
        for bound in ("max", "min"):
            delayed = {}
            for m in re.finditer(r"set_%s_delay\s+-clock\s+(\w+)\s+-%s\s+(-?[\d.]+)\s+"
                                 r"\[get_ports\s+\{([^}]*)\}\]" % (kind, bound), sdc):
                if m.group(1) == clock:
                    for word in m.group(3).split():
                        delayed[word.split("[")[0]] = float(m.group(2))
            limit = _SDRAM_BOUNDS[(kind, bound)]
            for p in sdram:
                if p.direction not in directions or p.name == SDRAM_CLOCK:
                    continue
                if p.name not in delayed:
                    problems.append("SDRAM pin %s has no %s %s delay against %s"
                                    % (p.name, kind, bound, SDRAM_CLOCK))
                elif (delayed[p.name] < limit) if bound == "max" else (delayed[p.name] > limit):
                    problems.append("SDRAM pin %s: %s %s delay %.3f ns, the data sheet needs %s %.3f"
                                    % (p.name, kind, bound, delayed[p.name],
                                       "at least" if bound == "max" else "at most", limit))
    cut_to = set(re.findall(r"set_false_path\s+-to\s+\[get_ports\s+\{(\w+)(?:\[\*\])?\}\]", sdc))
    for p in sdram:
        if p.name in cut or p.name in cut_to:
            problems.append("SDRAM pin %s is cut as a false path" % p.name)
    return problems


def check_project(folder):
    """Check a folder written by write_project; return its problems."""
    name = os.path.basename(os.path.normpath(folder))
    top = top_name(name)
    paths = {ext: os.path.join(folder, top + ext) for ext in (".v", ".tcl", ".sdc")}
    missing = [p for p in paths.values() if not os.path.exists(p)]
    if missing:
        return ["missing %s" % ", ".join(missing)]
    try:
        ports = file_ports(paths[".v"], top)
    except ValueError as exc:
        return [str(exc)]
    with open(paths[".tcl"]) as fh:
        problems = check_tcl(fh.read(), ports)
    with open(paths[".sdc"]) as fh:
        problems += check_sdc(fh.read(), ports)
    return problems


def compile_command(folder, top):
    return "cd %s && quartus_sh -t %s.tcl" % (folder, top)


def main(argv=None):
    p = argparse.ArgumentParser(
        prog="python -m synth.quartus",
        description="Write a Quartus II %s project for the DE2 per core (and compile it "
                    "when quartus_sh is on PATH)." % QUARTUS_VERSION)
    p.add_argument("--core", action="append", choices=list(build.GAME_UNITS),
                   help="a core (repeatable; default: all of %s)" % ", ".join(build.GAME_UNITS))
    p.add_argument("--team", metavar="XX",
                   help="the Blokus cores' two-character team code, answered to `0` and shown "
                        "on HEX1-0 at power-up (default %s; as hdl.build --team); without "
                        "--core builds the blokus core alone (the Monte-Carlo one takes "
                        "--core blokus_mcts)" % build.DEFAULT_TEAM)
    p.add_argument("--budget", type=int, metavar="N",
                   help="search nodes per move (default: the core's default budget; as "
                        "hdl.build --budget); needs a single --core")
    p.add_argument("--max-size", type=int, metavar="N",
                   help="the reversi core's largest board side, even, 4 to 16 (default 8; as "
                        "hdl.build --max-size); builds the reversi core only")
    p.add_argument("--out", default=DEFAULT_OUT, metavar="DIR",
                   help="the projects go to DIR/<core>/ (default %s)" % DEFAULT_OUT)
    p.add_argument("--no-compile", action="store_true",
                   help="only write the projects, even when quartus_sh is installed")
    p.add_argument("--check", metavar="DIR",
                   help="check the pins and constraints of a project folder written before, "
                        "then exit (1 on a problem)")
    args = p.parse_args(argv)
    if args.check:
        if not os.path.isdir(args.check):
            print("error: no project folder %s" % args.check, file=sys.stderr)
            return 2
        problems = check_project(args.check)
        for prob in problems:
            print("%s: %s" % (args.check, prob), file=sys.stderr)
        if not problems:
            print("%s: every port on its DE2 pin, no pin twice, clock and inputs constrained"
                  % args.check)
        return 1 if problems else 0
    # a team code is the Blokus core's only: --team alone means that core
    # and a largest board side the Reversi core's only
    cores = args.core or (["blokus"] if args.team is not None else
                          ["reversi"] if args.max_size is not None else list(build.GAME_UNITS))
    if args.budget is not None and len(cores) != 1:
        print("error: --budget needs one --core (BUDGET needs CORE=%s): the cores' budgets "
              "count different nodes" % "|".join(build.GAME_UNITS), file=sys.stderr)
        return 2
    if args.max_size is not None and cores != ["reversi"]:
        print("error: --max-size (MAX_SIZE) is the reversi core's largest board side; "
              "build it with --core reversi alone (CORE=reversi)", file=sys.stderr)
        return 2
    if args.team is not None and not set(cores) & set(TEAM_CORES):
        print("error: --team is the Blokus cores' team code; %s has none" % " and ".join(cores),
              file=sys.stderr)
        return 2
    try:
        build.check_out_dir(args.out)
    except ConfigError as exc:
        print("error: %s" % exc, file=sys.stderr)
        return 2
    quartus = shutil.which("quartus_sh")
    status = 0
    for core in cores:
        try:
            folder = write_project(core, args.out, budget=args.budget,
                                   team=args.team if core in TEAM_CORES else None,
                                   max_size=args.max_size if core == "reversi" else None)
        except ConfigError as exc:
            print("error: %s" % exc, file=sys.stderr)
            return 2
        problems = check_project(folder)
        if problems:
            for prob in problems:
                print("error: %s: %s" % (folder, prob), file=sys.stderr)
            return 1
        top = top_name(core)
        print("wrote %s/ (%s.v, %s.tcl, %s.sdc)" % (folder, top, top, top))
        if args.no_compile:
            continue
        if quartus:
            print("compiling with %s ..." % quartus)
            r = subprocess.run([quartus, "-t", top + ".tcl"], cwd=folder)
            if r.returncode != 0:
                print("error: quartus_sh failed on %s (exit %d); see %s/output_files/"
                      % (core, r.returncode, folder), file=sys.stderr)
                status = 1
            else:
                print("bitstream: %s" % os.path.join(folder, "output_files", top + ".sof"))
        else:
            print("quartus_sh is not on PATH; on a machine with Quartus II %s run:\n  %s"
                  % (QUARTUS_VERSION, compile_command(folder, top)))
    return status


if __name__ == "__main__":
    sys.exit(main())
