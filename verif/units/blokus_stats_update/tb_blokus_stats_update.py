"""Unit bench of a tree node's statistics update, hdl/blokus/stats_update.py.

Reference: golden.blokus.mcts's tree as its search changes it. The bench
catches every node a selection (the virtual loss) or a back-up (the back-up
of the path, RAVE's updates) changes, with its (n8, w8, real) before and
after; the block gets the before and the difference, and must give the
after, golden's child_summary of it, `saturated` = real > RAVE_CHILD_MAX
and `rave_parent` = real <= RAVE_PARENT_MAX.

A node enters every cycle (with pauses); its outputs must equal the
reference LATENCY cycles later, and `valid_out` must rise exactly then.

Tests: every node changed in golden's searches of random positions (each
change a virtual loss, a back-up or a RAVE update); crafted updates where
real crosses RAVE_CHILD_MAX and RAVE_PARENT_MAX (one below, at, one above)
and n8, w8 near 2^30.
"""
import random

import cocotb

from golden.blokus import mcts as M
from hdl.blokus.stats_update import LATENCY
from verif.units.common import Mismatches, blokus_game_position, start_unit, stream_pipeline

INPUTS = ("valid_in", "n8", "w8", "descents", "n8_add", "w8_add", "descent_add")


KINDS = {"selection", "back-up"}


def kinds_of(changes):
    return {c[2].split(" of ")[0] for c in changes}


def golden_changes(rng, searches):
    """(before, after, where) of every node golden's selections and back-ups
    change, before and after as (n8, w8, real): `searches` searches, then
    more until both kinds are in (a position whose side to move has no move
    is a pass with no playout: both of two searches were, seed 79)."""
    out = []
    down, back_up = M._Search.down, M._Search.back_up

    def caught(method, kind):
        def wrapper(self, *args):
            tree = self.tree
            before = list(zip(tree.n8, tree.w8, tree.real))
            result = method(self, *args)
            for i, now in enumerate(zip(tree.n8[:len(before)], tree.w8, tree.real)):
                if now != before[i]:
                    out.append((before[i], now, "%s of node %d" % (kind, i)))
            return result
        return wrapper
    M._Search.down, M._Search.back_up = caught(down, "selection"), caught(back_up, "back-up")
    try:
        done = 0
        while done < searches or kinds_of(out) != KINDS:
            done += 1
            M.search(blokus_game_position(rng, rng.randrange(0, 24)),
                     max_playouts=rng.randrange(40, 120))
    finally:
        M._Search.down, M._Search.back_up = down, back_up
    return out


def crafted(rng):
    """real across RAVE_CHILD_MAX and RAVE_PARENT_MAX; n8, w8 near 2^30."""
    out = []
    for edge in (M.RAVE_CHILD_MAX, M.RAVE_PARENT_MAX):
        for real in (edge - 2, edge - 1, edge, edge + 1):
            for descent_add in (0, 1):
                n8 = rng.randrange(1 << 20, 1 << 29)
                w8 = rng.randrange(n8)
                add = rng.choice((0, 128, 256))
                out.append(((n8, w8, real),
                            (n8 + 256 * descent_add, w8 + add, real + descent_add),
                            "real %d + %d" % (real, descent_add)))
    for _ in range(50):
        n8 = (1 << 30) - 1 - rng.randrange(600)
        w8 = n8 - rng.randrange(300)
        add = rng.randrange(M.RAVE_W8)
        out.append(((n8, w8, 5), (n8 + add, w8 + (add * rng.choice((0, 128, 256)) >> 8), 5),
                    "near 2^30"))
    return out


async def stream(dut, changes, what):
    mismatches = Mismatches("blokus_stats_update, %s" % what)

    def drive(change):
        (n8, w8, real), (n8b, w8b, realb), _ = change
        dut.valid_in.value = 1
        dut.n8.value, dut.w8.value, dut.descents.value = n8, w8, real
        dut.n8_add.value, dut.w8_add.value = n8b - n8, w8b - w8
        dut.descent_add.value = realb - real

    def idle():
        dut.valid_in.value = 0
        dut.n8.value, dut.w8.value = random.getrandbits(30), random.getrandbits(29)

    def compare(back):
        mismatches.expect("valid_out (%s)" % (back[2] if back else "none"), back is not None,
                          bool(int(dut.valid_out.value)))
        if back is None:
            return
        before, (n8, w8, real), where = back
        where = "%s %r -> %r" % (where, before, (n8, w8, real))
        for name, want in (("n8_out", n8), ("w8_out", w8), ("descents_out", real),
                           ("summary", M.child_summary(n8, w8)),
                           ("saturated", int(real > M.RAVE_CHILD_MAX)),
                           ("rave_parent", int(real <= M.RAVE_PARENT_MAX))):
            mismatches.expect("%s: %s" % (where, name), want, int(getattr(dut, name).value))

    compared = await stream_pipeline(dut, changes, LATENCY, drive, idle, compare)
    dut._log.info("%s: %d updates compared", what, compared)
    mismatches.check()


@cocotb.test()
async def golden_searches(dut):
    """Every node golden's selections and back-ups change."""
    await start_unit(dut, low=INPUTS)
    changes = golden_changes(random, 2)
    kinds = kinds_of(changes)
    assert kinds == KINDS, kinds
    await stream(dut, changes, "golden's searches")


@cocotb.test()
async def crafted_updates(dut):
    """The flags' edges and the widest counts."""
    await start_unit(dut, low=INPUTS)
    await stream(dut, crafted(random), "crafted updates")
