"""Unit bench of hdl/blokus/unit_port.py, built for unit 1: what golden's
search keeps of playout unit 1 (golden/blokus/mcts.py, ``_Search``).

Reference, cycle by cycle, for random traffic of the tree unit's ports and
of the unit's playouts (searches started, scans and gives to either unit,
path writes, playouts ending):
- the unit's own scan start, give and path writes: the tree unit's for
  unit 1 only (a scan start when `scan_unit` is 1);
- its generator (`seed`): golden's UNIT_SEEDS[1] from the cycle after a
  search's `start`, then the state a playout ended with (``_Search.rng[u]``
  after ``play_out``), from the cycle after its `done`;
- its descent's moves: the path's moves (give_len - 1, kept from a give to
  unit 1) and the playout's plies (golden's ``len(d.keys)``);
- the tiles the descent placed: those at the playout's end not used at the
  root, each side's.
"""
import random

import cocotb
from cocotb.triggers import FallingEdge, RisingEdge, Timer

from golden.blokus.mcts import UNIT_SEEDS
from verif import tb
from verif.units.common import Mismatches, start_unit

UNIT = 1                                 # hdl/units.py builds the port for unit 1
INPUTS = ("start", "scan_start", "scan_unit", "give", "give_len", "key_we", "used_me",
          "used_opp", "unit_done", "unit_rng", "unit_plies", "unit_end_me", "unit_end_opp")
CYCLES = 3000


@cocotb.test()
async def random_traffic(dut):
    rng = random.Random(int(tb.seed()))
    await start_unit(dut, low=INPUTS)
    mismatches = Mismatches("blokus_unit_port (unit %d)" % UNIT)
    seed, path_moves = None, None        # the registers' reference (None: not yet defined)
    seen = {"starts": 0, "gives": 0, "other gives": 0, "scans": 0, "dones": 0}
    for cycle in range(CYCLES):
        await FallingEdge(dut.clk)
        ins = {"start": int(rng.random() < 0.01),
               "scan_start": int(rng.random() < 0.1), "scan_unit": rng.randrange(2),
               "give": rng.choice((0, 0, 0, 0, 1, 2, 3)), "give_len": rng.randrange(1, 128),
               "key_we": rng.randrange(4), "used_me": rng.getrandbits(21),
               "used_opp": rng.getrandbits(21), "unit_done": int(rng.random() < 0.05),
               "unit_rng": rng.getrandbits(32), "unit_plies": rng.randrange(0, 64),
               "unit_end_me": rng.getrandbits(21), "unit_end_opp": rng.getrandbits(21)}
        for name, value in ins.items():
            getattr(dut, name).value = value
        await Timer(1, "ns")             # the combinational outputs, settled
        what = "cycle %d" % cycle
        mismatches.expect(what + ": the unit's scan start, give, path write",
                          (int(ins["scan_start"] and ins["scan_unit"] == UNIT),
                           ins["give"] >> UNIT & 1, ins["key_we"] >> UNIT & 1),
                          (int(dut.unit_scan_start.value), int(dut.unit_give.value),
                           int(dut.unit_key_we.value)))
        mismatches.expect(what + ": the tiles the descent placed (me, opp)",
                          (ins["unit_end_me"] & ~ins["used_me"] & 0x1FFFFF,
                           ins["unit_end_opp"] & ~ins["used_opp"] & 0x1FFFFF),
                          (int(dut.placed_me.value), int(dut.placed_opp.value)))
        if path_moves is not None:
            mismatches.expect(what + ": the descent's moves (path and playout)",
                              (path_moves + ins["unit_plies"]) & 127, int(dut.moves.value))
        if seed is not None:
            mismatches.expect(what + ": the generator", seed, int(dut.seed.value))
        if mismatches.errors:
            break
        # the edge: the registers take their next values
        if ins["start"]:
            seed = UNIT_SEEDS[UNIT]
        elif ins["unit_done"] and seed is not None:
            seed = ins["unit_rng"]
        if ins["give"] >> UNIT & 1:
            path_moves = ins["give_len"] - 1
        seen["starts"] += ins["start"]
        seen["gives"] += ins["give"] >> UNIT & 1
        seen["other gives"] += (ins["give"] >> (1 - UNIT) & 1) and not ins["give"] >> UNIT & 1
        seen["scans"] += int(ins["scan_start"] and ins["scan_unit"] == UNIT)
        seen["dones"] += int(ins["unit_done"] and seed is not None and not ins["start"])
        await RisingEdge(dut.clk)
    mismatches.check()
    dut._log.info("seed %s: %s", tb.seed(), seen)
    assert min(seen.values()) >= 5, seen
