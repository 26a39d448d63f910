"""Unit bench of the Blokus search's evaluation pipeline, hdl/blokus/eval_pipeline.py
(built alone by hdl/units.py, its step/shape ports copied into stage 1).

Reference: the golden model. A move m of player P (ME = the board, OPP)
in a position seen from the board scores golden.blokus.search.evaluate(
position, m, P); its squares are golden.blokus.encoding.placement_mask(m)
moved to the ext layout (bit EXT0 + Y * 16 + X, hdl/blokus/tables.py);
both players' maps are golden.blokus.board's free_map (complemented over
all EXT_BITS bits: forbidden) and anchor_map, in the same layout.

The bench drives the block as the search's control does: the position (the
board's squares, the opponent's, their first-tile flags, the seat) and the
mover (`mover_opp`) held while moves stream; `trial_on` set while they do;
a move entering stage 1 at most every other cycle, `valid` shifted each
cycle (valid.next = valid << 1 | entering); between moves stage 1 holds the
last move or, as often, random tags (only `valid` says what a stage holds).

Checks, cycle by cycle (a cycle model: the move entering at cycle n is in
stage k at cycle n + k - 1):
  - stage PIPE holds a move: node_score_r is its golden score, out_step and
    out_shape its tags, and reaches_r says whether that score is at least
    the threshold the move saw (the bench changes `threshold` only when no
    move is in stages PIPE - 2 .. PIPE - 1, as the search does between
    scans; the thresholds are drawn on the move's score, one off it either
    way, and far from it);
  - stage PIPE - 1 holds a move: node_score is its golden score;
  - stage 4 holds a move: placed is its golden squares (three cycles after
    it entered: how the control places a move);
  - out_step, out_shape are the stage-1 tags of PIPE - 1 cycles earlier,
    whatever they were;
  - with the pipeline empty, a cycle after a new position is put on the
    inputs with trial_on low (as when a scan loads the maps): the four maps
    are golden's of both players.

Tests: every legal move of the mover in positions from random games: a
first tile on the empty board and one next to the other side's first tile,
early and late positions, both seats and both movers; a finished game and
other positions where the mover has no move (the maps only).
"""
import random

import cocotb

from golden.blokus import board as B
from golden.blokus.encoding import move_str, placement_mask
from golden.blokus.search import SHAPE_INDEX, candidates, evaluate
from hdl.blokus.eval_pipeline import PIPE
from hdl.blokus.tables import EXT0, J_BITS, N_SHAPES
from verif import tb
from verif.units.common import (CycleBench, Mismatches, blokus_ext_maps, blokus_game_position,
                                start_unit)

VALID_MASK = (1 << PIPE) - 1
MAPS = ("forbidden_me", "anchors_me", "forbidden_opp", "anchors_opp")
PLAYER = {B.ME: "the board", B.OPP: "the opponent"}


def move_tags(move):
    """(window step J, shape index) of a golden move (centre x, y, tile, digit)."""
    x, y, t, r = move
    return y * 16 + x - 2, SHAPE_INDEX[(t, r)]


def golden_maps(pos):
    """The expected map ports: each player's forbidden and anchor maps."""
    f_me, a_me = blokus_ext_maps(pos, B.ME)
    f_opp, a_opp = blokus_ext_maps(pos, B.OPP)
    return dict(zip(MAPS, (f_me, a_me, f_opp, a_opp)))


def position_ports(pos, mover):
    return {"board_me": pos.cells[B.ME] << EXT0, "board_opp": pos.cells[B.OPP] << EXT0,
            "first_me": int(pos.used[B.ME] == 0), "first_opp": int(pos.used[B.OPP] == 0),
            "seat_a": int(pos.seat == "A"), "mover_opp": int(mover == B.OPP)}


class EvalBench:
    """The DUT driven a cycle at a time; the stage-1 history is the model."""

    def __init__(self, dut, name, rng):
        self.dut = dut
        self.rng = rng
        self.bench = CycleBench(dut, ("node_score", "node_score_r", "reaches_r", "out_step",
                                      "out_shape", "placed"),
                                signed=("node_score", "node_score_r"))
        self.threshold = 0
        self.thresholds = []       # per cycle: the threshold on the input
        self.reaches = [0, 0]      # reaches_r compared: (at least, below) the threshold
        self.mismatches = Mismatches("blokus_eval_pipeline, " + name)
        self.valid = 0
        self.stage1 = []           # per cycle: (step, shape, expected or None)
        self.ports = {}
        self.moves = 0

    def stage(self, k):
        """What stage k holds in the current cycle (the last stage1 entry is stage 1)."""
        n = len(self.stage1) - k
        return self.stage1[n] if n >= 0 else None

    def new_threshold(self, score):
        """A threshold on `score`, next to it or far from it; set only while
        no move is in the stages that read it (PIPE - 2 .. PIPE - 1)."""
        if self.valid >> (PIPE - 4) & 3:        # (valid before this cycle's shift)
            return
        r = self.rng.random()
        if r < 0.6:
            self.threshold = score + self.rng.choice((-1, 0, 0, 1))
        elif r < 0.8:
            self.threshold = score + self.rng.randint(-3000, 3000)
        else:
            self.threshold = self.rng.choice((-1, 1)) * (1 << 16) + self.rng.randint(-99, 99)

    async def cycle(self, move=None, ports=None):
        """One clock cycle; `move` = (step, shape, (score, squares, what)) enters stage 1."""
        if ports:
            self.ports.update(ports)
        if move is not None:
            self.new_threshold(move[2][0])
        if move is None:
            last = self.stage1[-1] if self.stage1 else (0, 0, None)
            if self.rng.random() < 0.5:
                tags = (last[0], last[1])          # the control holds its register
            else:
                tags = (self.rng.getrandbits(J_BITS), self.rng.randrange(N_SHAPES))
            self.stage1.append(tags + (None,))
        else:
            assert not self.valid & 1, "two moves in a row"
            self.stage1.append(move)
            self.moves += 1
        self.valid = ((self.valid << 1) | int(move is not None)) & VALID_MASK
        self.thresholds.append(self.threshold)
        inputs = dict(self.ports, step=self.stage1[-1][0], shape=self.stage1[-1][1],
                      valid=self.valid, threshold=self.threshold)
        out = await self.bench.step(inputs)
        self.compare(out)
        return out

    def compare(self, out):
        m = self.mismatches
        where = "cycle %d" % self.bench.cycle
        last = self.stage(PIPE)
        if last is not None:
            m.expect("%s: out_step, out_shape (stage-1 tags of %d cycles before)"
                     % (where, PIPE - 1), (last[0], last[1]), (out["out_step"], out["out_shape"]))
        if self.valid >> (PIPE - 1) & 1:
            score, _, what = last[2]
            m.expect("%s: node_score_r of %s in stage %d" % (where, what, PIPE), score,
                     out["node_score_r"])
            threshold = self.thresholds[-2]          # what it saw in stage PIPE - 1
            assert threshold == self.thresholds[-3]  # and in PIPE - 2
            m.expect("%s: reaches_r of %s (score %d, threshold %d)"
                     % (where, what, score, threshold), int(score >= threshold),
                     out["reaches_r"])
            self.reaches[score < threshold] += 1
        if self.valid >> (PIPE - 2) & 1:
            score, _, what = self.stage(PIPE - 1)[2]
            m.expect("%s: node_score of %s in stage %d" % (where, what, PIPE - 1), score,
                     out["node_score"])
        if self.valid >> 3 & 1:
            _, squares, what = self.stage(4)[2]
            m.expect("%s: placed, %s in stage 4" % (where, what), "%#x" % squares,
                     "%#x" % out["placed"])

    async def drain(self):
        while self.valid:
            await self.cycle()

    async def position(self, pos, mover, name):
        """Put `pos` on the inputs, check the maps, stream every legal move of
        `mover` with trial_on high, drain."""
        await self.drain()
        await self.cycle(ports=dict(position_ports(pos, mover), trial_on=0))
        await self.cycle()                      # the maps' inputs are registered
        expected = golden_maps(pos)
        for port in MAPS:
            self.mismatches.expect("cycle %d: %s of %s" % (self.bench.cycle, port, name),
                                   "%#x" % expected[port],
                                   "%#x" % int(getattr(self.dut, port).value))
        self.ports["trial_on"] = 1
        moves = candidates(pos, mover)
        for k, mv in enumerate(moves):
            for _ in range(self.rng.choice((0, 0, 0, 0, 1, 1, 2, 4))):
                await self.cycle()
            what = ("%s's move %s (step %d, shape %d; #%d of %d) in %s"
                    % ((PLAYER[mover], move_str(mv)) + move_tags(mv) + (k, len(moves), name)))
            expected = (evaluate(pos, mv, mover), placement_mask(mv) << EXT0, what)
            await self.cycle(move=move_tags(mv) + (expected,))
            await self.cycle()                  # at most every other cycle
        await self.drain()
        return len(moves)


def test_positions(rng):
    """(name, position, mover), about 2,000 moves in all: a first tile on the
    empty board; a side's first tile with the other's on the board; early
    positions (400-700 moves) and later ones (tens), one mover each; late
    positions with both movers; a finished game (no move for either). Seats
    and movers alternate."""
    seats = "5A" if rng.random() < 0.5 else "A5"
    out = [("the empty board, seat %s" % seats[0], B.Position(seats[0]), rng.choice((B.ME, B.OPP)))]
    pos = blokus_game_position(rng, 1, seat=seats[1])
    out.append(("the first tile after the other side's, seat %s" % seats[1], pos,
                B.ME if pos.used[B.ME] == 0 else B.OPP))
    for k, plies in enumerate((4, 8, 12, 16)):
        pos = blokus_game_position(rng, plies, seat=seats[k % 2])
        out.append(("a position after %d random plies" % plies, pos, (B.ME, B.OPP)[k % 2]))
    for plies in (20, 24, 60):
        pos = blokus_game_position(rng, plies)
        for mover in (B.ME, B.OPP):
            out.append(("a position after up to %d random plies" % plies, pos, mover))
    return out


@cocotb.test()
async def every_move_scored(dut):
    """Every legal move of the mover of positions from random games."""
    rng = random.Random("%s:every_move_scored" % tb.seed())
    await start_unit(dut, idle_high=("first_me", "first_opp"),
                     low=("step", "shape", "valid", "board_me", "board_opp", "seat_a",
                          "trial_on", "mover_opp", "threshold"))
    bench = EvalBench(dut, "every move scored", rng)
    none = 0
    for name, pos, mover in test_positions(rng):
        if not await bench.position(pos, mover, name):
            none += 1
    dut._log.info("%d moves scored over %d cycles; %d positions without a move; reaches_r "
                  "compared %d times at or above the threshold, %d below",
                  bench.moves, bench.bench.cycle, none, *bench.reaches)
    assert none, "no position without a move was met: the test must cover one"
    assert all(bench.reaches), "reaches_r must be compared both ways"
    bench.mismatches.check()
