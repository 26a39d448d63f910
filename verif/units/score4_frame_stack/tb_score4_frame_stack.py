"""Unit bench of hdl/score4/frame_stack.py: the frames of the plies above
the search's node.

Reference: `FrameStackModel`, the block's docstring as a cycle model: a
push registers the frame and `ply` (written into the RAM at the next edge);
the RAM is read at every edge at max(ply - 1, 0), before that edge's write;
the pop_* outputs unpack the read frame, or the registered push with
`bypass`; pop_tried is the thermometer of pop_fidx (golden: the slots
0 .. fidx - 1 tried).

Tests: every ply pushed once (the RAM starts undefined), then random walks
of the ply down and up as the search moves (a push and a descent at the same
edge, pops of the frame just pushed with `bypass`, pushes at the plies next
to the one read), every output compared at every cycle, with random field
values over each field's whole range.
"""
import random

import cocotb

from hdl.score4.checker import SCORE_MAX, SCORE_MIN
from hdl.score4.frame_stack import FRAME_FIELDS, SIGNED_FIELDS, STACK_DEPTH
from hdl.score4.select import SLOTS
from hdl.score4.tried import tried_bits
from verif import tb
from verif.units.common import CycleBench, Mismatches

# the block's port of each FRAME_FIELDS field (pushed; popped: pop_<port>)
PORTS = {"fidx": "fidx", "alpha": "alpha", "beta": "beta", "best": "best", "alpha0": "alpha0",
         "best_move": "best_move", "hm_valid": "hm_valid", "hm": "hm", "post": "post",
         "cell": "bead", "hash": "hash", "keep": "keep"}
assert list(PORTS) == [name for name, _ in FRAME_FIELDS]


def random_frame(rng):
    frame = {}
    for name, width in FRAME_FIELDS:
        if name in SIGNED_FIELDS:
            frame[name] = rng.randrange(SCORE_MIN, SCORE_MAX)
        elif name == "fidx":
            frame[name] = rng.randint(0, SLOTS)
        elif name == "cell":
            frame[name] = 1 << rng.randrange(64)
        else:
            frame[name] = rng.randrange(1 << width)
    return frame


class FrameStackModel:
    """The RAM, its write registers and its read register."""

    def __init__(self):
        self.mem = [None] * STACK_DEPTH
        self.we, self.waddr, self.wdata = False, 0, None
        self.rdata = None

    def outputs(self, bypass):
        """The pop_* ports of this cycle ({port: value}), None while undefined."""
        frame = self.wdata if bypass else self.rdata
        if frame is None:
            return None
        out = {"pop_" + PORTS[name]: frame[name] for name in PORTS}
        out["pop_tried"] = tried_bits(frame["fidx"], 0)
        return out

    def edge(self, push, ply, frame):
        old = list(self.mem)
        if self.we:
            self.mem[self.waddr] = self.wdata
        self.rdata = old[max(ply - 1, 0)]
        self.we = push
        if push:
            self.waddr, self.wdata = ply, frame


async def run(dut, steps):
    """Drive `steps` [(push, ply, bypass, frame)] and compare every cycle."""
    outputs = ["pop_" + PORTS[name] for name in PORTS] + ["pop_tried"]
    bench = CycleBench(dut, outputs, signed=["pop_" + n for n in SIGNED_FIELDS])
    quiet = CycleBench(dut, ())              # the outputs are undefined: not sampled
    model = FrameStackModel()
    mismatches = Mismatches("score4_frame_stack")
    compared = 0
    for k, (push, ply, bypass, frame) in enumerate(steps):
        inputs = {"push": int(push), "ply": ply, "bypass": int(bypass)}
        inputs.update({PORTS[name]: value for name, value in frame.items()})
        want = model.outputs(bypass)
        got = await (quiet if want is None else bench).step(inputs)
        if want is not None:
            compared += 1
            for port, value in want.items():
                mismatches.expect("cycle %d (ply %d, bypass %d) %s" % (k, ply, bypass, port),
                                  value, got[port])
        model.edge(push, ply, frame)
    dut._log.info("%d cycles, %d compared", len(steps), compared)
    mismatches.check()


@cocotb.test()
async def pushes_and_pops(dut):
    cocotb.start_soon(cocotb.clock.Clock(dut.clk, 10, unit="ns").start())
    rng = random.Random(int(tb.seed()))
    steps = [(True, p, False, random_frame(rng)) for p in range(STACK_DEPTH)]
    ply = 0
    for _ in range(4000):
        r = rng.random()
        if r < 0.3 and ply < STACK_DEPTH - 1:      # EVAL descends: push the frame at ply
            steps.append((True, ply, rng.random() < 0.1, random_frame(rng)))
            ply += 1
            if rng.random() < 0.3:                 # PROBE ends the node: its frame is
                steps.append((False, ply, True, random_frame(rng)))   # read as it is written
        elif r < 0.6 and ply > 0:                  # RETURN
            steps.append((False, ply, rng.random() < 0.1, random_frame(rng)))
            ply -= 1
        else:                                      # GEN, COMB, ... at the ply
            steps.append((rng.random() < 0.1, ply, rng.random() < 0.2, random_frame(rng)))
        if rng.random() < 0.01:
            ply = rng.randrange(STACK_DEPTH)       # a new iteration, or any ply
    await run(dut, steps)
