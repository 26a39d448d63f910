"""The Blokus default budget, and the timing bound it comes from, checked on the RTL.

hdl/blokus/__init__.py derives the bound FIXED_CYCLES + CYCLES_PER_NODE * n
from the engine's states. Here the engine itself (blokus_search, under Icarus)
plays a short game against random legal replies at budgets that stop its search
in phase 1, inside phase 2 and never, and every part of each search's cycles
is counted by state and compared with the constant that claims to bound it.
"""
import os
import random
import re
import subprocess

import pytest

from golden.blokus.board import ME, OPP, Position, legal_moves
from golden.blokus.encoding import canonical_move
from golden.blokus.search import DEFAULT_BUDGET, MAX_BUDGET, search
from hdl.blokus import (CYCLES_PER_NODE, DISCARDED, PER_KEPT, SCAN_CYCLES, TARGET_S,
                        largest_budget, worst_case_cycles)
from hdl.blokus.search import CMD_NEW, CMD_OPP, CMD_SEARCH, NODE_BITS, PIPE, STATES
from hdl.configs import DEFAULT_CLK_HZ


def test_default_budget_is_the_largest_within_the_target():
    # golden's number (the specification) against the hardware's timing model
    assert DEFAULT_BUDGET == largest_budget(DEFAULT_CLK_HZ, TARGET_S)


def test_largest_budget_follows_the_time_when_it_binds():
    # at a slow clock the time binds: the bound of the budget fits, one more does not
    clk = 100000
    b = largest_budget(clk, TARGET_S)
    assert 1 <= b < MAX_BUDGET
    assert worst_case_cycles(b) <= TARGET_S * clk < worst_case_cycles(b + 1)


# -- the engine's cycles, counted -------------------------------------------------

END = 3
HARNESS = r"""
`timescale 1ns/1ps
module tb;
%(ports)s
    reg [39:0] words [0:%(last)d];
    reg [39:0] w;
    integer i;
    blokus_search dut(%(connect)s);
    always #10 clk = ~clk;
    // a search's cycles by the engine's state; the nodes that entered the
    // pipeline (valid[0] is set the cycle after one enters) and the fewest
    // cycles between two of them
    reg in_search = 0;
    integer now = 0, last_in, gap;
    integer scan1, stop1, scan2, stop2, place_m, place, p2, other, entered, entered1;
    integer scans2, cuts;
    always @(posedge clk) now <= now + 1;
    always @(posedge clk) if (in_search) begin
        if (dut.valid[0]) begin
            entered <= entered + 1;
            if (!dut.phase2) entered1 <= entered1 + 1;
            if (last_in >= 0 && now - last_in < gap) gap <= now - last_in;
            last_in <= now;
        end
        if (dut.cut) cuts <= cuts + 1;
        if (dut.phase2 && dut.state == %(st_load)s) scans2 <= scans2 + 1;
        case (dut.state)
            %(st_scan)s: if (dut.phase2) scan2 <= scan2 + 1; else scan1 <= scan1 + 1;
            %(st_stop)s: if (dut.phase2) stop2 <= stop2 + 1; else stop1 <= stop1 + 1;
            %(st_place)s: if (dut.after_place == %(after_m)s) place_m <= place_m + 1;
                      else place <= place + 1;
            %(st_p2)s: p2 <= p2 + 1;
            %(st_idle)s: if (command_start) other <= other + 1;      // the start cycle
            default: other <= other + 1;
        endcase
    end
    task run;
        begin
            @(negedge clk) command_start = 1;
            @(negedge clk) command_start = 0;
            while (!answer_done) @(negedge clk);
        end
    endtask
    initial begin
        $readmemh("commands.hex", words);
        repeat (3) @(posedge clk);
        @(negedge clk) rst = 0;
        i = 0;
        while (words[i][1:0] != %(end)d) begin
            w = words[i];
            i = i + 1;
            command_op = w[1:0];
            command_seat_a = w[2]; command_is_pass = w[3]; command_x = w[7:4];
            command_y = w[11:8]; command_tile = w[16:12]; command_digit = w[19:17];
            budget = w[%(nb19)d:20];
            if (command_op == %(cmd_search)d) begin
                scan1 = 0; stop1 = 0; scan2 = 0; stop2 = 0; place_m = 0; place = 0; p2 = 0;
                other = 0; entered = 0; entered1 = 0; scans2 = 0; cuts = 0;
                last_in = -1; gap = 1000;
                in_search = 1;
                run;
                in_search = 0;
                $display("SEARCH%(formats)s",
                         report_cycles, report_nodes, answer_is_pass, scan1, stop1, scan2,
                         stop2, place_m, place, p2, other, entered, entered1, scans2, cuts, gap);
            end else begin
                run;
                if (command_op == %(cmd_opp)d) $display("OPP %%0d", answer_legal);
            end
        end
        $finish;
    end
endmodule
"""
FIELDS = ("cycles", "nodes", "passed", "scan1", "stop1", "scan2", "stop2", "place_m", "place",
          "p2", "other", "entered", "entered1", "scans2", "cuts", "gap")


def _word(op, seat_a=0, move=None, budget=0):
    x, y, t, r = move if move is not None else (0, 0, 0, 0)
    return (op | seat_a << 2 | (move is None) << 3 | x << 4 | y << 8 | t << 12 | r << 17
            | budget << 20)


def _game(seed, turns):
    """The engine's commands for a game in which it searches at budgets that
    stop it in phase 1, inside phase 2 and never; golden's search predicts
    its moves (and node counts), random legal moves answer them."""
    rng = random.Random(seed)
    pos = Position("5")
    words, expected = [_word(CMD_NEW)], []
    for turn in range(turns):
        moves = len(legal_moves(pos, ME))
        budget = (MAX_BUDGET, max(1, moves // 2), moves + 7, 1)[turn % 4]
        result = search(pos.copy(), budget)
        words.append(_word(CMD_SEARCH, budget=budget))
        expected.append(result.nodes)
        pos.apply(ME, None if result.move is None else canonical_move(result.move))
        replies = legal_moves(pos, OPP)
        reply = rng.choice(replies) if replies else None
        words.append(_word(CMD_OPP, move=reply))
        pos.apply(OPP, reply)
    return words + [END], expected


@pytest.fixture(scope="module")
def searches(tmp_path_factory):
    """Each search of the game, as a dict of FIELDS, with golden's node count."""
    from hdl import build, configs

    work = tmp_path_factory.mktemp("blokus_cycles")
    source = build.convert_cached(configs.get("blokus_search"), str(work))[0][0]
    ports = re.findall(r"^(input|output) (?:signed )?(\[\d+:\d+\] )?(\w+);", open(source).read(),
                       re.M)
    width = (len(STATES) - 1).bit_length()        # MyHDL's binary enum encoding

    def states(*names):
        return ", ".join("%d'd%d" % (width, STATES.index(n)) for n in names)

    words, expected = _game(seed=7, turns=4)
    with open(os.path.join(str(work), "commands.hex"), "w") as f:
        f.writelines("%010x\n" % w for w in words)
    with open(os.path.join(str(work), "tb.v"), "w") as f:
        f.write(HARNESS % {
            "ports": "\n".join("    wire %s%s;" % (r, n) if d == "output" else
                                "    reg %s%s = %d;" % (r, n, n == "rst") for d, r, n in ports),
            "connect": ", ".join(".%s(%s)" % (n, n) for _, _, n in ports),
            "formats": " %0d" * len(FIELDS), "nb19": NODE_BITS + 19, "last": len(words) - 1,
            "end": END,
            "cmd_search": CMD_SEARCH, "cmd_opp": CMD_OPP,
            "after_m": "2'd2",      # blokus_search's t_after_place.M: a kept candidate's placement
            "st_load": states("ROOT_LOAD"), "st_scan": states("ROOT_LOAD", "SCAN"),
            "st_stop": states("BSTOP"), "st_idle": states("IDLE"),
            "st_place": states("PW1", "PW2", "PW3"),
            "st_p2": states("P2_NEXT", "P2_TAKE", "P2_SETM", "ROOT_PREP", "P2_END")})
    subprocess.run(["iverilog", "-g2005", "-o", "sim", "tb.v", source], cwd=str(work), check=True)
    out = subprocess.run(["vvp", "-n", "sim"], cwd=str(work), capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert [line for line in out if line.startswith("OPP")] == ["OPP 1"] * len(expected), \
        "the engine refused a legal opponent move"
    found = [dict(zip(FIELDS, map(int, line.split()[1:]))) for line in out
             if line.startswith("SEARCH")]
    assert [s["nodes"] for s in found] == expected, "the engine left the golden game"
    return found


def test_searches_keep_the_bound(searches):
    for s in searches:
        assert s["cycles"] <= worst_case_cycles(s["nodes"]), s
    # the game reached every case the bound provides for
    assert any(s["stop1"] for s in searches), "no search stopped by the budget in phase 1"
    assert any(s["stop2"] for s in searches), "no search stopped by the budget in phase 2"
    assert any(s["cuts"] for s in searches), "no alpha-beta cut"


def test_cycles_split_by_state_add_up(searches):
    parts = ("scan1", "stop1", "scan2", "stop2", "place_m", "place", "p2", "other")
    for s in searches:
        assert sum(s[p] for p in parts) == s["cycles"], s


def test_a_node_enters_every_cycles_per_node(searches):
    assert min(s["gap"] for s in searches) == CYCLES_PER_NODE


def test_phase_1_costs_one_scan_besides_its_nodes(searches):
    for s in searches:
        assert s["scan1"] - CYCLES_PER_NODE * s["entered1"] <= SCAN_CYCLES, s
        assert s["stop1"] + s["stop2"] <= PIPE + 1, s     # a budget stop drains the pipeline


def test_phase_2_costs_per_kept_candidate(searches):
    for s in searches:
        entered2 = s["entered"] - s["entered1"]
        overhead = s["scan2"] + s["place_m"] + s["p2"] - CYCLES_PER_NODE * entered2
        assert overhead <= s["scans2"] * PER_KEPT + 1, s      # + 1: the last P2_NEXT
        assert s["entered"] - s["nodes"] <= s["cuts"] * DISCARDED, s   # discarded by cuts


def test_the_rest_is_fixed(searches):
    # the start cycle, FINISH, FIRST_WAIT, FIRST_KEPT, APPLY_ME; the answer's placement
    for s in searches:
        assert s["other"] <= 5 and s["place"] <= 3, s
