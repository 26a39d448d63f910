"""Unit bench of hdl/score4/child_hash.py: the hashes of a position's children.

Reference: golden.score4.search's rule for a move: the child's hash is
``node_hash ^ ZOBRIST[colour][c]``, c the chosen post's landing cell
(golden.score4.board.landing_cells), for the occupancy, colour and hash of
one clock edge earlier, the post chosen now; zero when no post is chosen.
Posts that are full are never chosen by the search and are not checked.

Tests: positions from random games with every free post chosen in turn,
both colours, random hashes; no post chosen; and the whole path as the
search uses it: position_hash(x, y) in, the child's position_hash out.
"""
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import RisingEdge

from golden.score4.board import landing_cells, popcount
from golden.score4.encoding import NUM_POSTS, POST_MASK
from golden.score4.search import HASH_BITS, ZOBRIST, position_hash
from verif import tb
from verif.units.common import CycleBench, Mismatches, score4_game_position


@cocotb.test()
async def children_match_golden(dut):
    dut.occ.value, dut.colour.value, dut.node_hash.value, dut.chosen.value = 0, 0, 0, 0
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    await RisingEdge(dut.clk)
    rng = random.Random(int(tb.seed()))
    bench = CycleBench(dut, ("child_hash",))
    mismatches = Mismatches("score4_child_hash")
    checked = 0
    for n in range(300):
        x, y = score4_game_position(rng, rng.randrange(0, 60))
        occ = x | y
        real = n % 2 == 0          # the search's own hash and colour, or random ones
        colour = popcount(occ) & 1 if real else rng.randrange(2)
        node_hash = position_hash(x, y) if real else rng.getrandbits(HASH_BITS)
        land = landing_cells(occ)
        # load the position (edge), then choose each free post and none
        await bench.step({"occ": occ, "colour": colour, "node_hash": node_hash, "chosen": 0})
        for p in [p for p in range(NUM_POSTS) if land & POST_MASK[p]] + [None]:
            out = await bench.step({"chosen": 0 if p is None else 1 << p})
            where = "occ=%#018x colour=%d hash=%#09x post %s" % (occ, colour, node_hash, p)
            if p is None:
                want = 0
            else:
                cell = (land & POST_MASK[p]).bit_length() - 1
                want = node_hash ^ ZOBRIST[colour][cell]
                if real:     # the child's hash by golden's own definition
                    mismatches.expect(where + ": golden agrees with itself",
                                      position_hash(y, x | 1 << cell), want)
            mismatches.expect(where, "%#09x" % want, "%#09x" % out["child_hash"])
            checked += 1
    dut._log.info("%d children", checked)
    mismatches.check()
