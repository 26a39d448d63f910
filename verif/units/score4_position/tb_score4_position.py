"""Unit bench of hdl/score4/position.py: the node the search is at.

Reference: golden's board along a random walk down and up the tree. After
`load` and the CLEAR cycles (`hashing` with cell_addr 0 .. 63, then past
64, where nothing more is summed), node_hash must be golden's
position_hash(me, opp) and colour the beads' parity (root_colour is that
parity, as score4_prescan gives it). Then iterations (`iterate`) and moves:
`descend` with a legal bead of x (child_hash: golden's hash of the child),
`ascend` with the bead and the hash its frame kept. At every cycle x, y,
occ, occ_r follow the walk, ply counts the moves, colour is
popcount(x | y) & 1, dleft is diter - ply, node_hash is golden's
position_hash(x, y) and win_here is WIN - (ply + 1).

Tests: random roots (empty to nearly full boards, the side to move either
colour), each hashed as CLEAR does and walked for a few hundred cycles with
idle cycles, new iterations at the root and descents as deep as the
iteration's depth allows (diter - 1 plies; to full boards).
"""
import random

import cocotb

from golden.score4.board import landing_cells
from golden.score4.search import WIN, position_hash
from verif import tb
from verif.units.common import CycleBench, Mismatches, score4_game_position, start_unit

OUTPUTS = ("x", "y", "occ", "occ_r", "ply", "colour", "dleft", "node_hash", "win_here")
IDLE = {"load": 0, "hashing": 0, "iterate": 0, "descend": 0, "ascend": 0, "cell_addr": 0,
        "chk_x": 0, "chk_cell": 0, "child_hash": 0, "pop_bead": 0, "pop_hash": 0}


def expected(x, y, ply, diter):
    return {"x": x, "y": y, "occ": x | y, "occ_r": x | y, "ply": ply,
            "colour": bin(x | y).count("1") & 1, "dleft": diter - ply,
            "node_hash": position_hash(x, y), "win_here": WIN - (ply + 1)}


def compare(mismatches, what, want, got, ports=OUTPUTS):
    for port in ports:
        mismatches.expect("%s: %s" % (what, port), want[port], got[port])


@cocotb.test()
async def walks_from_random_roots(dut):
    await start_unit(dut, low=tuple(IDLE))
    rng = random.Random(int(tb.seed()))
    bench = CycleBench(dut, OUTPUTS, signed=("win_here",))
    mismatches = Mismatches("score4_position")
    for root in range(25):
        me, opp = score4_game_position(rng, rng.randint(0, 60))
        parity = bin(me | opp).count("1") & 1
        fixed = {"me": me, "opp": opp, "root_colour": parity}
        await bench.step(dict(IDLE, load=1, **fixed))
        for addr in range(70):
            await bench.step(dict(IDLE, hashing=1, cell_addr=addr, **fixed))
        diter = rng.randint(1, 64)
        await bench.step(dict(IDLE, iterate=1, diter=diter, **fixed))
        x, y, stack = me, opp, []
        for k in range(300):
            got = await bench.step(dict(IDLE, diter=diter, **fixed))
            compare(mismatches, "root %d step %d" % (root, k), expected(x, y, len(stack), diter),
                    got)
            land = landing_cells(x | y)
            r = rng.random()
            if r < 0.45 and land and len(stack) + 1 < diter:     # the search descends
                                                                   # while dleft > 1
                cells = [c for c in range(64) if land >> c & 1]
                bead = 1 << rng.choice(cells)
                await bench.step(dict(IDLE, descend=1, chk_x=x | bead, chk_cell=bead,
                                      child_hash=position_hash(y, x | bead), diter=diter, **fixed))
                stack.append((bead, position_hash(x, y)))
                x, y = y, x | bead
            elif r < 0.85 and stack:
                bead, parent_hash = stack.pop()
                await bench.step(dict(IDLE, ascend=1, pop_bead=bead, pop_hash=parent_hash,
                                      diter=diter, **fixed))
                x, y = y & ~bead, x
            elif r < 0.87 and not stack:
                diter = rng.randint(1, 64)
                await bench.step(dict(IDLE, iterate=1, diter=diter, **fixed))
    mismatches.check()
