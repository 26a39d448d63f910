"""Logic elements of a design as a Cyclone II would pack them: a model, from its ECP5 netlist.

    python -m synth.fit --verilog FILE --top MODULE [--work DIR] [--out FILE]
    python -m synth.fit --netlist n.json --top MODULE [--out FILE]

synth.report's size check counts yosys's generic LUT4s and flip-flops and
takes their sum: a Cyclone II logic element (LE) holds one LUT4 and one
flip-flop, so no design needs more LEs than that, and a design under it
fits for certain. For a design near the EP2C35's 33,216 LEs the sum is far
too coarse (the whole Blokus search: 40,500 LUT4 and 15,000 flip-flops, of
56,000 "LEs", against the 29,700 LUT4 of its ECP5 netlist), so this is the
closer look:

- the design through yosys `synth_ecp5 -nowidelut -nolutram` (no wrapper:
  the design as it is): an adder's bit is one LUT4 of a carry cell (CCU2C,
  two bits, two LUT4), as a Cyclone II LE in arithmetic mode takes it;
  multipliers go to 18 x 18 blocks (the EP2C35 has 35); no memory goes to
  LUT RAM, which the Cyclone II has not;
- a flip-flop shares the LE of the LUT4 (or the carry cell's half) whose
  output feeds it, one flip-flop a LUT4; every other flip-flop (fed by
  another flip-flop, a block RAM, a multiplier, a port, or by a LUT4 that
  already holds one) takes an LE of its own.

The model's LE count lies between the two ends synth.estimate reports: it
ignores Quartus's packing of a register with an unrelated LUT (fewer LEs)
and its duplication of logic for speed (more). Only Quartus gives the
count; this says which side of the device's size a design lies on when
the ends disagree.

Exit status: 0, the figures printed (and written to --out); 2 when a tool
is missing or fails, or the input is wrong.
"""
import argparse
import os
import sys

from synth import estimate, report

EP2C35_LES = estimate.EP2C35_LES
LOGIC = ("LUT4", "CCU2C")


def le_model(module):
    """The model's figures for one netlist module (a dict with its cells):
    lut4 (LUT4 cells and two a CCU2C), ff, packed (flip-flops in the LE of
    the LUT4 feeding them), les (lut4 + ff - packed), alone (the flip-flops
    with an LE of their own, by what feeds them), multipliers, le_min
    (max(lut4, ff)), le_max (lut4 + ff)."""
    cells = module.get("cells", {})
    drivers = {bit: (name, cells[name]["type"], port)
               for bit, (name, port) in report.net_drivers(cells).items()}
    kinds = {}
    for cell in cells.values():
        kinds[cell["type"]] = kinds.get(cell["type"], 0) + 1
    lut4 = kinds.get("LUT4", 0) + 2 * kinds.get("CCU2C", 0)
    holding = set()                  # LUT4s (a carry cell's halves) that hold a flip-flop
    alone = {}
    flip_flops = sorted(name for name, cell in cells.items() if cell["type"] == "TRELLIS_FF")
    for name in flip_flops:
        data = [b for b in cells[name]["connections"].get("DI", []) if isinstance(b, int)]
        source = drivers.get(data[0]) if data else None
        if source is not None and source[1] in LOGIC:
            host = source[0] if source[1] == "LUT4" else (source[0], source[2])
            if host not in holding:
                holding.add(host)
                continue
            why = "a LUT4 that holds another"
        elif source is None:
            why = "a port or a constant"
        elif source[1] == "TRELLIS_FF":
            why = "a flip-flop"
        elif source[1] == "DP16KD":
            why = "a block RAM"
        elif source[1] == "MULT18X18D":
            why = "a multiplier"
        else:
            why = source[1]
        alone[why] = alone.get(why, 0) + 1
    ff = len(flip_flops)
    packed = len(holding)
    return {"lut4": lut4, "ff": ff, "packed": packed, "les": lut4 + ff - packed,
            "alone": alone, "multipliers": kinds.get("MULT18X18D", 0),
            "le_min": max(lut4, ff), "le_max": lut4 + ff}


def netlist(verilog, top, work):
    """`top` in `verilog` through yosys `synth_ecp5 -nowidelut -nolutram`:
    the JSON netlist's path."""
    try:
        estimate.yosys_binary()
        out = os.path.join(work, "fit.json")
        estimate.run_script("read_verilog %s; synth_ecp5 -nowidelut -nolutram -top %s -json %s"
                            % (estimate.stage(verilog, work), top, os.path.basename(out)),
                            work, os.path.join(work, "fit-yosys.log"), "yosys synth_ecp5")
    except RuntimeError as exc:
        raise report.ToolError(str(exc)) from None
    return out


def render(top, f, max_les=EP2C35_LES, label=None):
    share = lambda n: "%.1f %%" % (100.0 * n / max_les)
    lines = ["# Logic elements of %s (the model of synth/fit.py)" % top, "",
             "yosys %s `synth_ecp5 -nowidelut -nolutram` of the design as it is (no wrapper); "
             "a flip-flop shares the logic element of the LUT4 (or carry cell's half) whose "
             "output feeds it, one a LUT4, and every other flip-flop takes one of its own. "
             "Between the two ends of synth.estimate; only Quartus gives the count "
             "(`python -m synth.fit --help`)." % estimate.yosys_version(), ""]
    if label:
        lines += ["Design: %s." % label, ""]
    lines += ["| figure | count | of the EP2C35's %d LEs |" % max_les, "|---|---:|---:|",
             "| LUT4 (LUT4 cells and two a carry cell) | %d | |" % f["lut4"],
             "| flip-flops | %d | |" % f["ff"],
             "| flip-flops in the LE of the LUT4 that feeds them | %d | |" % f["packed"],
             "| **LEs by the model** (LUT4 + the other flip-flops) | **%d** | **%s** |"
             % (f["les"], share(f["les"])),
             "| LEs at the least (max(LUT4, FF)) | %d | %s |" % (f["le_min"], share(f["le_min"])),
             "| LEs at the most (LUT4 + FF) | %d | %s |" % (f["le_max"], share(f["le_max"])),
             "| 18 x 18 multipliers | %d | of 35 |" % f["multipliers"], "",
             "Flip-flops with an LE of their own, by what feeds them: %s." % (
                 ", ".join("%s %d" % kv for kv in sorted(f["alone"].items(),
                                                          key=lambda kv: -kv[1])) or "none"),
             ""]
    verdict = ("within" if f["les"] <= max_les else "over")
    lines.append("By the model %s is %s the EP2C35 (%d LEs %s)." % (
        top, verdict, abs(max_les - f["les"]), "left" if verdict == "within" else "too many"))
    return "\n".join(lines) + "\n"


def main(argv=None):
    p = argparse.ArgumentParser(
        prog="python -m synth.fit",
        description="Logic elements of a design as a Cyclone II would pack them (a model): "
                    "LUT4s with adders in arithmetic mode, and the flip-flops that cannot "
                    "share an LE with the LUT4 feeding them.",
        epilog="Exit status: 0 the figures printed, 2 a tool missing or failing, or bad input.")
    p.add_argument("--verilog", help="the design's Verilog (with --top)")
    p.add_argument("--top", required=True, help="its top module")
    p.add_argument("--netlist", help="a yosys ECP5 JSON netlist already made (by this command: "
                                     "WORK/fit.json) instead of --verilog")
    p.add_argument("--work", default=os.path.join("build", "fit"),
                   help="folder for the netlist and yosys's log (default %(default)s)")
    p.add_argument("--max-les", type=int, default=EP2C35_LES,
                   help="the device's LEs (default the EP2C35's %(default)s)")
    p.add_argument("--label", help="what the design is (its commit, its settings), written "
                                   "under the title")
    p.add_argument("--out", help="also write the text here")
    a = p.parse_args(argv)
    if (a.verilog is None) == (a.netlist is None):
        p.error("give either --verilog FILE or --netlist n.json")
    if a.max_les < 1:
        p.error("--max-les must be 1 or more, not %d" % a.max_les)
    try:
        if a.netlist:
            path = a.netlist
        else:
            if not os.path.isfile(a.verilog):
                raise report.ToolError("no Verilog file %s" % a.verilog)
            os.makedirs(a.work, exist_ok=True)
            path = netlist(a.verilog, a.top, a.work)
        text = render(a.top, le_model(report.netlist_module(path, a.top)), a.max_les, a.label)
    except report.ToolError as exc:
        print("synth.fit: %s" % exc, file=sys.stderr)
        return 2
    sys.stdout.write(text)
    if a.out:
        os.makedirs(os.path.dirname(a.out) or ".", exist_ok=True)
        with open(a.out, "w") as fh:
            fh.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
