"""Unit bench of the Monte-Carlo core's position, hdl/blokus/ring_board.py.

Reference: a model of two rings of RING_BITS cells written here from the
block's contract (after k turns ring bit i holds ext cell RING0 + (i + k);
a put adds the 7 x 7 mask at ring bits 16 r + c; the window shows those
bits; the outputs are the rings at ext cell RING0), and golden's squares:
a move placed at the turn of its window (J - 17 - RING0, the engine's way)
lands on its squares once the ring has turned all the way round.

Tests: random commands (clear, turn, put on either side with any mask,
nothing) with the rings and windows compared every cycle, and random
resets; whole games placed move by move the engine's way, compared with
golden's squares after every move.
"""
import random

import cocotb
from cocotb.triggers import FallingEdge, RisingEdge

from golden.blokus import board as B
from golden.blokus.encoding import canonical_move
from golden.blokus.search import SHAPE_INDEX
from hdl.blokus.ring_board import RING0, RING_BITS, WINDOW_BITS
from hdl.blokus.tables import EXT0, SHAPE_MASK
from verif.units.common import Mismatches, start_unit

COMMANDS = ("clear", "turn", "put_me", "put_opp")


def spread(mask49):
    """A 7 x 7 mask at its ring bits (row r, column c at 16 r + c)."""
    return sum(((mask49 >> (7 * r + c)) & 1) << (16 * r + c) for r in range(7) for c in range(7))


def window_of(ring):
    return sum(((ring >> (16 * r + c)) & 1) << (7 * r + c) for r in range(7) for c in range(7))


def mask49(shape):
    """A shape's 25-bit mask in the 7 x 7 window's inner 5 x 5."""
    m = SHAPE_MASK[shape]
    return sum(((m >> (5 * i + j)) & 1) << (7 * (i + 1) + j + 1) for i in range(5) for j in range(5))


class Rings:
    def __init__(self):
        self.me = self.opp = 0

    def step(self, cmd, mask):
        if cmd == "clear":
            self.me = self.opp = 0
        elif cmd == "turn":
            rot = lambda v: (v >> 1) | ((v & 1) << (RING_BITS - 1))   # noqa: E731
            self.me, self.opp = rot(self.me), rot(self.opp)
        elif cmd == "put_me":
            self.me |= spread(mask)
        elif cmd == "put_opp":
            self.opp |= spread(mask)


async def command(dut, cmd, mask=0):
    for name in COMMANDS:
        getattr(dut, name).value = int(name == cmd)
    dut.put_mask.value = mask
    await RisingEdge(dut.clk)
    await FallingEdge(dut.clk)


@cocotb.test()
async def random_commands(dut):
    """Random commands, rings and windows compared after every edge."""
    rng = random.Random(random.getrandbits(32))
    await start_unit(dut, low=COMMANDS)
    await FallingEdge(dut.clk)
    model, mismatches = Rings(), Mismatches("blokus_ring_board, random commands")
    for n in range(6000):
        if rng.random() < 0.002:
            dut.rst.value = 1
            await command(dut, None)
            dut.rst.value = 0
            model = Rings()
            continue
        cmd = rng.choices(COMMANDS + (None,), weights=(1, 60, 15, 15, 9))[0]
        mask = rng.getrandbits(WINDOW_BITS)
        await command(dut, cmd, mask)
        model.step(cmd, mask)
        ok = mismatches.expect("cycle %d after %s: rings" % (n, cmd),
                               (hex(model.me << RING0), hex(model.opp << RING0)),
                               (hex(int(dut.occ_me.value)), hex(int(dut.occ_opp.value))))
        ok = ok and mismatches.expect("cycle %d: windows" % n,
                                      (window_of(model.me), window_of(model.opp)),
                                      (int(dut.window_me.value), int(dut.window_opp.value)))
        if not ok:
            break
    mismatches.check()


@cocotb.test()
async def games_placed(dut):
    """Random games placed the engine's way: turn to J - 17 - RING0 (mod RING_BITS),
    put the shape's mask, turn the rest of the way; the rings then hold
    golden's squares of both sides."""
    rng = random.Random(random.getrandbits(32))
    await start_unit(dut, low=COMMANDS)
    await FallingEdge(dut.clk)
    mismatches, moves = Mismatches("blokus_ring_board, games"), 0
    for game in range(3):
        await command(dut, "clear")
        pos, player = B.Position(rng.choice("5A")), B.ME
        while not B.game_over(pos):
            legal = B.legal_moves(pos, player)
            move = rng.choice(legal) if legal else None
            pos.apply(player, move)
            player = 1 - player
            if move is None:
                continue
            player = 1 - player          # the mover, for its ring
            x, y, t, r = canonical_move(move)
            target = (16 * y + x - 2 - 17 - RING0) % RING_BITS
            for _ in range(target):
                await command(dut, "turn")
            await command(dut, "put_me" if player == B.ME else "put_opp",
                          mask49(SHAPE_INDEX[(t, r)]))
            for _ in range(RING_BITS - target):
                await command(dut, "turn")
            await command(dut, None)
            player = 1 - player
            moves += 1
            if not mismatches.expect("game %d, move %d %r" % (game, moves, move),
                                     (hex(pos.cells[0] << EXT0), hex(pos.cells[1] << EXT0)),
                                     (hex(int(dut.occ_me.value)), hex(int(dut.occ_opp.value)))):
                break
    mismatches.check()
    dut._log.info("%d moves placed", moves)
    assert moves > 30
