"""Unit bench of a move checked on the ring board's window, hdl/blokus/window_check.py (combinational).

Reference: golden.blokus.board.check(pos, player, move) is None, the rules
the host applies. The block sees what blokus_ring_board shows it: the 7 x 7
window of the mover's squares around the move's canonical centre (the ring's
cells J - 17 - RING0 + 16 r + c, J = 16 Y + X - 2, which alias the far
side's cells past the ring's ends), the other side's under its 5 x 5
window, the shape's mask, the centre,
the mover's first-move flag and start cell, and whether the tile is used.

Tests: every legal move of sides to move along random games (all of them
must fit) and as many random codes whose canonical centre is on the board
(most illegal: every reason the host names); the first moves of both seats
and both sides; moves at the board's rim, where a shift that wrapped a
window row would see the far side's squares.
"""
import random

import cocotb
from cocotb.triggers import Timer

from golden.blokus import board as B
from golden.blokus.encoding import SIZE, canonical_move
from golden.blokus.search import SHAPE_INDEX
from hdl.blokus.ring_board import RING0, RING_BITS
from hdl.blokus.tables import EXT0, SHAPE_MASK
from verif.units.common import Mismatches, blokus_game_plies

START = {"5": (5, 5), "A": (10, 10)}
"""The start cell of the seat's first player (the other seat's is the other)."""


def window(cells, x, y):
    """The 49-bit 7 x 7 window of a golden bitboard around centre (x, y) as
    blokus_ring_board shows it: the ring holds ext cells RING0 .. RING0 +
    RING_BITS - 1 and the window starts at its turn 16 y + x - 19 - RING0
    (mod RING_BITS), so the cells past the ring alias cells of the far side
    (bit 7 r + c: ring cell turn + 16 r + c)."""
    ring = (cells << EXT0) >> RING0
    turn = 16 * y + x - 2 - 17 - RING0
    return sum(((ring >> ((turn + 16 * r + c) % RING_BITS)) & 1) << (7 * r + c)
               for r in range(7) for c in range(7))


def inner(w):
    """The 5 x 5 cells of a 7 x 7 window (bit 5 i + j)."""
    return sum(((w >> (7 * (i + 1) + j + 1)) & 1) << (5 * i + j) for i in range(5) for j in range(5))


def start_cell(pos, player):
    seat = pos.seat if player == B.ME else ("A" if pos.seat == "5" else "5")
    return START[seat]


def on_board_centre(move):
    x, y, _, _ = canonical_move(move)
    return 1 <= x <= SIZE and 1 <= y <= SIZE


async def check(dut, cases, what):
    """cases: (pos, player, move); the block's fits against golden's check."""
    mismatches = Mismatches("blokus_window_check, %s" % what)
    counts = [0, 0]
    for pos, player, move in cases:
        x, y, t, r = canonical_move(move)
        sx, sy = start_cell(pos, player)
        dut.mask.value = SHAPE_MASK[SHAPE_INDEX[(t, r)]]
        dut.own.value = window(pos.cells[player], x, y)
        dut.other.value = inner(window(pos.cells[1 - player], x, y))
        dut.x.value, dut.y.value = x, y
        dut.first.value = int(pos.used[player] == 0)
        dut.start_x.value, dut.start_y.value = sx, sy
        dut.tile_used.value = (pos.used[player] >> t) & 1
        await Timer(1, unit="ns")
        want = B.check(pos, player, move) is None
        counts[want] += 1
        mismatches.expect("%s's move %r (seat %s): %s" % (
            "ME" if player == B.ME else "OPP", move, pos.seat,
            B.check(pos, player, move) or "legal"), int(want), int(dut.fits.value))
    dut._log.info("%s: %d cases, %d legal, %d illegal", what, len(cases), counts[1], counts[0])
    mismatches.check()
    return counts


def random_move(rng):
    return (rng.randrange(15), rng.randrange(15), rng.randrange(21), rng.randrange(8))


def with_random(rng, pos, player, n):
    """n random codes whose canonical centre is on the board."""
    out = []
    while len(out) < n:
        m = random_move(rng)
        if on_board_centre(m):
            out.append((pos, player, m))
    return out


@cocotb.test()
async def games(dut):
    """Every legal move, and as many random codes, at plies of random games."""
    rng = random.Random(random.getrandbits(32))
    cases = []
    for _, ply, pos, player, _, _ in blokus_game_plies(rng, 2):
        if ply % 3:
            continue
        p = pos.copy()
        legal = B.legal_moves(p, player)
        cases += [(p, player, m) for m in rng.sample(legal, min(len(legal), 150))]
        cases += with_random(rng, p, player, 150)
    counts = await check(dut, cases, "random games")
    assert min(counts) > 100, counts


@cocotb.test()
async def first_moves(dut):
    """Both seats, both sides, before any tile: only moves on the start cell fit."""
    rng = random.Random(random.getrandbits(32))
    cases = []
    for seat in "5A":
        pos = B.Position(seat)
        for player in (B.ME, B.OPP):
            legal = B.legal_moves(pos, player)
            cases += [(pos, player, m) for m in rng.sample(legal, 100)]
            cases += with_random(rng, pos, player, 200)
            sx, sy = start_cell(pos, player)
            # around the start cell: many near misses
            for _ in range(200):
                m = (sx + rng.randrange(-2, 3), sy + rng.randrange(-2, 3), rng.randrange(21),
                     rng.randrange(8))
                if on_board_centre(m):
                    cases.append((pos, player, m))
    counts = await check(dut, cases, "first moves")
    assert min(counts) > 50, counts


@cocotb.test()
async def rim(dut):
    """Moves centred on the board's rim, squares on the opposite rim and
    next to the move: a window row wrapped into the next would see them."""
    rng = random.Random(random.getrandbits(32))
    cases = []
    for _ in range(60):
        pos = B.Position(rng.choice("5A"))
        B.random_play(pos, B.ME, rng.randrange(4, 30), rng)
        for player in (B.ME, B.OPP):
            for _ in range(20):
                edge = rng.choice((1, 2, SIZE - 1, SIZE))
                x, y = (edge, rng.randrange(1, SIZE + 1)) if rng.random() < 0.5 else \
                    (rng.randrange(1, SIZE + 1), edge)
                m = (x, y, rng.randrange(21), rng.randrange(8))
                if on_board_centre(m):
                    cases.append((pos, player, m))
            legal = [m for m in B.legal_moves(pos, player)
                     if min(canonical_move(m)[:2]) <= 2 or max(canonical_move(m)[:2]) >= SIZE - 1]
            cases += [(pos, player, m) for m in rng.sample(legal, min(len(legal), 20))]
    await check(dut, cases, "the rim")
