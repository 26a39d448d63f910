"""Unit bench of the expansion's prior heuristic, hdl/blokus/prior_score.py.

Reference: golden.blokus.mcts.prior_heuristic(pos, p, key, anchor_map(pos,
1 - p)), the h an expansion gives each legal move of the side to move.

A move enters every cycle (the block is a pipeline, with pauses now and
then): its shape, P's free cells in the 7 x 7 window around its centre and
the other side's anchors in the 5 x 5 one, cut from golden's maps by board
coordinates (cells off the padded board read 0); each output must equal
golden's h of the move that entered LATENCY cycles earlier, and `valid_out`
must rise exactly then.

Tests: every legal move of both sides at plies of random games, from the
first move to the last (edges, corners, crowded boards); the same moves with
every window bit outside the move's own templates random, as a window cut
from a shifted map (the scan's way) holds other cells, wrapped-around ones
included: the heuristic must not change.
"""
import random

import cocotb
from cocotb.triggers import FallingEdge, RisingEdge

from golden.blokus import board as B
from golden.blokus import mcts as M
from hdl.blokus.prior_score import CORNER_WINDOW, LATENCY
from hdl.blokus.tables import SHAPE_MASK
from verif.units.common import Mismatches, blokus_game_plies, start_unit

INPUTS = ("valid_in", "shape", "free7", "anchors5")


def window(board_map, centre, side):
    """The side x side window of a golden bitboard centred on board bit
    `centre` (bit side * r + c: row r, column c); cells off the padded
    16 x 16 board read 0."""
    half = side // 2
    x0, y0 = centre % 16, centre // 16
    word = 0
    for r in range(side):
        for c in range(side):
            x, y = x0 + c - half, y0 + r - half
            if 0 <= x < 16 and 0 <= y < 16 and (board_map >> (16 * y + x)) & 1:
                word |= 1 << (side * r + c)
    return word


def moves_of(pos, p, where):
    """(shape, free7, anchors5, h, label) of every legal move of side p."""
    free, other_anchor = B.free_map(pos, p), B.anchor_map(pos, 1 - p)
    keys = sorted({M.move_key(m) for m in B.legal_moves(pos, p)})
    return [(key & 127, window(free, key >> 7, 7), window(other_anchor, key >> 7, 5),
             M.prior_heuristic(pos, p, key, other_anchor), "%s, side %d, key %#x" % (where, p, key))
            for key in keys]


def game_moves(rng, games, per_game):
    """The legal moves of both sides at `per_game` plies of each random game
    (its first ply and its last among them)."""
    out = []
    for g in range(games):
        plies = [(ply, pos.copy()) for _, ply, pos, _, _, _ in blokus_game_plies(rng, 1)]
        chosen = {0, len(plies) - 1} | set(rng.sample(range(len(plies)),
                                                      min(per_game, len(plies)) - 2))
        for i in sorted(chosen):
            ply, pos = plies[i]
            for p in (B.ME, B.OPP):
                out += moves_of(pos, p, "game %d ply %d" % (g, ply))
    return out


def scrambled(moves, rng):
    """The moves with every window bit outside their shape's templates random."""
    out = []
    for shape, free7, anchors5, h, where in moves:
        keep7, keep5 = CORNER_WINDOW[shape], SHAPE_MASK[shape]
        out.append((shape, (free7 & keep7) | (rng.getrandbits(49) & ~keep7),
                    (anchors5 & keep5) | (rng.getrandbits(25) & ~keep5), h,
                    where + " (scrambled)"))
    return out


async def stream(dut, moves, what, pauses=0.1):
    """Moves in, one a cycle with random pauses; each output compared with
    golden's h of the move LATENCY cycles back."""
    mismatches = Mismatches("blokus_prior_score, %s" % what)
    sent, compared = [], 0         # sent[t]: the move on the inputs in cycle t, or None
    queue = list(moves)
    while queue or any(m is not None for m in sent[-LATENCY:]):
        await FallingEdge(dut.clk)
        back = sent[-LATENCY] if len(sent) >= LATENCY else None
        mismatches.expect("valid_out (%s)" % (back[4] if back else "no move"),
                          back is not None, bool(int(dut.valid_out.value)))
        if back is not None:
            mismatches.expect("%s: heuristic" % back[4], back[3], int(dut.heuristic.value))
            compared += 1
        move = queue.pop(0) if queue and random.random() >= pauses else None
        dut.valid_in.value = move is not None
        if move is not None:
            dut.shape.value, dut.free7.value, dut.anchors5.value = move[:3]
        else:
            dut.shape.value = random.randrange(128)
            dut.free7.value, dut.anchors5.value = random.getrandbits(49), random.getrandbits(25)
        sent.append(move)
        await RisingEdge(dut.clk)
    assert compared == len(moves), (compared, len(moves))
    hs = sorted({m[3] for m in moves})
    dut._log.info("%s: %d moves compared, heuristics %d..%d", what, compared, hs[0], hs[-1])
    mismatches.check()


@cocotb.test()
async def game_positions(dut):
    """Every legal move of both sides at plies of random games."""
    await start_unit(dut, low=INPUTS)
    moves = game_moves(random, 3, 6)
    assert len({m[3] for m in moves}) > 5, "moves too alike to test anything"
    await stream(dut, moves, "random games")


@cocotb.test()
async def scrambled_windows(dut):
    """The same kind of moves with the window bits the templates leave out random."""
    await start_unit(dut, low=INPUTS)
    moves = scrambled(game_moves(random, 2, 4), random)
    await stream(dut, moves, "scrambled windows", pauses=0.3)
