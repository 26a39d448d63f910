"""Unit bench of the Blokus move generator, hdl/blokus/window_scan.py.

Reference: the golden model. A side's legal moves in scan order are
golden.blokus.search.candidates(position, player) (centre Y, X, shape
index); a move (x, y, tile, digit) is the block's (step, shape) with
step = y * 16 + x - 2 (hdl/blokus/tables.py) and shape its index in
golden's ALL_SHAPES. The block's inputs are golden's free (complemented:
forbidden) and anchor maps of the side in the ext layout and its used tiles.

The bench drives the block as the search's control does in SCAN, deciding
each cycle's commands from the outputs the last edge left (the inputs are
written on the falling edge): `advance` when nothing is pending and
`more_steps`; `issue` when a move is pending and `pending_new` is low (so at
most every other cycle), the issued move being (`step`, `lowest`) as they
stand; either held back now and then (a random wait, as the control does
when it waits for the budget or for a node to enter).

Checks: the issued moves are golden's candidates, in order, with no other;
the scan ends (nothing pending, no `more_steps`) after exactly SCAN_STEPS
advances; every cycle `window_legal` is the set of shapes golden finds legal
with their centre on the window's step (J_FIRST after `load`, one more per
`advance` or `walk`), and `pending_shapes` is the shapes still pending
(none after `load`; an `advance` makes them the window's legal shapes, an
`issue` takes the lowest away).

Tests: scans of random positions of both players (the empty board: the
start cell; early, middle and finished games: positions without any legal
move); a scan cut short at a random point and a new position loaded over
it; `walk` (the opponent's move check): after a load and k walks, with idle
cycles between, the window's legal shapes are those at step J_FIRST + k,
and an advance then registers them in `pending_shapes`.
"""
import random

import cocotb
from cocotb.triggers import FallingEdge, RisingEdge

from golden.blokus import board as B
from golden.blokus.encoding import ALL_SHAPES, move_str
from golden.blokus.search import SHAPE_INDEX, candidates
from hdl.blokus.tables import J_FIRST, J_LAST, SCAN_STEPS
from verif import tb
from verif.units.common import Mismatches, blokus_ext_maps, blokus_game_position, start_unit

COMMANDS = ("load", "walk", "advance", "issue")
PLAYER = {B.ME: "the board", B.OPP: "the opponent"}


def move_tags(move):
    """(step, shape index) of a golden move."""
    x, y, t, r = move
    return y * 16 + x - 2, SHAPE_INDEX[(t, r)]


def tags_str(step, shape):
    """A (step, shape) pair as a move code, for messages."""
    if shape >= len(ALL_SHAPES):
        return "(step %d, shape %d)" % (step, shape)
    sh = ALL_SHAPES[shape]
    x, y = (step + 2) % 16, (step + 2) // 16
    code = move_str((x, y, sh.tile, sh.r)) if 0 <= x <= 14 and 0 <= y <= 14 else "?"
    return "%s (step %d, shape %d)" % (code, step, shape)


def legal_by_step(moves):
    """{step: bit vector of the shapes legal with their centre there}."""
    legal = {}
    for mv in moves:
        step, shape = move_tags(mv)
        legal[step] = legal.get(step, 0) | 1 << shape
    return legal


class ScanBench:
    """The block, driven on falling edges from what the rising edge left."""

    def __init__(self, dut, name, rng):
        self.dut = dut
        self.rng = rng
        self.mismatches = Mismatches("blokus_window_scan, " + name)
        self.cycles = 0
        self.legal = {}            # of the side loaded last
        self.window = None         # its step
        self.pending = 0           # the shapes pending, as the block should hold them
        self.scramble = False      # the next cycle puts random maps on the inputs

    def out(self, name):
        return int(getattr(self.dut, name).value)

    async def cycle(self, **inputs):
        if self.scramble and "forbidden" not in inputs:
            # a load is all the block needs: the map inputs may change after it
            inputs.update(forbidden=self.rng.getrandbits(320), anchors=self.rng.getrandbits(320),
                          used=self.rng.getrandbits(21))
        self.scramble = False
        for name in COMMANDS:
            getattr(self.dut, name).value = inputs.get(name, 0)
        for name in ("forbidden", "anchors", "used"):
            if name in inputs:
                getattr(self.dut, name).value = inputs[name]
        await RisingEdge(self.dut.clk)
        await FallingEdge(self.dut.clk)
        self.cycles += 1

    def check_pending(self, what):
        got = self.out("pending_shapes")
        if self.pending != got:
            self.mismatches.add("%s, cycle %d: pending_shapes: expected %#025x, DUT gave %#025x"
                                % (what, self.cycles, self.pending, got))

    def check_window(self, what):
        self.check_pending(what)
        expected = self.legal.get(self.window, 0)
        got = self.out("window_legal")
        if expected != got:
            self.mismatches.add("%s, cycle %d: window_legal at step %d: expected %#025x, DUT "
                                "gave %#025x (shapes %s missing, %s extra)"
                                % (what, self.cycles, self.window, expected, got,
                                   bits_of(expected & ~got), bits_of(got & ~expected)))

    async def load(self, pos, player, what):
        forbidden, anchors = blokus_ext_maps(pos, player)
        moves = candidates(pos, player)
        await self.cycle(load=1, forbidden=forbidden, anchors=anchors, used=pos.used[player])
        self.scramble = True
        self.legal = legal_by_step(moves)
        self.window = J_FIRST
        self.pending = 0
        self.mismatches.expect("%s, cycle %d: pending_any after the load" % (what, self.cycles),
                               0, self.out("pending_any"))
        self.check_window(what)
        return moves

    async def scan(self, pos, player, what, wait=0.15, stop_after=None):
        """Load `pos` for `player`, scan it as the control does from the
        cycle after the load (random maps on the inputs from then on) and
        compare; with `stop_after`, give up after that many cycles (the scan
        cut short)."""
        moves = await self.load(pos, player, what)
        issued, advances = [], 0
        for n in range(100000):
            if stop_after is not None and n >= stop_after:
                return None
            pending_any, pending_new = self.out("pending_any"), self.out("pending_new")
            more_steps = self.out("more_steps")
            if not pending_any and not more_steps:
                break
            held = self.rng.random() < wait
            if pending_any and not pending_new and not held:
                issued.append((self.out("step"), self.out("lowest")))
                await self.cycle(issue=1)
                self.pending &= self.pending - 1            # the lowest taken
            elif not pending_any and more_steps and not held:
                advances += 1
                await self.cycle(advance=1)
                self.pending = self.legal.get(self.window, 0)
                self.window += 1
            else:
                await self.cycle()
            self.check_window(what)
        else:
            self.mismatches.add("%s: the scan never ended" % what)
        expected = [move_tags(mv) for mv in moves]
        self.compare_moves(what, expected, issued)
        self.mismatches.expect("%s: advances until the scan ended" % what, SCAN_STEPS, advances)
        return len(moves)

    def compare_moves(self, what, expected, issued):
        for k in range(max(len(expected), len(issued))):
            if k < len(expected) and k < len(issued) and expected[k] == issued[k]:
                continue
            golden = tags_str(*expected[k]) if k < len(expected) else "no move"
            dut = tags_str(*issued[k]) if k < len(issued) else "no move"
            self.mismatches.add("%s: move #%d: expected %s, DUT issued %s (%d golden moves, %d "
                                "issued; nothing after is compared)"
                                % (what, k, golden, dut, len(expected), len(issued)))
            return

    async def walk(self, pos, player, walks, what):
        """Load, then `walks` walks with idle cycles between; window_legal
        checked every cycle."""
        await self.load(pos, player, what)
        done = 0
        while done < walks:
            if self.rng.random() < 0.25:
                await self.cycle()
            else:
                await self.cycle(walk=1)
                self.window += 1
                done += 1
            self.check_window(what)
        await self.cycle(advance=1)                 # as the move check reads the window
        self.pending = self.legal.get(self.window, 0)
        self.window += 1
        self.check_pending(what)


def bits_of(v):
    return [i for i in range(v.bit_length()) if v >> i & 1]


def scan_positions(rng):
    """(name, position, player): the empty board (each seat, each player),
    random games from a few plies to their end."""
    out = []
    for seat in "5A":
        out.append(("the empty board, seat %s" % seat, B.Position(seat), rng.choice((B.ME, B.OPP))))
    for plies in (1, 2, 3, 5, 8, 11, 14, 17, 20, 24, 30, 60):
        pos = blokus_game_position(rng, plies)
        for player in (B.ME, B.OPP):
            out.append(("%s after up to %d random plies" % (PLAYER[player], plies), pos, player))
    return out


async def start(dut):
    await start_unit(dut, low=COMMANDS + ("forbidden", "anchors", "used"))
    await FallingEdge(dut.clk)


@cocotb.test()
async def scans_match_golden(dut):
    """Every position's scan gives golden's candidates, in order."""
    rng = random.Random("%s:scans_match_golden" % tb.seed())
    await start(dut)
    bench = ScanBench(dut, "scans", rng)
    moves, empty = 0, 0
    for name, pos, player in scan_positions(rng):
        n = await bench.scan(pos, player, name, wait=rng.choice((0.0, 0.1, 0.4)))
        moves += n
        empty += n == 0
    dut._log.info("%d moves issued over %d cycles; %d scans without a move", moves, bench.cycles,
                  empty)
    assert empty, "no scan without a move was met: the test must cover one"
    bench.mismatches.check()


@cocotb.test()
async def scan_cut_short(dut):
    """A scan given up at a random point (moves pending or not), then another
    position loaded: its scan starts afresh."""
    rng = random.Random("%s:scan_cut_short" % tb.seed())
    await start(dut)
    bench = ScanBench(dut, "scans cut short", rng)
    for k in range(8):
        first = blokus_game_position(rng, rng.randrange(1, 12))
        second = blokus_game_position(rng, rng.randrange(0, 16))
        player = rng.choice((B.ME, B.OPP))
        await bench.scan(first, player, "scan #%d, cut short" % k,
                         stop_after=rng.randrange(1, 600))
        await bench.scan(second, rng.choice((B.ME, B.OPP)), "scan #%d after the cut one" % k)
    bench.mismatches.check()


@cocotb.test()
async def walks_reach_their_step(dut):
    """The opponent's move check: after load and k walks the window holds
    the shapes legal at step J_FIRST + k (every k up to the last step)."""
    rng = random.Random("%s:walks_reach_their_step" % tb.seed())
    await start(dut)
    bench = ScanBench(dut, "walks", rng)
    positions = [("the empty board, seat 5", B.Position("5"), B.OPP)] + [
        ("%d random plies" % plies, blokus_game_position(rng, plies), rng.choice((B.ME, B.OPP)))
        for plies in (1, 3, 6, 10, 15)]
    for name, pos, player in positions:
        for walks in (0, rng.randrange(1, SCAN_STEPS), J_LAST - J_FIRST):
            await bench.walk(pos, player, walks, "%s, %s, %d walks" % (name, PLAYER[player], walks))
    bench.mismatches.check()
