"""Unit bench of the frames of the Blokus search's line, hdl/blokus/ply_stack.py
(the widths the search gives its ports: hdl/units.py).

Reference: `Frames`, MAX_DEPTH frames and the current one, written from the
block's docstring (a frame is golden.blokus.search `_value`'s state at one
ply):
  push        frame `ply` becomes current: base, window (alpha, beta),
              evaluation, move (step, shape) from the inputs; no child
              value; its list position and length kept
  pop         frame ply - 1 becomes current, as it was last written
  root_init   frame 0 becomes current: base 0, window (-INF, INF), no child
              value, list position 0 (its length, move and evaluation kept)
  leaf_take   best = the larger of best and leaf_score (leaf_score if none)
  child_done  best = child_value if there is none or child_value > best
              (strictly), list position + 1
  list_done   list length = list_count, list position 0
The outputs: the current frame's fields (whatever `ply` holds) and frame
0's; frame_value = base - best, or the evaluation without a child value;
the child's window (max(best, base - beta), base - alpha), base - beta
without a child value; frame_cuts = best >= base - alpha; improves = no
child value or child_value > best.

The writes act on frame `ply`, which the bench keeps equal to the current
frame, as the search does, except for the one exception the docstring
allows: list_done on frame 0 while another frame is current, then a
root_init (the current frame's position and length are unknown between).

In the random sequences a field never written since the reset is unknown
to the model, and so is `best` while the frame has no child value (the
docstring names none): outputs that need an unknown are not compared.
Every other output is compared every cycle (the reads are combinational:
the current frame of this cycle, before this edge's action). The reset
values the docstring gives (every field 0) have a test of their own.

Tests: the reset values (every frame a pop can make current, straight
after a reset: all fields 0, no child value); random legal operation
sequences (one operation a cycle, as the
search's control gives them; a child only while the frame's list has one
left; frames pushed anywhere, popped from anywhere above frame 0, the
`ply` wandering while no write is asked); values drawn to tie with the best
and to land on the cut threshold base - alpha; windows from (-INF, INF) to
narrow ones. And a search's line: down and back the way the search goes.
"""
import random

import cocotb

from golden.blokus.search import INF, MAX_DEPTH, TOP_K, W_SIZE
from hdl.blokus.tables import J_BITS, N_SHAPES
from verif import tb
from verif.units.common import CycleBench, Mismatches, start_unit

OPS = ("push", "pop", "root_init", "leaf_take", "child_done", "list_done")
FIELDS = ("base", "idx", "count", "step", "shape", "frame_any", "frame_best", "frame_value",
          "child_alpha", "child_beta", "frame_cuts", "improves", "root_count", "root_any",
          "root_best")
SIGNED = ("frame_best", "frame_value", "child_alpha", "child_beta", "root_best")


class Frame:
    """One frame; None: unknown (never written), or no child value (best)."""

    def __init__(self):
        self.base = self.alpha = self.beta = self.score1 = None
        self.idx = self.count = self.step = self.shape = None
        self.any = None
        self.best = None


def reset_frame():
    """A frame as the reset leaves it: every field 0 (the docstring's `rst`),
    so base, base - beta and base - alpha 0 and no child value."""
    f = Frame()
    f.base = f.alpha = f.beta = f.score1 = 0
    f.idx = f.count = f.step = f.shape = 0
    f.any = False
    return f


def known(*values):
    return all(v is not None for v in values)


class Frames:
    def __init__(self):
        self.frames = [Frame() for _ in range(MAX_DEPTH)]
        self.current = 0
        self.lost = False       # the current frame's position and length are unknown

    def outputs(self, leaf_score, child_value):
        """{port: expected} for the ports the model knows this cycle."""
        f, root = self.frames[self.current], self.frames[0]
        out = {"base": f.base, "step": f.step, "shape": f.shape,
               "frame_any": f.any, "root_count": root.count, "root_any": root.any,
               "frame_best": f.best if f.any else None,
               "root_best": root.best if root.any else None,
               "child_beta": f.base - f.alpha if known(f.base, f.alpha) else None}
        if not self.lost:
            out["idx"], out["count"] = f.idx, f.count
        if f.any:
            out["frame_value"] = f.base - f.best if known(f.base) else None
            out["child_alpha"] = max(f.best, f.base - f.beta) if known(f.base, f.beta) else None
            out["frame_cuts"] = int(f.best >= f.base - f.alpha) if known(f.base, f.alpha) else None
            out["improves"] = int(child_value > f.best)
        elif f.any is not None:
            out["frame_value"] = f.score1
            out["child_alpha"] = f.base - f.beta if known(f.base, f.beta) else None
            out["improves"] = 1
        return {port: int(v) for port, v in out.items() if v is not None}

    def clock(self, ply, op, inputs):
        f = self.frames[ply]
        if op in ("leaf_take", "child_done"):
            assert ply == self.current and not self.lost, "the bench broke the block's rule"
        if op == "push":
            f.base, f.alpha, f.beta = inputs["push_base"], inputs["push_alpha"], inputs["push_beta"]
            f.score1 = inputs["push_score1"]
            f.step, f.shape = inputs["push_step"], inputs["push_shape"]
            f.any, f.best = False, None
            self.current, self.lost = ply, False
        elif op == "pop":
            self.current, self.lost = ply - 1, False
        elif op == "root_init":
            r = self.frames[0]
            r.base, r.alpha, r.beta, r.idx, r.any, r.best = 0, -INF, INF, 0, False, None
            self.current, self.lost = 0, False
        elif op == "leaf_take":
            v = inputs["leaf_score"]
            f.best = v if not f.any else max(f.best, v)
            f.any = True
        elif op == "child_done":
            v = inputs["child_value"]
            if not f.any or v > f.best:
                f.best, f.any = v, True
            f.idx += 1
        elif op == "list_done":
            f.count, f.idx = inputs["list_count"], 0
            if ply != self.current:
                self.lost = True


def legal_ops(model):
    """The operations the control may give now, with `ply` = the current
    frame (push and pop choose their own ply)."""
    frame = model.frames[model.current]
    ops = ["push", "root_init", "list_done"]
    if model.current >= 1:
        ops.append("pop")
    if frame.any is not None:
        ops.append("leaf_take")
        if known(frame.idx, frame.count) and frame.idx < frame.count:
            ops.append("child_done")
    return ops


class StackBench:
    def __init__(self, dut, name, rng):
        self.rng = rng
        self.bench = CycleBench(dut, FIELDS, signed=SIGNED)
        self.model = Frames()
        self.mismatches = Mismatches("blokus_ply_stack, " + name)
        self.ply = 0
        self.compared = 0

    def value_near(self, f):
        """A leaf or child value: often equal or next to the best or to the cut
        threshold base - alpha, else anywhere a value can be."""
        rng = self.rng
        r = rng.random()
        if r < 0.3 and f.any:
            return f.best + rng.choice((-1, 0, 0, 1))
        if r < 0.5 and known(f.base, f.alpha) and abs(f.alpha) < INF:
            return f.base - f.alpha + rng.choice((-1, 0, 1))
        return rng.randint(-8000, 8000)

    def window(self):
        rng = self.rng
        r = rng.random()
        if r < 0.25:
            return -INF, INF
        a = rng.randint(-5000, 5000)
        if r < 0.5:
            return a, INF
        if r < 0.6:
            return -INF, a
        return a, a + rng.choice((1, 2, rng.randint(1, 3000)))

    async def cycle(self, op=None):
        rng = self.rng
        f = self.model.frames[self.model.current]
        alpha, beta = self.window()
        push_base = W_SIZE * rng.randint(0, 5)
        inputs = {"ply": self.ply, "push_base": push_base,
                  "push_alpha": alpha, "push_beta": beta, "push_cut": push_base - alpha,
                  "push_score1": rng.randint(-4000, 4000),
                  "push_step": rng.getrandbits(J_BITS), "push_shape": rng.randrange(N_SHAPES),
                  "leaf_score": self.value_near(f), "child_value": self.value_near(f),
                  "list_count": rng.randint(0, TOP_K)}
        for name in OPS:
            inputs[name] = int(name == op)
        expected = self.model.outputs(inputs["leaf_score"], inputs["child_value"])
        out = await self.bench.step(inputs)
        where = "cycle %d, ply %d, current frame %d%s" % (
            self.bench.cycle, self.ply, self.model.current, ", " + op if op else "")
        for port, value in expected.items():
            self.mismatches.expect("%s: %s" % (where, port), value, out[port])
        self.compared += len(expected)
        if op is not None:
            self.model.clock(self.ply, op, inputs)

    def wander(self):
        """A ply for a cycle without an operation: anywhere."""
        self.ply = self.rng.randrange(MAX_DEPTH)

    async def random_ops(self, cycles, idle=0.15):
        rng, model = self.rng, self.model
        for _ in range(cycles):
            if rng.random() < idle:
                self.wander()
                await self.cycle()
                continue
            op = rng.choice(legal_ops(model))
            self.ply = model.current
            if op == "push":
                r = rng.random()
                if r < 0.8:
                    self.ply = min(MAX_DEPTH - 1, model.current + 1)
                else:
                    self.ply = rng.randrange(MAX_DEPTH)
            elif op == "list_done" and model.current != 0 and rng.random() < 0.3:
                self.ply = 0                    # a new search's phase-1 list, then root_init
                await self.cycle(op)
                self.wander()
                await self.cycle()
                self.ply, op = 0, "root_init"
            await self.cycle(op)


@cocotb.test()
async def reset_values(dut):
    """Straight after a reset, every frame a pop can make current (0 ..
    MAX_DEPTH - 2; the last is read only after a push writes it), popped to
    in random order: every output as the reset frame gives it."""
    rng = random.Random("%s:reset_values" % tb.seed())
    await start_unit(dut, low=("ply",) + OPS)
    bench = StackBench(dut, "reset values", rng)
    bench.model.frames = [reset_frame() for _ in range(MAX_DEPTH)]
    for ply in rng.sample(range(1, MAX_DEPTH), MAX_DEPTH - 1):
        bench.ply = ply
        await bench.cycle("pop")
        await bench.cycle()
    dut._log.info("%d cycles, %d outputs compared", bench.bench.cycle, bench.compared)
    bench.mismatches.check()


@cocotb.test()
async def random_operations(dut):
    rng = random.Random("%s:random_operations" % tb.seed())
    await start_unit(dut, low=("ply",) + OPS)
    bench = StackBench(dut, "random operations", rng)
    await bench.random_ops(6000)
    fields = ("base", "alpha", "beta", "score1", "idx", "count", "step", "shape", "any")
    unknown = [(k, name) for k, f in enumerate(bench.model.frames) for name in fields
               if getattr(f, name) is None]
    dut._log.info("%d cycles, %d outputs compared", bench.bench.cycle, bench.compared)
    assert not unknown, "fields never written: %s" % unknown
    bench.mismatches.check()


@cocotb.test()
async def a_search_line(dut):
    """The order the search gives them: root_init, frame 0's list, then down
    the line (push, list or leaves, children returned with their values)
    and back, with idle cycles between."""
    rng = random.Random("%s:a_search_line" % tb.seed())
    await start_unit(dut, low=("ply",) + OPS)
    bench = StackBench(dut, "a search line", rng)

    async def visit(depth):
        f = bench.model.frames[bench.ply]
        if bench.ply == depth - 1:                       # leaves
            for _ in range(rng.randint(0, 12)):
                await bench.cycle("leaf_take")
                if rng.random() < 0.3:
                    await bench.cycle()
            return
        await bench.cycle("list_done")
        while f.idx < f.count:
            bench.ply += 1
            await bench.cycle()                         # APPLY_PATH -> ROOT_PREP
            await bench.cycle("push")
            await visit(depth)
            await bench.cycle("pop")
            bench.ply -= 1
            await bench.cycle("child_done")
            await bench.cycle()
            if f.any and known(f.base, f.alpha) and bench.ply and f.best >= f.base - f.alpha:
                break

    for depth in range(2, 5):
        bench.ply = 0
        await bench.cycle("root_init")
        await visit(depth)
    dut._log.info("%d cycles, %d outputs compared", bench.bench.cycle, bench.compared)
    bench.mismatches.check()
