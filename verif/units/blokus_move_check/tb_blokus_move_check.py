"""Unit bench of the Blokus engine's opponent's move check, hdl/blokus/move_check.py.

Reference: golden.blokus.encoding. A code (x, y, tile, digit) names the
placement canonical_move gives: (X0, Y0, tile, r0), shape index of (tile, r0)
in ALL_SHAPES. Its centre is on the board when 1 <= X0, Y0 <= SIZE; then
the move's window step is Y0 * 16 + X0 - 2, and it fits when the window
scan, standing on that step, shows the shape's bit set.

The window scan is modelled here: `scan_load` puts it on step J_FIRST,
each `scan_walk` one step on, and `scan_advance` registers its legal
shapes into `pending_shapes` (what blokus_window_scan does): a random
91-bit word drawn per step (fresh for every check), so that a check
reading the scan one step early or late, or the wrong shape's bit,
answers the wrong bit about half the time. Until an advance,
`pending_shapes` holds random bits.

Compared for every check, as the block's docstring gives them: `done`
exactly 2 cycles after `start` for a centre off the board and step -
J_FIRST + 5 cycles after it otherwise, and never else; `fits`; `step` and
`shape` with `done` (the step only when the centre is on the board); the
scan loaded once, walked step - J_FIRST times and then advanced once (none
of these off the board).

Tests: every code of every tile and digit at random centres (0..14, the
code's range), each on the board and off it, and both answers of the
window; the board's corners and edges, where a canonical shift takes the
centre off the board.
"""
import random

import cocotb

from golden.blokus.encoding import ALL_SHAPES, CANON, N_ORIENT, N_TILES, SIZE, canonical_move
from hdl.blokus.tables import J_FIRST, N_SHAPES
from verif import tb
from verif.units.common import CycleBench, Mismatches, start_unit

SHAPE_INDEX = {(sh.tile, sh.r): i for i, sh in enumerate(ALL_SHAPES)}
OUTPUTS = ("scan_load", "scan_walk", "done", "fits", "step", "shape")
OUTPUTS = OUTPUTS + ("scan_advance",)
INPUTS = ("start", "move_x", "move_y", "move_tile", "move_digit", "pending_shapes")
LONGEST = (SIZE * 16 + SIZE - 2) - J_FIRST + 5      # cycles to done, at most


def expected(code):
    """(on the board, step or None, shape index) of a code, from golden."""
    x0, y0, tile, r0 = canonical_move(code)
    on_board = 1 <= x0 <= SIZE and 1 <= y0 <= SIZE
    return on_board, (y0 * 16 + x0 - 2 if on_board else None), SHAPE_INDEX[(tile, r0)]


class CheckBench:
    def __init__(self, dut, name, rng):
        self.rng = rng
        self.bench = CycleBench(dut, OUTPUTS)
        self.mismatches = Mismatches("blokus_move_check, " + name)
        self.checks = self.fitting = self.off_board = 0

    async def check(self, code, want_fits=None):
        """Run one check of `code`; `want_fits` forces the window's answer on
        the right step (else random)."""
        rng = self.rng
        on_board, step, shape = expected(code)
        windows = {}                        # step -> the window's word there

        def window(at):
            if at not in windows:
                windows[at] = rng.getrandbits(N_SHAPES)
                if at == step and want_fits is not None:
                    windows[at] = windows[at] & ~(1 << shape) | int(want_fits) << shape
            return windows[at]

        x, y, tile, digit = code
        where = "code (%d, %d, %d, %d)" % code
        at, loads, walks, advances, cycles = None, 0, 0, 0, 0
        pending = rng.getrandbits(N_SHAPES)
        out = await self.bench.step({"start": 1, "move_x": x, "move_y": y, "move_tile": tile,
                                     "move_digit": digit, "pending_shapes": pending})
        for name in ("done", "scan_load", "scan_walk", "scan_advance"):
            self.mismatches.expect("%s: %s with start" % (where, name), 0, out[name])
        while cycles <= LONGEST + 2:
            # the next command's fields already on the ports: the block reads them only at start
            out = await self.bench.step({"start": 0, "move_x": rng.randrange(15),
                                         "move_y": rng.randrange(15),
                                         "move_tile": rng.randrange(N_TILES),
                                         "move_digit": rng.randrange(N_ORIENT),
                                         "pending_shapes": pending})
            cycles += 1
            if out["done"]:
                break
            if out["scan_load"]:
                loads, at = loads + 1, J_FIRST
            elif out["scan_walk"]:
                walks, at = walks + 1, (at if at is not None else J_FIRST) + 1
            elif out["scan_advance"]:           # the scan registers its window's shapes
                advances += 1
                pending = window(at) if at is not None else rng.getrandbits(N_SHAPES)
        want_cycles = step - J_FIRST + 5 if on_board else 2
        self.mismatches.expect("%s: cycles to done" % where, want_cycles,
                               cycles if out["done"] else None)
        self.mismatches.expect("%s: scan loads" % where, int(on_board), loads)
        self.mismatches.expect("%s: scan walks" % where,
                               step - J_FIRST if on_board else 0, walks)
        self.mismatches.expect("%s: scan advances" % where, int(on_board), advances)
        fits = on_board and bool(window(step) >> shape & 1)
        self.mismatches.expect("%s: fits" % where, int(fits), out["fits"])
        self.mismatches.expect("%s: shape" % where, shape, out["shape"])
        if on_board:
            self.mismatches.expect("%s: step" % where, step, out["step"])
        self.checks += 1
        self.fitting += fits
        self.off_board += not on_board
        if rng.random() < 0.5:                      # idle cycles between checks
            for _ in range(rng.randint(1, 3)):
                out = await self.bench.step({"start": 0,
                                             "pending_shapes": rng.getrandbits(N_SHAPES)})
                self.mismatches.expect("%s: done after it" % where, 0, out["done"])

    def report(self, dut):
        dut._log.info("%d checks: %d fitting, %d off the board", self.checks, self.fitting,
                      self.off_board)


@cocotb.test()
async def every_code(dut):
    rng = random.Random("%s:every_code" % tb.seed())
    await start_unit(dut, low=INPUTS)
    bench = CheckBench(dut, "every code", rng)
    for tile in range(N_TILES):
        for digit in range(N_ORIENT):
            for want in (True, False, None):
                code = (rng.randrange(15), rng.randrange(15), tile, digit)
                await bench.check(code, want)
    bench.report(dut)
    assert bench.fitting and bench.off_board and bench.checks - bench.off_board - bench.fitting
    bench.mismatches.check()


@cocotb.test()
async def corners_and_edges(dut):
    """Centres on rows and columns 0, 1, SIZE - 1, SIZE: the canonical shift
    (CANON's dx, dy of -1..1) takes some of them off the board."""
    rng = random.Random("%s:corners_and_edges" % tb.seed())
    await start_unit(dut, low=INPUTS)
    bench = CheckBench(dut, "corners and edges", rng)
    shifted = [(t, r) for t in range(N_TILES) for r in range(N_ORIENT)
               if CANON[t][r][1] or CANON[t][r][2]]
    assert shifted
    for tile, digit in rng.sample(shifted, min(40, len(shifted))):
        for x, y in ((0, 0), (1, 1), (SIZE, SIZE), (SIZE - 1, 1), (1, SIZE), (0, 7), (7, SIZE)):
            await bench.check((x, y, tile, digit), rng.choice((True, None)))
    bench.report(dut)
    bench.mismatches.check()
