"""Unit bench of hdl/blokus/path_feed.py: a playout unit's copy of its
descent's path, fed to its replay.

Each case writes a path as the tree unit's walk does (a level a cycle,
level 0 the root's, after junk at the levels just beyond it: an earlier
descent's), then asks for a playout (`give`, the path's length and its
leaf's key) or a scan of the node at a level (`scan_start`, the node's key
from the next cycle); the walk's own write of that last level comes a
cycle after the start, too late for the RAM, and a junk key stands there
before it. The bench plays blokus_playout's side: it takes each item
presented after 2 to 6 cycles (the unit takes one two cycles after the
last at the soonest). Reference: the items golden's descent replays, as
blokus_playout's move slots (0 for a pass): levels 1 .. n - 1 of a
playout's path, its leaf the given key, then `path_end`; levels 1 .. L of
a scan of level L, the last the scan's key, then `path_scan` (with the
start itself at level 0, the root's scan). `unit_start` comes with each
start, and the feed presents nothing while idle.
"""
import random

import cocotb
from cocotb.triggers import FallingEdge, RisingEdge, Timer

from golden.blokus.mcts import KEY_PASS
from hdl.blokus.tables import J_FIRST, J_LAST, N_SHAPES
from verif import tb
from verif.units.blokus_playout.tb_blokus_playout import VALID
from verif.units.common import Mismatches, start_unit

INPUTS = ("key_we", "key_level", "key", "scan_start", "scan_level", "scan_key", "give",
          "give_len", "give_key", "path_ready")
CASES = 40


def random_key(rng):
    """A tree key: a move's (16 Y + X) << 7 | shape, or KEY_PASS."""
    if rng.random() < 0.15:
        return KEY_PASS
    return (rng.randrange(J_FIRST, J_LAST + 1) + 2) << 7 | rng.randrange(N_SHAPES)


def slot(key):
    """blokus_playout's move slot of a tree key (0 for a pass)."""
    return 0 if key == KEY_PASS else VALID | ((key >> 7) - 2) << 7 | (key & 127)


async def edge(dut):
    await RisingEdge(dut.clk)
    await FallingEdge(dut.clk)


async def one_case(dut, rng, scan, length):
    """Write a path of `length` + 1 levels, ask for a scan of level `length`
    (scan) or a playout of `length` + 1 levels; the items the feed gave."""
    keys = [KEY_PASS] + [random_key(rng) for _ in range(length)]
    writes = [(level, rng.getrandbits(15)) for level in range(len(keys), min(len(keys) + 3, 128))]
    writes += list(enumerate(keys[:-1])) + [(len(keys) - 1, rng.getrandbits(15))]   # junk there
    for level, key in writes:
        dut.key_we.value, dut.key_level.value, dut.key.value = 1, level, key
        await edge(dut)
    dut.key_we.value = 0
    for _ in range(2):
        await edge(dut)
    if scan:
        dut.scan_start.value, dut.scan_level.value = 1, length
        dut.scan_key.value = rng.getrandbits(15)        # the walk's key comes a cycle later
    else:
        dut.give.value, dut.give_len.value, dut.give_key.value = 1, length + 1, keys[-1]
    await Timer(1, "ns")
    got, started = [], int(dut.unit_start.value)
    if scan and length == 0:
        got.append(("scan", None) if int(dut.path_scan.value) else ("none at start", None))
    cycle, wait = 0, rng.randrange(2, 7)
    while not got or got[-1][0] not in ("end", "scan"):
        await edge(dut)
        cycle += 1
        dut.scan_start.value = dut.give.value = dut.key_we.value = 0
        dut.give_key.value = rng.getrandbits(15)        # only with give
        if cycle == 1:
            if scan:
                dut.scan_key.value = keys[-1]
            dut.key_we.value, dut.key_level.value, dut.key.value = 1, len(keys) - 1, keys[-1]
        dut.path_ready.value = 0
        wait -= 1
        if wait <= 0:
            await Timer(1, "ns")
            if int(dut.path_end.value):
                got.append(("end", None))
            elif int(dut.path_scan.value):
                got.append(("scan", None))
            elif int(dut.path_valid.value):
                got.append(("move", int(dut.path_key.value)))
            else:
                got.append(("nothing", None))
            dut.path_ready.value = 1
            wait = rng.randrange(2, 7)
        if cycle > 8 * (length + 2):
            got.append(("hung", None))
            break
    await edge(dut)
    dut.path_ready.value = dut.scan_start.value = dut.give.value = dut.key_we.value = 0
    await edge(dut)
    idle = (int(dut.path_valid.value), int(dut.path_end.value), int(dut.path_scan.value))
    want = [("move", slot(k)) for k in keys[1:]] + [("scan" if scan else "end", None)]
    return started, got, want, idle


@cocotb.test()
async def paths_fed(dut):
    rng = random.Random(int(tb.seed()))
    await start_unit(dut, low=INPUTS)
    mismatches = Mismatches("blokus_path_feed")
    seen = {"playouts": 0, "scans": 0, "root scans": 0, "passes fed": 0}
    for n in range(CASES):
        scan = n % 2 == 1
        length = 0 if n % 10 == 1 else rng.choice((1, 2, rng.randrange(3, 40), 126))
        if not scan and length == 0:
            length = 1
        started, got, want, idle = await one_case(dut, rng, scan, length)
        what = "case %d (%s, %d levels)" % (n, "scan" if scan else "playout", length)
        mismatches.expect(what + ": unit_start with the start", 1, started)
        mismatches.expect(what + ": the items fed (kind, slot)", want, got)
        mismatches.expect(what + ": nothing presented after the end", (0, 0, 0), idle)
        if mismatches.errors:
            break
        seen["scans" if scan and length else "root scans" if scan else "playouts"] += 1
        seen["passes fed"] += sum(1 for kind, key in want if kind == "move" and key == 0)
    mismatches.check()
    dut._log.info("seed %s: %s", tb.seed(), seen)
