"""The Blokus default budget, and the timing bound it comes from, checked on the RTL.

hdl/blokus/__init__.py derives the bound FIXED_CYCLES + CYCLES_PER_NODE * n
from the engine's states (n: evaluations, and SCAN_NODES for every frame
entered). Here the engine itself (blokus_search, under Icarus) plays a game
against random legal replies, golden's search predicting each of its answers,
at budgets picked from golden's own search (its budget checks recorded) so
that among the searches the budget runs out in phase 1, at a frame's entry,
inside a leaf scan and inside an inner (keeping) scan of a depth >= 3
iteration, once while a leaf that cuts is still in the pipeline, one search
finishes every iteration and leaf frames are cut. The testbench prints the
engine's state on every change; each cycle of a search is charged to the part
of the bound that claims it (each frame entered: PER_FRAME; phase 1's scan and
COPY, the iterations, the stop, the answer: FIXED_CYCLES) and each part is
compared with its constant.
"""
import os
import random
import re
import subprocess
import sys

import pytest

import golden.blokus.search as golden_search
from golden.blokus.board import ME, OPP, Position, legal_moves
from golden.blokus.encoding import canonical_move
from golden.blokus.search import (DEFAULT_BUDGET, MAX_BUDGET, MAX_DEPTH, SCAN_NODES,
                                  STOP_ENTER, STOP_INNER, STOP_LEAVES, STOP_PHASE1, candidates,
                                  search)
from hdl.blokus import (COPY_CYCLES, CYCLES_PER_NODE, DISCARDED, FIXED_CYCLES, PER_FRAME,
                        SCAN_CYCLES, TARGET_S, largest_budget, worst_case_cycles)
from hdl.blokus.search import CMD_NEW, CMD_OPP, CMD_SEARCH, NODE_BITS, PIPE, STATES
from hdl.configs import DEFAULT_CLK_HZ


def test_default_budget_is_the_largest_within_the_target():
    # golden's number (the specification) against the hardware's timing model
    assert DEFAULT_BUDGET == largest_budget(DEFAULT_CLK_HZ, TARGET_S)
    assert worst_case_cycles(DEFAULT_BUDGET) <= TARGET_S * DEFAULT_CLK_HZ
    assert DEFAULT_BUDGET == MAX_BUDGET or \
        worst_case_cycles(DEFAULT_BUDGET + 1) > TARGET_S * DEFAULT_CLK_HZ
    # a frame's charge covers its cycles
    assert CYCLES_PER_NODE * SCAN_NODES >= PER_FRAME


def test_largest_budget_follows_the_time_when_it_binds():
    # at a slow clock the time binds: the bound of the budget fits, one more does not
    clk = 100000
    b = largest_budget(clk, TARGET_S)
    assert 1 <= b < MAX_BUDGET
    assert worst_case_cycles(b) <= TARGET_S * clk < worst_case_cycles(b + 1)


# -- golden's search, its budget checks recorded ----------------------------------

SEED = 18
PLAN = (STOP_PHASE1,) + ("one",) * 6 + (STOP_ENTER, STOP_LEAVES, "cutstop", STOP_INNER, "finish")
"""The game's searches (budget_for's cases); "finish" comes after as many
budget-1 searches as it takes to reach a position whose whole search is cheap."""
PICK_CAP = 20000                # golden's search that budget_for picks a budget from
FINISH_CAP = 3500               # the most nodes of the search that finishes


class _Recording(golden_search._Spend):
    """golden's _Spend that logs every budget check: (kind, nodes before it,
    iteration depth, ply, scan). kind: where the budget would run out
    (golden's STOPS: a node of phase 1, of a leaf scan, of an inner scan, or a
    frame entered at `ply`); scan: a leaf's (replies of its frame, the reply)."""
    __slots__ = ("log",)

    def __init__(self, budget):
        super().__init__(budget)
        self.log = []

    def _note(self, kind):
        caller = sys._getframe(2)           # _note <- node / expansion <- search / _value
        ply, depth, f = 0, 1, caller
        while f is not None:
            if f.f_code.co_name == "_value":
                ply += 1
            elif f.f_code.co_name == "search":
                depth = f.f_locals.get("depth", 1)
                break
            f = f.f_back
        scan = (caller.f_locals["replies"], caller.f_locals["r"]) if kind == STOP_LEAVES else None
        self.log.append((kind, self.nodes, depth if ply else 1, ply, scan))

    def node(self, where):
        self._note(where)
        super().node(where)

    def expansion(self):
        self._note(STOP_ENTER)
        super().expansion()


def checks(position, budget):
    """golden's search of `position` at `budget` and its budget checks in order."""
    made = []

    def spend(b):
        made.append(_Recording(b))
        return made[-1]

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(golden_search, "_Spend", spend)
        result = search(position.copy(), budget)
    return result, made[0].log if made else []


def _step(move):
    return move[1] * 16 + move[0]       # the scan's window step of a move (its centre)


def budget_for(position, case, cap=FINISH_CAP):
    """A budget at which golden's search of `position` ends at `case`, or None.

    "one": 1 (the first legal move); STOP_PHASE1: half its moves;
    STOP_ENTER: the first entry of a frame at ply >= 2 in a depth >= 3
    iteration, SCAN_NODES - 1 left; STOP_LEAVES: the third node of a leaf
    scan in a depth >= 3 iteration; STOP_INNER: the second node of a keeping
    scan in a depth >= 3 iteration; "cutstop": one node after the leaf that
    cuts a frame, the two replies after it in the next few window steps (the
    engine has the first in its pipeline and stops for the second; the cut
    gives the first back and the search goes on to a frame it cannot enter:
    STOP_ENTER); "finish": every iteration done within `cap` nodes, the
    budget exactly what it spends."""
    moves = len(candidates(position))
    if case == "one":
        return 1
    if case == STOP_PHASE1:
        return moves // 2 if moves >= 2 else None
    result, log = checks(position, cap if case == "finish" else PICK_CAP)
    if case == "finish":
        return result.nodes if result.depth == MAX_DEPTH else None
    for i, (kind, nodes, depth, ply, scan) in enumerate(log):
        if case == STOP_ENTER and kind == case and depth >= 3 and ply >= 2:
            return nodes + SCAN_NODES - 1
        if case == STOP_LEAVES and depth >= 3 and [e[0] for e in log[i - 2:i + 1]] == [case] * 3:
            return nodes
        if case == STOP_INNER and kind == log[i - 1][0] == case and depth >= 3:
            return nodes
        if case == "cutstop" and kind == STOP_LEAVES and i + 1 < len(log):
            replies, r = scan
            k = replies.index(r)
            after = log[i + 1][4]
            if (after is None or after[0] is not replies) and k + 2 < len(replies) and \
                    _step(replies[k + 2]) - _step(r) <= 2:
                return nodes + 2
    return None


# -- the engine's cycles, traced --------------------------------------------------

END = 3
HARNESS = r"""
`timescale 1ns/1ps
module tb;
%(ports)s
    reg [47:0] words [0:%(last)d];
    reg [47:0] w;
    integer i;
    blokus_search dut(%(connect)s);
    always #10 clk = ~clk;
    // A line on every change of the engine's state and on a search's start
    // cycle: the cycle, the state, ply, leaf, after_place, in_iter and the
    // counts so far of the nodes that entered the pipeline (valid[0] is set
    // the cycle after one enters), of cuts and of the nodes a cut discards
    // (in the pipeline behind the one that cuts). The fewest cycles between
    // two nodes entering, per search.
    integer now = 0, entered = 0, cuts = 0, dropped = 0, last_in, gap, k, n;
    reg [%(sw1)d:0] was = 0;
    reg begins;
    always @(posedge clk) begin
        begins = dut.state == %(st_idle)s && command_start && command_op == %(cmd_search)d;
        if (begins || dut.state != was)
            $display("S %%0d %%0d %%0d %%0d %%0d %%0d %%0d %%0d %%0d %%0d", now, begins, dut.state,
                     dut.ply, dut.leaf, dut.after_place, dut.in_iter, entered, cuts, dropped);
        was <= dut.state;
        now <= now + 1;
        if (dut.valid[0]) begin
            entered <= entered + 1;
            if (last_in >= 0 && now - last_in < gap) gap <= now - last_in;
            last_in <= now;
        end
        if (dut.cut) begin
            n = 0;
            for (k = 0; k < %(pipe)d; k = k + 1) n = n + dut.valid[k];
            cuts <= cuts + 1;
            dropped <= dropped + n - 1;
        end
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
                last_in = -1;
                gap = 1000;
                run;
                $display("SEARCH %%0d %%0d %%0d %%0d %%0d %%0d %%0d %%0d %%0d %%0d %%0d",
                         report_cycles, report_nodes, report_depth, report_score, answer_is_pass,
                         answer_x, answer_y, answer_tile, answer_digit, gap, budget);
            end else begin
                run;
                if (command_op == %(cmd_opp)d) $display("OPP %%0d", answer_legal);
            end
        end
        $finish;
    end
endmodule
"""
LINE = ("now", "begins", "state", "ply", "leaf", "after", "in_iter", "entered", "cuts", "dropped")
SEARCH = ("cycles", "nodes", "depth", "score", "passed", "x", "y", "tile", "digit", "gap",
          "budget")
OPP_P, ME_P, PATH, UNDO = range(4)          # blokus_search's t_after_place
ST = {name: i for i, name in enumerate(STATES)}


def _word(op, seat_a=0, move=None, budget=0):
    x, y, t, r = move if move is not None else (0, 0, 0, 0)
    return (op | seat_a << 2 | (move is None) << 3 | x << 4 | y << 8 | t << 12 | r << 17
            | budget << 20)


def _game(seed, plan):
    """The engine's commands for a game at the budgets of `plan`, golden's
    prediction of each search ((case, result)), random legal replies."""
    rng = random.Random(seed)
    pos = Position("5")
    words, expected = [_word(CMD_NEW)], []
    plan = list(plan)
    while plan:
        case = plan[0]
        budget = budget_for(pos, case)
        if budget is None and case == "finish" and candidates(pos):
            case, budget = "one", 1                     # not yet: one more move
        else:
            plan.pop(0)
        if budget is None:
            continue
        result = search(pos.copy(), budget)
        words.append(_word(CMD_SEARCH, budget=budget))
        expected.append((case, result))
        pos.apply(ME, None if result.move is None else canonical_move(result.move))
        replies = legal_moves(pos, OPP)
        reply = rng.choice(replies) if replies else None
        words.append(_word(CMD_OPP, move=reply))
        pos.apply(OPP, reply)
    return words + [END], expected


def run_engine(work, words):
    """The testbench's output for the command words: (state lines, SEARCH lines, OPP lines)."""
    from hdl import build, configs

    source = build.convert_cached(configs.get("blokus_search"), str(work))[0][0]
    ports = re.findall(r"^(input|output) ((?:signed )?(?:\[\d+:\d+\] )?)(\w+);",
                       open(source).read(), re.M)
    width = (len(STATES) - 1).bit_length()        # MyHDL's binary enum encoding
    with open(os.path.join(str(work), "commands.hex"), "w") as f:
        f.writelines("%012x\n" % w for w in words)
    with open(os.path.join(str(work), "tb.v"), "w") as f:
        f.write(HARNESS % {
            "ports": "\n".join("    wire %s%s;" % (r, n) if d == "output" else
                                "    reg %s%s = %d;" % (r, n, n == "rst") for d, r, n in ports),
            "connect": ", ".join(".%s(%s)" % (n, n) for _, _, n in ports),
            "nb19": NODE_BITS + 19, "last": len(words) - 1, "end": END, "pipe": PIPE,
            "sw1": width - 1, "st_idle": "%d'd%d" % (width, ST["IDLE"]),
            "cmd_search": CMD_SEARCH, "cmd_opp": CMD_OPP})
    subprocess.run(["iverilog", "-g2005", "-o", "sim", "tb.v", source], cwd=str(work), check=True)
    out = subprocess.run(["vvp", "-n", "sim"], cwd=str(work), capture_output=True, text=True,
                         check=True).stdout.splitlines()
    lines = [dict(zip(LINE, map(int, s.split()[1:]))) for s in out if s.startswith("S ")]
    found = [dict(zip(SEARCH, map(int, s.split()[1:]))) for s in out if s.startswith("SEARCH")]
    return lines, found, [s for s in out if s.startswith("OPP")]


# -- each cycle charged to its part of the bound ----------------------------------

FIXED_TERMS = {
    "start": 1,                         # the start cycle
    "scan1": SCAN_CYCLES,               # phase 1's scan, besides its nodes
    "copy1": COPY_CYCLES,               # phase 1's COPY
    "iter": 3 * (MAX_DEPTH - 1),        # per iteration ITER_START, the root's last CHILD, ITER_END
    "nobudget": 3,                      # CHILD, CHILD_WAIT, TAKE that find no budget to enter
    "stop": PIPE + 1,                   # a budget stop's drain (BSTOP)
    "finish": 3 + 3 + 1,                # FINISH, FINISH_WAIT, FINISH_TAKE, PW1..PW3, APPLY_ME
}
FRAME_TERMS = {
    "entry": 3 + 3 + 2,                 # CHILD, CHILD_WAIT, TAKE, PW1..PW3, APPLY_PATH, ROOT_PREP
    "scan": SCAN_CYCLES,                # its scan, besides the nodes that entered
    "end": max(CYCLES_PER_NODE * DISCARDED, COPY_CYCLES + 1),   # discarded leaves, or COPY
                                        # and the CHILD that finds the list done
    "leave": 1 + 3 + 3,                 # RETURN, PW1..PW3, UNDO, UPDATE and CUTCHK
}


def charge(visits):
    """One search's cycles charged to the parts of the bound. `visits` are the
    testbench's lines from the search's start cycle to the IDLE that follows
    it. A dict: the FIXED_TERMS parts (scan1 with its nodes taken off), the
    frames (each a dict of FRAME_TERMS parts, its scan's nodes taken off and
    the nodes a cut discards charged to "end", and leaf, cut, complete),
    iterations, entered (nodes that entered the pipeline), entered1 (of them
    in phase 1), dropped (discarded by cuts), cuts, ran_out (where the budget
    ran out, named as golden's SearchResult.stop: STOP_PHASE1, STOP_ENTER,
    STOP_LEAVES, STOP_INNER; None if it did not), finished (every iteration
    done), stop_cuts (budget stops that a cut ended: the search went on),
    applied (APPLY_PATH states: frames entered), other (cycles in no part:
    none expected), traced (cycles from the start to the IDLE)."""
    c = dict.fromkeys(FIXED_TERMS, 0)
    c.update(frames=[], iterations=0, entered=0, entered1=0, dropped=0, cuts=0, other=0,
             ran_out=None, finished=False, stop_cuts=0, applied=0,
             traced=visits[-1]["now"] - visits[0]["now"])
    stack, held = [], []

    def frame(part, n, v=None, w=None):
        top = stack[-1]
        top[part] += n
        if v is not None:                   # a scan visit: its nodes and cuts
            nodes = w["entered"] - v["entered"]
            top["scan"] -= CYCLES_PER_NODE * nodes
            top["nodes"] += nodes
            drop, cuts = w["dropped"] - v["dropped"], w["cuts"] - v["cuts"]
            top["end"] += CYCLES_PER_NODE * drop
            top["dropped"] += drop
            top["cut"] += cuts

    for v, w in zip(visits, visits[1:]):
        s, nxt, n = STATES[v["state"]], STATES[w["state"]], w["now"] - v["now"]
        c["entered"] += w["entered"] - v["entered"]
        c["dropped"] += w["dropped"] - v["dropped"]
        c["cuts"] += w["cuts"] - v["cuts"]
        if s == "IDLE":
            c["start"] += n
        elif s in ("ROOT_LOAD", "SCAN") and v["ply"] == 0:
            c["scan1"] += n - CYCLES_PER_NODE * (w["entered"] - v["entered"])
            c["entered1"] += w["entered"] - v["entered"]
        elif s in ("ROOT_LOAD", "SCAN") or (s == "BSTOP" and nxt == "RETURN"):    # a frame's
            c["stop_cuts"] += s == "BSTOP"
            if s == "ROOT_LOAD":
                stack[-1]["leaf"] = v["leaf"]
            frame("scan", n, v, w)
        elif s == "BSTOP":                  # the budget ran out: the pipeline drains
            c["stop"] += n
            c["ran_out"] = (STOP_PHASE1 if v["ply"] == 0 and not v["in_iter"] else
                            STOP_LEAVES if v["leaf"] else STOP_INNER if v["ply"] >= 1 else "?")
        elif s == "COPY":
            if v["ply"] == 0:
                c["copy1"] += n
            else:
                frame("end", n)
        elif s in ("ITER_START", "ITER_END") or (s == "CHILD" and nxt == "ITER_END"):
            c["iter"] += n
            c["iterations"] += s == "ITER_START"
            c["finished"] |= s == "ITER_END" and nxt == "FINISH"
        elif s == "CHILD" and nxt == "RETURN":
            frame("end", n)
        elif s in ("CHILD", "CHILD_WAIT", "TAKE"):
            held.append(n)
            if s == "TAKE" and nxt == "FINISH":
                c["nobudget"] += sum(held)
                c["ran_out"] = STOP_ENTER
                held = []
            elif s == "TAKE":               # a frame entered
                stack.append(dict(dict.fromkeys(FRAME_TERMS, 0), entry=sum(held), nodes=0,
                                  dropped=0, leaf=None, cut=0, complete=False))
                c["frames"].append(stack[-1])
                held = []
        elif s in ("PW1", "PW2", "PW3") and v["after"] in (PATH, UNDO):
            frame("entry" if v["after"] == PATH else "leave", n)
        elif s in ("APPLY_PATH", "ROOT_PREP"):
            frame("entry", n)
            c["applied"] += s == "APPLY_PATH"
        elif s in ("RETURN", "UNDO", "UPDATE", "CUTCHK"):
            frame("leave", n)
            if s == "CUTCHK":
                stack.pop()["complete"] = True
        elif s in ("FINISH", "FINISH_WAIT", "FINISH_TAKE", "APPLY_ME") or \
                (s in ("PW1", "PW2", "PW3") and v["after"] == ME_P):
            c["finish"] += n
        else:
            c["other"] += n
    return c


def split(lines):
    """The state lines cut into searches: from each start cycle to the IDLE after it."""
    out, cur = [], None
    for v in lines:
        if v["begins"]:
            cur = [v]
        elif cur is not None:
            cur.append(v)
            if v["state"] == ST["IDLE"]:
                out.append(cur)
                cur = None
    return out


@pytest.fixture(scope="module")
def searches(tmp_path_factory):
    """Each search of the game: the testbench's SEARCH fields, charge()'s parts,
    and golden's prediction (case, result)."""
    work = tmp_path_factory.mktemp("blokus_cycles")
    words, expected = _game(seed=SEED, plan=PLAN)
    lines, found, opp = run_engine(work, words)
    assert opp == ["OPP 1"] * len(expected), "the engine refused a legal opponent move"
    traced = split(lines)
    assert len(found) == len(traced) == len(expected)
    out = []
    for s, visits, (case, g) in zip(found, traced, expected):
        got = (None if s["passed"] else (s["x"], s["y"], s["tile"], s["digit"]), s["nodes"],
               s["depth"], s["score"])
        assert got == (g.move, g.nodes, g.depth, g.score), "the engine left the golden game"
        s.update(charge(visits), case=case, golden=g)
        out.append(s)
    return out


def _about(s):
    """A search for a failure message: all but its frames."""
    return {k: v for k, v in s.items() if k != "frames"}


def test_the_terms_are_the_constants():
    # the parts this file checks are the ones hdl/blokus/__init__.py adds up
    assert sum(FIXED_TERMS.values()) == FIXED_CYCLES
    assert sum(FRAME_TERMS.values()) == PER_FRAME


def test_searches_keep_the_bound(searches):
    for s in searches:
        assert s["cycles"] <= worst_case_cycles(s["nodes"]), _about(s)


def test_cycles_split_by_state_add_up(searches):
    for s in searches:
        assert s["traced"] == s["cycles"], _about(s)    # the trace covers the engine's count
        frames = sum(f[p] + (CYCLES_PER_NODE * f["nodes"] if p == "scan" else 0)
                     - (CYCLES_PER_NODE * f["dropped"] if p == "end" else 0)
                     for f in s["frames"] for p in FRAME_TERMS)
        fixed = sum(s[p] for p in FIXED_TERMS) + CYCLES_PER_NODE * s["entered1"]
        assert s["other"] == 0 and fixed + frames == s["cycles"], _about(s)
        assert s["applied"] == len(s["frames"]), _about(s)


def test_a_node_enters_every_cycles_per_node(searches):
    assert min(s["gap"] for s in searches) == CYCLES_PER_NODE


def test_phase_1_costs_one_scan_besides_its_nodes(searches):
    for s in searches:
        g = s["golden"]
        assert s["entered1"] == min(g.moves, s["budget"]), _about(s)    # each evaluated
        assert s["scan1"] <= FIXED_TERMS["scan1"], _about(s)
        assert s["copy1"] <= FIXED_TERMS["copy1"], _about(s)
        assert s["stop"] <= FIXED_TERMS["stop"], _about(s)     # a budget stop drains the pipeline


def test_a_frame_costs_per_frame(searches):
    for s in searches:
        for f in s["frames"]:
            for p in FRAME_TERMS:
                assert f[p] <= FRAME_TERMS[p], (p, f, _about(s))
            assert sum(f[p] for p in FRAME_TERMS) <= PER_FRAME, (f, _about(s))
        # all frames together, with the per-iteration and no-budget bookkeeping
        overhead = sum(f[p] for f in s["frames"] for p in FRAME_TERMS) + s["iter"] \
            + s["nobudget"]
        assert overhead <= len(s["frames"]) * PER_FRAME + FIXED_TERMS["iter"] \
            + FIXED_TERMS["nobudget"], _about(s)


def test_cuts_discard_at_most_discarded(searches):
    for s in searches:
        evaluations = s["nodes"] - SCAN_NODES * len(s["frames"])
        assert s["entered"] - evaluations == s["dropped"] <= s["cuts"] * DISCARDED, _about(s)
        for f in s["frames"]:
            assert f["cut"] <= 1 and (f["leaf"] or not f["cut"]), (f, _about(s))
            assert f["dropped"] <= DISCARDED * f["cut"], (f, _about(s))


def test_per_iteration_and_the_rest_are_fixed(searches):
    for s in searches:
        assert s["iterations"] <= MAX_DEPTH - 1 and s["iter"] <= 3 * s["iterations"], _about(s)
        assert s["nobudget"] <= FIXED_TERMS["nobudget"], _about(s)
        # the start cycle; FINISH, FINISH_WAIT, FINISH_TAKE, the answer's placement, APPLY_ME
        assert s["start"] == FIXED_TERMS["start"], _about(s)
        assert s["finish"] == (1 if s["passed"] else FIXED_TERMS["finish"]), _about(s)
        assert sum(s[p] for p in FIXED_TERMS) <= FIXED_CYCLES, _about(s)


def test_the_engine_stops_where_golden_does(searches):
    for s in searches:
        g = s["golden"]
        assert s["ran_out"] == g.stop, _about(s)
        assert s["finished"] == (g.depth == MAX_DEPTH), _about(s)


def test_the_game_reaches_every_case(searches):
    ran_out = [s["ran_out"] for s in searches]
    assert STOP_PHASE1 in ran_out, "no search ran out of budget in phase 1"
    assert STOP_ENTER in ran_out, "no search ran out at a frame's entry"
    assert STOP_LEAVES in ran_out, "no search ran out inside a leaf scan"
    assert any(s["ran_out"] == STOP_INNER and s["depth"] >= 2 for s in searches), \
        "no search ran out inside a keeping scan of a depth >= 3 iteration"
    assert any(s["finished"] for s in searches), "no search finished every iteration"
    assert any(s["cuts"] for s in searches), "no leaf frame cut"
    assert any(s["stop_cuts"] for s in searches), "no budget stop ended by a cut"
