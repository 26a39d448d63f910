"""Unit bench of the Blokus engine's position and search line, hdl/blokus/board.py
(the search's widths: EXT_BITS squares, N_TILES tiles; hdl/units.py).

Reference: `BoardModel`, written from the block's docstring. Registers: the
game's squares and tiles of each side and the seat; the line's squares and
tiles of each side. At most one command a cycle, acted on at the edge:
  new_game     the game's squares and tiles emptied, seat_a = new_seat_a
               (the line is left alone)
  put_opp      the opponent's squares |= placed, tiles |= tile_onehot
  put_me       the same for the board's own side
  line_add     the line's squares and tiles of the side line_opp names |= ...
  line_remove  ... &= ~placed, &= ~tile_onehot (a move that went on the line)
  line_clear   the line emptied
The combinational outputs: each side's squares and tiles with the line's,
and first_* (the side has no tile on the board or the line). The reset
empties everything, seat_a 0.

Every output is compared every cycle (the bench's step reads the state
before the edge: verif.units.common.CycleBench).

Tests: the reset values; random command sequences as the search gives them
(a line of up to 8 moves of alternating sides, moves taken off in the
reverse order, squares that never overlap on the line, tiles 0 and 20 among
them) mixed with game moves, new games and idle cycles. Half the square
sets are random halves of all EXT_BITS bits rather than a move's few
squares, so that every register bit is set and cleared.
"""
import random

import cocotb

from hdl.blokus.tables import EXT_BITS, N_TILES
from verif.units.common import CycleBench, Mismatches, start_unit

ALL_SQUARES = (1 << EXT_BITS) - 1

COMMANDS = ("new_game", "put_opp", "put_me", "line_add", "line_remove", "line_clear")
INPUTS = COMMANDS + ("new_seat_a", "line_opp", "placed", "tile_onehot")
OUTPUTS = ("occ_me", "occ_opp", "used_me", "used_opp", "seat_a", "board_me", "board_opp",
           "first_me", "first_opp", "line_used_me", "line_used_opp")


class BoardModel:
    """The block's registers and outputs, from its docstring."""

    def __init__(self):
        self.occ = {"me": 0, "opp": 0}
        self.used = {"me": 0, "opp": 0}
        self.path = {"me": 0, "opp": 0}
        self.path_used = {"me": 0, "opp": 0}
        self.seat_a = 0

    def outputs(self):
        out = {"occ_me": self.occ["me"], "occ_opp": self.occ["opp"],
               "used_me": self.used["me"], "used_opp": self.used["opp"], "seat_a": self.seat_a}
        for side in ("me", "opp"):
            out["board_" + side] = self.occ[side] | self.path[side]
            out["first_" + side] = int(self.used[side] == 0 and self.path_used[side] == 0)
            out["line_used_" + side] = self.used[side] | self.path_used[side]
        return out

    def edge(self, inputs):
        placed, tile = inputs["placed"], inputs["tile_onehot"]
        side = "opp" if inputs["line_opp"] else "me"
        if inputs["new_game"]:
            self.occ = {"me": 0, "opp": 0}
            self.used = {"me": 0, "opp": 0}
            self.seat_a = inputs["new_seat_a"]
        elif inputs["put_opp"] or inputs["put_me"]:
            who = "opp" if inputs["put_opp"] else "me"
            self.occ[who] |= placed
            self.used[who] |= tile
        elif inputs["line_add"]:
            self.path[side] |= placed
            self.path_used[side] |= tile
        elif inputs["line_remove"]:
            self.path[side] &= ~placed
            self.path_used[side] &= ~tile
        elif inputs["line_clear"]:
            self.path = {"me": 0, "opp": 0}
            self.path_used = {"me": 0, "opp": 0}


def random_squares(rng, taken=0):
    """Squares that miss `taken` (which must leave one free): a few (a move's
    worth), or as often any half of the free bits (so that every bit is set
    some time)."""
    assert taken != ALL_SQUARES, "no free square left to draw"
    if rng.random() < 0.5:
        squares = rng.getrandbits(EXT_BITS) & ~taken
        if squares:
            return squares
    squares = 0
    for _ in range(rng.randint(1, 5)):
        bit = rng.randrange(EXT_BITS)
        if not (taken >> bit) & 1:
            squares |= 1 << bit
    return squares or next(1 << b for b in range(EXT_BITS) if not (taken >> b) & 1)


class BoardBench:
    def __init__(self, dut, name):
        self.bench = CycleBench(dut, OUTPUTS)
        self.model = BoardModel()
        self.mismatches = Mismatches("blokus_board, " + name)

    async def step(self, command=None, **fields):
        inputs = {name: 0 for name in INPUTS}
        if command:
            inputs[command] = 1
        inputs.update(fields)
        got = await self.bench.step(inputs)
        want = self.model.outputs()
        for name in OUTPUTS:
            if not self.mismatches.expect("cycle %d (%s) %s" % (self.bench.cycle, command, name),
                                          hex(want[name]), hex(got[name])):
                break
        self.model.edge(inputs)


async def start(dut, name):
    await start_unit(dut, low=INPUTS)
    return BoardBench(dut, name)


@cocotb.test()
async def reset_values(dut):
    """After the reset: every output 0, first_me and first_opp set."""
    bench = await start(dut, "reset values")
    await bench.step()
    await bench.step()
    bench.mismatches.check()


@cocotb.test()
async def random_lines(dut):
    """Lines of moves put on and taken off in the search's order, with game
    moves and new games between them."""
    rng = random.Random(cocotb.RANDOM_SEED)
    bench = await start(dut, "random lines")
    tiles_seen = set()
    for _ in range(120):
        kind = rng.choices(("line", "put", "new_game", "idle"), weights=(6, 3, 1, 1))[0]
        if kind == "put":
            await bench.step(rng.choice(("put_opp", "put_me")), placed=random_squares(rng),
                             tile_onehot=1 << rng.randrange(N_TILES))
        elif kind == "new_game":
            await bench.step("new_game", new_seat_a=rng.randint(0, 1))
        elif kind == "idle":
            await bench.step(placed=random_squares(rng), tile_onehot=1 << rng.randrange(N_TILES))
        else:
            line, on_line = [], 0
            opp_first = rng.randint(0, 1)
            for k in range(rng.randint(1, 8)):
                if on_line == ALL_SQUARES:
                    # A half-of-the-free-bits draw can take the last free
                    # square; a line that covers the board ends there (CI's
                    # seed 311109983 filled it, and the next draw had none).
                    break
                tile = rng.choice((0, N_TILES - 1, rng.randrange(N_TILES)))
                tiles_seen.add(tile)
                move = (random_squares(rng, on_line), 1 << tile, (k + opp_first) % 2)
                on_line |= move[0]
                line.append(move)
                await bench.step("line_add", placed=move[0], tile_onehot=move[1], line_opp=move[2])
            while line and rng.random() < 0.8:
                squares, tile, opp = line.pop()
                await bench.step("line_remove", placed=squares, tile_onehot=tile, line_opp=opp)
            if rng.random() < 0.7:
                await bench.step("line_clear")
    assert {0, N_TILES - 1} <= tiles_seen
    await bench.step()
    bench.mismatches.check()
