"""Unit bench of RAVE's test and weight for a path node's children, hdl/blokus/rave_match.py.

Reference: golden.blokus.mcts.rave_update(placed, mover, key_word, i, n, r)
for each child of path node i: None (no update) or (n8 added, w8 added).
The block reads the descent's placements from a record shaped as the
playout unit's (word 32 * side + tile: (step, shape, ply), two cycles after
its address; the words of tiles the descent did not place hold junk), which
the bench models from golden's `rave_placements`.

A node: its inputs held (the side, i, n, the result for the side, each
side's placed tiles), its children's KEY words one a cycle with random
pauses; each output must equal golden's update of the child that entered
LATENCY cycles earlier (`update`, and both adds; 0 without an update), and
`valid_out` must rise exactly then.

Tests: every node RAVE visits in golden's own searches (random positions, a
few hundred playouts: the calls golden's back-up makes, caught as it makes
them); the same nodes with random children saturated (real >
RAVE_CHILD_MAX), random results (0, 128, 256) and pass children added.
"""
import random

import cocotb

from golden.blokus import mcts as M
from hdl.blokus.rave_match import LATENCY
from verif.units.common import (Mismatches, blokus_rave_nodes, blokus_record_model,
                                blokus_record_words, start_unit, stream_pipeline)

INPUTS = ("child_valid", "key_word", "mover_opp", "node_ply", "moves", "mover_result",
          "placed_me", "placed_opp", "record_data")


def perturbed(rng, nodes):
    """The nodes with random children saturated, random results and passes added."""
    out = []
    for placed, mover, i, n, r, words, where in nodes:
        words = [w | M.KEY_SATURATED if rng.random() < 0.2 else w for w in words]
        for _ in range(rng.randrange(3)):
            words.insert(rng.randrange(len(words) + 1),
                         rng.choice((M.KEY_PASS, M.KEY_PASS | M.KEY_SATURATED)))
        out.append((placed, mover, i, n, rng.choice((0, 128, 256)), words, where + " perturbed"))
    return out


async def run_nodes(dut, nodes, what):
    mismatches = Mismatches("blokus_rave_match, %s" % what)
    box = [[0] * 64]
    cocotb.start_soon(blokus_record_model(dut, box))
    children = updates = 0
    for placed, mover, i, n, r, words, where in nodes:
        box[0] = blokus_record_words(random, placed)
        masks = [0, 0]
        for side, tile in placed:
            masks[side] |= 1 << tile
        dut.mover_opp.value, dut.node_ply.value, dut.moves.value = mover, i, n
        dut.mover_result.value = r
        dut.placed_me.value, dut.placed_opp.value = masks
        items = [(w, where + " child %d (word %#x)" % (k, w)) for k, w in enumerate(words)]

        def drive(item):
            dut.child_valid.value = 1
            dut.key_word.value = item[0]

        def idle():
            dut.child_valid.value = 0
            dut.key_word.value = random.getrandbits(16)

        def compare(back):
            mismatches.expect("valid_out (%s)" % (back[1] if back else "none"),
                              back is not None, bool(int(dut.valid_out.value)))
            if back is None:
                return
            want = M.rave_update(placed, mover, back[0], i, n, r)
            mismatches.expect(back[1] + ": update", want is not None, bool(int(dut.update.value)))
            mismatches.expect(back[1] + ": n8 added", want[0] if want else 0,
                              int(dut.n8_add.value))
            mismatches.expect(back[1] + ": w8 added", want[1] if want else 0,
                              int(dut.w8_add.value))
        children += await stream_pipeline(dut, items, LATENCY, drive, idle, compare)
        updates += sum(M.rave_update(placed, mover, w, i, n, r) is not None for w in words)
    dut._log.info("%s: %d nodes, %d children, %d updates compared", what, len(nodes), children,
                  updates)
    assert updates > 0, "no child was updated: the compare saw only the no-update case"
    mismatches.check()


@cocotb.test()
async def golden_searches(dut):
    """Every node RAVE visits in golden's searches, as golden's back-up sees it."""
    await start_unit(dut, low=INPUTS)
    nodes = blokus_rave_nodes(random, 3, 200)
    await run_nodes(dut, nodes, "golden's searches")


@cocotb.test()
async def perturbed_nodes(dut):
    """The same kind of nodes with saturated children, passes and every result."""
    await start_unit(dut, low=INPUTS)
    await run_nodes(dut, perturbed(random, blokus_rave_nodes(random, 2, 100)), "perturbed nodes")
