"""The deepest register-to-register paths of a design, in seconds, from its ECP5 netlist.

    python -m synth.paths --verilog FILE --top MODULE [--work DIR] [--count N]
    python -m synth.paths --netlist ecp5.json --top MODULE_regio [--count N]

The Fmax proxy (synth.report) places and routes the design with nextpnr:
a block of 30,000 LUTs takes it half an hour or more, and a congested one
may not route at all, so it names no path. This is the quick look before
it: the same registered wrapper and yosys `synth_ecp5 -nowidelut` as the
proxy (about three minutes for the whole Blokus search), then the longest
paths from a register (a flip-flop, a block RAM's read) to a register
through the netlist's combinational cells, each cell and each net between
two cells weighed by a fixed delay (DELAY_NS: roughly an ECP5's, routing
taken as one fixed delay a net). No placement, so the figures are not
times: a path far longer than the rest (the whole Blokus search's tile
count, 21 adders in a row, measured twice the next) is worth cutting before
any place and route; the order of paths of about the same length is the
placement's to decide. The signals named along a path are the names yosys
kept for each net (after `abc`, a LUT's output carries the name of one of
the design's wires it computes, or of a wire near it).

Exit status: 0, the paths printed (and written to --out); 2 when a tool is
missing or fails, or the input is wrong.
"""
import argparse
import os
import re
import sys
from collections import defaultdict, deque

from synth import report

DELAY_NS = {
    "net": 1.0,              # a net from one cell to the next (not a carry chain's)
    "LUT4": 0.4,
    "carry": 0.06,           # CCU2C carry in to carry out (the chain's own wire)
    "carry_in_to_sum": 0.3,
    "carry_input": 0.4,      # CCU2C A/B/C/D in to its sums or carry out
    "multiplier": 4.0,       # MULT18X18D unregistered, inputs to product
    "distributed_ram": 0.6,  # TRELLIS_DPR16X4 read address to data
    "clock_to_q": 0.5,       # TRELLIS_FF
    "block_ram": 3.5,        # DP16KD clock to data out
    "setup": 0.2,
}
CLOCK_PORTS = {"CLK", "CLKA", "CLKB", "WCK"}
SUFFIX = re.compile(r"_(TRELLIS_FF|LUT4|CCU2C|MULT18X18D|DP16KD|TRELLIS_DPR16X4|PFUMX|L6MUX21)_")


def comb_arcs(cell_type, port, outputs):
    """(output port, delay) of the combinational arcs from input `port` of a
    cell of `cell_type` (its output ports `outputs`); [] when none."""
    if cell_type == "LUT4":
        return [("Z", DELAY_NS["LUT4"])]
    if cell_type in ("PFUMX", "L6MUX21"):
        return [("Z", DELAY_NS["LUT4"] / 2)]
    if cell_type == "CCU2C":
        if port == "CIN":
            return [("COUT", DELAY_NS["carry"]), ("S0", DELAY_NS["carry_in_to_sum"]),
                    ("S1", DELAY_NS["carry_in_to_sum"])]
        arcs = [("S1", DELAY_NS["carry_input"]), ("COUT", DELAY_NS["carry_input"])]
        return arcs + ([("S0", DELAY_NS["carry_input"])] if port.endswith("0") else [])
    if cell_type == "MULT18X18D" and port[:1] in "AB" and port[1:].isdigit():
        return [(o, DELAY_NS["multiplier"]) for o in outputs if o.startswith("P")]
    if cell_type == "TRELLIS_DPR16X4" and port.startswith("RAD"):
        return [(o, DELAY_NS["distributed_ram"]) for o in outputs]
    return []


def launch_delay(cell_type, port):
    """Clock to output of a register's output `port`, or None (not one)."""
    if cell_type == "TRELLIS_FF":
        return DELAY_NS["clock_to_q"]
    if cell_type == "DP16KD":
        return DELAY_NS["block_ram"]
    if cell_type in ("LUT4", "CCU2C", "PFUMX", "L6MUX21", "MULT18X18D", "TRELLIS_DPR16X4"):
        return None
    return DELAY_NS["clock_to_q"]          # any other cell: taken as a register


def short_name(name):
    """A net's name without the cell names yosys appends to it."""
    return SUFFIX.split(name)[0]


def _net_names(module):
    names = {}
    for name, net in module["netnames"].items():
        for i, bit in enumerate(net["bits"]):
            if not isinstance(bit, int):
                continue
            label = name if len(net["bits"]) == 1 else "%s[%d]" % (name, i)
            old = names.get(bit)
            if (old is None or (old.startswith("$") and not name.startswith("$"))
                    or (not name.startswith("$") and len(label) < len(old))):
                names[bit] = label
    return names


def deepest_paths(module, count=10):
    """The `count` longest register-to-register paths of a netlist module
    (yosys JSON: cells with port_directions), one a (start, end) pair of
    signals: a list of dicts with ns, luts, carries, multipliers, start,
    end, end_cell and steps: (ns, signal, its cells) along it, a run of
    cells whose nets bear one name a step, ns at the run's end."""
    cells = module["cells"]
    names = _net_names(module)
    driver, sinks = report.net_drivers(cells), defaultdict(list)
    for cname, cell in cells.items():
        for port, bits in cell["connections"].items():
            if cell["port_directions"][port] != "output":
                for bit in bits:
                    if isinstance(bit, int):
                        sinks[bit].append((cname, port))
    outputs = {c: [p for p, d in cell["port_directions"].items() if d == "output"]
               for c, cell in cells.items()}
    arcs = {c: {p: comb_arcs(cell["type"], p, outputs[c])
                for p, d in cell["port_directions"].items() if d != "output"}
            for c, cell in cells.items()}
    arrival, back = {}, {}
    for bit, (cname, port) in driver.items():
        t = launch_delay(cells[cname]["type"], port)
        if t is not None:
            arrival[bit], back[bit] = t, None
    waiting = defaultdict(int)             # combinational inputs still to settle
    for cname, cell in cells.items():
        for port, bits in cell["connections"].items():
            if arcs[cname].get(port):
                waiting[cname] += sum(1 for b in bits if isinstance(b, int) and b in driver
                                      and b not in arrival)
    ready = deque(c for c in cells if any(arcs[c].values()) and not waiting[c])
    while ready:
        cname = ready.popleft()
        cell = cells[cname]
        for port, bits in cell["connections"].items():
            for bit in bits:
                if not isinstance(bit, int) or bit not in arrival:
                    continue
                wire = 0.0 if (cell["type"] == "CCU2C" and port == "CIN") else DELAY_NS["net"]
                for out, delay in arcs[cname].get(port, ()):
                    for ob in cell["connections"].get(out, ()):
                        t = arrival[bit] + wire + delay
                        if isinstance(ob, int) and arrival.get(ob, -1.0) < t:
                            arrival[ob], back[ob] = t, (bit, cname)
        for out in outputs[cname]:
            for bit in cell["connections"][out]:
                if not isinstance(bit, int) or launch_delay(cell["type"], out) is not None:
                    continue
                for sink, port in sinks.get(bit, ()):
                    if arcs[sink].get(port):
                        waiting[sink] -= 1
                        if waiting[sink] == 0:
                            ready.append(sink)
    ends = []
    for cname, cell in cells.items():
        for port, bits in cell["connections"].items():
            if (cell["port_directions"][port] == "output" or port in CLOCK_PORTS
                    or arcs[cname].get(port)):
                continue
            for bit in bits:
                if isinstance(bit, int) and bit in arrival:
                    t = arrival[bit] + DELAY_NS["net"] + DELAY_NS["setup"]
                    ends.append((t, bit, cname, port))
    ends.sort(key=lambda e: -e[0])
    found, seen = [], set()
    for t, bit, cname, port in ends:
        chain = [bit]
        while back.get(chain[-1]):
            chain.append(back[chain[-1]][0])
        chain.reverse()
        start = short_name(names.get(chain[0], str(chain[0])))
        end = short_name(cname)
        if (start, end) in seen:
            continue
        seen.add((start, end))
        steps, kinds = [], defaultdict(int)
        for b in chain:                  # a run of cells on nets of one name: one step
            kind = cells[driver[b][0]]["type"] if b in driver else "input"
            kinds[kind] += 1
            signal = short_name(names.get(b, str(b)))
            if not steps or steps[-1][1] != signal:
                steps.append([0.0, signal, defaultdict(int)])
            steps[-1][0] = round(arrival[b], 2)
            steps[-1][2][kind] += 1
        steps = [(t_end, signal, ", ".join("%s x%d" % kv if kv[1] > 1 else kv[0]
                                           for kv in sorted(run.items())))
                 for t_end, signal, run in steps]
        found.append({"ns": round(t, 2), "luts": kinds["LUT4"], "carries": kinds["CCU2C"],
                      "multipliers": kinds["MULT18X18D"], "start": start, "end": end,
                      "end_cell": "%s.%s" % (cname, port), "steps": steps})
        if len(found) == count:
            break
    return found


def render(top, paths):
    """The paths as text, deepest first."""
    lines = ["# The deepest paths of %s (model: %s)" % (
        top, ", ".join("%s %g ns" % kv for kv in DELAY_NS.items())), ""]
    for i, p in enumerate(paths, 1):
        lines.append("%d. %.1f ns, %d LUT4, %d carry cells, %d multipliers: %s -> %s"
                     % (i, p["ns"], p["luts"], p["carries"], p["multipliers"], p["start"],
                        p["end_cell"]))
        lines += ["    %6.1f  %s  (%s)" % s for s in p["steps"]]
    return "\n".join(lines) + "\n"


def main(argv=None):
    p = argparse.ArgumentParser(
        prog="python -m synth.paths",
        description="The deepest register-to-register paths of a design by a delay model of "
                    "its ECP5 netlist: minutes, where nextpnr's place and route takes hours "
                    "or does not route.",
        epilog="Exit status: 0 the paths printed, 2 a tool missing or failing, or bad input.")
    p.add_argument("--verilog", help="the design's Verilog (with --top)")
    p.add_argument("--top", required=True,
                   help="its top module (with --netlist: the netlist's module, e.g. X_regio)")
    p.add_argument("--netlist", help="a yosys ECP5 JSON netlist already made (synth.report's "
                                     "WORK/.../ecp5.json) instead of --verilog")
    p.add_argument("--work", default=os.path.join("build", "paths"),
                   help="folder for the wrapper, the netlist and yosys's log (default %(default)s)")
    p.add_argument("--count", type=int, default=10,
                   help="paths to show, one a start and end signal (default %(default)s)")
    p.add_argument("--out", help="also write the text here")
    a = p.parse_args(argv)
    if (a.verilog is None) == (a.netlist is None):
        p.error("give either --verilog FILE or --netlist ecp5.json")
    if a.count < 1:
        p.error("--count must be 1 or more, not %d" % a.count)
    try:
        if a.netlist:
            netlist, top = a.netlist, a.top
        else:
            if not os.path.isfile(a.verilog):
                raise report.ToolError("no Verilog file %s" % a.verilog)
            os.makedirs(a.work, exist_ok=True)
            netlist, top, _ = report.ecp5_netlist(a.verilog, a.top, a.work)
        text = render(top, deepest_paths(report.netlist_module(netlist, top), a.count))
    except (report.ToolError, ValueError) as exc:
        print("synth.paths: %s" % exc, file=sys.stderr)
        return 2
    sys.stdout.write(text)
    if a.out:
        with open(a.out, "w") as fh:
            fh.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
